"""The hosting recipe (deploy/) as a group runs it, on 127.0.0.1: nginx in front of two
app nodes (uvicorn --workers 2 each) sharing PostgreSQL and Redis. A roll made on one
node reaches pages connected to the other; when a node dies in the middle of a game,
every page reconnects through the proxy and misses no roll; static files come from the
proxy, precompressed and cached for good. PostgreSQL + Redis leg; bounded in time."""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import socket
import threading
import time
from urllib.parse import urlencode

import brotli
import pytest
from django.conf import settings
from django.test import Client

from rolls.models import Roll
from tests.deploy.stack import SECRET_KEY, Node, Proxy, get, nginx_binary, wait_until_ready
from tests.factories import PartyFactory, UserFactory, member_of
from tests.registry_inputs import demo_character
from tests.rolls.test_feed_across_workers import database_url
from tests.sse_client import SSEStream

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(
        "postgresql" not in settings.DATABASES["default"]["ENGINE"]
        or not os.environ.get("REDIS_URL"),
        reason="the two-node test runs on the PostgreSQL + Redis leg (DATABASE_URL and REDIS_URL)",
    ),
    pytest.mark.skipif(
        nginx_binary() is None, reason="nginx is not installed (make proxy-deps installs it)"
    ),
]
CSRF = "c" * 32
CSS = b".tableside { color: #222; }\n" * 200


@pytest.fixture(scope="module")
def stack(django_db_setup, tmp_path_factory):
    folder = tmp_path_factory.mktemp("proxy")
    static_root = folder / "static"
    _collected_static(static_root)
    nodes = [Node(database_url(), os.environ["REDIS_URL"]).start() for _ in range(2)]
    proxy = Proxy(folder, [node.address for node in nodes], static_root)
    try:
        for node in nodes:
            wait_until_ready(node.port)
        proxy.start()
        wait_until_ready(proxy.port, timeout=20)
        yield proxy, nodes
    finally:
        proxy.stop()
        for node in nodes:
            node.stop()


def _collected_static(root):
    """What collectstatic writes for a file: its hashed name and the .br and .gz copies
    beside it (the whole collection takes ~40 s to compress, so one file stands for it)."""
    (root / "css").mkdir(parents=True)
    for name in ("tableside.0123456789ab.css", "tableside.css"):
        (root / "css" / name).write_bytes(CSS)
        (root / "css" / f"{name}.gz").write_bytes(gzip.compress(CSS))
        (root / "css" / f"{name}.br").write_bytes(brotli.compress(CSS))


@pytest.fixture
def table(transactional_db, settings):
    """A party with a GM and a player with a Mutant: Year Zero sheet; their sessions are
    signed with the nodes' key."""
    settings.SECRET_KEY = SECRET_KEY
    party = PartyFactory(gm=UserFactory())
    player = member_of(party)
    character = demo_character(player, party, "mutant")
    sessions = {}
    for who, user in (("gm", party.gm), ("player", player)):
        client = Client()
        client.force_login(user)
        sessions[who] = {"sessionid": client.cookies["sessionid"].value}
    return party, character, sessions


def roll(port, character, session) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", f"/characters/{character.pk}/roll/d6/",
                     body=urlencode({"count": "2"}), headers={
            "Host": "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"sessionid={session['sessionid']}; {settings.CSRF_COOKIE_NAME}={CSRF}",
            "X-CSRFToken": CSRF, "HX-Request": "true",
        })  # fmt: skip
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


class Page:
    """An open page's live feed, as the browser's EventSource keeps it: when the stream
    ends it connects again (to the same address) with the id of the last event it had."""

    def __init__(self, port, party, session, name):
        self.url = f"http://127.0.0.1:{port}/parties/{party.pk}/events/"
        self.session, self.name = session, name
        self.rolls: list[str] = []  # each roll event's data, in arrival order
        self.last_id: str | None = None
        self.reconnected_with: list[str | None] = []
        self.statuses: list[int] = []
        self.headers: dict = {}
        self.stream: SSEStream | None = None
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def open(self) -> Page:
        self.thread.start()
        return self

    def _run(self):
        first = True
        while not self.stopped.is_set():
            if not first:
                self.reconnected_with.append(self.last_id)
            first = False
            try:
                self.stream = SSEStream(self.url, self.session, self.last_id, timeout=30)
                self.statuses.append(self.stream.status)
                self.headers = dict(self.stream.response.getheaders())
                for event in self.stream.events():
                    if event.id:
                        self.last_id = event.id
                    if event.event == "roll":
                        self.rolls.append(event.data)
            except (OSError, ValueError, AttributeError, http.client.HTTPException):
                pass  # the node went away, or the test closed the page
            self.stopped.wait(0.5)  # EventSource waits a moment before connecting again

    def shown(self, marks) -> list[str]:
        """The rolls among ``marks`` the page shows: one card per roll, newest first by
        roll number whatever the order they came in (feed.js); here oldest first."""
        received = {mark for data in list(self.rolls) for mark in marks if mark in data}
        return [mark for mark in marks if mark in received]

    def report(self) -> str:
        return (f"(statuses {self.statuses}, reconnected with {self.reconnected_with}, "
                f"rolls {[d[:160] for d in self.rolls]})")  # fmt: skip

    def close(self):
        self.stopped.set()
        stream = self.stream
        if stream is not None:
            with contextlib.suppress(OSError, AttributeError):  # a read in progress ends now
                stream.connection.sock.shutdown(socket.SHUT_RDWR)
            stream.close()
        self.thread.join(timeout=10)


def marks_of(rolls) -> list[str]:
    """Each roll's mark on its card, in the order the rolls were made."""
    return [f'data-roll="{roll.pk}"' for roll in rolls]


def wait_until(condition, timeout, what, details=lambda: ""):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout} s {details()}")
        time.sleep(0.1)


def warm_up(port, character, session, pages):
    """Roll until every page has had a roll: each node's worker that holds one of the pages
    has then subscribed to the feed in Redis (it does on its first stream)."""
    deadline = time.monotonic() + 30
    while not all(page.rolls for page in pages):
        assert time.monotonic() < deadline, "every page hears the table's rolls"
        assert roll(port, character, session) == 200
        time.sleep(0.3)
    return Roll.objects.filter(character=character).order_by("-pk").first().pk


def test_a_roll_made_through_one_node_reaches_pages_on_the_other_and_through_the_proxy(
    stack, table
):
    proxy, (node_a, node_b) = stack
    party, character, sessions = table
    pages = [
        Page(node_b.port, party, sessions["player"], "player's sheet on node B"),
        Page(proxy.port, party, sessions["gm"], "GM's dashboard through the proxy"),
        Page(proxy.port, party, sessions["player"], "player's sheet through the proxy"),
    ]
    try:
        for page in pages:
            page.open()
        last_warm_up = warm_up(node_a.port, character, sessions["player"], pages)
        assert roll(node_a.port, character, sessions["player"]) == 200
        made = marks_of(Roll.objects.filter(character=character, pk__gt=last_warm_up))
        assert len(made) == 1
        for page in pages:
            wait_until(lambda p=page: p.shown(made) == made, 15, f"the roll reaches {page.name}")
        feed_headers = {k.lower(): v for k, v in pages[1].headers.items()}
        assert "content-encoding" not in feed_headers, "the feed is never compressed"
        assert feed_headers["content-type"].startswith("text/event-stream")
    finally:
        for page in pages:
            page.close()


def test_every_node_and_the_proxy_are_ready_and_pages_load_through_the_proxy(stack, table):
    proxy, nodes = stack
    party, character, sessions = table
    for port in (proxy.port, *(node.port for node in nodes)):
        assert get(port, "/readyz")[:1] == (200,)
    cookie = {"Cookie": f"sessionid={sessions['gm']['sessionid']}"}
    assert get(proxy.port, f"/parties/{party.pk}/dashboard/", cookie)[0] == 200, "dashboard"
    cookie = {"Cookie": f"sessionid={sessions['player']['sessionid']}"}
    assert get(proxy.port, f"/characters/{character.pk}/", cookie)[0] == 200, "the sheet"


def test_the_proxy_serves_static_files_precompressed_and_cached_for_good(stack):
    proxy, _ = stack
    hashed = "/static/css/tableside.0123456789ab.css"
    status, headers, body = get(proxy.port, hashed, {"Accept-Encoding": "gzip, br"})
    assert status == 200
    if proxy.brotli:
        assert headers["Content-Encoding"] == "br" and brotli.decompress(body) == CSS
    status, headers, body = get(proxy.port, hashed, {"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == CSS
    assert headers["Cache-Control"] == "public, max-age=315360000, immutable"
    assert "Accept-Encoding" in headers.get("Vary", "")
    status, headers, body = get(proxy.port, "/static/css/tableside.css")
    assert (status, body) == (200, CSS), "plain to a client that takes no compression"
    assert "immutable" not in headers["Cache-Control"], "an unhashed name may change"


ROLLS = 15
KILL_AFTER = 5


def test_a_node_killed_mid_game_loses_no_roll_on_any_page(stack, table):
    """Four pages through the proxy (nginx spreads them over both nodes), the GM's
    dashboard and the player's sheet twice each; node A dies after the fifth roll of a
    burst; the pages on it reconnect through the proxy with Last-Event-ID, and every page
    shows every roll (one card each: feed.js keeps one per roll, so a roll replayed after
    a reconnection is not shown twice). Every roll posted through the proxy is made."""
    proxy, (node_a, _) = stack
    party, character, sessions = table
    pages = [Page(proxy.port, party, sessions[who], f"{who} page {n}")
             for n in (1, 2) for who in ("gm", "player")]  # fmt: skip
    try:
        for page in pages:
            page.open()
            wait_until(lambda p=page: p.statuses, 10, f"{page.name} opens")
        last_warm_up = warm_up(proxy.port, character, sessions["player"], pages)

        def burst():
            return marks_of(Roll.objects.filter(character=character, pk__gt=last_warm_up)
                            .order_by("pk"))  # fmt: skip

        for n in range(1, ROLLS + 1):
            status = roll(proxy.port, character, sessions["player"])
            assert status == 200, f"roll {n} is made: {status} {proxy.errors()}"
            if n == KILL_AFTER:
                made = burst()
                for page in pages:
                    wait_until(lambda p=page, m=made: p.shown(m) == m, 15,
                               f"{page.name} has the first rolls", page.report)  # fmt: skip
                node_a.kill()
            time.sleep(0.05)
        made = burst()
        assert len(made) == ROLLS
        for page in pages:
            wait_until(lambda p=page: len(p.shown(made)) == ROLLS, 30,
                       f"{page.name} gets every roll")  # fmt: skip
    finally:
        for page in pages:
            page.close()
    for page in pages:
        assert page.shown(made) == made, f"{page.name}: every roll, one card each"
    dropped = [page for page in pages if page.reconnected_with]
    assert dropped, "the pages on node A lost their stream"
    for page in dropped:
        assert all(page.reconnected_with), f"{page.name} reconnected with Last-Event-ID"
        assert set(page.statuses) == {200}, f"{page.name} reconnected through the proxy"
    for who, path in (("gm", f"/parties/{party.pk}/dashboard/"),
                      ("player", f"/characters/{character.pk}/")):  # fmt: skip
        cookie = {"Cookie": f"sessionid={sessions[who]['sessionid']}"}
        assert get(proxy.port, path, cookie)[0] == 200, f"the {who}'s page loads through node B"
