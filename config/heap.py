"""The server's long-lived objects out of the garbage collector's way.

CPython's collector walks every tracked object of the oldest generation on a full
collection. A worker holds a few hundred thousand of them that live as long as it does
(modules, Django's apps and URLs, templates once compiled, the translation catalogues):
under the ``tables`` bench each full collection stopped the worker for 200-260 ms, a
few times a minute, and those pauses were the slowest rolls of a step (its p99).
``gc.freeze()`` moves every object alive at that moment to a permanent generation the
collector never walks again; what is garbage later is collected as before.

``settle()`` freezes once the application is loaded (``config/asgi.py``, each worker)
and once more after the worker's first ``WARM_REQUESTS`` answers, when the templates
and catalogues the pages use have been built. A frozen object that later becomes
garbage is never freed: freezing twice, at moments when nearly everything alive stays
alive, keeps that to the objects of the few requests then in flight.
"""

from __future__ import annotations

import gc
import itertools
import logging
import time

from django.core.signals import request_finished

log = logging.getLogger(__name__)

WARM_REQUESTS = 300
_answered = itertools.count(1)


def freeze() -> None:
    """Collect what is garbage now, then freeze every object that is left."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    log.info("heap settled: %d objects frozen in %.0f ms", gc.get_freeze_count(),
             (time.perf_counter() - started) * 1000)  # fmt: skip


def _count(**kwargs) -> None:
    if next(_answered) == WARM_REQUESTS:
        freeze()


def settle() -> None:
    """Freeze now, and again once this process has answered ``WARM_REQUESTS``."""
    freeze()
    request_finished.connect(_count, dispatch_uid="tableside-heap-settle", weak=False)
