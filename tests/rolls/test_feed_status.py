"""A page is always told its live feed's status (rolls.feed_status).

These drive django-eventstream's own stream (as installed: ``FeedListener``, reads told
which stream they are for) against scripted reads of the store, so the moments a
status can be told in (mid-read, while the stream waits, before it opens) are exact."""

import asyncio
import concurrent.futures
from types import SimpleNamespace

import pytest
from django_eventstream import eventstream
from django_eventstream import views as eventstream_views
from django_eventstream.event import Event
from django_eventstream.eventresponse import EventResponse

from rolls import feed_status
from rolls.feed_status import DEGRADED, LIVE, FeedListener, status_html, tell_streams

CHANNEL = "party-91"
DEGRADED_HTML = status_html(DEGRADED, "en")
LIVE_HTML = status_html(LIVE, "en")


class ScriptedStore:
    """The reads of the store, one answer each: the events after the stream's position."""

    def __init__(self, *answers, channel=CHANNEL):
        self.answers = list(answers)
        self.reads = 0
        self.channel = channel

    def __call__(self, request, *args, **kwargs):
        self.reads += 1
        response = EventResponse()
        found = self.answers.pop(0) if self.answers else []
        channel = self.channel
        position = found[-1] if found else request.channel_last_ids.get(channel, "5")
        response.channel_items[channel] = [Event(channel, "roll", f"card {n}", id=n) for n in found]
        response.channel_last_ids[channel] = str(position)
        return response


@pytest.fixture
def feed(monkeypatch):
    """The installed stream against a scripted store, with no Redis subscription started;
    ``feed.open(store)`` gives the stream of a page at event 5 of ``CHANNEL``."""
    manager = eventstream_views.get_listener_manager()
    redis_listener = SimpleNamespace(degraded=False)
    monkeypatch.setattr(manager, "redis_listener", redis_listener)
    monkeypatch.setattr(manager, "redis_listener_started", True)

    def open_stream(store):
        monkeypatch.setattr(eventstream, "get_events", feed_status.with_status(store))
        listener = eventstream_views.Listener()
        listener.channels = {store.channel}
        request = SimpleNamespace(
            channels={store.channel}, channel_last_ids={store.channel: "5"}, user=None
        )  # fmt: skip
        return listener, eventstream_views.stream(request, listener)

    return SimpleNamespace(open=open_stream, redis_listener=redis_listener)


def run(steps):
    """Run ``steps`` (a coroutine function) in a loop of its own, on a thread of its own
    (the browser tests' Playwright keeps a loop running on the main thread), bounded in
    time."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, asyncio.wait_for(steps(), timeout=10)).result()


async def sent(stream):
    """The next events the stream sends (its keep-alives aside): (event, id, data) each."""
    body = await anext(stream)
    events = []
    for block in body.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.strip()
        if "event" in fields:
            events.append((fields["event"], fields.get("id", ""), fields.get("data", "")))
    return events


def test_the_installed_stream_keeps_what_each_page_is_owed():
    assert eventstream_views.Listener is FeedListener
    assert eventstream_views.stream.tells_status
    assert eventstream.get_events.tells_status


def test_a_status_told_while_the_stream_reads_reaches_the_page_with_the_read_after(feed):
    """The library drops what is queued during a read and reads again: a roll comes back
    with that read, and the status (not stored) must too. The race a CI run lost."""
    store = ScriptedStore([6], [7])
    listener, stream = feed.open(store)

    async def steps():
        opened = await sent(stream)  # the first read's answer; the read is over, not checked
        manager = eventstream_views.get_listener_manager()
        tell_streams(LIVE)
        manager.add_to_queues(CHANNEL, Event(CHANNEL, "roll", "card 7", id=7))
        after = await sent(stream)
        await stream.aclose()
        return opened, after

    opened, after = run(steps)
    assert [e[0] for e in opened] == ["stream-open", "roll"]
    assert after == [
        ("roll", f"{CHANNEL}:7", "card 7"),
        ("feed-status", f"{CHANNEL}:7", LIVE_HTML),
    ], "the queued roll was read again, and the status came with that read, at its id"
    assert listener.owed_status is None


def test_a_status_told_while_the_stream_waits_comes_after_the_events_it_reads(feed):
    store = ScriptedStore([], [6, 7])
    _, stream = feed.open(store)

    async def steps():
        await sent(stream)
        reading = asyncio.ensure_future(sent(stream))
        await asyncio.sleep(0.05)  # the stream waits for something to send
        assert not reading.done()
        tell_streams(DEGRADED)
        told = await reading
        await stream.aclose()
        return told

    assert run(steps) == [
        ("roll", f"{CHANNEL}:6", "card 6"),
        ("roll", f"{CHANNEL}:7", "card 7"),
        ("feed-status", f"{CHANNEL}:7", DEGRADED_HTML),
    ], "the page's Last-Event-ID stays at the last event it has"
    assert store.reads == 2


def sent_after_telling(feed, store, *statuses):
    """What a stream opened on ``store`` sends after its first answer, once each of
    ``statuses`` has been told (in turn) while it waits."""
    _, stream = feed.open(store)

    async def steps():
        await sent(stream)
        for status in statuses:
            tell_streams(status)
        told = await sent(stream)
        await stream.aclose()
        return told

    return run(steps)


def test_a_read_with_no_events_tells_the_status_at_the_streams_position(feed):
    told = sent_after_telling(feed, ScriptedStore([6], []), LIVE)
    assert told == [("feed-status", f"{CHANNEL}:6", LIVE_HTML)]


def test_a_newer_status_replaces_one_not_yet_told(feed):
    told = sent_after_telling(feed, ScriptedStore([6], []), DEGRADED, LIVE)
    assert told == [("feed-status", f"{CHANNEL}:6", LIVE_HTML)]


def test_a_page_that_opens_while_the_feed_is_down_is_told_from_its_first_read(feed):
    feed.redis_listener.degraded = True
    _, stream = feed.open(ScriptedStore([]))

    async def steps():
        opened = await sent(stream)
        await stream.aclose()
        return opened

    assert run(steps) == [("stream-open", "", ""), ("feed-status", f"{CHANNEL}:5", DEGRADED_HTML)]


def test_a_catch_up_without_a_status_tells_nothing(feed):
    told = sent_after_telling(feed, ScriptedStore([], [6]), None)
    assert told == [("roll", f"{CHANNEL}:6", "card 6")]


def test_the_notice_is_in_the_language_of_the_streams_channel(feed):
    """A Swedish page reads its party's ``.sv`` channel: its notice is Swedish too, and
    an English page's, on the same party, English."""
    swedish = sent_after_telling(feed, ScriptedStore([6], [], channel=f"{CHANNEL}.sv"), DEGRADED)
    english = sent_after_telling(feed, ScriptedStore([6], []), DEGRADED)
    assert [(name, event_id) for name, event_id, _ in swedish] == [
        ("feed-status", f"{CHANNEL}.sv:6")
    ]
    assert "Liveflödet avbröts" in swedish[0][2]
    assert "Live feed interrupted" in english[0][2]
    assert all('data-feed-status="degraded"' in told[0][2] for told in (swedish, english))


def test_the_notice_is_announced_once_by_the_live_region_it_lands_in():
    """The page's ``.feed-status`` is the live region (role="status"); the notice swapped
    into it is not a second one (screen readers could read it out twice)."""
    from django.template.loader import get_template

    region = get_template("rolls/_feed_log.html").template.source
    assert 'class="feed-status" sse-swap="feed-status" hx-swap="innerHTML" role="status"' in (
        region
    )
    assert "role=" not in DEGRADED_HTML
    assert "role=" not in LIVE_HTML
