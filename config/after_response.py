"""Work a request does for others, run once its own answer has gone out.

A roll's player waits for their result, not for the party's feed: storing and
publishing the roll's events on two channels and writing the character's dashboard
card took about a third of a roll's time. ``later(job)`` keeps such a job until the
response is sent (``AfterResponseMiddleware`` hangs them on the response's close, which
Django calls after the last byte, under ASGI and WSGI alike); outside a request (a
management command, a test calling a function) the job runs at once.

Jobs run in the order they were handed over within a process (a roll's card before the
next roll's), even when two requests finish out of order. A job whose turn never comes
(its request vanished without closing) holds the others back at most ``WAIT_SECONDS``.

If the client goes away before its response is ready, Django sends no response and
closes nothing: ``request_finished`` (sent then, on the request's own thread) runs what
is left, so a saved roll is announced either way.
"""

from __future__ import annotations

import logging
import threading

from django.core.signals import request_finished
from django.db import connections

log = logging.getLogger(__name__)

WAIT_SECONDS = 2.0

_local = threading.local()  # .jobs: this thread's request's list, None outside a request
_turn = threading.Condition()
_outstanding: set[int] = set()  # tickets handed out whose job has not run yet
_issued = 0


def _ticket() -> int:
    global _issued
    with _turn:
        _issued += 1
        _outstanding.add(_issued)
        return _issued


def _run(ticket: int, job) -> None:
    """Run ``job`` once every earlier ticket's job has run (or waited too long)."""
    with _turn:
        ready = _turn.wait_for(
            lambda: ticket not in _outstanding or min(_outstanding) == ticket, WAIT_SECONDS
        )
        if not ready:
            stale = sorted(t for t in _outstanding if t < ticket)
            log.warning("after-response jobs %s never ran; going on without them", stale)
            _outstanding.difference_update(stale)
    try:
        job()
    except Exception:  # what was saved stays saved; the next job still runs
        log.exception("an after-response job failed: %r", job)
    finally:
        with _turn:
            _outstanding.discard(ticket)
            _turn.notify_all()


def later(job) -> None:
    """Run ``job`` after this thread's response is sent, or now outside a request."""
    ticket = _ticket()
    jobs = getattr(_local, "jobs", None)
    if jobs is None:
        _run(ticket, job)
    else:
        jobs.append((ticket, job))


def run_pending() -> bool:
    """Run this thread's request's jobs, once; whether there were any."""
    jobs, _local.jobs = getattr(_local, "jobs", None), None
    for ticket, job in jobs or ():
        _run(ticket, job)
    return bool(jobs)


def _on_request_finished(**kwargs) -> None:
    """No response was closed (the client left first): run what is left. Django closed
    this thread's connections just before; give back what the jobs opened (never inside
    a transaction: a test's, which owns its connection)."""
    if run_pending():
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:
                connection.close_if_unusable_or_obsolete()


request_finished.connect(_on_request_finished, dispatch_uid="tableside-after-response")


class AfterResponseMiddleware:
    """Outermost: jobs handed to ``later`` during the request run when the response
    closes (after it is sent)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        run_pending()  # a previous request's leftovers on this thread, if any
        _local.jobs = []
        try:
            response = self.get_response(request)
        except BaseException:
            run_pending()
            raise
        response._resource_closers.append(run_pending)
        return response
