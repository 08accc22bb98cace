"""Work a request does for others, run once its own answer has gone out.

A roll's player waits for their result, not for the party's feed: publishing the roll's
events and writing the character's dashboard card took about a third of a roll's time.
``later(job)`` keeps such a job until the response is sent (``AfterResponseMiddleware``
hangs them on the response's close, which Django calls after the last byte, under ASGI
and WSGI alike); outside a request (a management command, a test calling a function)
the job runs at once (so does one a job hands over).

Jobs handed over with the same ``order`` key run in the order they were handed over
within a process, even when two requests finish out of order (a character's dashboard
card after its previous one); jobs with another key, or none, do not wait for them. A
job whose turn never comes (its request vanished without closing) holds the others of
its key back at most ``WAIT_SECONDS``.

No job holds a database connection while it waits for its turn or after it ran: the
response's close comes before Django's ``request_finished`` (which gives the request's
connection back to the pool), so the connections are given back before the jobs and
after each of them. A job that uses the database borrows one for as long as it runs.

If the client goes away before its response is ready, Django sends no response and
closes nothing: ``request_finished`` (sent then, on the request's own thread) runs what
is left, so a saved roll is published either way.
"""

from __future__ import annotations

import contextvars
import logging
import threading
from collections.abc import Hashable

from asgiref.sync import sync_to_async
from django.core.signals import request_finished
from django.db import connections

from config.async_middleware import BothModesMiddleware

log = logging.getLogger(__name__)

WAIT_SECONDS = 2.0

# The request's list of jobs, None outside a request. A context variable, not a thread's:
# under ASGI the middleware runs on the event loop, which serves every request, and a
# synchronous view called from there runs in a copy of the request's context (the same
# list). Under WSGI each thread keeps its own context, as a thread-local would.
_jobs: contextvars.ContextVar[list | None] = contextvars.ContextVar(
    "tableside_after_response_jobs", default=None
)
_turn = threading.Condition()
_outstanding: dict[Hashable, set[int]] = {}  # order key -> tickets whose job has not run
_issued = 0


def _ticket(order: Hashable | None) -> int | None:
    """A place in ``order``'s queue (None: a job that waits for nobody)."""
    global _issued
    if order is None:
        return None
    with _turn:
        _issued += 1
        _outstanding.setdefault(order, set()).add(_issued)
        return _issued


def give_back_connections() -> None:
    """Give this thread's database connections back (to the pool, or closed without
    one); never inside a transaction (a test's, which owns its connection)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _wait_for_turn(order: Hashable, ticket: int) -> None:
    with _turn:
        waiting = _outstanding.get(order, set())
        if min(waiting, default=ticket) == ticket:
            return
        ready = _turn.wait_for(lambda: min(waiting, default=ticket) == ticket, WAIT_SECONDS)
        if not ready:
            stale = sorted(t for t in waiting if t < ticket)
            log.warning("after-response jobs %s never ran; going on without them", stale)
            waiting.difference_update(stale)


def _run(order: Hashable | None, ticket: int | None, job) -> None:
    """Run ``job`` once every earlier job of its ``order`` has run (or waited too long)."""
    if ticket is not None:
        _wait_for_turn(order, ticket)
    try:
        job()
    except Exception:  # what was saved stays saved; the next job still runs
        log.exception("an after-response job failed: %r", job)
    finally:
        if ticket is not None:
            with _turn:
                waiting = _outstanding.get(order, set())
                waiting.discard(ticket)
                if not waiting:
                    _outstanding.pop(order, None)
                _turn.notify_all()


def later(job, order: Hashable | None = None) -> None:
    """Run ``job`` after this thread's response is sent, after every job handed over
    before it with the same ``order`` key; outside a request (or from a job) now, in
    its caller's turn (waiting there for a job queued behind the caller would hold
    both back)."""
    jobs = _jobs.get()
    if jobs is None:
        _run(order, None, job)
    else:
        jobs.append((order, _ticket(order), job))


def run_pending() -> bool:
    """Run this request's jobs, once, holding no connection while each waits and none
    after; whether there were any."""
    jobs = _jobs.get()
    _jobs.set(None)
    if jobs:
        give_back_connections()
    for order, ticket, job in jobs or ():
        _run(order, ticket, job)
        give_back_connections()
    return bool(jobs)


request_finished.connect(
    lambda **kwargs: run_pending(), dispatch_uid="tableside-after-response", weak=False
)


class AfterResponseMiddleware(BothModesMiddleware):
    """Outermost: jobs handed to ``later`` during the request run when the response
    closes (after it is sent)."""

    def handle(self, request):
        run_pending()  # a previous request's leftovers on this thread, if any
        _jobs.set([])
        try:
            response = self.get_response(request)
        except BaseException:
            run_pending()
            raise
        response._resource_closers.append(run_pending)
        return response

    async def ahandle(self, request):
        # Each ASGI request runs in its own task, in a context of its own: nothing is
        # left over from another. Django closes the response (and sends
        # request_finished) in this task's context, from a thread, so run_pending
        # finds this list there.
        _jobs.set([])
        try:
            response = await self.get_response(request)
        except BaseException:
            await sync_to_async(run_pending)()
            raise
        response._resource_closers.append(run_pending)
        return response
