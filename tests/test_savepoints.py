"""On PostgreSQL a savepoint whose block succeeded is not released (a round trip saved;
config/postgresql/base.py): its changes stay the transaction's, a later block that
fails undoes only its own, and a rollback to an enclosing savepoint undoes it too. A
transaction whose first statement is a savepoint sends its BEGIN and the savepoint with
the statement after them, in one message (two round trips): what libpq sent is read
from its own trace."""

import contextlib
import re
import tempfile

import psycopg
import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.test_idempotency import FIGHT, keyed, new_key, roll_url

on_pooled_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql" or "pool" not in connection.settings_dict["OPTIONS"],
    reason="config.postgresql, the pooled PostgreSQL backend (DATABASE_URL)",
)
pytestmark = [pytest.mark.django_db, on_pooled_postgresql]


class Undone(Exception):
    """Raised to leave a block, so that it rolls back."""


def names():
    return sorted(Group.objects.values_list("name", flat=True))


def verbs_of(captured):
    """The first word of each statement captured (a message may carry two)."""
    return [statement.split()[0] for query in captured.captured_queries
            for statement in query["sql"].split(";") if statement.strip()]  # fmt: skip


@contextlib.contextmanager
def messages_sent():
    """The simple-protocol queries libpq sends on this thread's connection meanwhile,
    one string each, in order (libpq's trace: a line per message, ``F`` from us)."""
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    sent: list[str] = []
    with tempfile.TemporaryFile("w+") as trace:
        pgconn.trace(trace.fileno())
        try:
            yield sent
        finally:
            pgconn.untrace()
            trace.seek(0)
            for line in trace:
                fields = line.rstrip("\n").split("\t")
                if len(fields) >= 5 and fields[1] == "F" and fields[3] == "Query":
                    sent.append(fields[4].strip().strip('"'))


def other_connection_names():
    """The groups another connection sees: what has been committed."""
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params) as other:
        return sorted(row[0] for row in other.execute("SELECT name FROM auth_group"))


def test_a_block_that_succeeded_sends_no_release():
    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        Group.objects.create(name="kept")
    verbs = verbs_of(captured)
    assert "SAVEPOINT" in verbs and "RELEASE" not in verbs
    assert names() == ["kept"]


def test_a_later_block_that_fails_undoes_only_its_own_change():
    with transaction.atomic():
        Group.objects.create(name="first")
    with pytest.raises(IntegrityError), transaction.atomic():
        Group.objects.create(name="second")
        Group.objects.create(name="first")  # names are unique
    Group.objects.create(name="third")  # the transaction goes on
    assert names() == ["first", "third"]


def test_a_rollback_to_an_enclosing_savepoint_undoes_the_blocks_inside_it():
    with pytest.raises(Undone), transaction.atomic():
        with transaction.atomic():
            Group.objects.create(name="inner")
        assert names() == ["inner"]
        raise Undone
    assert names() == []


def test_a_keyed_roll_opens_its_savepoints_and_releases_none(player_client, mutant_sheet):
    with CaptureQueriesContext(connection) as captured:
        response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(new_key()))
    assert response.status_code == 200
    verbs = verbs_of(captured)
    assert "SAVEPOINT" in verbs and "RELEASE" not in verbs
    assert verbs.count("COMMIT") == 0  # the test's own transaction holds it all


@pytest.mark.django_db(transaction=True)
def test_a_transaction_opening_with_a_savepoint_sends_its_begin_with_it():
    with messages_sent() as sent, transaction.atomic(), transaction.atomic():
        Group.objects.create(name="kept")
    assert sent[0].startswith("BEGIN; SAVEPOINT ")
    assert '; INSERT INTO "auth_group"' in sent[0]  # the block's statement carries them
    assert "BEGIN" not in sent[1:]  # psycopg sent no BEGIN of its own
    assert sent[-1] == "COMMIT"
    assert other_connection_names() == ["kept"]
    # Django's autocommit is back on, and psycopg's with it: the next write commits alone
    assert connection.get_autocommit() and connection.connection.autocommit
    Group.objects.create(name="alone")
    assert other_connection_names() == ["alone", "kept"]


@pytest.mark.django_db(transaction=True)
def test_a_transaction_begun_with_its_savepoint_rolls_back_whole():
    with pytest.raises(Undone), transaction.atomic():
        with transaction.atomic():
            Group.objects.create(name="inner")
        Group.objects.create(name="outer")
        raise Undone
    assert other_connection_names() == []
    assert connection.connection.autocommit
    with transaction.atomic():  # the next transaction begins as before
        Group.objects.create(name="next")
    assert other_connection_names() == ["next"]


@pytest.mark.django_db(transaction=True)
def test_a_failed_block_in_a_transaction_begun_with_it_undoes_only_its_own():
    with transaction.atomic():
        with pytest.raises(IntegrityError), transaction.atomic():
            Group.objects.create(name="twice")
            Group.objects.create(name="twice")  # names are unique
        Group.objects.create(name="after")
    assert other_connection_names() == ["after"]


@pytest.mark.django_db(transaction=True)
def test_a_transaction_opening_with_another_statement_begins_as_psycopg_does():
    with messages_sent() as sent, transaction.atomic():
        Group.objects.create(name="plain")
    assert sent[0] == "BEGIN" and sent[1].startswith("INSERT") and sent[-1] == "COMMIT"
    assert other_connection_names() == ["plain"]


@pytest.mark.django_db(transaction=True)
def test_a_keyed_roll_sends_its_begin_and_its_commit_with_other_statements(
    player_client, mutant_sheet
):
    player_client.get("/")  # the session and the connection are there before the count
    with messages_sent() as sent:
        response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(new_key()))
    assert response.status_code == 200
    assert "BEGIN" not in sent
    opening = [message for message in sent if message.startswith("BEGIN; SAVEPOINT ")]
    assert len(opening) == 1
    assert re.match(r'BEGIN; SAVEPOINT "\w+"; SELECT ', opening[0])  # the view's first read
    # the answer's statement carries the commit: no COMMIT of its own either
    assert "COMMIT" not in sent
    assert sum(message.endswith("; COMMIT") for message in sent) == 1


@pytest.mark.django_db(transaction=True)
def test_the_statement_carrying_the_opening_reads_as_if_sent_alone():
    Group.objects.create(name="there")
    with transaction.atomic(), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT name, %s FROM auth_group", ["x"])
            assert cursor.fetchall() == [("there", "x")]
        updated = Group.objects.filter(name="there").update(name="moved")
    assert updated == 1  # the UPDATE's own row count, not the savepoint's
    assert other_connection_names() == ["moved"]


@pytest.mark.django_db(transaction=True)
def test_a_block_left_before_any_statement_rolls_back_nothing_and_the_next_begins():
    with messages_sent() as sent, transaction.atomic():
        with pytest.raises(Undone), transaction.atomic():
            raise Undone
        Group.objects.create(name="after")  # the outer block goes on, in a transaction
        assert connection.connection.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS
    assert not any("SAVEPOINT" in message for message in sent)  # none was ever sent
    assert sent[0] == "BEGIN" and sent[-1] == "COMMIT"
    assert other_connection_names() == ["after"]
    with transaction.atomic(), transaction.atomic():  # the next one opens with its savepoint
        Group.objects.create(name="next")
    assert other_connection_names() == ["after", "next"]


@pytest.mark.django_db(transaction=True)
def test_a_block_that_sent_nothing_commits_nothing_and_autocommit_comes_back():
    with messages_sent() as sent, transaction.atomic(), transaction.atomic():
        pass
    assert sent == []
    assert connection.get_autocommit() and connection.connection.autocommit
    Group.objects.create(name="alone")
    assert other_connection_names() == ["alone"]


@pytest.mark.django_db(transaction=True)
def test_statements_that_cannot_carry_the_opening_send_it_alone_first():
    with (
        messages_sent() as sent,
        transaction.atomic(),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.executemany("INSERT INTO auth_group (name) VALUES (%s)", [["a"], ["b"]])
    assert sent[0].startswith("BEGIN; SAVEPOINT ") and "INSERT" not in sent[0]
    assert other_connection_names() == ["a", "b"]
    # a server-side cursor (an iterator): the opening alone, before the cursor's own
    with messages_sent() as sent, transaction.atomic(), transaction.atomic():
        assert [group.name for group in Group.objects.order_by("name").iterator()] == ["a", "b"]
        Group.objects.create(name="c")
    assert sent[0].startswith("BEGIN; SAVEPOINT ") and ";" not in sent[0].split('"')[-1]
    assert any(message.startswith("FETCH ") for message in sent[1:])  # it was server-side
    assert other_connection_names() == ["a", "b", "c"]
