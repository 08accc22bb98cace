"""With REDIS_URL set, a roll handled by one server process reaches an SSE client that is
connected to another (django-eventstream fans events out through Redis pub/sub)."""

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from rolls.models import Roll
from tests.asgi_server import free_port
from tests.factories import MutantSheetFactory, PartyFactory, member_of
from tests.sse_client import SSEStream, feed_subscribers, wait_for_feed_subscribers

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a Redis server)"),
]


def database_url() -> str:
    """The URL of the test database, for server processes outside this one."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db["USER"] or "postgres"
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def start_worker(port: int) -> subprocess.Popen:
    environment = {
        **os.environ,
        "DJANGO_DEBUG": "1",  # the test's own secret key, so its session cookie is valid
        "DATABASE_URL": database_url(),
        "REDIS_URL": os.environ["REDIS_URL"],
    }
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=environment,
    )  # fmt: skip


def wait_until_serving(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)  # a cold start
            conn.request("GET", "/accounts/login/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"worker on port {port} did not start")


@pytest.fixture
def two_workers(transactional_db):
    ports = [free_port(), free_port()]
    workers = [start_worker(port) for port in ports]
    try:
        for port in ports:
            wait_until_serving(port)
        yield ports
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()


def test_a_roll_made_on_one_worker_is_streamed_by_the_other(two_workers, client):
    listening_port, rolling_port = two_workers
    party = PartyFactory()
    player = member_of(party)
    sheet = MutantSheetFactory(character__owner=player, character__party=party)
    client.force_login(player)
    cookies = {"sessionid": client.cookies["sessionid"].value}

    already_listening = feed_subscribers()
    stream = SSEStream(
        f"http://127.0.0.1:{listening_port}/parties/{party.pk}/events/", cookies, timeout=15
    )
    try:
        stream.wait_for("stream-open")
        wait_for_feed_subscribers(already_listening + 1)
        csrf = "t" * 32
        conn = http.client.HTTPConnection("127.0.0.1", rolling_port, timeout=15)
        conn.request(
            "POST",
            f"/characters/{sheet.pk}/roll/d6/",
            body="count=2",
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"sessionid={cookies['sessionid']}; {settings.CSRF_COOKIE_NAME}={csrf}",
                "X-CSRFToken": csrf,
            },
        )
        assert conn.getresponse().status == 302, "the roll is made and redirects to its result"
        roll = Roll.objects.get(character=sheet.character)
        event = stream.wait_for("roll")
        assert f'data-roll="{roll.pk}"' in event.data
    finally:
        stream.close()
