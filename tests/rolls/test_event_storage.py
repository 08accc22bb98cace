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
