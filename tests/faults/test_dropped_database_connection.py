"""A dropped database connection (issue 15, item 5): an idempotent read is retried once
on a fresh connection; otherwise a 503 "try again" page, or a short fragment for htmx;
a write whose connection died leaves nothing half-written, and the next request works.

The faults are real: on PostgreSQL the request's own backend is terminated with
pg_terminate_backend just before one of its queries; on SQLite (no server to kill) the
query raises the OperationalError a dropped connection raises."""

import time
from contextlib import contextmanager

import psycopg
import pytest
from django.db import OperationalError, connection
from django.urls import reverse

from rolls.models import Roll
from tests.threads import off_the_event_loop

HTMX = {"HX-Request": "true"}


def admin_connection():
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres",
        dbname=db["NAME"], autocommit=True,
    )  # fmt: skip


def terminate(pid: int) -> None:
    with admin_connection() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 5
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            assert time.monotonic() < deadline, "the backend did not go away"
            time.sleep(0.02)


@contextmanager
def connection_dropped(when, times=1):
    """Drop the request's database connection just before the first ``times`` queries
    for which ``when(sql)`` is true. Yields the list of the SQL it dropped at."""
    dropped = []

    def wrapper(execute, sql, params, many, context):
        if len(dropped) < times and when(sql):
            dropped.append(sql)
            if connection.vendor == "postgresql":
                terminate(context["connection"].connection.info.backend_pid)
            else:
                raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield dropped


def any_query(sql):
    return True


def get(client, url, when=any_query, times=0, **extra):
    def send():
        with connection_dropped(when, times) as dropped:
            return client.get(url, **extra), dropped

    return off_the_event_loop(send)


def post(client, url, data=None, when=any_query, times=0, **extra):
    def send():
        with connection_dropped(when, times) as dropped:
            return client.post(url, data or {}, **extra), dropped

    return off_the_event_loop(send)


@pytest.fixture
def logged_in(client, transactional_db):
    from tests.factories import MutantSheetFactory, PartyFactory, UserFactory, member_of

    party = PartyFactory()
    player = member_of(party, UserFactory())
    sheet = MutantSheetFactory(character__owner=player, character__party=party)
    client.force_login(player)
    return client, sheet


def test_a_read_whose_connection_dropped_is_retried_once_and_succeeds(logged_in):
    client, sheet = logged_in
    response, dropped = get(client, reverse("character_sheet", args=[sheet.pk]), times=1)
    assert dropped, "the fault happened"
    assert response.status_code == 200
    assert sheet.character.name in response.text


def test_a_read_that_fails_twice_gets_a_try_again_page(logged_in):
    client, sheet = logged_in
    url = reverse("character_sheet", args=[sheet.pk])
    response, dropped = get(client, url, times=2)
    assert len(dropped) == 2
    assert response.status_code == 503
    assert "Try again" in response.text and response["Retry-After"]
    assert get(client, url)[0].status_code == 200


def test_an_htmx_request_gets_a_short_message_to_show_in_place(logged_in):
    client, sheet = logged_in
    url = reverse("character_sheet", args=[sheet.pk])
    response, _ = get(client, url, times=2, headers=HTMX)
    assert response.status_code == 503
    assert "<html" not in response.text
    assert "Try again in a few seconds" in response.text


def roll_insert(sql):
    return sql.startswith("INSERT") and '"rolls_roll"' in sql


def test_a_push_whose_connection_dropped_leaves_nothing_half_written(logged_in, scripted_dice):
    client, sheet = logged_in
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    post(client, reverse("roll_form", args=[sheet.pk, "skill"]),
         {"skill": "fight", "modifier": 0}, headers=HTMX)  # fmt: skip
    first = Roll.objects.get()
    sheet.refresh_from_db()
    before = (sheet.damage, sheet.mutation_points)
    scripted_dice(1, 1, 4, 6, 3, 2)

    push_url = reverse("roll_push", args=[first.pk])
    response, dropped = post(client, push_url, when=roll_insert, times=1, headers=HTMX)
    assert dropped, "the push reached its Roll insert"
    assert response.status_code == 503, "a write is not retried: the person decides"
    assert "Try again" in response.text
    sheet.refresh_from_db()
    assert (sheet.damage, sheet.mutation_points) == before, "the push's effects rolled back"
    assert not Roll.objects.filter(pushed_from=first).exists()

    scripted_dice(1, 1, 4, 6, 3, 2)
    again, _ = post(client, push_url, headers=HTMX)
    assert again.status_code == 200, "the next request succeeds"
    assert Roll.objects.filter(pushed_from=first).count() == 1
