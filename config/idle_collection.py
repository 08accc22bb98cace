"""The garbage collector's young collections while a worker has nothing in hand.

CPython collects when the new objects since the last collection pass a threshold, in
whichever thread makes the one that passes it: in a busy worker, in the middle of a
request, with every other request of the process stopped with it (they share the GIL).
A request leaves about 200 objects in reference cycles (Django ties a request, a form
and its bound fields, a model instance and the rows prefetched for it into cycles), so
each young collection freed 10,000-15,000 of them: under the ``tables`` bench at 100
tables on a slow machine, one every 3-4 s per worker, each 35-105 ms, every request in
flight stopped for it. In turns there (two runs each), roll p99 227 and 272 ms as
before, 183 and 193 ms collecting between requests, 189 and 227 ms with the collector
held off for the whole step: the pauses were a part of the tail, not all of it.

Here the event loop looks every ``CHECK_SECONDS`` (``QUIET_CHECK_SECONDS`` while fewer
than ``IDLE_YOUNG`` new objects wait) whether the worker is idle (no
request in its thread's trip, no response being closed: ``busy``) and, if at least
``IDLE_YOUNG`` new objects are waiting, collects then: smaller collections, at moments
no request waits on. The generation is the one CPython would take (the middle one once
``threshold1`` young collections have run since it last did), and a full collection at
most every ``FULL_EVERY_SECONDS``, when the oldest generation's own count is due.
CPython's own threshold (``config.heap.YOUNG_THRESHOLD``) stays in place for a worker
that is never idle: then it collects as before.

``TABLESIDE_GC_IDLE_YOUNG`` sets ``IDLE_YOUNG``; 0 turns this off (CPython's collections
only)."""

from __future__ import annotations

import asyncio
import gc
import os
import time
from contextlib import contextmanager

CHECK_SECONDS = 0.01
QUIET_CHECK_SECONDS = 0.1
IDLE_YOUNG = 4_000
FULL_EVERY_SECONDS = 60.0

_busy = 0  # requests in their thread's trip or their close, on this process's loop
_watched: asyncio.AbstractEventLoop | None = None
_full_at = 0.0  # time.monotonic() of the last full collection made here


def idle_young() -> int:
    value = os.environ.get("TABLESIDE_GC_IDLE_YOUNG")
    return IDLE_YOUNG if value in (None, "") else int(value)


@contextmanager
def busy():
    """Around a request's work on its thread (entered and left on the event loop)."""
    global _busy
    _busy += 1
    try:
        yield
    finally:
        _busy -= 1


def in_hand() -> int:
    return _busy


def generation_due(counts, thresholds, young: int, since_full: float) -> int | None:
    """The generation to collect now, or None: the young one once ``young`` new objects
    are there; the middle one when CPython's count for it is past its threshold; the
    oldest when its count is too and the last full collection made here is
    ``FULL_EVERY_SECONDS`` old."""
    if counts[0] < young:
        return None
    if counts[2] > thresholds[2] and since_full >= FULL_EVERY_SECONDS:
        return 2
    if counts[1] > thresholds[1]:
        return 1
    return 0


def collect_if_idle() -> int | None:
    """Collect the generation due if nothing is in hand; the generation collected."""
    global _full_at
    young = idle_young()
    if _busy or young <= 0:
        return None
    now = time.monotonic()
    generation = generation_due(gc.get_count(), gc.get_threshold(), young, now - _full_at)
    if generation is None:
        return None
    gc.collect(generation)
    if generation == 2:
        _full_at = now
    return generation


def watch() -> None:
    """Look for idle moments on the running loop (once per loop)."""
    global _watched
    loop = asyncio.get_running_loop()
    if loop is _watched or idle_young() <= 0:
        return
    _watched = loop

    def tick():
        if _watched is not loop or loop.is_closed():
            return
        collect_if_idle()
        # while objects wait for an idle moment, look often; else (a quiet table on a
        # laptop) ten times a second
        waiting = gc.get_count()[0] >= idle_young()
        loop.call_later(CHECK_SECONDS if waiting else QUIET_CHECK_SECONDS, tick)

    loop.call_later(CHECK_SECONDS, tick)
