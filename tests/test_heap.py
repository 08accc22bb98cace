"""A server process freezes its long-lived objects out of the collector's walks: once
the application is loaded, what survives its first few full collections, and the feeds
a burst of pages opened once the burst ends (config/heap.py)."""

import asyncio
import gc

import pytest

from config import heap
from tests.threads import off_the_event_loop


@pytest.fixture
def unfrozen(monkeypatch):
    monkeypatch.setattr(heap, "SETTLING_COLLECTIONS", 2)
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.set_threshold(*thresholds)
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
    assert gc.get_threshold()[0] == heap.YOUNG_THRESHOLD


def test_the_young_threshold_is_set_by_the_environment(unfrozen, monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setenv("TABLESIDE_GC_YOUNG_THRESHOLD", "0")
    heap.settle()
    assert gc.get_threshold() == before, "0: Python's own"
    monkeypatch.setenv("TABLESIDE_GC_YOUNG_THRESHOLD", "5000")
    heap.settle()
    assert gc.get_threshold() == (5000, *before[1:])
    monkeypatch.setenv("TABLESIDE_GC_YOUNG_THRESHOLD", "")
    heap.settle()
    assert gc.get_threshold() == (heap.YOUNG_THRESHOLD, *before[1:]), "empty: the default"


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


@pytest.fixture
def bursts(monkeypatch):
    """The burst counter from scratch, short waits, and the freezes it asks for."""
    monkeypatch.setattr(heap, "BURST_STREAMS", 20)
    monkeypatch.setattr(heap, "QUIET_SECONDS", 0.05)
    monkeypatch.setattr(heap, "BURST_SECONDS", 0.5)
    monkeypatch.setattr(heap, "BURST_FREEZES", 1)
    for name, value in {"_burst": 0, "_burst_began": 0.0, "_last_opened": 0.0,
                        "_bursts_frozen": 0, "_waiting": False}.items():  # fmt: skip
        monkeypatch.setattr(heap, name, value)
    frozen = []
    monkeypatch.setattr(heap, "freeze", lambda: frozen.append(True))
    return frozen


def feeds_opening(*bursts_of_opens):
    """Open feeds on an event loop of their own (the browser tests leave one running in
    the main thread): each burst is (count, seconds between two opens), then a pause
    long enough for a burst's end to be seen."""

    async def run():
        for count, apart in bursts_of_opens:
            for _ in range(count):
                heap.stream_opened()
                await asyncio.sleep(apart)
            await asyncio.sleep(0.2)

    off_the_event_loop(lambda: asyncio.run(run()))


def test_a_burst_of_feeds_is_collected_and_frozen_once_it_ends(bursts):
    feeds_opening((30, 0.001))
    assert bursts == [True], "one collection and freeze, after the last feed of the burst"


def test_feeds_opening_at_a_tables_pace_make_no_burst(bursts, monkeypatch):
    monkeypatch.setattr(heap, "BURST_SECONDS", 0.15)
    feeds_opening((19, 0.001), (19, 0.001))  # each below the burst's count, apart
    feeds_opening((25, 0.02))  # more than a burst's count in all, too slow to be one
    assert bursts == []


def test_the_freeze_waits_for_the_burst_to_end(bursts, monkeypatch):
    monkeypatch.setattr(heap, "BURST_SECONDS", 5.0)
    monkeypatch.setattr(heap, "QUIET_SECONDS", 0.3)  # far above a busy machine's stall
    seen_while_opening = []

    async def run():
        for _ in range(60):  # past the burst's count, never quiet for long enough
            heap.stream_opened()
            await asyncio.sleep(0.01)
        seen_while_opening.append(len(bursts))
        await asyncio.sleep(0.6)

    off_the_event_loop(lambda: asyncio.run(run()))
    assert seen_while_opening == [0], "nothing collected while the feeds kept opening"
    assert bursts == [True]


def test_only_a_process_s_first_bursts_are_frozen(bursts):
    feeds_opening((25, 0.001), (25, 0.001))
    assert bursts == [True]


def test_each_feed_sent_counts_toward_a_burst(bursts):
    """The live feed's stream (rolls/feed_threads.py) counts itself as it starts."""
    from rolls.feed_threads import _without_thread

    async def events():
        yield b"event: message\n\n"

    async def open_feeds():
        for _ in range(3):
            async for _chunk in _without_thread(events()):
                pass

    off_the_event_loop(lambda: asyncio.run(open_feeds()))
    assert heap._burst == 3
