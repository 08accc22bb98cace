"""`sheet` and `dashboard`: server time and SQL queries of a page, in this process
(Django's test client; ``CaptureQueriesContext`` counts the queries). The time is the
whole request through the middleware, templates included, without the network."""

from __future__ import annotations

import time

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
