"""`sheet` and `dashboard`: server time and SQL queries of a page, in this process
(Django's test client; ``CaptureQueriesContext`` counts the queries). The time is the
whole request through the middleware, templates included, without the network."""

from __future__ import annotations

import time
from functools import partial

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.stats import summary

RENDERS = 8


def measure(client: Client, url: str, renders: int = RENDERS) -> dict:
    client.get(url)  # warm: templates compiled, caches filled
    timings, queries, status = [], [], None
    for _ in range(renders):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - started) * 1000)
        status = response.status_code
        queries.append(len(captured))
    return {"status": status, "ms": summary(timings), "queries": max(queries),
            "html_bytes": len(response.content)}  # fmt: skip


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def sheets(user, characters: dict, renders: int = RENDERS) -> dict:
    client = logged_in(user)
    return {slug: measure(client, character.get_absolute_url(), renders)
            for slug, character in characters.items()}  # fmt: skip


def dashboard(gm, party, renders: int = RENDERS) -> dict:
    client = logged_in(gm)
    result = measure(client, reverse("party_dashboard", args=[party.pk]), renders)
    result["characters"] = party.characters.count()
    return result


def _split_at_answer(client: Client):
    """Mark, on each request of ``client``, the moment its answer is ready (before the
    work ``config.after_response`` runs once it is sent): ``marks`` gets the time and
    the number of queries run so far."""
    marks: dict = {}
    get_response = client.handler.get_response

    def answered(request):
        response = get_response(request)
        marks["at"] = time.perf_counter()
        marks["queries"] = len(connection.queries_log)
        return response

    client.handler.get_response = answered
    return marks


def roll_work(user, characters: dict, renders: int = RENDERS) -> dict:
    """Each system's everyday roll in this process, against the trivial page: the server
    time and queries until the answer is ready, and those of the work done after it has
    gone (the roll's card and the GM's dashboard card for the party's feed), which hold
    the worker but not the player."""
    from bench.rolls import TRIVIAL, fresh, roll_action, roll_url

    client = logged_in(user)
    marks = _split_at_answer(client)

    def timed(call) -> tuple[float, int, float, int, int]:
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = call()
            ended = time.perf_counter()
        answer_ms = (marks["at"] - started) * 1000
        before = marks["queries"] - captured.initial_queries
        return (answer_ms, before, (ended - marks["at"]) * 1000, len(captured) - before,
                response.status_code)  # fmt: skip

    def measure(call) -> dict:
        call()  # warm: templates compiled, the form's layout built
        rows = [timed(call) for _ in range(renders)]
        return {
            "answer_ms": summary([row[0] for row in rows]),
            "answer_queries": max(row[1] for row in rows),
            "after_ms": summary([row[2] for row in rows]),
            "after_queries": max(row[3] for row in rows),
            "statuses": sorted({row[4] for row in rows}),
        }

    results = {"trivial": measure(lambda: client.get(TRIVIAL))}
    for slug, character in characters.items():
        action, posted = roll_action(character)
        roll = partial(client.post, roll_url(character, action), headers={"HX-Request": "true"})
        results[slug] = measure(lambda roll=roll, posted=posted: roll(fresh(posted)))
        results[slug]["action"] = action.slug
    return results
