"""An open live feed holds no thread while it waits (django-eventstream 5.3.4, not changed).

A page's feed stays open for the whole evening, and a worker serves hundreds of them.
Under ASGI Django gives each request a thread of its own for its synchronous work
(an executor of its own, ``config.asgi_handler``) and keeps that thread until the
response ends: for a feed, until the page closes. So each open
feed held an idle OS thread (about 75-100 KB each; threads = feeds + a few).

Here the feed holds a thread only while it reads the database:

- ``unheld(response)``: the feed's response, whose stream first gives its request's
  database connection back and lets its request's thread go (once every middleware has
  run: the chain's synchronous hooks used it), then sends the events. If something in
  the stream made a request thread again (a synchronous call of the default kind), it
  goes after that step's events too.
- ``install()`` (from the rolls app's ``ready()``): the reads the library's stream makes
  (the events after the page's Last-Event-ID, the catch-up after a missed publish) run in
  the event loop's shared worker threads (a few per process, whatever the number of
  feeds), each giving its database connection back when done. The library wraps its read
  with asgiref's ``sync_to_async`` in its default, thread-sensitive mode (the request's
  own thread); ``install`` points the name it uses at ``shared_thread``.
"""

from __future__ import annotations

import contextlib

from asgiref.sync import SyncToAsync, sync_to_async

from config.after_response import give_back_connections
from config.asgi_handler import release
from config.heap import stream_opened


def shared_thread(func, thread_sensitive=True, **options):
    """``sync_to_async`` for a short read: a thread of the loop's shared pool, the
    connection given back after (``thread_sensitive`` is what the caller asked; a read
    of the feed needs no thread of its own)."""

    def read(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        finally:
            give_back_connections()

    return sync_to_async(read, thread_sensitive=False, **options)


def install() -> None:
    from django_eventstream import views as eventstream_views

    eventstream_views.sync_to_async = shared_thread


def _request_thread():
    """This request's own executor (its thread), if it has one now."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    if context is None or getattr(context, "_executor", None) is not None:
        return None, None  # no request context, or one whose executor its maker owns
    return context, SyncToAsync.context_to_thread_executor.get(context)


async def let_request_thread_go() -> bool:
    """Give back the database connection of this request's thread and let the thread go
    to another request (asgiref makes another if this one calls synchronous code
    again); whether there was one."""
    context, executor = _request_thread()
    if executor is None:
        return False
    await sync_to_async(give_back_connections)()  # on that thread: its connection
    release(context)  # idle now: kept for another request
    return True


async def _without_thread(events):
    try:
        stream_opened()  # a burst of them is collected once it ends (config/heap.py)
        await let_request_thread_go()
        async for chunk in events:
            await let_request_thread_go()
            yield chunk
    finally:
        with contextlib.suppress(Exception):  # the page went away: end the library's stream
            await events.aclose()


def unheld(response):
    """``response`` (the library's streaming response), sent without holding a thread."""
    if getattr(response, "is_async", False):
        response.streaming_content = _without_thread(aiter(response._iterator))
    return response
