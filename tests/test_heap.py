"""A server process freezes its long-lived objects out of the collector's walks: once
the application is loaded, and once more after its first answers (config/heap.py)."""

import gc

import pytest
from django.core.signals import request_finished

from config import heap


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    request_finished.disconnect(dispatch_uid="tableside-heap-settle")
    gc.unfreeze()


def test_settle_freezes_what_is_alive_and_freezes_again_after_the_warm_up(unfrozen, monkeypatch):
    monkeypatch.setattr(heap, "WARM_REQUESTS", 3)
    heap.settle()
    at_start = gc.get_freeze_count()
    assert at_start > 1000, "the loaded application's objects are frozen"
    uids = [lookup_key[0] for lookup_key, *_ in request_finished.receivers]
    assert "tableside-heap-settle" in uids, "each answer is counted"
    # counted here by hand: an earlier test's server thread may still finish requests
    request_finished.disconnect(dispatch_uid="tableside-heap-settle")
    monkeypatch.setattr(heap, "_answered", iter(range(1, 100)))

    # Frozen objects freed meanwhile leave the count: a few, against these thousands.
    kept = [[n] for n in range(20_000)]  # built by the first requests, alive for good
    for _ in range(2):
        heap._count()
    assert gc.get_freeze_count() - at_start < 10_000, "not before the warm-up's last answer"
    heap._count()
    assert gc.get_freeze_count() - at_start > 18_000, "what the warm-up built, frozen"
    frozen = gc.get_freeze_count()
    more = [[n] for n in range(20_000)]
    heap._count()
    assert gc.get_freeze_count() - frozen < 10_000, "and only once"
    assert len(kept) == len(more)  # both alive until here


def test_garbage_is_collected_before_it_could_be_frozen(unfrozen):
    class Cycle:
        pass

    garbage = Cycle()
    garbage.me = garbage
    collected = []

    def seen(phase, info):
        if phase == "stop":
            collected.append(info["collected"])

    gc.callbacks.append(seen)
    try:
        del garbage
        heap.freeze()
    finally:
        gc.callbacks.pop()
    assert sum(collected) >= 1, "the cycle was collected first, not frozen for good"
