"""A state-changing request sent twice is applied once: the ``Idempotency-Key`` contract.

A page gives every request that changes something (POST, PUT, PATCH, DELETE) a random
key of its own (``static/js/idempotency.js``): the ``Idempotency-Key`` header on htmx
and script requests, the ``idempotency_key`` field on a plain form. When the connection
drops after the server got a roll but before its answer came back, the page sends the
same request again with the same key, and this middleware answers it from memory.

For a logged-in person, per (person, key):

- the first request runs, and its answer (status, headers, body) is kept;
- a repeat with the same method and path gets that answer again, with
  ``Idempotent-Replay: true``, and the view does not run;
- a repeat while the first still runs waits for it up to
  ``TABLESIDE_IDEMPOTENCY_WAIT_SECONDS`` (then is replayed), else answers 409 "already in
  progress" (``Retry-After``); a claim older than ``TAKEOVER_SECONDS`` with no answer
  (its server process died) is taken over by the repeat;
- the same key on another method or path answers 422; a malformed key 400.

Answers kept: 2xx, 3xx and 4xx (a refused form stays refused). A 5xx is not kept (the
database dropped, a bug): its claim is let go so a retry can succeed. Streaming answers
(file downloads, the feed) and bodies over ``MAX_BODY_BYTES`` are not kept either, and
a repeat of those runs again. Cookies a view sets are not replayed.

Rows live in the database (``config.models.IdempotentRequest``): every server process
sees them, and they outlast a restart. They are kept ``TABLESIDE_IDEMPOTENCY_KEEP_HOURS``
(24 by default), pruned at most once a minute per process after a response, as the
feed's events are, and by ``manage.py prune_idempotency``.

Requests without a key, reads, and anonymous requests are left as they are. The key is
looked at in ``process_view``, after the CSRF check: a forged request never gets a
stored answer.
"""

from __future__ import annotations

import logging
import re
import time
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from config.after_response import later
from config.models import IdempotentRequest

log = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
REPLAY_HEADER = "Idempotent-Replay"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,128}", re.ASCII)
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")

MAX_BODY_BYTES = 2 * 1024 * 1024
TAKEOVER_SECONDS = 120  # a claim this old with no answer: its process is gone
POLL_SECONDS = 0.05
PRUNE_EVERY_SECONDS = 60
# Headers that belong to the connection or to the outer middleware, not to the answer.
NOT_KEPT = frozenset({"content-length", "set-cookie", "connection", "date", "server"})


def keep_hours() -> float:
    return float(getattr(settings, "TABLESIDE_IDEMPOTENCY_KEEP_HOURS", 24))


def wait_seconds() -> float:
    return float(getattr(settings, "TABLESIDE_IDEMPOTENCY_WAIT_SECONDS", 5))


class BadKey(ValueError):
    pass


def key_of(request) -> str | None:
    """The request's key (header first, else the form field); None without one; BadKey
    for one that is not 8 to 128 letters, digits, '-' or '_'."""
    key = request.headers.get(HEADER)
    if key is None and request.content_type in FORM_TYPES:
        key = request.POST.get(FIELD)
    if key is None:
        return None
    if not KEY_PATTERN.fullmatch(key):
        raise BadKey(key)
    return key


def _plain(message: str, status: int) -> HttpResponse:
    response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["HX-Reswap"] = "none"  # htmx swaps 409 and 422: not this one
    return response


def bad_key() -> HttpResponse:
    return _plain(
        _(
            "The Idempotency-Key must be 8 to 128 letters, digits, '-' or '_' "
            "(a random id made for this one request). Nothing was changed."
        ),
        400,
    )


def other_request(row: IdempotentRequest) -> HttpResponse:
    return _plain(
        _(
            "This Idempotency-Key was already used for another request (%(request)s). "
            "Make a new key for a new request. Nothing was changed."
        )
        % {"request": f"{row.method} {row.path}"},
        422,
    )


def in_progress() -> HttpResponse:
    response = _plain(
        _(
            "This request is already in progress (the same Idempotency-Key). "
            "Ask again in a moment for its answer."
        ),
        409,
    )
    response["Retry-After"] = "1"
    return response


def replay(row: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(bytes(row.body), status=row.status)
    for name, value in row.headers:
        response[name] = value
    response[REPLAY_HEADER] = "true"
    return response


def claim(user, key: str, method: str, path: str):
    """Claim ``key`` for this request: (the new row, None) to run the view, or (None,
    the answer to give instead: a replay, 409 or 422)."""
    deadline = time.monotonic() + wait_seconds()
    while True:
        now = timezone.now()
        try:
            with transaction.atomic():
                row = IdempotentRequest.objects.create(
                    user=user, key=key, method=method, path=path, created=now
                )
            return row, None
        except IntegrityError:
            pass
        row = IdempotentRequest.objects.filter(user=user, key=key).first()
        if row is None:  # the first one failed (5xx) and let go meanwhile: claim it
            continue
        if row.created < now - timedelta(hours=keep_hours()):  # expired, not pruned yet
            IdempotentRequest.objects.filter(pk=row.pk, created=row.created).delete()
            continue
        if (row.method, row.path) != (method, path):
            return None, other_request(row)
        if row.status is not None:
            return None, replay(row)
        if row.created < now - timedelta(seconds=TAKEOVER_SECONDS):
            taken = IdempotentRequest.objects.filter(
                pk=row.pk, status=None, created=row.created
            ).update(created=now)
            if taken:
                row.created = now
                return row, None
            continue
        if time.monotonic() >= deadline:
            return None, in_progress()
        time.sleep(POLL_SECONDS)


def keepable(response) -> bool:
    return (
        not response.streaming
        and response.status_code < 500
        and len(response.content) <= MAX_BODY_BYTES
    )


def remember(row: IdempotentRequest, response) -> None:
    """Keep the answer of a claimed request, or let the claim go (5xx, streaming, too
    large) so that a repeat runs again."""
    try:
        if not keepable(response):
            IdempotentRequest.objects.filter(pk=row.pk).delete()
            return
        headers = [
            [name, value] for name, value in response.items() if name.lower() not in NOT_KEPT
        ]
        IdempotentRequest.objects.filter(pk=row.pk).update(
            status=response.status_code, headers=headers, body=bytes(response.content)
        )
    except DatabaseError:  # the answer still goes out; a repeat waits, then takes over
        log.warning("could not keep the answer of %s %s (key %s)", row.method, row.path, row.key)
    prune_soon()


_pruned_at = float("-inf")


def prune_soon() -> None:
    """Prune expired keys after this response, at most once a minute in this process."""
    global _pruned_at
    now = time.monotonic()
    if now - _pruned_at < PRUNE_EVERY_SECONDS:
        return
    _pruned_at = now
    later(prune)


def prune() -> int:
    """Delete the kept answers older than ``TABLESIDE_IDEMPOTENCY_KEEP_HOURS``; how many."""
    cutoff = timezone.now() - timedelta(hours=keep_hours())
    deleted, _ = IdempotentRequest.objects.filter(created__lt=cutoff).delete()
    return deleted


class IdempotencyMiddleware:
    """Honours ``Idempotency-Key`` on a logged-in person's state-changing requests."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        row = getattr(request, "_tableside_idempotency", None)
        if row is not None:
            request._tableside_idempotency = None
            remember(row, response)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method not in STATE_CHANGING:
            return None
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        try:
            key = key_of(request)
        except BadKey:
            return bad_key()
        if key is None:
            return None
        row, answer = claim(user, key, request.method, request.get_full_path())
        if row is not None:
            request._tableside_idempotency = row
        return answer
