"""A page that reconnects with its Last-Event-ID gets each roll it missed once (issue 31,
item 5), even when a roll arrives while its stream reads the missed ones from the
database; an id that is not ASCII digits resumes nothing and breaks nothing."""

import re
import threading
import time

from django_eventstream.views import get_listener_manager

from rolls.stream import PartyEventStorage, announce_roll, party_channel
from tests.factories import CharacterFactory, PartyFactory, member_of
from tests.rolls.test_feed import make_roll, session_cookies
from tests.sse_client import SSEStream, wait_for_feed_subscribers


def queued_for(channel: str) -> bool:
    """Has an open stream of this process an event of ``channel`` waiting to be sent (or
    been told to read the store: a process that had not seen the channel's last event)?"""
    manager = get_listener_manager()
    with manager.lock:
        listeners = manager.listeners_by_channel.get(channel, ())
        return any(
            listener.channel_items.get(channel) or listener.overflow for listener in listeners
        )


def announced_elsewhere(roll) -> None:
    """``roll`` announced as another request's thread would (stored, then published)."""
    from django.db import connection

    try:
        announce_roll(roll.pk)
    finally:
        connection.close()


def a_roll_arrives_during_the_first_read(monkeypatch, roll, read="get_events"):
    """The stream's first read of the stored events (``get_events`` after a Last-Event-ID,
    ``get_current_id`` without) announces ``roll`` (stored, then queued for the open
    streams) and returns once it is queued: the moment the library drops the queue and
    reads the database again."""
    original = getattr(PartyEventStorage, read)
    arrived = threading.Event()

    def read_while_a_roll_arrives(self, channel, *args, **kwargs):
        answer = original(self, channel, *args, **kwargs)
        if not arrived.is_set():
            arrived.set()
            wait_for_feed_subscribers(1)
            elsewhere = threading.Thread(target=announced_elsewhere, args=(roll,))
            elsewhere.start()
            elsewhere.join()
            deadline = time.monotonic() + 10
            while not queued_for(channel) and time.monotonic() < deadline:
                time.sleep(0.01)
        return answer

    monkeypatch.setattr(PartyEventStorage, read, read_while_a_roll_arrives)
    return arrived


def rolls_until(stream: SSEStream, last_roll) -> list[int]:
    """The roll numbers of the roll events the stream sends, up to ``last_roll``'s."""
    seen = []
    while not seen or seen[-1] != last_roll.pk:
        seen.append(int(re.search(r'data-roll="(\d+)"', stream.wait_for("roll").data)[1]))
    return seen


def test_a_resumed_feed_sends_each_missed_roll_once_though_a_roll_arrives_meanwhile(
    asgi_server, client, monkeypatch
):
    party = PartyFactory()
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party)
    url = f"{asgi_server.url}/parties/{party.pk}/events/"
    first = SSEStream(url, session_cookies(client, player))
    try:  # the page saw a roll live (with Redis, the server delivers the channel's events)
        first.wait_for("stream-open")
        wait_for_feed_subscribers(1)
        announce_roll(make_roll(character, outcome="seen").pk)
        last_event_id = first.wait_for("roll").id
    finally:
        first.close()
    missed = [make_roll(character, outcome=f"missed {n}") for n in (1, 2, 3)]
    for roll in missed:
        announce_roll(roll.pk)
    meanwhile = make_roll(character, outcome="meanwhile")
    arrived = a_roll_arrives_during_the_first_read(monkeypatch, meanwhile)
    stream = SSEStream(url, session_cookies(client, player), last_event_id=last_event_id)
    try:
        received = rolls_until(stream, meanwhile)
    finally:
        stream.close()
    assert arrived.is_set()
    assert received == [roll.pk for roll in missed] + [meanwhile.pk]


def test_a_roll_arriving_while_a_fresh_feed_opens_is_sent(asgi_server, client, monkeypatch):
    party = PartyFactory()
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party)
    announce_roll(make_roll(character, outcome="before").pk)
    meanwhile = make_roll(character, outcome="meanwhile")
    arrived = a_roll_arrives_during_the_first_read(monkeypatch, meanwhile, "get_current_id")
    stream = SSEStream(
        f"{asgi_server.url}/parties/{party.pk}/events/", session_cookies(client, player)
    )
    try:
        assert rolls_until(stream, meanwhile) == [meanwhile.pk]
    finally:
        stream.close()
    assert arrived.is_set()


def test_a_last_event_id_in_other_digits_opens_the_feed_from_now(asgi_server, client):
    party = PartyFactory()
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party)
    channel = party_channel(party.pk)
    announce_roll(make_roll(character, outcome="before").pk)
    for odd in ("²", "¹³", "-1", "1.5", "x"):  # a header is Latin-1: no "٣" there
        stream = SSEStream(
            f"{asgi_server.url}/parties/{party.pk}/events/",
            session_cookies(client, player),
            last_event_id=f"{channel}:{odd}",
        )
        try:
            assert stream.status == 200
            stream.wait_for("stream-open")
            wait_for_feed_subscribers(1)
            live = make_roll(character, outcome=f"live {odd}")
            announce_roll(live.pk)
            assert f'data-roll="{live.pk}"' in stream.wait_for("roll").data, odd
        finally:
            stream.close()
