"""The feed's event store: expired events still go, but the store looks for them once a
minute per process, not after every event (two per roll)."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_eventstream.models import Event

from rolls.stream import PartyEventStorage

pytestmark = pytest.mark.django_db


def trims(captured) -> int:
    return sum('"created" <' in q["sql"] for q in captured.captured_queries)


def test_expired_events_go_once_a_minute_not_after_every_event(monkeypatch):
    storage = PartyEventStorage()
    old = Event.objects.create(channel="party-gone", type="roll", data="{}", eid=7)
    Event.objects.filter(pk=old.pk).update(created=timezone.now() - datetime.timedelta(days=2))
    monkeypatch.setattr(PartyEventStorage, "_trimmed_at", float("-inf"))

    with CaptureQueriesContext(connection) as captured:
        storage.append_event("party-1", "roll", "<p>a</p>")
        storage.append_event("party-1", "roll", "<p>b</p>")
    assert trims(captured) == 2  # the first event's look: one batch, then "no more"
    assert not Event.objects.filter(pk=old.pk).exists()

    monkeypatch.setattr(PartyEventStorage, "_trimmed_at", float("-inf"))  # a minute later
    with CaptureQueriesContext(connection) as captured:
        storage.append_event("party-1", "roll", "<p>c</p>")
    assert trims(captured) == 1


def test_events_are_numbered_in_order_from_one_and_read_back_as_sent():
    storage = PartyEventStorage()
    sent = [storage.append_event("party-7", "roll", f"<p>{n}</p>") for n in range(4)]
    assert [event.id for event in sent] == [1, 2, 3, 4]
    assert storage.get_current_id("party-7") == 4
    read = storage.get_events("party-7", 1)
    assert [(event.id, event.type, event.data) for event in read] == [
        (2, "roll", "<p>1</p>"), (3, "roll", "<p>2</p>"), (4, "roll", "<p>3</p>")
    ]  # fmt: skip
    assert storage.append_event("party-8", "roll", "x").id == 1, "each channel counts alone"


def test_after_its_first_event_a_channel_stores_an_event_in_one_statement():
    if connection.vendor != "postgresql":
        pytest.skip("one statement is PostgreSQL's (elsewhere: the count, then the event)")
    storage = PartyEventStorage()
    storage.append_event("party-9", "roll", "first")
    with CaptureQueriesContext(connection) as captured:
        storage.append_event("party-9", "roll", "second")
    assert len(captured) == 1


@pytest.mark.django_db(transaction=True)
def test_events_stored_at_once_from_several_threads_get_every_id_once():
    import threading

    storage = PartyEventStorage()
    storage.append_event("party-5", "roll", "first")
    ids, failures = [], []

    def send(n):
        try:
            for k in range(10):
                ids.append(storage.append_event("party-5", "roll", f"{n}-{k}").id)
        except Exception as error:  # reported by the assertion below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures
    assert sorted(ids) == list(range(2, 42))
