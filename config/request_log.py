"""One log line per request, and a request id a player can quote.

Every request gets an id: a proxy's X-Request-ID when it is sane (letters, digits and
``-_.:``, up to 64), else a new random one. It is on the response (X-Request-ID), on the
500 and 503 pages, on the request's line (``tableside.request``: id, user id, method,
path, status, milliseconds; under the ASGI server also the milliseconds it waited for a
thread, ``waited=``; then its thread's CPU milliseconds, ``cpu=``, and the milliseconds
from sending its database statements to having their answers, with their number,
``db=<ms>ms/<statements>``: what is left of its time, it waited for the process, whose
other threads held the interpreter) and on every other record logged while the request
runs (Django's "Internal Server Error" with its traceback too). TABLESIDE_LOG_FORMAT=json
writes each record as one JSON object per line.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time

from django.db import DEFAULT_DB_ALIAS, connections

from config.async_middleware import BothModesMiddleware

log = logging.getLogger("tableside.request")

HEADER = "X-Request-ID"
# The milliseconds a request waited on the event loop for a place in a thread (in its
# ASGI scope, put there by ``config.asgi_handler``; see ``Admission``): its line says it
# as ``waited=``, beside the milliseconds it took once in (which do not count the wait).
WAITED_MS = "tableside.waited_ms"
SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
FIELDS = ("request_id", "user_id", "method", "path", "status", "duration_ms", "waited_ms",
          "cpu_ms", "db_ms", "db_statements")  # fmt: skip

current_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "tableside_request_id", default=None
)


def request_id_for(request) -> str:
    offered = request.headers.get(HEADER, "")
    if SANE_ID.fullmatch(offered):
        return offered
    return secrets.token_hex(8)


def user_id(request) -> int | None:
    """The user's id if the request looked at its user (no query just for the log)."""
    user = request.__dict__.get("_cached_user")
    if user is not None and user.is_authenticated:
        return user.pk
    return None


class DatabaseTime:
    """An execute wrapper (``connection.execute_wrapper``) adding up the wall time of
    the statements it sees and their number."""

    def __init__(self):
        self.seconds, self.statements = 0.0, 0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started
            self.statements += 1


class RequestLogMiddleware(BothModesMiddleware):
    def handle(self, request):
        started, cpu_started = time.perf_counter(), time.thread_time()
        token = begin(request)
        database = DatabaseTime()
        try:
            with connections[DEFAULT_DB_ALIAS].execute_wrapper(database):
                response = self.get_response(request)
        finally:
            current_request_id.reset(token)
        return logged(
            request, response, started, cpu_ms=(time.thread_time() - cpu_started) * 1000,
            database=database,
        )  # fmt: skip

    async def ahandle(self, request):
        started = time.perf_counter()
        token = begin(request)
        try:
            response = await self.get_response(request)
        finally:
            current_request_id.reset(token)
        return logged(request, response, started)


def begin(request) -> contextvars.Token:
    request.request_id = request_id_for(request)
    return current_request_id.set(request.request_id)


def logged(request, response, started: float, cpu_ms: float | None = None,
           database: DatabaseTime | None = None):  # fmt: skip
    """The response with its request id; the request's line written."""
    response[HEADER] = request.request_id
    duration = (time.perf_counter() - started) * 1000
    who = user_id(request)
    waited = getattr(request, "scope", {}).get(WAITED_MS)  # a WSGI request has no scope
    text, values = "%s user=%s %s %s %s %.1fms", [
        request.request_id, "-" if who is None else who, request.method, request.path,
        response.status_code, duration,
    ]  # fmt: skip
    if waited is not None:
        text += " waited=%.1fms"
        values.append(waited)
    db_ms = None if database is None else database.seconds * 1000
    if cpu_ms is not None:
        text += " cpu=%.1fms db=%.1fms/%d"
        values += [cpu_ms, db_ms, database.statements]
    log.info(
        text,
        *values,
        extra={
            "request_id": request.request_id,
            "user_id": who,
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round(duration, 1),
            "waited_ms": None if waited is None else round(waited, 1),
            "cpu_ms": None if cpu_ms is None else round(cpu_ms, 1),
            "db_ms": None if db_ms is None else round(db_ms, 1),
            "db_statements": None if database is None else database.statements,
        },
    )
    return response


class RequestIdFilter(logging.Filter):
    """Puts the request id on every record: from the record's request (Django's own
    error lines carry one), else from the request this thread is serving."""

    def filter(self, record):
        if not getattr(record, "request_id", None):
            request = getattr(record, "request", None)
            record.request_id = getattr(request, "request_id", None) or current_request_id.get()
        return True


class TextFormatter(logging.Formatter):
    def __init__(self):
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def format(self, record):
        line = super().format(record)
        request_id = getattr(record, "request_id", None)
        if request_id and record.name != log.name:
            line += f" [request {request_id}]"
        return line


class JsonFormatter(logging.Formatter):
    def format(self, record):
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for field in FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                entry[field] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry)
