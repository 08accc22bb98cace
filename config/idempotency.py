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

The change and its answer commit together. The claim is written (and committed) first,
so a repeat sees it; then the view runs inside one transaction opened here, in which its
own ``transaction.atomic()`` blocks are savepoints, and the answer is written on the
claim in that same transaction before it commits. A process killed after the commit
leaves the answer, replayed to the retry; one killed before it leaves nothing of the
change, and the retry, once it takes the claim over, applies it once. A request that
ran past ``TAKEOVER_SECONDS`` and lost its claim to a repeat rolls its change back
(409): the repeat applies it.

Answers kept: 2xx, 3xx and 4xx (a refused form stays refused). A 5xx is not kept (the
database dropped, a bug): what the view wrote is rolled back and its claim let go, so a
retry runs again and can succeed. Streaming answers and bodies over ``MAX_BODY_BYTES``
are not kept either: their claim is let go with the change, and a repeat runs again (no
view that changes something answers so). Cookies a view sets are not replayed. A view
that only reads, sent as a POST (the sheet's refresh), is marked ``@reads_only``: its key
is ignored.

Rows live in the database (``config.models.IdempotentRequest``): every server process
sees them, and they outlast a restart. They are kept ``TABLESIDE_IDEMPOTENCY_KEEP_HOURS``
(24 by default), pruned at most once a minute per process after a response, as the
feed's events are, and by ``manage.py prune_idempotency``.

Requests without a key, reads, and anonymous requests are left as they are. The key is
looked at in ``process_view``, after the CSRF check: a forged request never gets a
stored answer.
"""

from __future__ import annotations

import functools
import logging
import re
import time
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import (
    DatabaseError,
    DataError,
    IntegrityError,
    connections,
    router,
    transaction,
)
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from config.after_response import later
from config.async_middleware import BothModesMiddleware
from config.models import IdempotentRequest
from config.prepared import sends_several_in_one_message

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
    the answer to give instead: a replay, 409 or 422).

    On PostgreSQL a new key is claimed first, in one statement (``claim_new``), and the
    row is looked at only when the key is already there. On SQLite the row is looked for
    before a claim is written: a write waits for the database's one writer, which is the
    first request while its view runs; a read does not, so a repeat meanwhile waits
    here, as the contract says, and not for SQLite's lock."""
    deadline = time.monotonic() + wait_seconds()
    row = claim_new(user, key, method, path)
    if row is not None:
        return row, None
    while True:
        now = timezone.now()
        row = IdempotentRequest.objects.filter(user=user, key=key).first()
        if row is None:
            try:
                with transaction.atomic():
                    row = IdempotentRequest.objects.create(
                        user=user, key=key, method=method, path=path, created=now
                    )
                return row, None
            except IntegrityError:  # claimed by a repeat meanwhile: look again
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


def claim_new(user, key: str, method: str, path: str) -> IdempotentRequest | None:
    """On PostgreSQL, the claim of a key not seen before in one statement (a request's
    first sending is nearly always that), committed at once: the row, or None when the
    key is already there (``claim`` then looks at it). ``INSERT ... ON CONFLICT DO
    NOTHING`` does not wait for a claim that is committed, as every claim is; the
    look, the insert and its transaction were four round trips. SQLite's insert would
    wait for the database's one writer, the first request while its view runs, so
    there ``claim`` looks first."""
    alias = router.db_for_write(IdempotentRequest)
    connection = connections[alias]
    if connection.vendor != "postgresql":
        return None
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_claim_sql(alias), [user.pk, key, method, path, now])
        found = cursor.fetchone()
    if found is None:
        return None
    row = IdempotentRequest(id=found[0], user=user, key=key, method=method, path=path,
                            created=now)  # fmt: skip
    row._state.adding, row._state.db = False, alias
    return row


@functools.cache
def _claim_sql(alias: str) -> str:
    """The claim's statement for the database ``alias``, built once per process."""
    meta, quote = IdempotentRequest._meta, connections[alias].ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column)
                        for name in ("user", "key", "method", "path", "headers", "body",
                                     "created"))  # fmt: skip
    user, key = (quote(meta.get_field(name).column) for name in ("user", "key"))
    return (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) "
        f"VALUES (%s, %s, %s, %s, '[]'::jsonb, ''::bytea, %s) "
        f"ON CONFLICT ({user}, {key}) DO NOTHING RETURNING {quote(meta.pk.column)}"
    )


def keepable(response) -> bool:
    return (
        not response.streaming
        and response.status_code < 500
        and len(response.content) <= MAX_BODY_BYTES
    )


def store(row: IdempotentRequest, response, claimed_in=None) -> bool:
    """Write the answer on the claim, in the view's transaction; False when the claim is
    no longer this request's (taken over by a repeat after ``TAKEOVER_SECONDS``).

    Every keyed change writes one, so its UPDATE is built once per database (an ORM
    ``update()`` compiled it again each time, half the cost of the write).

    ``claimed_in``: the claim's ``transaction.atomic()``. When it is the connection's
    only open block, nothing asked for a rollback and PostgreSQL takes several
    statements in one message (client-side binding), the answer's statement commits the
    transaction too, a round trip less (``commits_with_answer``): once the answer is
    written nothing else is sent before the commit. A claim that is no longer this
    request's then makes the statement fail (a division by its zero rows answered), so
    the commit after it is not run and the transaction is rolled back as before."""
    alias = router.db_for_write(IdempotentRequest)
    connection = connections[alias]
    commit = claimed_in is not None and commits_with_answer(connection, claimed_in)
    meta = IdempotentRequest._meta
    headers = [[name, value] for name, value in response.items() if name.lower() not in NOT_KEPT]
    values = [
        response.status_code,
        meta.get_field("headers").get_db_prep_save(headers, connection),
        meta.get_field("body").get_db_prep_save(bytes(response.content), connection),
        row.pk,
        meta.get_field("created").get_db_prep_value(row.created, connection),
    ]
    with connection.cursor() as cursor:
        if not commit:
            cursor.execute(_store_sql(alias), values)
            return cursor.rowcount == 1
        try:
            cursor.execute(_store_and_commit_sql(alias), values)
        except DataError as error:
            if getattr(error.__cause__, "sqlstate", None) == DIVISION_BY_ZERO:
                return False  # taken over: the commit was not run
            raise
        return True


DIVISION_BY_ZERO = "22012"  # PostgreSQL's SQLSTATE


def commits_with_answer(connection, claimed_in) -> bool:
    """Whether the answer's statement on ``connection`` can commit the claim's
    transaction ``claimed_in`` (``store``)."""
    return (
        sends_several_in_one_message(connection)
        and connection.atomic_blocks == [claimed_in]
        and not connection.needs_rollback
    )


@functools.cache
def _store_and_commit_sql(alias: str) -> str:
    """The answer's UPDATE and the commit, in one message: the UPDATE answering no row
    (the claim taken over) divides by zero, and PostgreSQL runs nothing after an error
    in a message."""
    return (
        f"WITH answered AS ({_store_sql(alias)} RETURNING 1) "
        f"SELECT 1 / count(*) FROM answered; COMMIT"
    )


@functools.cache
def _store_sql(alias: str) -> str:
    """The answer's UPDATE for the database ``alias`` (only while the claim is still
    this request's: unanswered, and created when this request claimed it)."""
    meta, quote = IdempotentRequest._meta, connections[alias].ops.quote_name
    status, headers, body, created = (
        quote(meta.get_field(name).column) for name in ("status", "headers", "body", "created")
    )
    return (
        f"UPDATE {quote(meta.db_table)} SET {status} = %s, {headers} = %s, {body} = %s "
        f"WHERE {quote(meta.pk.column)} = %s AND {status} IS NULL AND {created} = %s"
    )


def let_go(row: IdempotentRequest) -> None:
    """Delete a claim whose request applied nothing, so that a repeat runs again (unless
    it was answered after all: a commit whose acknowledgement was lost)."""
    try:
        IdempotentRequest.objects.filter(pk=row.pk, status=None, created=row.created).delete()
    except DatabaseError:  # a repeat waits, then takes the claim over
        log.warning("could not let go of the claim %s %s (key %s)", row.method, row.path, row.key)


class Claimed:
    """A claimed request, whose view runs inside the transaction opened here: its
    answer is written in that transaction, so the change and the answer commit together
    (a process killed after the commit leaves an answer to replay, one killed before it
    leaves neither, and the claim is taken over after ``TAKEOVER_SECONDS``)."""

    def __init__(self, row: IdempotentRequest):
        self.row = row
        self.atomic = transaction.atomic()
        self.atomic.__enter__()

    def close(self, error: BaseException | None = None) -> None:
        """Commit (or roll back, with ``error`` or after ``set_rollback``)."""
        if error is None:
            self.atomic.__exit__(None, None, None)
        else:
            self.atomic.__exit__(type(error), error, error.__traceback__)

    def abandon(self, error: BaseException) -> None:
        """The request raised: nothing it did is kept; an error (not a process going
        down) lets the claim go at once."""
        self.close(error)
        if isinstance(error, Exception):
            let_go(self.row)

    def settle(self, response):
        """Store the answer and commit it with the view's change; a 5xx: roll both back
        and let the claim go; streaming or too large: let the claim go with the change
        committed (a repeat runs again). Returns the answer to send."""
        failed = response.status_code >= 500
        answer = response
        try:
            if failed:
                transaction.set_rollback(True)
            elif not keepable(response):
                IdempotentRequest.objects.filter(pk=self.row.pk).delete()
            elif not store(self.row, response, claimed_in=self.atomic):
                transaction.set_rollback(True)  # the repeat that took over applies it
                log.warning("the claim of %s %s (key %s) was taken over before its answer",
                            self.row.method, self.row.path, self.row.key)  # fmt: skip
                answer = in_progress()
        except BaseException as error:  # the answer could not be written: nor is the change
            self.abandon(error)
            raise
        try:
            self.close()
        except BaseException as error:  # the commit failed: nothing was applied
            if isinstance(error, Exception):
                let_go(self.row)
            raise
        if failed:
            let_go(self.row)
        prune_soon()
        return answer


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


def reads_only(view):
    """Mark a view that answers a POST without changing anything (the sheet's refresh,
    which sends the page's values in its body): its key is ignored, as without one;
    nothing is claimed or kept, and a repeat reads again."""
    view.idempotency_exempt = True
    return view


ATTRIBUTE = "_tableside_idempotency"


class IdempotencyMiddleware(BothModesMiddleware):
    """Honours ``Idempotency-Key`` on a logged-in person's state-changing requests.

    ``process_view`` claims the key and opens the transaction the view runs in (the
    views' own ``transaction.atomic()`` blocks become savepoints in it); the answer is
    written and committed on the way out."""

    def handle(self, request):
        try:
            response = self.get_response(request)
        except BaseException as error:
            claimed = request.__dict__.pop(ATTRIBUTE, None)
            if claimed is not None:
                claimed.abandon(error)
            raise
        claimed = request.__dict__.pop(ATTRIBUTE, None)
        return response if claimed is None else claimed.settle(response)

    async def ahandle(self, request):
        # The claim's transaction was opened on the request's thread (``process_view``
        # runs there, as the view does): it is closed there too.
        try:
            response = await self.get_response(request)
        except BaseException as error:
            claimed = request.__dict__.pop(ATTRIBUTE, None)
            if claimed is not None:
                await sync_to_async(claimed.abandon)(error)
            raise
        claimed = request.__dict__.pop(ATTRIBUTE, None)
        return response if claimed is None else await sync_to_async(claimed.settle)(response)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method not in STATE_CHANGING:
            return None
        if getattr(view_func, "idempotency_exempt", False):
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
            request.__dict__[ATTRIBUTE] = Claimed(row)
        return answer
