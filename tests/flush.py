"""A quicker way to empty the database after a transactional test (``transactional_db``,
``asgi_server``, every browser test), to the same end state as Django's own.

Django's ``TransactionTestCase`` empties every table with the ``flush`` command, which
then sends ``post_migrate``: the content types and permissions it has just deleted are
made again, row by row (on SQLite that was ~95% of a flush), and on PostgreSQL every
table is TRUNCATEd, empty or not (a new file for each table and index). Here only the
tables that hold rows are emptied, with DELETE (on PostgreSQL with the foreign keys'
checks deferred to the commit, as Django makes them), and the content types and
permissions that migrate made are kept, so ``post_migrate`` has nothing to make.

The end state is the same as after ``flush``: every table empty but the content types and
permissions, which hold exactly what migrate made. When a test has changed those two
tables, or the test case asks for more (``serialized_rollback``, ``available_apps``), or
DELETE is refused, Django's own flush runs instead.
"""

from __future__ import annotations

from django.db import DatabaseError, connections
from django.test import TransactionTestCase

KEPT = ("django_content_type", "auth_permission")

_django_fixture_teardown = TransactionTestCase._fixture_teardown
_kept_as_migrated: dict[str, tuple] = {}


def _kept_now(connection) -> tuple:
    """A fingerprint of the kept tables: their row counts and largest ids."""
    quote = connection.ops.quote_name
    parts = " UNION ALL ".join(
        f"SELECT COUNT(*), COALESCE(MAX(id), 0) FROM {quote(table)}" for table in KEPT
    )
    with connection.cursor() as cursor:
        cursor.execute(parts)
        return tuple(cursor.fetchall())


def _tables_with_rows(connection) -> list[str]:
    quote = connection.ops.quote_name
    tables = [
        table
        for table in connection.introspection.django_table_names(
            only_existing=True, include_views=False
        )
        if table not in KEPT
    ]
    if not tables:
        return []
    query = " UNION ALL ".join(
        f"SELECT %s WHERE EXISTS (SELECT 1 FROM {quote(table)})" for table in tables
    )
    with connection.cursor() as cursor:
        cursor.execute(query, tables)
        return [row[0] for row in cursor.fetchall()]


def _empty(connection) -> bool:
    """Empty the tables that hold rows; False when this cannot stand for ``flush``."""
    fingerprint = _kept_now(connection)
    migrated = _kept_as_migrated.setdefault(connection.alias, fingerprint)
    if fingerprint != migrated or not fingerprint[0][0]:
        return False  # a test changed the content types or permissions: flush makes them
    quote = connection.ops.quote_name
    statements = [f"DELETE FROM {quote(table)}" for table in _tables_with_rows(connection)]
    if not statements:
        return True
    if connection.vendor == "postgresql":
        statements.insert(0, "SET CONSTRAINTS ALL DEFERRED")
    try:
        connection.ops.execute_sql_flush(statements)  # one transaction
    except DatabaseError:
        return False  # e.g. a foreign key that cannot wait for the commit: TRUNCATE
    return True


def _fixture_teardown(self):
    if self.available_apps is not None or self.serialized_rollback:
        return _django_fixture_teardown(self)
    names = self._databases_names(include_mirrors=False)
    if not all(_empty(connections[name]) for name in names):
        _django_fixture_teardown(self)
        for name in names:  # flush made them again, with new ids
            _kept_as_migrated[name] = _kept_now(connections[name])
    return None


def install() -> None:
    TransactionTestCase._fixture_teardown = _fixture_teardown
