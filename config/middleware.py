"""When the database drops a connection (restart, failover, a terminated backend, a pool
that cannot lend one in time), a request fails with OperationalError/InterfaceError.

- An idempotent read (GET, HEAD) is run once more on a fresh connection: a dropped
  connection is usually replaced at once, and the person never sees it.
- A pool with no free connection in time (every one busy: the server is overloaded) is
  not retried, and its 503 says the server is busy, not that a connection was lost.
- Otherwise (a write, or a second failure) the answer is 503 with a clear "try again":
  a small page, or for an htmx request a short fragment the page can show in place
  (with ``Retry-After``). A write is never retried here: its transaction was rolled back
  by the database, nothing half-written stays, and the person decides to send it again.

The pages are standalone (no base template, no query): the database may still be down
while they render.
"""

from __future__ import annotations

import logging
import sys

from asgiref.sync import iscoroutinefunction
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpResponse, HttpResponseServerError
from django.template import loader

from config.async_middleware import BothModesMiddleware

log = logging.getLogger(__name__)

DATABASE_ERRORS = (OperationalError, InterfaceError)
IDEMPOTENT_METHODS = {"GET", "HEAD"}
RETRY_AFTER_SECONDS = 5


def drop_broken_connections() -> None:
    """Close (or hand back to the pool, which discards it) every connection that failed."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


def server_busy(exception: BaseException | None) -> bool:
    """Whether a database error is the pool having no free connection in time (every one
    busy: an overloaded server), not a connection the database dropped."""
    from psycopg_pool import PoolTimeout, TooManyRequests

    while exception is not None:
        if isinstance(exception, PoolTimeout | TooManyRequests):
            return True
        exception = exception.__cause__ or exception.__context__
    return False


def database_unavailable(request, status: int = 503, busy: bool = False):
    is_htmx = request.headers.get("HX-Request") == "true"
    template = (
        "errors/_database_unavailable.html" if is_htmx else "errors/database_unavailable.html"
    )
    # rendered without the context processors: they read the session (the theme), which
    # is a query the database that just failed would fail again
    context = {"retry_after": RETRY_AFTER_SECONDS, "busy": busy, "request": request}
    response = HttpResponse(loader.render_to_string(template, context), status=status)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware(BothModesMiddleware):
    """Only a ``process_exception`` hook (Django calls it from the request's thread).

    Synchronous, as the whole chain is under ``config.asgi_handler`` (one trip to the
    request's thread for every hook and the view). Under Django's own ASGI handler this
    innermost middleware chose the chain's mode: synchronous (``async_capable = False``)
    made Django run the synchronous hooks (sessions, CSRF, log-in, messages...) in one
    trip to the request's thread, as one block; with every middleware on the event
    loop each of those hooks made its own trip (measured side by side on this 2-core
    machine, shared, load 14-20: 25 tables' rolls took p50 5.2 s against 1.1 s, and 15%
    more CPU a roll). An open feed holds no thread either way (rolls/feed_threads.py)."""

    async_capable = False

    def handle(self, request):
        return self.get_response(request)

    async def ahandle(self, request):  # under Django's own handler, async_capable on
        return await self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DATABASE_ERRORS):
            return None
        drop_broken_connections()
        busy = server_busy(exception)
        match = request.resolver_match
        if (
            not busy  # reading again would wait for the pool once more
            and request.method in IDEMPOTENT_METHODS
            and match is not None
            and not iscoroutinefunction(match.func)
            and not getattr(request, "_tableside_db_retried", False)
        ):
            request._tableside_db_retried = True
            log.warning("database error on %s, reading once more: %s", request.path, exception)
            try:
                response = match.func(request, *match.args, **match.kwargs)
                if hasattr(response, "render") and callable(response.render):
                    response = response.render()
                return response
            except DATABASE_ERRORS as again:
                drop_broken_connections()
                exception, busy = again, server_busy(again)
        what = "no free database connection (busy)" if busy else "database unavailable"
        log.error("%s on %s %s: %s", what, request.method, request.path, exception)
        return database_unavailable(request, busy=busy)


def server_error(request):
    """handler500: a database error outside a view (a middleware's query, a session
    save) gets the same "try again" answer; anything else a plain 500 page with the
    request's id to quote (rendered without the request: no query, no session)."""
    if isinstance(sys.exception(), DATABASE_ERRORS):
        drop_broken_connections()
        return database_unavailable(request, busy=server_busy(sys.exception()))
    page = loader.get_template("errors/500.html").render(
        {"request_id": getattr(request, "request_id", "")}
    )
    return HttpResponseServerError(page)
