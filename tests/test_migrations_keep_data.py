"""An upgrade keeps every row: a filled table (the demo, with a roll of every system) is
taken back to the previous release's schema and brought forward again through every
migration written since, and each sheet, row, history entry and roll is as it was.

PREVIOUS_RELEASE names each app's newest migration in the last release that landed:
bump it when a release lands, so the test always covers the migrations a host's database
has not run yet. Going back also proves each new migration reversible."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from bench.rolls import fresh, roll_action, roll_url
from sheets.models import Character

PREVIOUS_RELEASE = {
    "sheets": "0007_rows_recorded_from_the_start",
    "rolls": "0005_roll_undone",
}


def _tables():
    """Every table of our two apps, historical tables included."""
    names = connection.introspection.table_names()
    return sorted(name for name in names if name.startswith(("sheets_", "rolls_")))


def _rows(table: str, columns: list[str]) -> list[tuple]:
    quote = connection.ops.quote_name
    listed = ", ".join(quote(column) for column in columns)
    with connection.cursor() as cursor:
        key = connection.introspection.get_primary_key_column(cursor, table)
        cursor.execute(f"SELECT {listed} FROM {quote(table)} ORDER BY {quote(key)}")
        return cursor.fetchall()


def _columns(table: str) -> list[str]:
    with connection.cursor() as cursor:
        description = connection.introspection.get_table_description(cursor, table)
    return sorted(column.name for column in description)


def _migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.fixture
def filled_table(transactional_db, client):
    """The demo table, and one everyday roll of each of its characters' systems."""
    call_command("demo", verbosity=0)
    rolled = set()
    for character in Character.objects.select_related("owner").order_by("pk"):
        if character.system in rolled:
            continue
        rolled.add(character.system)
        client.force_login(character.owner)
        action, data = roll_action(character)
        response = client.post(roll_url(character, action), fresh(data))
        assert response.status_code == 302, (character.system, response.content[:300])
    return rolled


def test_an_upgrade_from_the_previous_release_keeps_every_sheet_row_history_and_roll(
    filled_table,
):
    assert len(filled_table) >= 5  # a roll of every system is in the log
    executor = MigrationExecutor(connection)
    leaves = [key for key in executor.loader.graph.leaf_nodes() if key[0] in PREVIOUS_RELEASE]
    now = {table: _columns(table) for table in _tables()}
    as_now = {table: _rows(table, columns) for table, columns in now.items()}

    _migrate(list(PREVIOUS_RELEASE.items()))
    old = {table: _columns(table) for table in _tables()}
    as_old = {table: _rows(table, columns) for table, columns in old.items()}
    assert sum(len(rows) for rows in as_old.values()) > 300  # a filled table

    _migrate(leaves)
    upgraded = {table: _rows(table, columns) for table, columns in old.items()}
    changed = [table for table in old if upgraded[table] != as_old[table]]
    assert not changed, f"rows changed by the upgrade in {changed}"
    # and the way back and forth kept what the old schema knows of today's rows
    for table, columns in old.items():
        assert set(columns) <= set(now[table]), f"{table} lost a column on the way forward"
        shared = [column for column in now[table] if column in columns]
        assert _rows(table, shared) == [
            tuple(row[now[table].index(column)] for column in shared) for row in as_now[table]
        ], f"{table} changed on the way back and forth"
