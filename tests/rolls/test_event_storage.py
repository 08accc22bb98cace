"""The feed's event store: events numbered per channel in order, several channels in one
statement, and old events pruned by age (``TABLESIDE_FEED_KEEP_DAYS``), at most once a
minute per process, never inside a roll's transaction."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_eventstream.models import Event

from rolls.stream import PartyEventStorage, prune_events

pytestmark = pytest.mark.django_db


def stored_days_ago(channel, eid, days):
    event = Event.objects.create(channel=channel, type="roll", data='"x"', eid=eid)
    Event.objects.filter(pk=event.pk).update(created=timezone.now() - datetime.timedelta(days))
    return event


def test_events_older_than_the_kept_days_are_pruned_and_ids_go_on(settings):
    settings.TABLESIDE_FEED_KEEP_DAYS = 2
    storage = PartyEventStorage()
    storage.append_event("party-3", "roll", "first")
    old = stored_days_ago("party-gone", 7, days=3)
    recent = stored_days_ago("party-gone", 8, days=1)
    assert prune_events() == 1
    assert not Event.objects.filter(pk=old.pk).exists()
    assert Event.objects.filter(pk=recent.pk).exists()
    assert storage.append_event("party-3", "roll", "second").id == 2, "ids never repeat"


def test_manage_py_prune_feed_says_how_many_went(settings):
    settings.TABLESIDE_FEED_KEEP_DAYS = 0.5
    stored_days_ago("party-gone", 3, days=1)
    out = io.StringIO()
    call_command("prune_feed", stdout=out)
    assert out.getvalue().strip() == "Pruned 1 feed events older than 0.5 days."


@pytest.mark.django_db(transaction=True)
def test_a_process_prunes_once_a_minute_and_never_inside_a_transaction(monkeypatch):
    storage = PartyEventStorage()
    monkeypatch.setitem(PartyEventStorage.trimmed, "at", float("-inf"))
    stored_days_ago("party-gone", 1, days=30)
    with transaction.atomic():
        storage.trim_event_log()  # a roll's transaction: not now
    assert Event.objects.count() == 1
    storage.trim_event_log()
    assert Event.objects.count() == 0
    stored_days_ago("party-gone", 2, days=30)
    storage.trim_event_log()  # within the minute: not again
    assert Event.objects.count() == 1


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


def test_after_their_first_event_channels_store_their_events_in_one_statement():
    if connection.vendor != "postgresql":
        pytest.skip("one statement is PostgreSQL's (elsewhere: the count, then the event)")
    storage = PartyEventStorage()
    storage.append_event("party-9", "roll", "first")
    storage.append_event("party-9-gm", "roll", "first")
    with CaptureQueriesContext(connection) as captured:
        storage.append_event("party-9", "roll", "second")
    assert len(captured) == 1
    with CaptureQueriesContext(connection) as captured:
        both = storage.append_events("roll", [("party-9", "third"), ("party-9-gm", "more")])
    assert len(captured) == 1, "both channels of a party in one statement"
    assert [(e.channel, e.id, e.data) for e in both] == [
        ("party-9", 3, "third"), ("party-9-gm", 2, "more")
    ]  # fmt: skip


def test_a_channels_first_event_starts_it_in_one_statement_and_a_page_at_0_reads_it():
    """A new party's first roll: the counter and the placeholder event 0 (where a page
    that opened before any event stands) in one statement, not the library's five
    queries; the event is 1 and a page at 0 gets it."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's way (SQLite's first event goes the library's way)")
    from django_eventstream.models import EventCounter

    storage = PartyEventStorage()
    with CaptureQueriesContext(connection) as captured:
        first = storage.append_events("roll", [("party-12", "first"), ("party-12-gm", "card")])
    assert len(captured) == 3, "counted (none yet), started, counted"
    assert [(event.channel, event.id) for event in first] == [("party-12", 1), ("party-12-gm", 1)]
    assert dict(EventCounter.objects.filter(name__startswith="party-12").values_list(
        "name", "value")) == {"party-12": 1, "party-12-gm": 1}  # fmt: skip
    assert [(e.id, e.data) for e in storage.get_events("party-12", 0)] == [(1, "first")]
    assert storage.append_event("party-12", "roll", "second").id == 2


def test_a_counter_left_at_0_without_its_placeholder_is_started_whole():
    """The library makes a counter, then (in another transaction) its placeholder: one
    interrupted between the two left a counter at 0 that no page could read from."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's way (SQLite's first event goes the library's way)")
    from django_eventstream.models import EventCounter

    EventCounter.objects.create(name="party-13", value=0)
    storage = PartyEventStorage()
    assert storage.append_event("party-13", "roll", "first").id == 1
    assert [(e.id, e.data) for e in storage.get_events("party-13", 0)] == [(1, "first")]


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
