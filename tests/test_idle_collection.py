"""A worker's young garbage collections run while it has no request in hand
(config/idle_collection.py), not in the middle of one."""

import asyncio
import gc

import pytest
from django.http import HttpResponse

from config import idle_collection
from config.idle_collection import FULL_EVERY_SECONDS, generation_due
from tests.test_asgi_handler import _answer, _handler_whose_trip
from tests.threads import off_the_event_loop

THRESHOLDS = (20_000, 10, 10)


def test_nothing_is_collected_before_enough_new_objects_are_there():
    assert generation_due((3_999, 0, 0), THRESHOLDS, 4_000, since_full=999) is None
    assert generation_due((4_000, 0, 0), THRESHOLDS, 4_000, since_full=999) == 0


def test_the_middle_generation_comes_when_cpython_would_take_it():
    assert generation_due((5_000, 10, 0), THRESHOLDS, 4_000, since_full=0) == 0
    assert generation_due((5_000, 11, 0), THRESHOLDS, 4_000, since_full=0) == 1


def test_a_full_collection_is_due_by_its_count_and_at_most_once_a_minute():
    due = (5_000, 11, 11)
    assert generation_due(due, THRESHOLDS, 4_000, since_full=FULL_EVERY_SECONDS) == 2
    assert generation_due(due, THRESHOLDS, 4_000, since_full=FULL_EVERY_SECONDS - 1) == 1
    assert generation_due((5_000, 0, 10), THRESHOLDS, 4_000, since_full=999) == 0


def _garbage(count: int) -> None:
    """``count`` new objects the collector tracks, left in reference cycles."""
    for _ in range(count // 2):
        pair = [None, None]
        pair[0] = {"pair": pair}


@pytest.fixture
def collector_held():
    """The collector does not run on its own during the test."""
    was = gc.isenabled()
    gc.disable()
    yield
    if was:
        gc.enable()


def test_an_idle_worker_collects_and_a_busy_one_does_not(collector_held, monkeypatch):
    monkeypatch.setenv("TABLESIDE_GC_IDLE_YOUNG", "1000")
    gc.collect()
    _garbage(4_000)
    with idle_collection.busy():
        assert idle_collection.in_hand() == 1
        assert idle_collection.collect_if_idle() is None
        assert gc.get_count()[0] >= 1_000  # left for later
    assert idle_collection.in_hand() == 0
    assert idle_collection.collect_if_idle() in (0, 1)
    assert gc.get_count()[0] < 1_000


def test_zero_turns_it_off(collector_held, monkeypatch):
    monkeypatch.setenv("TABLESIDE_GC_IDLE_YOUNG", "0")
    _garbage(4_000)
    assert idle_collection.collect_if_idle() is None


def test_a_request_is_in_hand_from_its_trip_to_its_close_and_the_loop_collects_after(
    collector_held, monkeypatch
):
    """Through the ASGI handler: in hand while the view runs and while the response
    closes; once both are done the event loop collects what the request left."""
    monkeypatch.setenv("TABLESIDE_GC_IDLE_YOUNG", "1000")
    seen, left = {}, []

    class Closing(HttpResponse):
        def close(self):
            seen["closing"] = idle_collection.in_hand()
            super().close()
            left.append(gc.get_count()[0])  # nothing collected while it is in hand

    def trip(scope):
        seen["view"] = idle_collection.in_hand()
        _garbage(6_000)  # what a request leaves behind
        return Closing("rolled")

    handler = _handler_whose_trip(monkeypatch, trip, limit=4)

    async def one_request_then_a_pause():
        status = await _answer(handler)
        await asyncio.sleep(idle_collection.QUIET_CHECK_SECONDS * 3)
        return status, gc.get_count()[0]

    status, after = off_the_event_loop(lambda: asyncio.run(one_request_then_a_pause()))
    assert status == 200
    assert seen == {"view": 1, "closing": 1}
    assert idle_collection.in_hand() == 0
    assert left[0] >= 1_000 and after < 1_000, (left, after)
