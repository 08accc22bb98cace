"""The live feed survives a Redis restart (issue 15, item 1).

A private redis-server (its own port on 127.0.0.1) and a uvicorn worker using it; a page
listens to the party's feed while a burst of rolls is made, and Redis is stopped and
started again in the middle of the burst. Every roll is saved, the page is told the
feed is degraded and then live again, and every roll reaches the page after Redis is
back: in order, once (a stream-level repeat of the same event is dropped by the page,
as feed.js does). Bounded in time."""

import http.client
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings

from rolls.models import Roll
from tests.asgi_server import free_port
from tests.factories import MutantSheetFactory, PartyFactory, member_of
from tests.rolls.test_feed_across_workers import database_url, wait_until_serving
from tests.sse_client import FEED_CHANNEL, SSEStream

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")
pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the PostgreSQL + Redis leg"),
    pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server on PATH"),
]
ROLLS = 24
STOP_AFTER, START_AFTER = 6, 14  # Redis is down while rolls 7..14 are made


class PrivateRedis:
    def __init__(self):
        self.port = free_port()
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while True:
            try:
                with redis.Redis(port=self.port, socket_timeout=1) as client:
                    client.ping()
                    return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def subscribers(self) -> int:
        with redis.Redis(port=self.port, socket_timeout=1) as client:
            return dict(client.pubsub_numsub(FEED_CHANNEL)).get(FEED_CHANNEL.encode(), 0)

    def wait_for_subscriber(self, timeout=15):
        deadline = time.monotonic() + timeout
        while self.subscribers() < 1:
            assert time.monotonic() < deadline, "the worker never subscribed to Redis"
            time.sleep(0.05)


@pytest.fixture
def private_redis():
    server = PrivateRedis()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def worker(private_redis, transactional_db):
    port = free_port()
    environment = {
        **os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database_url(),
        "REDIS_URL": f"redis://127.0.0.1:{private_redis.port}/0",
    }  # fmt: skip
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=environment,
    )  # fmt: skip
    try:
        wait_until_serving(port)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def roll(port, sheet_pk, sessionid):
    csrf = "t" * 32
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    conn.request(
        "POST", f"/characters/{sheet_pk}/roll/d6/", body="count=2",
        headers={"Content-Type": "application/x-www-form-urlencoded",
                 "Cookie": f"sessionid={sessionid}; {settings.CSRF_COOKIE_NAME}={csrf}",
                 "X-CSRFToken": csrf},
    )  # fmt: skip
    status = conn.getresponse().status
    conn.close()
    return status


def test_every_roll_reaches_the_page_once_in_order_across_a_redis_restart(
    worker, private_redis, client
):
    party = PartyFactory()
    player = member_of(party)
    sheet = MutantSheetFactory(character__owner=player, character__party=party)
    client.force_login(player)
    sessionid = client.cookies["sessionid"].value

    stream = SSEStream(
        f"http://127.0.0.1:{worker}/parties/{party.pk}/events/", {"sessionid": sessionid},
        timeout=30,
    )  # fmt: skip
    stream.wait_for("stream-open")
    private_redis.wait_for_subscriber()
    received = []

    def read():
        try:
            for event in stream.events():
                received.append(event)
        except (OSError, AttributeError, ValueError):
            pass  # the test closed the stream

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        statuses, durations = [], []
        for n in range(1, ROLLS + 1):
            started = time.monotonic()
            statuses.append(roll(worker, sheet.pk, sessionid))
            durations.append(time.monotonic() - started)
            if n == STOP_AFTER:
                private_redis.stop()
            if n == START_AFTER:
                private_redis.start()
            time.sleep(0.05)
        assert statuses == [302] * ROLLS, "every roll is saved, Redis or not"
        assert max(durations) < 1.5, "a roll made while Redis is down does not hang"
        saved = list(Roll.objects.filter(character=sheet.character).order_by("pk"))
        assert len(saved) == ROLLS

        private_redis.wait_for_subscriber(timeout=20)  # resubscribed on its own
        expected = [f'data-roll="{r.pk}"' for r in saved]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            rolls = [e for e in received if e.event == "roll"]
            told = [e.data for e in received if e.event == "feed-status"]
            if len(rolls) >= ROLLS and told and 'data-feed-status="live"' in told[-1]:
                break
            time.sleep(0.1)
        time.sleep(0.5)  # anything extra (a duplicate) would arrive now
    finally:
        stream.close()

    rolls = [e for e in received if e.event == "roll"]
    marks = [next(m for m in expected if m in e.data) for e in rolls]
    print(
        [
            (
                e.event,
                e.id,
                e.data[:40] if e.event != "roll" else next(m for m in expected if m in e.data),
            )
            for e in received
        ]
    )
    # What the page shows: feed.js keeps one card per data-roll. django-eventstream may
    # send an event twice during a catch-up (it reads the stored event before its own
    # publish arrives, and its stream loop does not reconcile the two: the library's
    # "FIXME" in views.stream); such a repeat is the same event, with the same id.
    shown, ids_seen = [], {}
    for event, mark in zip(rolls, marks, strict=True):
        if mark in ids_seen:
            assert ids_seen[mark] == event.id, "a repeat is the same event, not a new one"
            continue
        ids_seen[mark] = event.id
        shown.append(mark)
    assert shown == expected, "every roll reaches the page once, in order"
    statuses = [e.data for e in received if e.event == "feed-status"]
    assert any('data-feed-status="degraded"' in s for s in statuses), "the page was told"
    assert 'data-feed-status="live"' in statuses[-1], "and told when it is live again"
