"""The live feed across server processes survives a Redis restart.

django-eventstream subscribes each process to Redis once, in one task
(``RedisListener.listen``); when Redis goes away that task dies with a ConnectionError
and nothing subscribes again: open pages stay connected and receive nothing, until the
process restarts. ``ResilientRedisListener`` replaces it (``install()``, called from
the config app's ``ready()``; django-eventstream itself is not changed):

- it resubscribes on its own, with exponential backoff (0.2 s doubling to 5 s);
- while Redis is unreachable it tells every open page (a ``feed-status`` event whose
  data is a small HTML notice, for ``sse-swap="feed-status"``) and makes each stream
  re-read the stored events every backoff step, so rolls keep arriving, only later;
- once subscribed again it tells the pages the feed is live and makes every stream
  read what it missed from the database (django-eventstream stores every event), in
  order: the stream's own "overflow" path, which re-reads from the last id it sent.

Each page is owed its feed's status until a read from the store hands it over
(``rolls.feed_status``): the stream drops what was queued during a read, and a status,
which is not stored, must not go with it.

Every stored event reaches every open stream, even when its publish never happens (the
worker that stored it was killed after its answer, Redis dropped the message): a
roll's events are committed with the roll (``rolls.stream.announce_roll``), and
``deliver`` hands a stream only the next event of its channel. An event further on
waits, with any after it, up to ``GAP_SECONDS`` for the ones before it: two workers
publish a party's events a few milliseconds out of the order they were stored in (about
one event in sixteen under the ``tables`` bench), and the late one closes the gap, all
then queued in order. If it does not come in time (its publish is lost), the channel's
streams read what they lack from the store instead, in order; an event already read so
is dropped, and the next events wait for that read rather than being queued ahead of it
(``queue``). Every
``SWEEP_SECONDS`` each process compares its channels' stored counters with what it has
delivered: a channel behind for a whole sweep catches up from the store, so an event
whose publish was lost arrives within two sweeps even when nothing follows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading

from django.conf import settings
from django_eventstream import views as eventstream_views
from django_eventstream.event import Event

from rolls.feed_status import DEGRADED, LIVE, tell_streams

log = logging.getLogger(__name__)

REDIS_CHANNEL = "events_channel"  # django-eventstream's pub/sub channel


class ResilientRedisListener(eventstream_views.RedisListener):
    min_backoff = 0.2
    max_backoff = 5.0

    def __init__(self):
        self.degraded = False
        self.subscriptions = 0  # how many times it has subscribed (tests read it)
        self._connect()

    def _connect(self) -> None:
        from redis.asyncio import Redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # No retries inside redis-py: its own silent reconnect (3 tries with backoff)
        # re-subscribes after a short outage but never says so, and the events
        # published meanwhile are never read back. Every disconnect comes here instead,
        # where the pages are told and catch up. health_check_interval: a PING on an
        # idle subscription, so a Redis that vanished without closing the socket is
        # noticed too.
        self.redis_client = Redis(
            **settings.EVENTSTREAM_REDIS, health_check_interval=15, retry=Retry(NoBackoff(), 0)
        )
        self.pubsub = self.redis_client.pubsub()

    async def _disconnect(self) -> None:
        for closing in (self.pubsub.aclose, self.redis_client.aclose):
            with contextlib.suppress(Exception):  # already broken: nothing to close cleanly
                await closing()

    async def listen(self):
        await self.pubsub.subscribe(REDIS_CHANNEL)
        self.subscriptions += 1
        if self.degraded:
            self.degraded = False
            log.warning("live feed: subscribed to Redis again, pages catch up")
            tell_pages(LIVE)
        async for message in self.pubsub.listen():
            if message["type"] != "message":
                continue
            for payload in published(message["data"]):
                event = Event(
                    payload["channel"], payload["event_type"], payload["data"], id=payload["pub_id"]
                )
                deliver(payload["channel"], event)
        raise ConnectionError("the Redis subscription ended")

    async def start(self):
        self.sweeper = asyncio.ensure_future(sweep_forever())
        delay = self.min_backoff
        while True:
            subscribed_before = self.subscriptions
            try:
                await self.listen()
            except asyncio.CancelledError:
                await self._disconnect()
                raise
            except Exception as error:
                if self.subscriptions != subscribed_before:
                    delay = self.min_backoff  # it had been working: retry soon
                if not self.degraded:
                    self.degraded = True
                    log.warning("live feed: lost Redis (%s), resubscribing", error)
                    tell_pages(DEGRADED)
                else:
                    tell_pages(None)  # rolls from the database meanwhile
            await self._disconnect()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.max_backoff)
            self._connect()


def published(data) -> list[dict]:
    """The events of one message: a list of them (``rolls.stream.publish``: the events
    stored together), or one alone (django-eventstream's own form)."""
    payload = json.loads(data)
    return payload if isinstance(payload, list) else [payload]


def tell_pages(status: str | None) -> None:
    """Every open stream of this process reads what it has not sent from the store,
    and with ``status`` tells its page that status."""
    tell_streams(status)
    forget_delivered()  # read from the store: the next event of each channel too


# --- every stored event, to every open stream ---------------------------------------------

SWEEP_SECONDS = 2.0
# An event past a gap waits this long for the events before it, then the channel's
# streams read the store. Each read costs every stream of the channel a query for its
# permission and one for the events: waiting for the late publish instead took the
# feed's store reads from a tenth of a worker's CPU to almost none.
GAP_SECONDS = 0.25
_delivered: dict[str, int] = {}  # channel -> the last id this process's streams have had
_behind: dict[str, int] = {}  # channel -> a stored id the last sweep found undelivered
_held: dict[str, dict[int, Event]] = {}  # channel -> events past a gap, by id
_opened: dict[str, list[int]] = {}  # channel not followed yet -> its new streams' positions
_gap_timers: dict[str, threading.Timer] = {}
_delivered_lock = threading.Lock()


def forget_delivered() -> None:
    """The next event of every channel makes its streams read from the store."""
    with _delivered_lock:
        _delivered.clear()
        _behind.clear()
        _held.clear()
        _opened.clear()
        for timer in _gap_timers.values():
            timer.cancel()
        _gap_timers.clear()


def deliver(channel: str, event: Event) -> None:
    """Give a published event to this process's streams of its channel: the next one
    is queued (with those held behind it that follow on); one further on is held for
    the ones before it (``GAP_SECONDS``); one they already have is dropped. The first
    event of a channel in this process makes its streams read from the store (what they
    have is not known here)."""
    if event.id is None:  # an event kept nowhere: nothing to read again, pass it on
        eventstream_views.get_listener_manager().add_to_queues(channel, event)
        return
    event_id = int(event.id)
    ready, wait = [], False  # the events to queue now; whether a gap opens
    with _delivered_lock:
        last = _delivered.get(channel)
        if last is not None and event_id <= last:
            return
        if last is not None and event_id != last + 1:
            held = _held.setdefault(channel, {})
            wait = not held  # the gap opens now: its timer starts
            held[event_id] = event
        else:
            ready.append(event)
            held = _held.get(channel, {})
            while event_id + 1 in held:
                event_id += 1
                ready.append(held.pop(event_id))
            if not held:
                _held.pop(channel, None)
            _delivered[channel] = event_id
            _behind.pop(channel, None)
            _opened.pop(channel, None)
            if last is not None:  # queued under the lock: two threads keep the order
                for item in ready:
                    queue(channel, item)
    if wait:
        _wait_for_gap(channel)
    elif last is None:
        catch_up([channel])


def note_opened(channel: str, position: int) -> None:
    """A stream of ``channel`` opened at ``position`` (the channel's newest stored id,
    read after it registered). Once every stream of a channel this process does not
    follow yet has opened so, at one position, the channel is followed from there: the
    next event is queued to them, not read from the store. Without this, the first event
    of every channel after a server start made each of its streams read the store
    (under the ``tables`` bench, seconds of store reads at the start of play). A stream
    that resumed from a Last-Event-ID says nothing here (where it stands is not known):
    its channel's first event still makes them all read the store."""
    manager = eventstream_views.get_listener_manager()
    with manager.lock:
        listeners = len(manager.listeners_by_channel.get(channel, ()))
    with _delivered_lock:
        if channel in _delivered:
            return
        opened = _opened.setdefault(channel, [])
        if len(opened) >= listeners:  # some said so and have gone: start again from here
            opened.clear()
        opened.append(position)
        if len(opened) == listeners and len(set(opened)) == 1:
            _delivered[channel] = position
            del _opened[channel]


def _wait_for_gap(channel: str) -> None:
    timer = threading.Timer(GAP_SECONDS, give_up_waiting, (channel,))
    timer.daemon = True
    with _delivered_lock:
        previous = _gap_timers.pop(channel, None)
        _gap_timers[channel] = timer
    if previous is not None:
        previous.cancel()
    timer.start()


def give_up_waiting(channel: str) -> None:
    """The gap's time is up: if events are still held past one, the channel's streams
    read from the store (the missing ones and those held), and the late ones will be
    dropped."""
    with _delivered_lock:
        _gap_timers.pop(channel, None)
        held = _held.pop(channel, None)
        if not held:
            return  # the gap closed in time
        _delivered[channel] = max(held)
        _behind.pop(channel, None)
    catch_up([channel])


def queue(channel: str, event: Event) -> None:
    """Queue the next event of ``channel`` to this process's streams of it, except a
    stream that is still to read the store (``overflow``: a gap, a sweep, Redis back):
    that read brings this event too, in order, so that stream is only woken.

    django-eventstream's stream sends what is queued before it reads the store, and
    reads from the last event it sent: the next event queued behind a gap (a sheet's
    dashboard card published a moment before the roll stored ahead of it, by another
    job of the same request) moved the stream past the events it was about to read,
    and they never reached the page (the GM's dashboard card kept the sheet as it was
    before the roll)."""
    manager = eventstream_views.get_listener_manager()
    with manager.lock:
        woken = []
        for listener in manager.listeners_by_channel.get(channel, ()):
            if not listener.overflow:
                items = listener.channel_items.setdefault(channel, [])
                if len(items) < eventstream_views.MAX_PENDING:
                    items.append(event)
                else:  # as the library does: too many waiting, read them from the store
                    listener.overflow = True
            woken.append(listener)
        for listener in woken:
            listener.wake_threadsafe()


def catch_up(channels) -> None:
    """Make this process's open streams of ``channels`` read the events they have not
    sent from the store (the stream's own path after its queue overflowed)."""
    manager = eventstream_views.get_listener_manager()
    with manager.lock:
        listeners = {
            listener
            for channel in channels
            for listener in manager.listeners_by_channel.get(channel, ())
        }
        for listener in listeners:
            listener.overflow = True
            listener.wake_threadsafe()


def stored_counters(channels) -> dict[str, int]:
    """The last stored event id of each channel (one query), the connection given back."""
    from django_eventstream.models import EventCounter

    from rolls.stream import release_connection

    try:
        return dict(EventCounter.objects.filter(name__in=channels).values_list("name", "value"))
    finally:
        release_connection()


def sweep(stored: dict[str, int]) -> list[str]:
    """The channels whose streams must read from the store: stored past what was
    delivered at the sweep before too (its publish is lost, not slow), or never
    delivered in this process."""
    lagging = []
    with _delivered_lock:
        for channel, value in stored.items():
            last = _delivered.get(channel)
            if last is not None and last >= value:
                _behind.pop(channel, None)
            elif last is None or last < _behind.get(channel, -1):
                lagging.append(channel)
                _delivered[channel] = value
                _behind.pop(channel, None)
                _held.pop(channel, None)  # they come with the read from the store
            else:
                _behind[channel] = value
    return lagging


async def sweep_forever() -> None:
    from asgiref.sync import sync_to_async

    manager = eventstream_views.get_listener_manager()
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        with manager.lock:
            channels = list(manager.listeners_by_channel)
        if not channels:
            continue
        try:
            stored = await sync_to_async(stored_counters, thread_sensitive=False)(channels)
            lagging = sweep(stored)
            if lagging:
                log.warning("live feed: events never received on %s, read from the store",
                            lagging)  # fmt: skip
                catch_up(lagging)
        except Exception as error:  # the database is away: the next sweep tries again
            log.warning("live feed: could not compare with the stored events (%s)", error)


def publishing_client():
    """The client the feed publishes with (rolls.stream.publish): no retries and short
    timeouts. With redis-py's defaults (3 retries with backoff, 5 s timeouts) every roll
    made while Redis was down took ~4 s to answer; the event is stored before it is
    published, and the streams read it from the database meanwhile, so failing fast
    loses nothing."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis(
        **settings.EVENTSTREAM_REDIS,
        socket_connect_timeout=0.5,
        socket_timeout=0.5,
        retry=Retry(NoBackoff(), 0),
    )


def install() -> None:
    """Use the resilient listener and the fail-fast publisher in this process (with
    REDIS_URL only)."""
    from django_eventstream import eventstream

    if eventstream.redis_client is not None:
        eventstream.redis_client = publishing_client()
    manager = eventstream_views.get_listener_manager()
    if manager.redis_listener is not None and not isinstance(
        manager.redis_listener, ResilientRedisListener
    ):
        manager.redis_listener = ResilientRedisListener()
