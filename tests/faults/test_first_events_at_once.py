"""Two workers store a new party's first feed events at the same moment (the bench saw
it: two players' first rolls of the evening). The second must wait for the first's
commit and count on, never fail its roll on the counter's unique name."""

import threading

import pytest
from django.db import connection, connections, transaction
from django_eventstream.models import Event as StoredEvent

from rolls.stream import PartyEventStorage

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite has one writer at a time: no race"
    ),
]

CHANNEL = "party-first-events-at-once"


def waits_on_a_lock(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


def test_the_second_worker_counts_on_from_the_first_events_commit():
    storage = PartyEventStorage()
    first_stored, second_pid, second_done = threading.Event(), [], threading.Event()
    outcome = {}

    def second_worker():
        try:
            first_stored.wait(10)
            connection.ensure_connection()
            second_pid.append(connection.connection.info.backend_pid)
            with transaction.atomic():
                outcome["second"] = storage.append_events("roll", [(CHANNEL, {"n": 2})])[0].id
        except Exception as error:
            outcome["second"] = error
        finally:
            connections.close_all()
            second_done.set()

    worker = threading.Thread(target=second_worker)
    worker.start()
    with transaction.atomic():
        outcome["first"] = storage.append_events("roll", [(CHANNEL, {"n": 1})])[0].id
        first_stored.set()
        # hold the first transaction open until the second is blocked behind it
        for _ in range(500):
            if second_pid and waits_on_a_lock(second_pid[0]):
                break
            second_done.wait(0.02)
        assert not second_done.is_set(), f"the second did not wait: {outcome.get('second')!r}"
    worker.join(10)
    assert outcome == {"first": 1, "second": 2}
    assert sorted(
        StoredEvent.objects.filter(channel=CHANNEL, eid__gt=0).values_list("eid", flat=True)
    ) == [1, 2]
