"""The server's long-lived objects out of the garbage collector's way.

CPython's collector walks every tracked object of the oldest generation on a full
collection. A worker holds a few hundred thousand of them that live as long as it does
(modules, Django's apps and URLs, templates once compiled, the translation catalogues):
under the ``tables`` bench each full collection stopped the worker for 200-260 ms, a
few times a minute, and those pauses were the slowest rolls of a step (its p99).
``gc.freeze()`` moves every object alive at that moment to a permanent generation the
collector never walks again; what is garbage later is collected as before.

``settle()`` freezes once the application is loaded (``config/asgi.py``, each worker:
after a full collection) and once more after the worker's first ``WARM_REQUESTS``
answers, when the templates and catalogues the pages use have been built (after
collecting the young generations only). A frozen object that later becomes garbage is
never freed: freezing twice, at moments when nearly everything alive stays alive, keeps
that to the objects of the few requests then in flight.
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


def freeze(generation: int = 2) -> None:
    """Collect what is garbage now (up to ``generation``), then freeze every object that
    is left."""
    started = time.perf_counter()
    gc.collect(generation)
    gc.freeze()
    log.info("heap settled: %d objects frozen in %.0f ms", gc.get_freeze_count(),
             (time.perf_counter() - started) * 1000)  # fmt: skip


def _count(**kwargs) -> None:
    # The young generations only, while serving: a full collection then stopped the
    # worker for 100-200 ms (the bench's rolls of that moment waited for it); what the
    # warm-up left in the oldest generation is mostly alive for good anyway.
    if next(_answered) == WARM_REQUESTS:
        freeze(generation=1)


def settle() -> None:
    """Freeze now, and again once this process has answered ``WARM_REQUESTS``."""
    freeze()
    request_finished.connect(_count, dispatch_uid="tableside-heap-settle", weak=False)
