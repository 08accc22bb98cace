"""The ASGI handler runs a request's middleware chain and view in one trip to the
request's thread (config/asgi_handler.py); Django's own handler makes several."""

import asyncio
import threading
import time

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpResponse

from config.asgi_handler import OneTripASGIHandler
from tests.factories import UserFactory
from tests.threads import off_the_event_loop


def _scope(path="/", cookie=""):
    return {"type": "http", "method": "GET", "path": path, "query_string": b"",
            "headers": [(b"host", b"testserver"), (b"cookie", cookie.encode())],
            "server": ("testserver", 80), "client": ("127.0.0.1", 5000), "scheme": "http",
            "asgi": {"version": "3.0"}, "http_version": "1.1", "root_path": ""}  # fmt: skip


async def _answer(handler, path="/", cookie=""):
    """One request through ``handler``; the status it was answered with."""
    sent = []

    async def receive():
        if sent or receive.read:
            await asyncio.Event().wait()
        receive.read = True
        return {"type": "http.request", "body": b"", "more_body": False}

    receive.read = False

    async def send(message):
        sent.append(message)

    await handler(_scope(path, cookie), receive, send)
    return sent[0]["status"]


def trips_to_answer(handler_class, monkeypatch, path, cookie=""):
    """How many times the request went from the event loop to a thread, and its status."""
    trips = []
    original = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        trips.append(getattr(self.func, "__name__", repr(self.func)))
        return await original(self, *args, **kwargs)

    handler = handler_class()  # built before counting: its chain, once
    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    status = off_the_event_loop(lambda: async_to_sync(_answer)(handler, path, cookie))
    monkeypatch.setattr(SyncToAsync, "__call__", original)
    return trips, status


@pytest.mark.django_db(transaction=True)
def test_a_page_takes_one_trip_for_its_chain_and_view(client, monkeypatch):
    client.force_login(UserFactory())
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    ours, status = trips_to_answer(OneTripASGIHandler, monkeypatch, "/", cookie)
    assert status == 200
    # the request_started signal with the chain and the view, then the response's close
    assert ours == ["_respond", "close"], ours
    django_own, status = trips_to_answer(ASGIHandler, monkeypatch, "/", cookie)
    assert status == 200
    assert len(django_own) > len(ours) + 1, (django_own, ours)


@pytest.mark.django_db(transaction=True)
def test_the_next_request_takes_the_thread_the_last_one_left(monkeypatch):
    """asgiref makes a thread for each request (and one more to wait for its end); the
    handler keeps a finished request's thread for the next."""
    from config.asgi_handler import request_threads

    trips_to_answer(OneTripASGIHandler, monkeypatch, "/accounts/login/")
    made, idle = request_threads.made, len(request_threads.idle)
    assert idle >= 1
    for _ in range(3):
        _trips, status = trips_to_answer(OneTripASGIHandler, monkeypatch, "/accounts/login/")
        assert status == 200
    assert request_threads.made == made
    assert len(request_threads.idle) == idle


def _handler_whose_trip(monkeypatch, trip, limit):
    """A handler whose thread's trip is ``trip(scope)`` (returning a response), with at
    most ``limit`` requests in it at once."""
    from django.test.utils import override_settings

    monkeypatch.setattr(OneTripASGIHandler, "_respond", lambda self, scope, body: trip(scope))
    with override_settings(TABLESIDE_REQUEST_THREADS=limit):
        return OneTripASGIHandler()


def test_no_more_requests_than_the_limit_are_in_their_threads_at_once(monkeypatch):
    lock, inside, most = threading.Lock(), [0], [0]

    def trip(scope):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.05)  # a view waiting on the database: its thread lets the GIL go
        with lock:
            inside[0] -= 1
        return HttpResponse("rolled")

    handler = _handler_whose_trip(monkeypatch, trip, limit=2)

    async def six_at_once():
        return await asyncio.gather(*(_answer(handler) for _ in range(6)))

    statuses = off_the_event_loop(lambda: asyncio.run(six_at_once()))
    assert statuses == [200] * 6  # the others waited their turn, none was turned away
    assert most[0] == 2

    unlimited = _handler_whose_trip(monkeypatch, trip, limit=0)
    most[0] = 0
    handler = unlimited
    assert off_the_event_loop(lambda: asyncio.run(six_at_once())) == [200] * 6
    assert most[0] > 2  # without a limit they all go in


def test_a_response_closing_holds_no_place(monkeypatch):
    """With one place, a request whose close is still at work (its after-response jobs
    wait for an earlier job's turn) does not hold back the next request's answer."""
    closing_may_end = threading.Event()

    class SlowToClose(HttpResponse):
        def close(self):
            closing_may_end.wait(10)
            super().close()

    def trip(scope):
        return SlowToClose("first") if scope["path"] == "/first/" else HttpResponse("next")

    handler = _handler_whose_trip(monkeypatch, trip, limit=1)

    async def both():
        first = asyncio.create_task(_answer(handler, "/first/"))
        await asyncio.sleep(0.2)  # the first answered, its close at work
        try:
            return await asyncio.wait_for(_answer(handler, "/next/"), 5)
        finally:
            closing_may_end.set()
            await first

    assert off_the_event_loop(lambda: asyncio.run(both())) == 200


def test_a_request_that_waited_for_a_place_has_the_wait_in_its_scope(monkeypatch):
    """The request log reads it there (config/request_log.py, ``waited=``)."""
    from config.request_log import WAITED_MS

    waits = []

    def trip(scope):
        waits.append(scope[WAITED_MS])
        time.sleep(0.1)
        return HttpResponse("rolled")

    handler = _handler_whose_trip(monkeypatch, trip, limit=1)

    async def two_at_once():
        return await asyncio.gather(_answer(handler), _answer(handler))

    assert off_the_event_loop(lambda: asyncio.run(two_at_once())) == [200, 200]
    first, second = waits
    assert first < 50  # a place was free
    assert second >= 90  # the first request's trip
