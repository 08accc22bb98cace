"""A change sent twice with one Idempotency-Key is applied once (config/idempotency.py):
the middleware's contract, through the real roll path and through the middleware alone
(a view that fails, streams or takes its time)."""

import io
import threading
import uuid
from datetime import timedelta
from unittest import mock

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from config.idempotency import IdempotencyMiddleware, prune, reads_only
from config.models import IdempotentRequest
from rolls.models import Roll
from sheets.models import Party

HTMX = {"HX-Request": "true"}
FIGHT = {"skill": "fight", "modifier": 0, "gear": ""}


def new_key() -> str:
    return str(uuid.uuid4())


def roll_url(sheet, action="skill"):
    return reverse("roll_form", args=[sheet.pk, action])


def keyed(key):
    return {**HTMX, "Idempotency-Key": key}


# Through the roll path: the Mutant player's skill roll.


@pytest.mark.django_db
def test_a_roll_sent_twice_with_one_key_is_rolled_once_and_answered_twice_alike(
    player_client, mutant_sheet, scripted_dice
):
    scripted_dice(6, 6, 3, 4, 2, 5, 2, 6)
    key = new_key()
    first = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    again = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert first.status_code == again.status_code == 200
    assert Roll.objects.count() == 1
    assert "Idempotent-Replay" not in first.headers
    assert again.headers["Idempotent-Replay"] == "true"
    assert again.content == first.content
    assert again.headers["HX-Trigger"] == first.headers["HX-Trigger"]
    assert again.headers["Content-Type"] == first.headers["Content-Type"]


def _keyed_statements(player_client, mutant_sheet, key) -> list[str]:
    """The statements on the kept answers' table of one keyed roll (the once-a-minute
    pruning aside)."""
    with (
        mock.patch("config.idempotency._pruned_at", float("inf")),
        CaptureQueriesContext(connection) as captured,
    ):
        response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert response.status_code == 200
    table = IdempotentRequest._meta.db_table
    return [query["sql"] for query in captured.captured_queries if table in query["sql"]]


@pytest.mark.django_db
def test_a_new_key_is_claimed_in_one_statement_on_postgresql_and_looked_for_on_sqlite(
    player_client, mutant_sheet
):
    statements = _keyed_statements(player_client, mutant_sheet, new_key())
    verbs = [sql.split()[0] for sql in statements]
    if connection.vendor == "postgresql":  # a claim committed at once never waits
        assert verbs == ["INSERT", "UPDATE"]
        assert "ON CONFLICT" in statements[0]
    else:  # SQLite's insert would wait for the one writer: a repeat looks instead
        assert verbs == ["SELECT", "INSERT", "UPDATE"]
    assert IdempotentRequest.objects.get().status == 200


@pytest.mark.django_db
def test_a_key_already_claimed_is_looked_at_and_replayed_not_claimed_again(
    player_client, mutant_sheet
):
    key = new_key()
    first = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    verbs = [sql.split()[0] for sql in _keyed_statements(player_client, mutant_sheet, key)]
    assert verbs[-1] == "SELECT" and "UPDATE" not in verbs
    assert Roll.objects.count() == 1 and IdempotentRequest.objects.count() == 1
    assert IdempotentRequest.objects.get().body == first.content


@pytest.mark.django_db
def test_a_new_key_is_a_new_roll(player_client, mutant_sheet):
    for _ in range(2):
        player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(new_key()))
    assert Roll.objects.count() == 2


@pytest.mark.django_db
def test_without_a_key_every_request_runs_as_before(player_client, mutant_sheet):
    for _ in range(2):
        response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=HTMX)
        assert "Idempotent-Replay" not in response.headers
    assert Roll.objects.count() == 2
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_a_plain_form_carries_its_key_as_a_field(player_client, mutant_sheet):
    """Without JavaScript's header, a form's hidden idempotency_key does the same."""
    data = {**FIGHT, "idempotency_key": new_key()}
    first = player_client.post(roll_url(mutant_sheet), data)
    again = player_client.post(roll_url(mutant_sheet), data)
    assert Roll.objects.count() == 1
    assert again.status_code == first.status_code
    assert again.headers.get("Location") == first.headers.get("Location")
    assert again.headers["Idempotent-Replay"] == "true"


@pytest.mark.django_db
def test_another_person_with_the_same_key_gets_their_own_roll(client, player, mutant_sheet, party):
    from tests.factories import MutantSheetFactory, UserFactory, member_of

    other = member_of(party, UserFactory(username="other"))
    other_sheet = MutantSheetFactory(character__owner=other, character__party=party)
    key = new_key()
    client.force_login(player)
    client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    client.force_login(other)
    response = client.post(roll_url(other_sheet), FIGHT, headers=keyed(key))
    assert response.status_code == 200
    assert "Idempotent-Replay" not in response.headers
    assert Roll.objects.filter(character=other_sheet.character).count() == 1
    assert Roll.objects.count() == 2


@pytest.mark.django_db
def test_the_same_key_on_another_path_is_refused_with_422(player_client, mutant_sheet):
    key = new_key()
    player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    response = player_client.post(roll_url(mutant_sheet, "d6"), {"count": 2}, headers=keyed(key))
    assert response.status_code == 422
    assert "already used for another request" in response.text
    assert f"POST {roll_url(mutant_sheet)}" in response.text
    assert response.headers["HX-Reswap"] == "none"  # htmx swaps a 422: not this one
    assert Roll.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "key", ["short", "x" * 129, "has space1", "semi;colon", "ünïcödé-key", "../../etc/passwd"]
)
def test_a_malformed_key_is_refused_with_400_and_changes_nothing(player_client, mutant_sheet, key):
    response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert response.status_code == 400
    assert "8 to 128 letters, digits" in response.text
    assert not Roll.objects.exists()
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["abcdEFGH", "a" * 128, "under_score-and-dash1"])
def test_keys_of_8_to_128_letters_digits_dashes_and_underscores_are_taken(
    player_client, mutant_sheet, key
):
    response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert response.status_code == 200
    assert IdempotentRequest.objects.get().key == key


@pytest.mark.django_db
def test_a_refused_roll_is_kept_refused(player_client, mutant_sheet):
    """A 4xx is an answer too: the repeat gets the same refusal, the view is not run."""
    key = new_key()
    bad = {**FIGHT, "modifier": "lots"}
    first = player_client.post(roll_url(mutant_sheet), bad, headers=keyed(key))
    assert first.status_code == 422
    again = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert again.status_code == 422
    assert again.headers["Idempotent-Replay"] == "true"
    assert again.content == first.content
    assert not Roll.objects.exists()


@pytest.mark.django_db
def test_an_anonymous_request_ignores_the_key(client, mutant_sheet):
    """Only a logged-in person's changes are kept (the log-in form is not)."""
    response = client.post(reverse("login"), {"username": "x", "password": "y"},
                           headers={"Idempotency-Key": "bad"})  # fmt: skip
    assert response.status_code == 200
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_a_reading_request_ignores_the_key(player_client, mutant_sheet):
    response = player_client.get(roll_url(mutant_sheet), headers=keyed("bad"))
    assert response.status_code == 200
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_a_replay_still_needs_the_csrf_token(player, mutant_sheet):
    """The key is honoured after the CSRF check: a forged repeat gets no stored answer."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player)
    browser.get(reverse("home"))
    token = browser.cookies["csrftoken"].value
    key = new_key()
    first = browser.post(
        roll_url(mutant_sheet), FIGHT, headers={**keyed(key), "X-CSRFToken": token}
    )
    assert first.status_code == 200
    forged = browser.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert forged.status_code == 403
    assert "Idempotent-Replay" not in forged.headers
    assert Roll.objects.count() == 1


# The middleware alone, around views of the test's own.


class View:
    """A view that counts its runs and answers what the test says."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.runs = 0

    def __call__(self, request):
        self.runs += 1
        answer = self.answers[min(self.runs, len(self.answers)) - 1]
        return answer() if callable(answer) else answer


def send(view, user, key=None, path="/change/", method="post", data=None, asynchronous=False):
    request = getattr(RequestFactory(), method)(path, data or {})
    if key is not None:
        request.META["HTTP_IDEMPOTENCY_KEY"] = key
    request.user = user

    def through(request):  # as Django's handler: the middleware's process_view, then the view
        return middleware.process_view(request, view, (), {}) or view(request)

    async def through_on_the_loop(request):  # the same, under ASGI with an async chain
        answer = await sync_to_async(middleware.process_view)(request, view, (), {})
        return answer or await sync_to_async(view)(request)

    middleware = IdempotencyMiddleware(through_on_the_loop if asynchronous else through)
    assert middleware.is_async is asynchronous
    return async_to_sync(middleware)(request) if asynchronous else middleware(request)


@pytest.mark.django_db
def test_a_server_error_is_not_kept_so_a_retry_can_succeed(player):
    view = View(lambda: HttpResponse("boom", status=500), lambda: HttpResponse("done"))
    key = new_key()
    assert send(view, player, key).status_code == 500
    assert not IdempotentRequest.objects.exists()
    retried = send(view, player, key)
    assert retried.status_code == 200 and retried.content == b"done"
    assert view.runs == 2
    assert "Idempotent-Replay" not in retried.headers
    assert send(view, player, key).headers["Idempotent-Replay"] == "true"
    assert view.runs == 2


@pytest.mark.django_db
@pytest.mark.parametrize("status", [201, 204, 302, 403, 404, 409, 422])
def test_success_redirects_and_refusals_are_kept(player, status):
    def answer():
        response = HttpResponse(b"answer", status=status)
        response["Location"] = "/there/"
        response["HX-Trigger"] = "sheetChanged"
        response["HX-Retarget"] = "#result"
        return response

    view = View(answer)
    key = new_key()
    send(view, player, key)
    again = send(view, player, key)
    assert view.runs == 1
    assert again.status_code == status
    assert again["Location"] == "/there/"
    assert again["HX-Trigger"] == "sheetChanged"
    assert again["HX-Retarget"] == "#result"
    assert again.content == b"answer"


@pytest.mark.django_db
def test_a_streamed_answer_is_not_kept_and_a_repeat_runs_again(player):
    view = View(lambda: StreamingHttpResponse(iter([b"a", b"b"])))
    key = new_key()
    send(view, player, key)
    send(view, player, key)
    assert view.runs == 2
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_a_key_for_another_method_is_refused(player):
    view = View(HttpResponse("done"))
    key = new_key()
    send(view, player, key, method="post")
    refused = send(view, player, key, method="delete")
    assert refused.status_code == 422
    assert view.runs == 1


@pytest.mark.django_db
def test_an_anonymous_request_with_a_key_runs_every_time():
    view = View(HttpResponse("done"))
    key = new_key()
    send(view, AnonymousUser(), key)
    send(view, AnonymousUser(), key)
    assert view.runs == 2


@pytest.mark.django_db
def test_a_claim_left_by_a_dead_process_is_taken_over(player):
    """A claim with no answer long after (its server process died mid-request)."""
    key = new_key()
    IdempotentRequest.objects.create(user=player, key=key, method="POST", path="/change/",
                                     created=timezone.now() - timedelta(minutes=5))  # fmt: skip
    view = View(HttpResponse("done"))
    assert send(view, player, key).content == b"done"
    assert view.runs == 1
    assert IdempotentRequest.objects.get().status == 200


@pytest.mark.django_db
def test_an_expired_answer_is_not_replayed_and_is_pruned(player, settings):
    settings.TABLESIDE_IDEMPOTENCY_KEEP_HOURS = 24
    old = new_key()
    IdempotentRequest.objects.create(user=player, key=old, method="POST", path="/change/",
                                     status=200, body=b"old",
                                     created=timezone.now() - timedelta(hours=25))  # fmt: skip
    IdempotentRequest.objects.create(user=player, key=new_key(), method="POST",
                                     path="/change/", status=200, body=b"recent",
                                     created=timezone.now() - timedelta(hours=23))  # fmt: skip
    view = View(HttpResponse("new"))
    assert send(view, player, old).content == b"new"
    assert view.runs == 1
    IdempotentRequest.objects.filter(key=old).update(created=timezone.now() - timedelta(hours=30))
    assert prune() == 1
    assert list(IdempotentRequest.objects.values_list("body", flat=True)) == [b"recent"]


@pytest.mark.django_db
def test_manage_py_prune_idempotency_says_how_many_went(player):
    IdempotentRequest.objects.create(user=player, key=new_key(), method="POST", path="/c/",
                                     created=timezone.now() - timedelta(days=2))  # fmt: skip
    out = io.StringIO()
    call_command("prune_idempotency", stdout=out)
    assert "Pruned 1 kept answers older than 24 hours." in out.getvalue()
    assert not IdempotentRequest.objects.exists()


class Held:
    """A view that starts, then waits until the test lets it answer."""

    def __init__(self):
        self.started, self.go, self.runs = threading.Event(), threading.Event(), 0

    def __call__(self, request):
        self.runs += 1
        self.started.set()
        assert self.go.wait(30), "the test never let the view answer"
        return HttpResponse("rolled once")


def in_thread(function):
    from django.db import connection

    outcome = {}

    def run():
        try:
            outcome["response"] = function()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


@pytest.mark.django_db(transaction=True)
def test_a_repeat_while_the_first_runs_answers_409_once_its_wait_is_over(player, settings):
    settings.TABLESIDE_IDEMPOTENCY_WAIT_SECONDS = 0
    view, key = Held(), new_key()
    first, outcome = in_thread(lambda: send(view, player, key))
    assert view.started.wait(30)
    busy = send(view, player, key)
    assert busy.status_code == 409
    assert "already in progress" in busy.text
    assert busy["Retry-After"] == "1"
    assert busy["HX-Reswap"] == "none"
    view.go.set()
    first.join(30)
    assert outcome["response"].status_code == 200
    assert view.runs == 1


@pytest.mark.django_db(transaction=True)
def test_a_repeat_while_the_first_runs_waits_and_gets_its_answer(player, settings):
    settings.TABLESIDE_IDEMPOTENCY_WAIT_SECONDS = 30
    view, key = Held(), new_key()
    first, first_outcome = in_thread(lambda: send(view, player, key))
    assert view.started.wait(30)
    second, second_outcome = in_thread(lambda: send(view, player, key))
    view.go.set()
    first.join(30)
    second.join(30)
    assert view.runs == 1
    assert first_outcome["response"].status_code == 200
    repeat = second_outcome["response"]
    assert repeat.status_code == 200 and repeat.content == b"rolled once"
    assert repeat["Idempotent-Replay"] == "true"


# The change and its answer commit together (one transaction): a process that dies
# between the two can no longer leave a change applied and its key unanswered.


def writes(name, status=200):
    """An answer that first changes something: a party called ``name``."""

    def answer():
        from tests.factories import PartyFactory

        PartyFactory(name=name)
        return HttpResponse(f"made {name}", status=status)

    return answer


def made(name) -> int:
    return Party.objects.filter(name=name).count()


@pytest.mark.django_db
@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_a_server_error_rolls_back_what_the_view_wrote_so_the_retry_applies_it_once(
    player, asynchronous
):
    view = View(writes("Ark", status=500), writes("Ark"))
    key = new_key()
    assert send(view, player, key, asynchronous=asynchronous).status_code == 500
    assert made("Ark") == 0
    assert not IdempotentRequest.objects.exists()
    assert send(view, player, key, asynchronous=asynchronous).status_code == 200
    assert made("Ark") == 1
    again = send(view, player, key, asynchronous=asynchronous)
    assert again.headers["Idempotent-Replay"] == "true" and again.content == b"made Ark"
    assert view.runs == 2 and made("Ark") == 1


@pytest.mark.django_db
@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_a_view_that_raises_leaves_nothing_written_and_lets_its_claim_go(player, asynchronous):
    def crash():
        writes("Ark")()
        raise RuntimeError("a bug after the write")

    view = View(crash, writes("Ark"))
    key = new_key()
    with pytest.raises(RuntimeError):
        send(view, player, key, asynchronous=asynchronous)
    assert made("Ark") == 0
    assert not IdempotentRequest.objects.exists()
    assert send(view, player, key, asynchronous=asynchronous).status_code == 200
    assert made("Ark") == 1


@pytest.mark.django_db
def test_a_request_that_lost_its_claim_to_a_repeat_rolls_its_change_back(player):
    """It ran past the takeover time; a repeat took the claim over (as ``claim`` does,
    moving its time on) and applies the change itself: this one must not apply it too."""
    key = new_key()

    def slow():
        writes("Ark")()
        IdempotentRequest.objects.filter(key=key).update(created=timezone.now())
        return HttpResponse("made Ark")

    answer = send(View(slow), player, key)
    assert answer.status_code == 409 and "already in progress" in answer.text
    assert made("Ark") == 0


@pytest.mark.django_db
@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_the_answer_is_kept_and_replayed_in_either_mode(player, asynchronous):
    view = View(writes("Ark", status=201))
    key = new_key()
    send(view, player, key, asynchronous=asynchronous)
    again = send(view, player, key, asynchronous=asynchronous)
    assert again.status_code == 201 and again.headers["Idempotent-Replay"] == "true"
    assert view.runs == 1 and made("Ark") == 1


class HeldWriter(Held):
    """Writes, then waits until the test lets it answer."""

    def __call__(self, request):
        writes("Ark")()
        return super().__call__(request)


@pytest.mark.django_db(transaction=True)
def test_others_see_the_change_only_with_its_answer(player):
    view, key = HeldWriter(), new_key()
    first, outcome = in_thread(lambda: send(view, player, key))
    try:
        assert view.started.wait(30)
        assert made("Ark") == 0  # written, not committed: the answer is not there yet
        assert IdempotentRequest.objects.get(key=key).status is None
    finally:
        view.go.set()
        first.join(30)
    assert outcome["response"].status_code == 200
    assert made("Ark") == 1
    assert IdempotentRequest.objects.get(key=key).status == 200


def taken_over_then_writes(key, name):
    """An answer whose claim a repeat takes over while the view runs (as one sent after
    ``TAKEOVER_SECONDS`` does: on its own connection, committed), before the view
    writes a party called ``name``. SQLite's one writer is the view's transaction: there
    the claim is re-dated inside it, which the answer's write sees the same way."""

    def repeat_takes_over():
        IdempotentRequest.objects.filter(key=key).update(
            created=timezone.now() + timedelta(seconds=1)
        )

    def on_its_own_connection():
        try:
            repeat_takes_over()
        finally:
            connection.close()

    def answer():
        if connection.vendor == "sqlite":
            repeat_takes_over()
        else:
            repeat = threading.Thread(target=on_its_own_connection)
            repeat.start()
            repeat.join(30)
        return writes(name)()

    return answer


@pytest.mark.django_db(transaction=True)
def test_a_request_whose_claim_was_taken_over_keeps_neither_change_nor_answer(player):
    """The repeat that took the claim over applies the change: the late first one rolls
    its own back and answers 409 (on PostgreSQL its answer's statement also carries the
    commit, which must then not run). Sync only: in the whole suite a transactional test
    may run after the browser tests, while Playwright's event loop runs in the main
    thread, where ``async_to_sync`` refuses to run; the answer is written the same way
    in either mode."""
    key = new_key()
    view = View(taken_over_then_writes(key, "Ark"))
    late = send(view, player, key)
    assert late.status_code == 409
    assert made("Ark") == 0
    assert IdempotentRequest.objects.get(key=key).status is None  # for the repeat to answer


@pytest.mark.django_db(transaction=True)
def test_a_keyed_change_commits_with_its_answer(player):
    view = View(writes("Ark", status=201))
    key = new_key()
    assert send(view, player, key).status_code == 201
    assert made("Ark") == 1
    assert IdempotentRequest.objects.get(key=key).status == 201
    again = send(view, player, key)
    assert again.status_code == 201 and again.headers["Idempotent-Replay"] == "true"
    assert view.runs == 1 and made("Ark") == 1


class Killed(BaseException):
    """The server process goes down here (a deploy, the OOM killer): nothing after it
    runs, no ``except Exception`` sees it."""


def roll_in_a_dying_thread(client, url, key, kill):
    """Send a keyed roll from a thread that dies where ``kill`` says, once its roll is
    written; the thread's connection goes as a dead process's would."""
    from django.db import connection

    def run():
        try:
            with kill():
                client.post(url, FIGHT, headers=keyed(key))
        except Killed:
            outcome["killed"] = True
        finally:
            connection.close()

    outcome = {}
    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert outcome.get("killed"), "the request finished: it was never killed"


def after_the_roll(monkeypatch, at_commit):
    """A context for the dying thread: once its Roll is written, ``Killed`` is raised at
    the next commit, just after the database committed (``at_commit``), or at once,
    before anything committed."""
    import contextlib

    from django.db import connections
    from django.db.models.signals import post_save

    backend = type(connections["default"])  # every thread's connection is one of these
    state = {"thread": None, "rolled": False}
    real_commit = backend._commit

    def commit(self):
        if threading.get_ident() != state["thread"] or not state["rolled"]:
            return real_commit(self)
        state["rolled"] = False
        real_commit(self)  # the database has it...
        raise Killed  # ...and the process is gone before anything else runs

    def rolled(sender, **kwargs):
        if threading.get_ident() != state["thread"]:
            return
        if not at_commit:
            raise Killed
        state["rolled"] = True

    monkeypatch.setattr(backend, "_commit", commit)

    @contextlib.contextmanager
    def kill():
        state["thread"] = threading.get_ident()
        post_save.connect(rolled, sender=Roll, dispatch_uid="tableside-test-killed")
        try:
            yield
        finally:
            post_save.disconnect(sender=Roll, dispatch_uid="tableside-test-killed")

    return kill


def takeover_time_passes(key):
    IdempotentRequest.objects.filter(key=key).update(created=timezone.now() - timedelta(minutes=5))


@pytest.mark.django_db(transaction=True)
def test_a_process_killed_just_after_its_roll_committed_leaves_the_answer_for_the_retry(
    player, mutant_sheet, monkeypatch
):
    """The gap the claim's takeover left open: the change committed, the process killed
    before the answer was kept, the retry two minutes later rolled again."""
    browser = Client()
    browser.force_login(player)
    key = new_key()
    roll_in_a_dying_thread(browser, roll_url(mutant_sheet), key, after_the_roll(monkeypatch, True))
    assert Roll.objects.count() == 1  # committed before the process died
    takeover_time_passes(key)
    again = browser.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert Roll.objects.count() == 1
    assert again.status_code == 200
    assert again.headers["Idempotent-Replay"] == "true"
    assert f'data-roll-result="{Roll.objects.get().pk}"' in again.text


@pytest.mark.django_db(transaction=True)
def test_a_process_killed_before_its_roll_committed_leaves_nothing_and_the_retry_rolls_once(
    player, mutant_sheet, monkeypatch, settings
):
    settings.TABLESIDE_IDEMPOTENCY_WAIT_SECONDS = 0
    browser = Client()
    browser.force_login(player)
    key = new_key()
    roll_in_a_dying_thread(browser, roll_url(mutant_sheet), key, after_the_roll(monkeypatch, False))
    assert not Roll.objects.exists()
    assert IdempotentRequest.objects.get(key=key).status is None  # its claim stays behind
    busy = browser.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert busy.status_code == 409  # not yet: the first might still be running
    takeover_time_passes(key)
    again = browser.post(roll_url(mutant_sheet), FIGHT, headers=keyed(key))
    assert again.status_code == 200 and "Idempotent-Replay" not in again.headers
    assert Roll.objects.count() == 1


# A view that only reads, sent as a POST: the key changes nothing, nothing is kept.


@pytest.mark.django_db
def test_a_reads_only_view_ignores_the_key_and_keeps_nothing(player):
    view = reads_only(View(lambda: HttpResponse("read")))
    key = new_key()
    send(view, player, key)
    again = send(view, player, key)
    assert view.runs == 2
    assert "Idempotent-Replay" not in again.headers
    assert not IdempotentRequest.objects.exists()


@pytest.mark.django_db
def test_the_sheets_refresh_keeps_no_answer(player_client, mutant_sheet):
    url = reverse("sheet_refresh", args=[mutant_sheet.character.pk])
    key = new_key()
    for _ in range(2):
        response = player_client.post(url, {}, headers=keyed(key))
        assert response.status_code == 200
        assert "Idempotent-Replay" not in response.headers
    assert not IdempotentRequest.objects.exists()
