"""Work handed to ``config.after_response.later`` runs once the response is sent; jobs of
one ``order`` key in the order they were handed over, even when requests finish out of
order, and jobs of other keys without waiting for them; a waiting job holds no database
connection; and jobs run even when no response is ever closed."""

import threading

import pytest
from django.core.signals import request_finished
from django.db import connections, transaction
from django.http import HttpResponse
from django.test import RequestFactory

from config import after_response
from config.after_response import AfterResponseMiddleware, later
from rolls.stream import after_commit


def view_handing_over(done, name, order="party-1"):
    def view(request):
        later(lambda: done.append(name), order=order)
        done.append(f"{name} answered")
        return HttpResponse(name)

    return view


def request():
    return RequestFactory().get("/")


def test_outside_a_request_the_job_runs_at_once():
    done = []
    later(lambda: done.append("job"))
    assert done == ["job"]


def test_in_a_request_the_job_waits_for_the_response_to_close():
    done = []
    response = AfterResponseMiddleware(view_handing_over(done, "roll"))(request())
    assert done == ["roll answered"]
    response.close()
    assert done == ["roll answered", "roll"]
    response.close()  # once only
    assert done == ["roll answered", "roll"]


def test_jobs_run_in_the_order_handed_over_when_requests_finish_out_of_order():
    done = []
    first = AfterResponseMiddleware(view_handing_over(done, "first"))(request())
    closed = threading.Event()

    def second_request():
        response = AfterResponseMiddleware(view_handing_over(done, "second"))(request())
        response.close()  # waits for the first request's job
        closed.set()

    other = threading.Thread(target=second_request)
    other.start()
    assert not closed.wait(0.3), "the later job waited for the earlier one"
    first.close()
    other.join(timeout=5)
    assert [d for d in done if "answered" not in d] == ["first", "second"]


def test_a_job_whose_request_never_closes_holds_the_others_back_only_briefly(monkeypatch, caplog):
    monkeypatch.setattr(after_response, "WAIT_SECONDS", 0.2)
    done = []
    AfterResponseMiddleware(view_handing_over(done, "lost"))(request())  # never closed
    result = {}

    def later_request():
        response = AfterResponseMiddleware(view_handing_over(done, "next"))(request())
        response.close()
        result["done"] = list(done)

    other = threading.Thread(target=later_request)
    other.start()
    other.join(timeout=5)
    assert result["done"][-1] == "next"
    assert "never ran" in caplog.text
    after_response.run_pending()  # this thread's own leftovers still run when asked
    assert done[-1] == "lost"


def test_request_finished_runs_the_jobs_of_a_response_nobody_closed():
    done = []
    AfterResponseMiddleware(view_handing_over(done, "roll"))(request())
    request_finished.send(sender=None)  # Django's signal when the client left early
    assert done[-1] == "roll"


def test_jobs_of_another_order_do_not_wait_for_a_job_whose_request_is_still_open(monkeypatch):
    monkeypatch.setattr(after_response, "WAIT_SECONDS", 30)
    done = []
    AfterResponseMiddleware(view_handing_over(done, "slow", order="party-1"))(request())
    closed = threading.Event()

    def other_party():
        response = AfterResponseMiddleware(view_handing_over(done, "other", order="party-2"))(
            request()
        )
        response.close()
        closed.set()

    threading.Thread(target=other_party, daemon=True).start()
    assert closed.wait(5), "the other party's job ran without waiting for the first"
    assert [d for d in done if "answered" not in d] == ["other"]
    after_response.run_pending()
    assert done[-1] == "slow"


def test_a_job_handed_over_by_a_job_runs_in_its_turn_not_behind_the_next(monkeypatch):
    """A dashboard card's job publishes its event (a job of the party's order) while the
    roll's next job of that order is queued behind it: no waiting on each other."""
    monkeypatch.setattr(after_response, "WAIT_SECONDS", 30)
    done = []

    def card():
        later(lambda: done.append("card published"), order="party-1")

    def view(request):
        later(card, order="party-1")
        later(lambda: done.append("next published"), order="party-1")
        return HttpResponse()

    closing = threading.Thread(
        target=lambda: AfterResponseMiddleware(view)(request()).close(), daemon=True
    )
    closing.start()
    closing.join(timeout=5)
    assert not closing.is_alive(), "the jobs did not wait for each other"
    assert done == ["card published", "next published"]


@pytest.mark.django_db(transaction=True)
def test_a_job_waiting_for_its_turn_holds_no_database_connection():
    from django.contrib.auth.models import User

    done, used = [], {}
    first = AfterResponseMiddleware(view_handing_over(done, "first"))(request())

    def reading_view(request):
        User.objects.exists()  # the request reads the database, as every request does
        used["connection"] = connections["default"]
        later(lambda: done.append("second"), order="party-1")
        return HttpResponse()

    other = threading.Thread(
        target=lambda: AfterResponseMiddleware(reading_view)(request()).close(), daemon=True
    )
    other.start()
    other.join(timeout=0.5)
    assert other.is_alive(), "the second job waits for the first"
    assert used["connection"].connection is None, "its connection was given back first"
    first.close()
    other.join(timeout=5)
    assert done[-1] == "second"


def test_a_failing_job_is_logged_and_the_next_still_runs(caplog):
    done = []

    def view(request):
        later(lambda: 1 / 0)
        later(lambda: done.append("next"))
        return HttpResponse()

    AfterResponseMiddleware(view)(request()).close()
    assert done == ["next"]
    assert "ZeroDivisionError" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_an_announcement_after_commit_waits_for_the_response():
    done = []

    def view(request):
        with transaction.atomic():
            after_commit(done.append, "announced")
        done.append("committed")
        return HttpResponse()

    response = AfterResponseMiddleware(view)(request())
    assert done == ["committed"]
    response.close()
    assert done == ["committed", "announced"]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_transaction_announces_nothing():
    done = []

    def view(request):
        with pytest.raises(RuntimeError), transaction.atomic():
            after_commit(done.append, "announced")
            raise RuntimeError("the roll failed")
        return HttpResponse()

    AfterResponseMiddleware(view)(request()).close()
    assert done == []
