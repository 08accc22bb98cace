"""A resumed feed sends each stored event once (django-eventstream 5.3.4, not changed).

The library's stream (``django_eventstream.views.stream``) reads the events after the
page's Last-Event-ID (``eventstream.get_events``), sends them, then looks whether events
were queued for it during that read; if so it drops the queue and reads the database
again, from ``event_request.channel_last_ids``, which it has not moved (only its
overflow path does): the events it has just sent come a second time. Without a
Last-Event-ID the second read starts from the channel's newest id, past the dropped
events: those never come at all.

``get_events`` already moves the request past a page it cut short (its "more" case).
``advancing`` makes every read do so: after a read, the request's position on each
channel is the last event read (or, with none, the position the read answered with),
which is exactly what the stream then sends. A position that is not an ASCII number
(a hand-made Last-Event-ID: the library's ``int()`` raised inside the open stream) is
dropped first, so that channel starts from now; the page's catch-up fills in the rest.

``install()`` (from the rolls app's ``ready()``) wraps ``eventstream.get_events``,
which the stream imports each time it starts. The patch for the library itself, in
``stream()`` before ``if conflict: continue``::

    if conflict:
        event_request.channel_last_ids = last_ids
        continue
"""

from __future__ import annotations

import functools

from config.ids import parse_id


def advancing(get_events):
    """``get_events`` that moves the request to where its answer leaves the stream."""

    @functools.wraps(get_events)
    def get_events_advancing(request, *args, **kwargs):
        positions = request.channel_last_ids
        for channel in [c for c, last_id in positions.items() if parse_id(last_id) is None]:
            del positions[channel]
        response = get_events(request, *args, **kwargs)
        for channel, last_id in response.channel_last_ids.items():
            read = response.channel_items.get(channel)
            positions[channel] = str(read[-1].id) if read else last_id
        return response

    get_events_advancing.advances = True
    return get_events_advancing


def install() -> None:
    from django_eventstream import eventstream

    if not getattr(eventstream.get_events, "advances", False):
        eventstream.get_events = advancing(eventstream.get_events)
