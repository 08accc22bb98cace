"""The events stored together go to Redis in one message (``rolls.stream.publish``), and
every process's listener reads both that form and django-eventstream's own, one event a
message (``rolls.feed_redis.published``)."""

import json
import os
import time

import pytest
from django_eventstream.event import Event

from rolls.feed_redis import REDIS_CHANNEL, published


def test_a_message_of_several_events_is_read_in_the_order_they_were_stored():
    message = json.dumps([
        {"channel": "party-3", "event_type": "roll", "data": "<p>", "pub_id": "8"},
        {"channel": "party-3-gm", "event_type": "roll", "data": "<p>", "pub_id": "5"},
    ])  # fmt: skip
    assert [(e["channel"], e["pub_id"]) for e in published(message)] == [
        ("party-3", "8"),
        ("party-3-gm", "5"),
    ]


def test_the_librarys_own_message_of_one_event_is_read_too():
    one = {"channel": "party-3", "event_type": "roll", "data": "x", "pub_id": "9"}
    assert published(json.dumps(one)) == [one]


@pytest.mark.redis
@pytest.mark.django_db
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a Redis server)")
def test_a_changes_events_on_several_channels_are_one_publish():
    import redis
    from django_eventstream import eventstream

    from rolls.stream import publish

    assert eventstream.redis_client is not None
    listener = redis.Redis.from_url(os.environ["REDIS_URL"]).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(REDIS_CHANNEL)
    try:
        while listener.get_message(timeout=0.1) is not None:
            pass  # nothing left over from an earlier test
        events = [Event("party-41", "sheet-changed", "7", id=12),
                  Event("party-41.sv", "sheet-changed", "7", id=3)]  # fmt: skip
        publish(events)
        messages, deadline = [], time.monotonic() + 5
        while time.monotonic() < deadline and not messages:
            message = listener.get_message(timeout=0.2)
            if message is not None:
                messages.append(message)
        while (message := listener.get_message(timeout=0.3)) is not None:
            messages.append(message)  # a second message would come right after the first
    finally:
        listener.close()
    assert len(messages) == 1, "one message for the events stored together"
    assert [
        (e["channel"], e["event_type"], e["data"], e["pub_id"])
        for e in published(messages[0]["data"])
    ] == [("party-41", "sheet-changed", "7", "12"), ("party-41.sv", "sheet-changed", "7", "3")]
