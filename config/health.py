"""``/healthz`` and ``/readyz``: what a proxy, a monitor or systemd asks a server node.

- ``/healthz``: the process answers (nothing else is touched).
- ``/readyz``: the database answers, Redis answers (when ``REDIS_URL`` is set) and every
  migration on disk is applied. 200 "ok" or 503 "not ready"; the reason goes to the log
  only, never to the client.

``HealthMiddleware`` is the outermost middleware: it answers before the host check,
the HTTPS redirect, sessions, CSRF, log-in and throttling, so a check from the proxy
(any Host, plain HTTP) is never refused, redirected or counted, and no session is read
or written. Each check costs a ``SELECT 1`` and a ``PING``; migrations are compared
with the database until they are found applied, then no more in this process (a new
release restarts it).
"""

from __future__ import annotations

import logging
import threading

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpResponse

from config.async_middleware import BothModesMiddleware

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"
CHECK_SECONDS = 2.0  # how long one check waits for the database or Redis


def answer(text: str, status: int = 200) -> HttpResponse:
    response = HttpResponse(f"{text}\n", content_type="text/plain; charset=utf-8", status=status)
    response["Cache-Control"] = "no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


class HealthMiddleware(BothModesMiddleware):
    def handle(self, request):
        if request.path_info not in (HEALTH_PATH, READY_PATH):
            return self.get_response(request)
        return health_answer(request)

    async def ahandle(self, request):
        if request.path_info not in (HEALTH_PATH, READY_PATH):
            return await self.get_response(request)
        if request.path_info == HEALTH_PATH:
            return health_answer(request)  # nothing to wait for
        # the request's own thread: its connection is given back when the request ends
        return await sync_to_async(health_answer)(request)


def health_answer(request) -> HttpResponse:
    """The answer to a health or readiness check."""
    if request.method not in ("GET", "HEAD"):
        response = answer("method not allowed", 405)
        response["Allow"] = "GET, HEAD"
        return response
    if request.path_info == HEALTH_PATH:
        return answer("ok")
    problem = readiness_problem()
    if problem:
        log.warning("%s: not ready: %s", READY_PATH, problem)
        return answer("not ready", 503)
    return answer("ok")


def readiness_problem() -> str | None:
    """Why this process cannot serve a table now, or None."""
    for check in (_database_problem, _redis_problem, _migrations_problem):
        try:
            problem = check()
        except Exception as error:  # any failure of a dependency is "not ready"
            problem = f"{check.__name__.strip('_').replace('_problem', '')}: {error!r}"
        if problem:
            return problem
    return None


def _database_problem() -> None:
    connection = connections[DEFAULT_DB_ALIAS]
    pool = getattr(connection, "pool", None)
    if pool is not None:
        # Ask the pool itself with a short wait: a request would wait its full timeout.
        pool.open(wait=False)
        with pool.connection(timeout=CHECK_SECONDS) as raw:
            raw.execute("SELECT 1")
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return None


_redis_clients: dict[str, redis.Redis] = {}
_redis_lock = threading.Lock()


def _redis_problem() -> None:
    url = settings.REDIS_URL
    if not url:
        return None
    with _redis_lock:
        client = _redis_clients.get(url)
        if client is None:
            client = _redis_clients[url] = redis.Redis.from_url(
                url, socket_connect_timeout=CHECK_SECONDS, socket_timeout=CHECK_SECONDS
            )
    client.ping()
    return None


class _Migrations:
    """Whether every migration on disk was found applied in this process."""

    applied = False


migrations = _Migrations()


def _migrations_problem() -> str | None:
    if migrations.applied:
        return None
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        names = ", ".join(str(migration) for migration, _ in pending[:3])
        return f"{len(pending)} migration(s) not applied ({names}...): run manage.py migrate"
    migrations.applied = True
    return None
