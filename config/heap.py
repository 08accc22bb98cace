"""The server's long-lived objects out of the garbage collector's way.

CPython's collector walks every tracked object of the oldest generation on a full
collection. A worker holds a few hundred thousand of them that live as long as it does
(modules, Django's apps and URLs, templates once compiled, the translation catalogues,
the open pages' feeds): under the ``tables`` bench each full collection stopped the
worker for 200-260 ms, a few times a minute, and those pauses were the slowest rolls of
a step (its p99). ``gc.freeze()`` moves every object alive at that moment to a
permanent generation the collector never walks again; what is garbage later is
collected as before.

``settle()`` (``config/asgi.py``, each worker) freezes once the application is loaded,
after a full collection. What the first answers build (templates, catalogues, the feeds
of the pages open at that moment) is frozen by the collector itself: the objects that
survive each of the worker's first ``SETTLING_COLLECTIONS`` full collections, at the
moment that collection ends (nothing else is tracked then: a full collection empties
the young generations). A fixed count of answers did this before, and came too late:
at 75 tables the worker's first full collections, 70-220 ms each, came before its
300th answer.

A frozen object that later becomes garbage in a reference cycle is never freed (one
freed by its reference count still is): freezing a few times, early, when nearly
everything alive stays alive, bounds that to the few requests and feeds of those
moments. Later full collections walk only what survived since, and come rarely (the
collector waits until the survivors since the last one are a quarter of those it
found then).

A burst of pages opening their feeds at once (a worker's restart, or the ``tables``
bench's 1,500 feeds, 750 a worker) leaves the young generations full of the feeds'
objects (they live as long as the page) and of the garbage the openings made. The
collector then met them in play: at 200 tables the first collections after the burst
stopped each worker for 300-350 ms (90,000 objects found garbage) and were most of the
step's slowest rolls. ``stream_opened()`` (each feed, ``rolls/feed_threads.py``) counts
a burst: ``BURST_STREAMS`` feeds opened within ``BURST_SECONDS``. Once none has opened
for ``QUIET_SECONDS`` the worker collects and freezes (``freeze``): the pause comes
between the burst and play, once, and later collections walk none of those feeds.
Feeds opening at a table's pace never make a burst. A feed frozen then that later
closes leaves whatever of it was in reference cycles frozen for good (what its
reference counts free is freed): a process does this for its first ``BURST_FREEZES``
bursts only (the reconnections after its start), which bounds that to those feeds;
a later burst is met by the collector in play, as before.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time

log = logging.getLogger(__name__)

SETTLING_COLLECTIONS = 4

# New objects (allocations less deallocations) between two young collections; Python's
# default is 2,000. A request leaves about 180 objects in reference cycles (forms and
# their fields, model instances and their related caches: about 47,000 objects for 262
# requests in a probe), and what is still in flight when a young collection runs moves
# on to the older generations, which only full collections empty. At the default, a
# worker under the ``tables`` bench (200 tables) made 45 middle collections a minute
# (0.8-0.9 s in all) and 3 full ones of 40-330 ms. Fewer, larger young collections
# catch fewer requests in flight: at 20,000 alone the server's CPU a roll went from
# 25.2-26.7 ms (five runs) to 23.3 ms, the roll p99 from 177-441 ms to 160 ms. Each
# young collection takes longer then (35-115 ms on a loaded worker, one every two
# seconds or so). TABLESIDE_GC_YOUNG_THRESHOLD sets it (0: Python's own). A worker with
# nothing in hand collects sooner, between requests (config/idle_collection.py); this
# threshold is for a worker that is never idle.
YOUNG_THRESHOLD = 20_000
_left = 0  # of the first full collections, how many still freeze their survivors

BURST_STREAMS = 200  # a burst: this many feeds opened within BURST_SECONDS,
BURST_SECONDS = 10.0
QUIET_SECONDS = 1.0  # ended by this long without one
BURST_FREEZES = 2  # a process's first bursts only (what they freeze is never collected)
_bursts_frozen = 0
_burst = 0  # streams opened since _burst_began
_burst_began = 0.0  # time.monotonic()
_last_opened = 0.0
_waiting = False  # a check for the burst's end is scheduled


def freeze() -> None:
    """Collect what is garbage now (a full collection), then freeze every object that is
    left."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    log.info("heap settled: %d objects frozen in %.0f ms", gc.get_freeze_count(),
             (time.perf_counter() - started) * 1000)  # fmt: skip


def _after_collection(phase: str, info: dict) -> None:
    """A ``gc.callbacks`` hook: when a full collection ends, freeze what survived it
    (the young generations are empty then), until ``SETTLING_COLLECTIONS`` have."""
    global _left
    if phase != "stop" or info["generation"] != 2 or _left <= 0:
        return
    _left -= 1
    gc.freeze()
    if _left == 0:
        gc.callbacks.remove(_after_collection)


def settle() -> None:
    """Freeze now, and what survives each of this process's next
    ``SETTLING_COLLECTIONS`` full collections; young collections at ``YOUNG_THRESHOLD``."""
    global _left
    young = int(os.environ.get("TABLESIDE_GC_YOUNG_THRESHOLD") or YOUNG_THRESHOLD)
    if young > 0:
        gc.set_threshold(young, *gc.get_threshold()[1:])
    freeze()
    _left = SETTLING_COLLECTIONS
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)


def stream_opened() -> None:
    """A feed opened (on the event loop): once a burst of them has ended, collect and
    freeze."""
    global _burst, _burst_began, _last_opened, _waiting
    now = time.monotonic()
    _last_opened = now
    if _waiting:
        return  # the burst is counted; its end is awaited
    if now - _burst_began > BURST_SECONDS:  # too slow for a burst: count from here
        _burst, _burst_began = 0, now
    _burst += 1
    if _burst >= BURST_STREAMS and _bursts_frozen < BURST_FREEZES:
        _waiting = True
        asyncio.get_running_loop().call_later(QUIET_SECONDS, _after_burst)


def _after_burst() -> None:
    global _burst, _waiting, _bursts_frozen
    now = time.monotonic()
    if now - _last_opened < QUIET_SECONDS:  # still opening: look again after the gap
        asyncio.get_running_loop().call_later(QUIET_SECONDS - (now - _last_opened), _after_burst)
        return
    log.info("feeds opened in a burst: collecting and freezing now")
    freeze()
    _burst, _waiting, _bursts_frozen = 0, False, _bursts_frozen + 1
