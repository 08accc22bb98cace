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
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)

SETTLING_COLLECTIONS = 4
_left = 0  # of the first full collections, how many still freeze their survivors


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
    ``SETTLING_COLLECTIONS`` full collections."""
    global _left
    freeze()
    _left = SETTLING_COLLECTIONS
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)
