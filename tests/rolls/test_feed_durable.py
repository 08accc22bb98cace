"""A saved roll cannot miss the feed: its card is stored in the roll's own transaction
(so it commits with the roll, or not at all), and each process hands its streams only
the next event of a channel, reading from the store whatever was never published."""

import asyncio
import time

import pytest
from django.db import transaction
from django.urls import reverse
from django_eventstream.event import Event
from django_eventstream.models import Event as StoredEvent
from django_eventstream.views import Listener, get_listener_manager

from rolls import feed_redis, stream
from rolls.models import Roll
from rolls.stream import announce_roll, gm_channel, party_channel
from tests.factories import MutantSheetFactory


def cards_stored(party, roll):
    return sorted(
        channel
        for channel, data in StoredEvent.objects.filter(type="roll").values_list("channel", "data")
        if f'data-roll=\\"{roll.pk}\\"' in data and channel.startswith(party_channel(party.pk))
    )


@pytest.mark.django_db(transaction=True)
def test_a_rolls_cards_are_stored_before_anything_runs_after_its_answer(
    player_client, party, player, scripted_dice, monkeypatch
):
    held_back = []  # what would run after the answer: here, never (a worker killed then)
    monkeypatch.setattr(stream, "later", lambda job, order=None: held_back.append(job))
    sheet = MutantSheetFactory(character__owner=player, character__party=party)
    stream.note_reader(party.pk, "sv")  # someone at the table reads Swedish
    scripted_dice(6, 1)
    url = reverse("roll_form", args=[sheet.pk, "d6"])
    response = player_client.post(url, {"count": "2"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    roll = Roll.objects.get()
    # on the players' channel and the GM's, in each language read (docs/i18n.md)
    assert cards_stored(party, roll) == sorted(
        [
            *(party_channel(party.pk), gm_channel(party.pk)),
            *(party_channel(party.pk, "sv"), gm_channel(party.pk, "sv")),
        ]
    )
    assert held_back, "the roll committed; only the publishing waits for after the answer"


@pytest.mark.django_db
def test_a_roll_rolled_back_leaves_no_card_on_the_feed(party, player):
    sheet = MutantSheetFactory(character__owner=player, character__party=party)
    with pytest.raises(RuntimeError), transaction.atomic():
        roll = Roll.objects.create(character=sheet.character, party=party, user=player,
                                   system="mutant", kind="skill", label="Fight")  # fmt: skip
        announce_roll(roll.pk)
        assert cards_stored(party, roll), "stored in the roll's transaction"
        raise RuntimeError("the roll failed after its card was stored")
    assert not StoredEvent.objects.filter(type="roll").exists()


@pytest.fixture
def listening(monkeypatch):
    """A stream's listener on channel 'party-77' in this process; a gap's wait ends
    when the test says (``give_up_waiting``)."""
    monkeypatch.setattr(feed_redis, "GAP_SECONDS", 60)
    loop = asyncio.new_event_loop()
    listener = Listener()
    listener.loop = loop
    listener.channels = {"party-77"}
    manager = get_listener_manager()
    with manager.lock:  # as a stream registers (without starting a Redis subscription)
        manager.listeners_by_channel.setdefault("party-77", set()).add(listener)
    try:
        yield listener
    finally:
        manager.remove_listener(listener)
        feed_redis.forget_delivered()
        loop.close()


def published(listener, eid):
    listener.channel_items, listener.overflow = {}, False
    feed_redis.deliver("party-77", Event("party-77", "roll", f"card {eid}", id=str(eid)))
    return [item.id for item in listener.channel_items.get("party-77", [])], listener.overflow


def test_a_stream_gets_the_next_event_and_reads_the_store_for_one_further_on(listening):
    assert published(listening, 5) == ([], True), "the first seen here: read from the store"
    assert published(listening, 6) == (["6"], False), "the next one: queued as it comes"
    assert published(listening, 8) == ([], False), "past a gap: held for 7"
    feed_redis.give_up_waiting("party-77")
    assert listening.overflow, "7 never came in time: 7 and 8 from the store"
    assert listening.channel_items == {}, "8 comes with that read, not ahead of it"
    assert published(listening, 7) == ([], False), "7 late: already read, dropped"
    assert published(listening, 9) == (["9"], False)


def another_stream(listening):
    """A second stream of 'party-77' in this process (the test removes it)."""
    other = Listener()
    other.loop, other.channels = listening.loop, {"party-77"}
    manager = get_listener_manager()
    with manager.lock:
        manager.listeners_by_channel["party-77"].add(other)
    return other


def test_a_stream_opened_at_the_newest_event_gets_the_next_one_without_a_store_read(listening):
    feed_redis.note_opened("party-77", 5)  # the page opened without a Last-Event-ID at 5
    assert published(listening, 6) == (["6"], False), "queued: the stream stands at 5"
    feed_redis.note_opened("party-77", 9)  # another page, later: the channel is followed
    assert published(listening, 7) == (["7"], False), "the first page's next, as before"


def test_a_stream_opened_beside_another_of_its_channel_reads_the_store_for_the_first_event(
    listening,
):
    other = another_stream(listening)
    try:
        feed_redis.note_opened("party-77", 5)  # where the other one stands is not known
        assert published(listening, 6) == ([], True), "both read the store"
    finally:
        get_listener_manager().remove_listener(other)


def test_what_streams_since_closed_said_does_not_hold_the_channel_back(listening):
    gone = []
    for _ in range(2):
        gone.append(another_stream(listening))
        feed_redis.note_opened("party-77", 2)  # each opened at 2 (3 streams, 2 said so)
    for other in gone:
        get_listener_manager().remove_listener(other)  # closed before any event
    feed_redis.note_opened("party-77", 5)  # the last page, alone now, at 5
    assert published(listening, 6) == (["6"], False), "queued: it stands at 5"


def test_streams_opened_together_at_one_position_get_the_next_event_queued(listening):
    other = another_stream(listening)
    try:
        feed_redis.note_opened("party-77", 5)
        feed_redis.note_opened("party-77", 5)  # both opened at 5
        other.channel_items = {}
        assert published(listening, 6) == (["6"], False), "queued, no store read"
        assert [item.id for item in other.channel_items["party-77"]] == ["6"]
    finally:
        get_listener_manager().remove_listener(other)


def test_events_published_out_of_order_are_queued_in_order_when_the_late_one_comes(listening):
    """Two workers publish a party's events a moment out of the order they were stored
    in: the ones past the gap wait for it, and no stream reads the store."""
    published(listening, 10)
    assert published(listening, 11) == (["11"], False)
    listening.channel_items, listening.overflow = {}, False
    for eid in (14, 13):  # 12 (the roll) still on its way, 13 after 14
        feed_redis.deliver("party-77", Event("party-77", "sheet", f"card {eid}", id=str(eid)))
    assert listening.channel_items.get("party-77", []) == [], "held for 12"
    feed_redis.deliver("party-77", Event("party-77", "roll", "card 12", id="12"))
    queued = [item.id for item in listening.channel_items["party-77"]]
    assert queued == ["12", "13", "14"], "in the order they were stored"
    assert not listening.overflow, "nothing read from the store"
    feed_redis.give_up_waiting("party-77")  # the gap's timer, late: nothing held
    assert not listening.overflow
    assert published(listening, 15) == (["15"], False)


def test_a_gap_that_stays_open_makes_the_streams_read_the_store_after_its_wait(
    listening, monkeypatch
):
    monkeypatch.setattr(feed_redis, "GAP_SECONDS", 0.05)
    published(listening, 20)
    assert published(listening, 22) == ([], False), "held for 21"
    deadline = time.monotonic() + 5
    while not listening.overflow and time.monotonic() < deadline:
        time.sleep(0.01)
    assert listening.overflow, "21 never came: read from the store once the wait is over"
    assert published(listening, 23) == (["23"], False), "22 came with the read"


def test_the_events_after_a_gap_wait_for_the_read_from_the_store(listening):
    """A roll's events are stored before its sheet's dashboard card, but the card can be
    published first (another job of the same request, or another worker): when the roll
    never comes, the stream reads the store; the events after it must not be queued
    ahead of that read (the stream sends its queue first and reads on from the last
    event it sent: the roll and the card were never sent)."""
    published(listening, 10)
    assert published(listening, 11) == (["11"], False)
    listening.channel_items, listening.overflow = {}, False
    for eid in (13, 14):  # 12 (the roll) still on its way
        feed_redis.deliver("party-77", Event("party-77", "sheet", f"card {eid}", id=str(eid)))
    feed_redis.give_up_waiting("party-77")
    assert listening.overflow, "12 and 13 are read from the store"
    assert listening.channel_items.get("party-77", []) == [], "14 comes with that read"
    listening.overflow = False  # the stream has read 12, 13 and 14
    assert published(listening, 12) == ([], False), "12 late: already read, dropped"
    assert published(listening, 15) == (["15"], False), "then queued as they come again"


def test_an_event_whose_publish_was_lost_is_read_from_the_store_at_the_second_sweep(listening):
    published(listening, 3)
    listening.overflow = False
    assert feed_redis.sweep({"party-77": 3}) == [], "nothing stored that was not delivered"
    assert feed_redis.sweep({"party-77": 4}) == [], "4 stored: its publish may be on its way"
    assert feed_redis.sweep({"party-77": 4}) == ["party-77"], "still not here: lost"
    assert feed_redis.sweep({"party-77": 4}) == [], "read from the store once"
    published(listening, 5)
    assert listening.channel_items["party-77"][0].id == "5", "the next publish goes on from there"


def test_a_page_whose_last_event_was_pruned_resets_and_catches_up_from_the_log(
    asgi_server, client, settings
):
    import datetime

    from django.utils import timezone

    from rolls.stream import prune_events
    from tests.factories import CharacterFactory, PartyFactory, member_of
    from tests.rolls.test_feed import make_roll, session_cookies
    from tests.sse_client import SSEStream

    settings.TABLESIDE_FEED_KEEP_DAYS = 2
    party = PartyFactory()
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party)
    seen, missed = make_roll(character, outcome="seen"), make_roll(character, outcome="missed")
    for roll in (seen, missed):
        announce_roll(roll.pk)
    page_had = f"{party_channel(party.pk)}:1"  # the page's Last-Event-ID: the first roll
    StoredEvent.objects.update(created=timezone.now() - datetime.timedelta(days=3))
    assert prune_events() > 0
    later = make_roll(character, outcome="made after the prune")
    announce_roll(later.pk)

    cookies = session_cookies(client, player)
    again = SSEStream(f"{asgi_server.url}/parties/{party.pk}/events/", cookies,
                      last_event_id=page_had)  # fmt: skip
    try:
        assert again.wait_for("stream-reset"), "the stream says it cannot replay"
    finally:
        again.close()
    log = client.get(reverse("party_log", args=[party.pk]), {"after": seen.pk}).text
    assert "missed" in log and "made after the prune" in log, "the log has every roll since"


def test_a_page_gets_every_event_when_one_is_published_ahead_of_the_one_before(
    asgi_server, client, monkeypatch
):
    """The same on a real stream: the server's loop is held while the sheet's card (4)
    arrives ahead of the roll (3), the gap's wait ends at once, and the event after it
    (5) comes in order; once the loop goes on, the page gets 3, 4 and 5 (before the fix:
    5, then nothing)."""
    monkeypatch.setattr(feed_redis, "GAP_SECONDS", 0)
    import threading

    from django_eventstream.utils import get_storage

    from tests.factories import PartyFactory, member_of
    from tests.rolls.test_feed import session_cookies
    from tests.sse_client import SSEStream, wait_for_open_streams

    party = PartyFactory()
    player = member_of(party)
    channel = party_channel(party.pk)
    storage = get_storage()

    def stored(name):
        return storage.append_events(name, [(channel, name)])[0]

    stored("before")  # the channel's first event: its counter
    page = SSEStream(
        f"{asgi_server.url}/parties/{party.pk}/events/", session_cookies(client, player)
    )
    try:
        page.wait_for("stream-open")
        wait_for_open_streams(party.pk, 1)
        feed_redis.deliver(channel, stored("seen"))  # the first here: read from the store
        page.wait_for("seen")
        listener = next(iter(get_listener_manager().listeners_by_channel[channel]))
        roll, card, after = stored("the-roll"), stored("the-card"), stored("the-next")

        held, go_on = threading.Event(), threading.Event()
        listener.loop.call_soon_threadsafe(lambda: (held.set(), go_on.wait(10)))
        assert held.wait(10), "the server's loop is held"
        try:
            feed_redis.deliver(channel, card)  # the roll's publish is still on its way
            feed_redis.deliver(channel, after)
        finally:
            go_on.set()
        feed_redis.deliver(channel, roll)  # late: read from the store already

        arrived = []
        try:
            for event in page.events():
                arrived.append(event.event)
                if {"the-roll", "the-card", "the-next"} <= set(arrived):
                    break
        except TimeoutError:  # nothing more came
            pass
        assert [name for name in arrived if name.startswith("the-")] == [
            "the-roll", "the-card", "the-next"
        ]  # fmt: skip
    finally:
        page.close()
