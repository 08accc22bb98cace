"""Faults across server processes (issue 15), on the PostgreSQL + Redis leg, each
bounded in time:

- a worker killed (``kill -9``) and started again in the middle of a burst of rolls: a
  page that reconnects with Last-Event-ID gets every roll, once, in order;
- 100 roll effects made at once on one sheet through two workers give exact totals, in
  every system (rations eaten, sanity lost, rounds fired, tasks checked, corruption
  marked);
- logging in while Redis (the cache the login throttle counts in) is down works, or
  says clearly why not: never a 500."""

import http.client
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
from django.conf import settings

from rolls.models import Roll
from sheets.models import Character
from tests.asgi_server import free_port
from tests.factories import PartyFactory, UserFactory, member_of
from tests.faults.test_feed_survives_redis_restart import REDIS_SERVER, PrivateRedis
from tests.registry_inputs import demo_character
from tests.rolls.test_feed_across_workers import (
    ROOT,
    database_url,
    start_worker,
    two_workers,  # noqa: F401 (a fixture)
    wait_until_serving,
)
from tests.sse_client import SSEStream, feed_subscribers, wait_for_feed_subscribers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the PostgreSQL + Redis leg"),
]
CSRF = "f" * 32


def post(port, path, data, sessionid=None, timeout=30):
    cookie = f"{settings.CSRF_COOKIE_NAME}={CSRF}"
    if sessionid:
        cookie += f"; sessionid={sessionid}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", path, body=urlencode(data, doseq=True), headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
            "X-CSRFToken": CSRF, "HX-Request": "true",
        })  # fmt: skip
        response = conn.getresponse()
        return response.status, response.read().decode(errors="replace"), response.getheaders()
    finally:
        conn.close()


def session_of(client, user):
    client.force_login(user)
    return client.cookies["sessionid"].value


# --- a worker killed mid-burst ------------------------------------------------------------

ROLLS = 16
KILL_AFTER, RESTART_AFTER = 5, 10


def test_a_page_reconnecting_after_its_worker_was_killed_gets_every_roll_once(
    two_workers,  # noqa: F811
    client,
):
    listening_port, rolling_port = two_workers
    party = PartyFactory()
    player = member_of(party)
    character = demo_character(player, party, "mutant")
    sessionid = session_of(client, player)
    url = f"http://127.0.0.1:{listening_port}/parties/{party.pk}/events/"
    roll_path = f"/characters/{character.pk}/roll/d6/"

    already = feed_subscribers()
    stream = SSEStream(url, {"sessionid": sessionid}, timeout=30)
    stream.wait_for("stream-open")
    wait_for_feed_subscribers(already + 1)
    received, last_id = [], [None]

    def read(source):
        try:
            for event in source.events():
                received.append(event)
                if event.id:
                    last_id[0] = event.id
        except (OSError, AttributeError, ValueError, http.client.HTTPException):
            pass  # the worker died, or the test closed the stream

    reader = threading.Thread(target=read, args=(stream,), daemon=True)
    reader.start()
    # the listening worker's process: the one serving that port, found by its command line
    victim = _worker_on(listening_port)
    restarted = None
    try:
        for n in range(1, ROLLS + 1):
            status, _, _ = post(rolling_port, roll_path, {"count": "2"}, sessionid)
            assert status == 200, f"roll {n} is made on the other worker"
            if n == KILL_AFTER:
                time.sleep(0.3)  # the first rolls reach the page
                os.kill(victim, signal.SIGKILL)
                reader.join(timeout=10)
                stream.close()
            if n == RESTART_AFTER:
                restarted = start_worker(listening_port)
                wait_until_serving(listening_port)
            time.sleep(0.05)
        saved = list(Roll.objects.filter(character=character).order_by("pk"))
        assert len(saved) == ROLLS
        # the page's EventSource reconnects with the id of the last event it had
        assert last_id[0], "the page had rolls before its worker died"
        again = SSEStream(url, {"sessionid": sessionid}, last_event_id=last_id[0], timeout=30)
        reader = threading.Thread(target=read, args=(again,), daemon=True)
        reader.start()
        expected = [f'data-roll="{roll.pk}"' for roll in saved]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(_shown(received, expected)) < ROLLS:
            time.sleep(0.1)
        time.sleep(0.5)  # a duplicate would arrive now
        again.close()
    finally:
        stream.close()
        if restarted is not None:
            restarted.terminate()
            restarted.wait(timeout=10)
    assert _shown(received, expected) == expected, "every roll reaches the page once, in order"


def _worker_on(port: int) -> int:
    found = subprocess.run(["pgrep", "-f", "--", f"--port {port} "], capture_output=True, text=True)
    pids = [int(pid) for pid in found.stdout.split()]
    assert len(pids) == 1, f"one worker process serves port {port}, not {pids}"
    return pids[0]


def _shown(received, expected):
    """What the page shows: one card per roll (feed.js keeps one per data-roll; a
    repeat of the same event is dropped), in arrival order."""
    shown = []
    for event in received:
        if event.event != "roll":
            continue
        mark = next((m for m in expected if m in event.data), None)
        if mark and mark not in shown:
            shown.append(mark)
    return shown


# --- 100 roll effects at once, two workers, every system -------------------------------

AT_ONCE = 100
CLIENTS = 10


def _burst(ports, path, data, sessionid):
    """``AT_ONCE`` POSTs from ``CLIENTS`` threads, alternately to each worker; ``data`` is
    the form, or a function of the request's number giving it."""

    def one(n):
        posted = data(n) if callable(data) else data
        return post(ports[n % 2], path, posted, sessionid, timeout=60)[0]

    with ThreadPoolExecutor(CLIENTS) as pool:
        return list(pool.map(one, range(AT_ONCE)))


def _effects(character, prefix):
    return [effect for roll in Roll.objects.filter(character=character)
            for effect in roll.effects if effect["target"].startswith(prefix)]  # fmt: skip


def _setup(client, slug):
    party = PartyFactory(gm=UserFactory())
    player = member_of(party)
    character = demo_character(player, party, slug)
    return party, character, session_of(client, player)


def _sheet(character):
    character = Character.objects.get(pk=character.pk)
    return character.sheet


def test_rations_eaten_at_once_add_up_exactly(two_workers, client):  # noqa: F811
    _, character, sessionid = _setup(client, "mutant")
    type(character.sheet).objects.filter(pk=character.sheet.pk).update(grub=60)
    path = f"/characters/{character.pk}/roll/ration/"
    statuses = _burst(two_workers, path, {"grub": "on"}, sessionid)
    assert statuses.count(200) == 60, "one roll per ration on the sheet"
    assert statuses.count(422) == 40, "the rest are refused: no grub left"
    assert _sheet(character).grub == 0
    assert Roll.objects.filter(character=character, kind="ration").count() == 60


def test_sanity_damage_at_once_adds_up_exactly(two_workers, client):  # noqa: F811
    _, character, sessionid = _setup(client, "agents")
    type(character.sheet).objects.filter(pk=character.sheet.pk).update(sanity=60, hp=150)
    path = f"/characters/{character.pk}/roll/sanity/"
    statuses = _burst(two_workers, path, {"damage": "1"}, sessionid)
    assert statuses == [200] * AT_ONCE
    sheet = _sheet(character)
    assert (sheet.sanity, sheet.hp) == (0, 110), "60 off Sanity, then 40 off HP"


def test_rounds_fired_at_once_add_up_exactly(two_workers, client):  # noqa: F811
    _, character, sessionid = _setup(client, "twilight")
    sheet = character.sheet
    weapon = next(w for w in sheet.weapons.all() if w.firearm)
    sheet.weapons.filter(pk=weapon.pk).update(rounds_loaded=weapon.magazine_capacity, jammed=False)
    from rolls.systems.twilight.forms import AttackForm

    form = AttackForm(_sheet(character))
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False and v != ""}
    data.update(weapon=str(weapon.pk), ammo_dice="1", modifier="0")
    statuses = _burst(two_workers, f"/characters/{character.pk}/roll/attack/", data, sessionid)
    assert set(statuses) <= {200, 422} and 200 in statuses, statuses
    fired = sum(effect["amount"] for effect in _effects(character, "rounds"))
    weapon.refresh_from_db()
    assert fired < 0, "rounds were spent"
    assert weapon.rounds_loaded == weapon.magazine_capacity + fired, (
        "the magazine lost exactly the rounds the rolls spent"
    )
    assert Roll.objects.filter(character=character, kind="attack").count() == statuses.count(200)


def test_tasks_checked_at_once_add_up_exactly(two_workers, client):  # noqa: F811
    _, character, sessionid = _setup(client, "zombie")
    tasks_before = character.sheet.tasks.count()
    rolls_before = Roll.objects.filter(character=character).count()
    path = f"/characters/{character.pk}/roll/check/"
    statuses = _burst(two_workers, path,
                      lambda n: {"new_task": f"hold door {n}", "complexity": "1"},
                      sessionid)  # fmt: skip
    assert statuses == [200] * AT_ONCE
    assert _sheet(character).tasks.count() == tasks_before + AT_ONCE, "one task per check"
    assert Roll.objects.filter(character=character).count() == rolls_before + AT_ONCE


def test_corruption_marked_at_once_adds_up_exactly(two_workers, client):  # noqa: F811
    from sheets.systems.slots.rules import engine_sheet

    def marked_count(sheet, condition):
        return len(engine_sheet(sheet).marked(condition))

    _, character, sessionid = _setup(client, "slots")
    before = marked_count(_sheet(character), "corruption")
    assert before == 0, "the demo sheet starts clean"
    path = f"/characters/{character.pk}/roll/corruption/"
    statuses = _burst(two_workers, path, {"area": "gear"}, sessionid)
    assert statuses == [200] * AT_ONCE
    rolls = Roll.objects.filter(character=character, kind="corruption")
    first = [roll for roll in rolls if roll.outcome.startswith("Corrupted")]
    assert len(first) == 1, "exactly one roll is the first exposure"
    marks = _effects(character, "corruption:")  # one effect per slot marked
    assert len(marks) > 1, "corruption worsened on some rolls"
    assert marked_count(_sheet(character), "corruption") == len(marks), (
        "the sheet holds exactly the marks the rolls made"
    )


# --- logging in while Redis is down -------------------------------------------------------


@pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server on PATH")
def test_logging_in_while_redis_is_down_never_gives_a_500(transactional_db, password):
    private = PrivateRedis()
    private.start()
    port = free_port()
    environment = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database_url(),
                   "REDIS_URL": f"redis://127.0.0.1:{private.port}/0"}  # fmt: skip
    worker = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=environment,
    )  # fmt: skip
    user = UserFactory(username="dana")
    try:
        wait_until_serving(port, timeout=90)
        private.stop()
        wrong, body, _ = post(port, "/accounts/login/", {"username": "dana", "password": "nope"})
        assert wrong in (200, 403, 429, 503), body[:300]
        status, body, headers = post(port, "/accounts/login/",
                                     {"username": "dana", "password": password})  # fmt: skip
        assert status < 500 or "try again" in body.lower(), body[:300]
        if status == 302:
            assert any(k.lower() == "set-cookie" and "sessionid" in v for k, v in headers)
        else:
            assert "try again" in body.lower() or "unavailable" in body.lower(), body[:300]
    finally:
        worker.terminate()
        worker.wait(timeout=10)
        private.stop()
    assert user.pk
