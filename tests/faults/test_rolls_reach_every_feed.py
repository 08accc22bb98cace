"""Every saved roll reaches every open feed, whatever dies between the roll's answer and
its event (issue 31, item 1), on the PostgreSQL + Redis leg: the rolls are made on a
server process that fails the moment each roll's answer has gone out
(``tests/faults/fault_app.py``), the feeds are open on another process.

- the process's database connections are terminated by the server right after the
  answer: every roll still reaches the players' feed and the GM's;
- the process is killed (SIGKILL) right after the answer: the roll still reaches them,
  although nothing ever publishes it (the feed reads it from the store)."""

import os
import subprocess
import sys
import threading
import time

import pytest

from rolls.models import Roll
from tests.asgi_server import free_port
from tests.factories import PartyFactory, UserFactory, member_of
from tests.faults.test_workers import post, session_of
from tests.registry_inputs import demo_character
from tests.rolls.test_feed_across_workers import (
    ROOT,
    database_url,
    start_worker,
    wait_until_serving,
)
from tests.sse_client import SSEStream, feed_subscribers, wait_for_feed_subscribers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the PostgreSQL + Redis leg"),
]
APP_NAME = "tableside-fault"
ARRIVAL_SECONDS = 15


def start_faulty_worker(port: int, fault: str) -> subprocess.Popen:
    environment = {
        **os.environ, "DJANGO_DEBUG": "1", "TABLESIDE_FAULT": fault,
        "TABLESIDE_FAULT_APP_NAME": APP_NAME,
        "DATABASE_URL": f"{database_url()}?application_name={APP_NAME}",
    }  # fmt: skip
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "tests.faults.fault_app:application", "--host",
         "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=environment,
    )  # fmt: skip


def stop(worker: subprocess.Popen) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        worker.kill()


class Feed:
    """One page's open feed: every roll card it receives, by roll number."""

    def __init__(self, port, party, sessionid):
        url = f"http://127.0.0.1:{port}/parties/{party.pk}/events/"
        self.stream = SSEStream(url, {"sessionid": sessionid}, timeout=ARRIVAL_SECONDS + 10)
        self.stream.wait_for("stream-open")
        self.rolls = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for event in self.stream.events():
                if event.event == "roll":
                    self.rolls.append(event.data)
        except (OSError, ValueError, AttributeError):
            pass  # the test closed the stream

    def has(self, roll) -> bool:
        return any(f'data-roll="{roll.pk}"' in card for card in self.rolls)


@pytest.fixture
def table(transactional_db, client):
    """A party (a GM, a player with a Mutant character), each with a feed open on a
    server process of their own."""
    party = PartyFactory(gm=UserFactory())
    player = member_of(party)
    character = demo_character(player, party, "mutant")
    port = free_port()
    worker = start_worker(port)
    feeds = []
    try:
        wait_until_serving(port)
        already = feed_subscribers()
        feeds = [Feed(port, party, session_of(client, who)) for who in (player, party.gm)]
        wait_for_feed_subscribers(already + 1)
        yield character, session_of(client, player), feeds
    finally:
        for feed in feeds:
            feed.stream.close()
        stop(worker)


def wait_until_every_feed_has(feeds, rolls):
    deadline = time.monotonic() + ARRIVAL_SECONDS
    while time.monotonic() < deadline:
        if all(feed.has(roll) for feed in feeds for roll in rolls):
            return
        time.sleep(0.1)
    missing = {index: [r.pk for r in rolls if not feed.has(r)] for index, feed in enumerate(feeds)}
    raise AssertionError(f"rolls missing at the feeds (0: the player's, 1: the GM's): {missing}")


def test_rolls_whose_connections_were_terminated_after_the_answer_reach_every_feed(table):
    character, sessionid, feeds = table
    port = free_port()
    worker = start_faulty_worker(port, "terminate")
    try:
        wait_until_serving(port)
        for n in range(3):
            status, body, _ = post(port, f"/characters/{character.pk}/roll/d6/", {"count": "2"},
                                   sessionid)  # fmt: skip
            assert status == 200, f"roll {n + 1} is saved and answered: {body[:300]}"
        rolls = list(Roll.objects.filter(character=character))
        assert len(rolls) == 3
        wait_until_every_feed_has(feeds, rolls)
    finally:
        stop(worker)


def test_a_roll_whose_worker_was_killed_after_the_answer_reaches_every_feed(table):
    character, sessionid, feeds = table
    port = free_port()
    worker = start_faulty_worker(port, "kill")
    try:
        wait_until_serving(port)
        status, body, _ = post(port, f"/characters/{character.pk}/roll/d6/", {"count": "2"},
                               sessionid)  # fmt: skip
        assert status == 200, body[:300]
        assert worker.wait(timeout=10) == -9, "the worker died right after its answer"
        roll = Roll.objects.get(character=character)
        wait_until_every_feed_has(feeds, [roll])
    finally:
        stop(worker)
