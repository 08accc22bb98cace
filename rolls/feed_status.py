"""A page is always told whether its live feed is live (django-eventstream 5.3.4, not changed).

While Redis is away (``rolls.feed_redis``) every open page shows a notice, a
``feed-status`` event whose data is a small piece of HTML for ``sse-swap="feed-status"``,
and the notice goes once the feed is live again. Such an event is not stored: if it
is lost, a page keeps saying "interrupted" all evening.

Queued the way a roll is, it could be lost. The library's stream, after each read
from the store, drops whatever was queued meanwhile and reads the store again (rolls
come back with that read; a status would not): a PostgreSQL-leg CI run lost the "live"
notice so, queued 31 ms after a sweep had made the stream read.

So a status is owed, not queued: ``tell_streams`` leaves it on each open stream's
listener (``FeedListener.owed_status``) and makes the stream read the store, and the
read (``with_status``, around ``eventstream.get_events``) hands it over with its
events. A status told during a read stays owed: the stream's wake-up and ``overflow``
stay set, and its next read carries it. A stream opened while the feed is degraded
owes the notice from its first read.

The notice goes after the last event the read found (or, with none, at the stream's
position), with that event's id: the id a page resumes from (Last-Event-ID) stays
exactly where the events it has seen leave it.

What is owed is the status (``DEGRADED`` or ``LIVE``), not its words: the read
renders the notice in its stream's language (the channel's: ``party-1.sv`` reads
Swedish), as every other event of that channel is rendered.

``install()`` (from the rolls app's ``ready()``) makes the library's stream use
``FeedListener``, tells each read which stream it is for, and wraps ``get_events``.
"""

from __future__ import annotations

import functools

from django.utils import translation
from django.utils.translation import gettext
from django_eventstream import views as eventstream_views
from django_eventstream.event import Event

from rolls.stream import channel_language

STATUS_EVENT = "feed-status"
STATUS_CHANNEL = "tableside-feed-status"  # only a stream with no stored channel at all
DEGRADED, LIVE = "degraded", "live"


def status_html(status: str, language: str) -> str:
    """The notice a page shows for ``status``, in ``language`` (a fixed text: nothing
    of it comes from a request, so it needs no escaping). It is swapped into the page's
    ``.feed-status``, a live region already (``role="status"``): a second one inside
    it could have it read out twice."""
    if status == LIVE:
        return '<span data-feed-status="live"></span>'
    with translation.override(language):
        words = gettext(
            "Live feed interrupted, reconnecting. Rolls are saved and will appear here."
        )
    return (
        '<div class="alert alert-warning py-1 px-2 mb-2 small" '
        f'data-feed-status="degraded">{words}</div>'
    )


def feed_degraded() -> bool:
    """Whether this process's Redis subscription is down now."""
    redis_listener = eventstream_views.get_listener_manager().redis_listener
    return bool(getattr(redis_listener, "degraded", False))


class FeedListener(eventstream_views.Listener):
    """The library's listener of one open stream, with the status it owes its page."""

    def __init__(self):
        super().__init__()
        self.owed_status = DEGRADED if feed_degraded() else None


def tell_streams(status: str | None) -> None:
    """Make every open stream of this process read the events it has not sent from the
    store, and with ``status`` owe its page that status (a newer one replaces it)."""
    manager = eventstream_views.get_listener_manager()
    with manager.lock:
        listeners = {
            listener for group in manager.listeners_by_channel.values() for listener in group
        }
        for listener in listeners:
            if status is not None:
                listener.owed_status = status
            listener.overflow = True
        for listener in listeners:
            listener.wake_threadsafe()


def add_status(response, status: str) -> None:
    """Put the status in a read's answer, after the last event it found, with that
    event's id (or at the stream's position on a channel, if it found none), in that
    channel's language."""

    def notice(channel, **position):
        return Event(channel, STATUS_EVENT, status_html(status, channel_language(channel)),
                     **position)  # fmt: skip

    found = [channel for channel, items in response.channel_items.items() if items]
    if found:
        items = response.channel_items[found[-1]]
        items.append(notice(found[-1], id=items[-1].id))
        return
    first = next(iter(response.channel_last_ids.items()), None)
    if first is not None:
        channel, position = first
        response.channel_items[channel] = [notice(channel, id=position)]
    else:
        response.channel_items[STATUS_CHANNEL] = [notice(STATUS_CHANNEL)]


def with_status(get_events):
    """``get_events`` that hands a stream the status it owes with its events."""

    @functools.wraps(get_events)
    def get_events_with_status(request, *args, **kwargs):
        response = get_events(request, *args, **kwargs)
        listener = getattr(request, "listener", None)
        if getattr(listener, "owed_status", None) is not None:
            with eventstream_views.get_listener_manager().lock:
                status, listener.owed_status = listener.owed_status, None
            add_status(response, status)
        return response

    get_events_with_status.tells_status = True
    return get_events_with_status


def told(stream):
    """The library's ``stream`` with its reads told which listener they are for."""

    @functools.wraps(stream)
    def stream_told(event_request, listener):
        event_request.listener = listener
        return stream(event_request, listener)

    stream_told.tells_status = True
    return stream_told


def install() -> None:
    from django_eventstream import eventstream

    eventstream_views.Listener = FeedListener
    if not getattr(eventstream_views.stream, "tells_status", False):
        eventstream_views.stream = told(eventstream_views.stream)
    if not getattr(eventstream.get_events, "tells_status", False):
        eventstream.get_events = with_status(eventstream.get_events)
