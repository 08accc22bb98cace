"""A server process freezes its long-lived objects out of the collector's walks: once
the application is loaded, and what survives its first few full collections
(config/heap.py)."""

import gc

import pytest

from config import heap


@pytest.fixture
def unfrozen(monkeypatch):
    monkeypatch.setattr(heap, "SETTLING_COLLECTIONS", 2)
    gc.unfreeze()
    yield
    if heap._after_collection in gc.callbacks:
        gc.callbacks.remove(heap._after_collection)
    gc.unfreeze()


def grown_by_a_collection(generation: int, kept: list) -> int:
    """How far the frozen count grew over one collection of ``generation``, while 20,000
    new objects are alive (frozen objects freed meanwhile leave the count: a few)."""
    before = gc.get_freeze_count()
    kept.append([[n] for n in range(20_000)])
    gc.collect(generation)
    return gc.get_freeze_count() - before


def test_settle_freezes_the_loaded_application(unfrozen):
    heap.settle()
    assert gc.get_freeze_count() > 1000, "the loaded application's objects are frozen"


def test_the_survivors_of_the_first_full_collections_are_frozen_and_then_no_more(unfrozen):
    heap.settle()
    kept = []
    assert grown_by_a_collection(1, kept) < 10_000, "a young collection freezes nothing"
    assert grown_by_a_collection(2, kept) > 18_000, "what the first answers built, frozen"
    assert grown_by_a_collection(2, kept) > 18_000, "and at the second full collection"
    assert grown_by_a_collection(2, kept) < 10_000, "the third is an ordinary collection"
    assert heap._after_collection not in gc.callbacks


def test_garbage_is_collected_before_it_could_be_frozen(unfrozen):
    class Cycle:
        pass

    collected = []

    def seen(phase, info):
        if phase == "stop":
            collected.append(info["collected"])

    gc.callbacks.insert(0, seen)  # before the freeze (settle adds it after this one)
    try:
        garbage = Cycle()
        garbage.me = garbage
        del garbage
        heap.freeze()
        assert sum(collected) >= 1, "the cycle was collected first, not frozen for good"

        heap.settle()
        collected.clear()
        garbage = Cycle()
        garbage.me = garbage
        del garbage
        gc.collect()  # a full collection whose survivors are frozen
        assert sum(collected) >= 1, "the full collection freed the cycle before the freeze"
    finally:
        gc.callbacks.remove(seen)
