"""Django's ASGI handler with the whole request in one trip to the request's thread.

Django's own handler builds its middleware chain for the event loop. Most of this
project's chain is synchronous (sessions, CSRF, log-in, messages...; see
``config.async_middleware``), and so are most views: each request then went from the
event loop to its thread for the chain, back to the loop for Django's inner handler,
and to the thread again for every view middleware's ``process_view`` (CSRF,
idempotency), for the view itself and for a template response's rendering, with a
wake-up of the loop at each return. Under the ``tables`` bench those trips were about
a seventh of a worker's CPU (asgiref, in GIL samples).

``OneTripASGIHandler`` builds the chain as Django's WSGI handler does (every hook and a
synchronous view called directly) and runs it in one trip to the request's thread. An
async view (the live feed, ``rolls.views.party_events``) is run on the event loop from
there, as Django runs one under WSGI; it returns its streaming response at once, and
the stream is sent from the event loop, holding no thread (``rolls/feed_threads.py``).

Each request still has a thread of its own for its synchronous work (its database
connection is that thread's), but the thread is not made for it: asgiref makes a new
one for each request and starts another to wait for its end, about a twentieth of a
worker's CPU under the ``tables`` bench. ``RequestThreads`` keeps the threads of
finished requests for the next ones (``__call__``).

``handle`` is Django's own, with two trips fewer to the request's thread and the
event loop: the ``request_started`` signal is sent in the chain's trip (Django awaits
it in a trip of its own; its receivers, which close stale database connections, must
run in the request's thread anyway), and a response that is not streamed is sent
without a task watching for the client's disconnect (the chain in the thread cannot be
cut short by it: Django's watch only stopped waiting for it). A streamed response (the
live feed) is sent as Django does, stopped when its client goes. The trips and the
watch were about a twentieth of a worker under the ``tables`` bench (the signal's trip
alone 2.8% of the event loop's samples).

Everything else is Django's handler: the body read, the response sent, then closed (in
a trip of its own, after the answer is on its way: the after-response jobs run then).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

from asgiref.sync import SyncToAsync, ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse
from django.urls import set_script_prefix

from config import idle_collection
from config.request_log import WAITED_MS


class RequestThreads:
    """Idle request threads (asgiref's single-thread executors) of a process, kept for
    the next requests: at most ``keep``, the others end. Used from the event loop only.

    32: under the ``tables`` bench at 150 tables a worker has a request or two in hand on
    average and a few dozen at its busiest moments; 64 kept 128 idle threads for 900
    open feeds (the ``threads`` column 154, against 26 with none kept)."""

    def __init__(self, keep: int = 32):
        self.keep = keep
        self.idle: list[ThreadPoolExecutor] = []
        self.made = 0  # threads made (tests read it)

    def take(self) -> ThreadPoolExecutor:
        if self.idle:
            return self.idle.pop()
        self.made += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="tableside-request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        """An executor whose work is done: kept for another request, or ended."""
        if len(self.idle) < self.keep:
            self.idle.append(executor)
        else:
            executor.shutdown(wait=False)


request_threads = RequestThreads()


class Admission:
    """At most ``limit`` requests of a process in their thread's trip (the middleware
    chain and the view) at once; the others wait their turn on the event loop, in the
    order they came. 0: no limit.

    Every request thread of a worker takes the same GIL. With a dozen in flight, a
    thread coming back from the database (a roll makes several trips) waits for the
    GIL behind the others, each slower, so more in flight: under the ``tables`` bench
    at 250 tables a worker fell into spells of several seconds where every request took
    100-300 ms on the server, at the same rate of requests it had carried at 20 ms
    a moment before. Waiting on the event loop costs nothing and holds no database
    connection.

    The response's close (the after-response jobs: the party's feed, the GM's card)
    does not wait for a place: a job waits for the jobs handed over before it
    (``config.after_response``), and the request holds its database connection until
    its close. With the close waiting for a place too, a trial stopped a worker for
    10 s at a time: closes waiting for a place held every connection of the pool, and
    the requests holding the places waited for a connection."""

    def __init__(self, limit: int):
        self.limit = limit
        self._loop = self._places = None

    def place(self):
        """An async context manager: a place held for as long as it is entered."""
        if self.limit <= 0:
            return contextlib.nullcontext()
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a server's one loop; a test may run several
            self._loop, self._places = loop, asyncio.Semaphore(self.limit)
        return self._places


def release(context: ThreadSensitiveContext, *, reuse: bool = True) -> None:
    """Take the request's thread from its context (asgiref would make a new one if the
    request needed one again): kept for another request when ``reuse`` (its work is
    done), else ended."""
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is None:
        return
    if reuse:
        request_threads.give_back(executor)
    else:
        executor.shutdown(wait=False)


class OneTripASGIHandler(ASGIHandler):
    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)  # the chain as under WSGI: synchronous
        self.admission = Admission(settings.TABLESIDE_REQUEST_THREADS)
        self._respond_in_thread = sync_to_async(self._respond, thread_sensitive=True)

    def _respond(self, scope, body_file):
        """In the request's thread: the ``request_started`` signal, the request, and the
        chain with its view (``BaseHandler.get_response``, as under WSGI)."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            return error_response
        response = self.get_response(request)
        response._handler_class = self.__class__
        if isinstance(response, FileResponse):  # the server chunks it
            response.block_size = self.chunk_size
        return response

    async def handle(self, scope, receive, send):
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        idle_collection.watch()  # the collector's passes between requests
        with closing(body_file):
            set_script_prefix(get_script_prefix(scope))
            arrived = time.perf_counter()
            async with self.admission.place():  # the close does not wait (Admission)
                scope[WAITED_MS] = (time.perf_counter() - arrived) * 1000  # the log says it
                with idle_collection.busy():
                    response = await self._respond_in_thread(scope, body_file)
            if response.streaming:
                await self._send_until_gone(response, receive, send)
            else:
                await self.send_response(response, send)
            with idle_collection.busy():
                await sync_to_async(response.close, thread_sensitive=True)()

    async def _send_until_gone(self, response, receive, send):
        """A streamed response, sent until it ends or its client goes (as Django's)."""

        class Sent(Exception):
            pass

        try:
            try:
                async with asyncio.TaskGroup() as group:
                    group.create_task(self.listen_for_disconnect(receive))
                    await self.send_response(response, send)
                    raise Sent
            except* (Sent, RequestAborted):
                pass
        except BaseExceptionGroup as group:  # anything else: as raised, if alone
            if len(group.exceptions) == 1:
                raise group.exceptions[0] from None
            raise

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        async with ThreadSensitiveContext() as context:
            # the request's thread, taken from the kept ones before asgiref makes one
            SyncToAsync.context_to_thread_executor[context] = request_threads.take()
            finished = False
            try:
                await self.handle(scope, receive, send)
                finished = True
            finally:
                # given back before the context ends (which would end the thread): kept
                # for the next request once the request ran to its end; a request cut
                # short (cancelled) may still have work on it, so it ends instead
                release(context, reuse=finished)


def get_asgi_application() -> OneTripASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with this handler."""
    import django

    django.setup(set_prefix=False)
    return OneTripASGIHandler()
