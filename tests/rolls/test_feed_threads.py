"""Open live feeds hold no thread each on the server (rolls/feed_threads.py): a worker
carries hundreds of pages with a handful of threads."""

import threading
import time

from rolls.stream import announce_roll
from tests.factories import CharacterFactory, PartyFactory, UserFactory, member_of
from tests.rolls.test_feed import make_roll, session_cookies
from tests.sse_client import SSEStream, wait_for_feed_subscribers, wait_for_open_streams

FEEDS = 60
# What the server may add for any number of open feeds: the event loop's shared worker
# threads (os.cpu_count() + 4 at most on this machine's size) and a moment's overlap
# of a request thread that is ending.
FEW = 12


def threads_settle_at_most(count: int, timeout: float = 10) -> int:
    """The number of threads in this process (the test server is in it), once it is at
    most ``count`` or after ``timeout`` (a thread that was let go ends a moment later)."""
    deadline = time.monotonic() + timeout
    while threading.active_count() > count and time.monotonic() < deadline:
        time.sleep(0.05)
    return threading.active_count()


def test_sixty_open_feeds_do_not_hold_sixty_threads_and_each_gets_the_roll(asgi_server, client):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party, name="Krin")
    url = f"{asgi_server.url}/parties/{party.pk}/events/"
    cookies = session_cookies(client, player)
    first = SSEStream(url, cookies)  # the server's one-off threads start with a first feed
    streams = [first]
    try:
        first.wait_for("stream-open")
        wait_for_open_streams(party.pk, 1)
        before = threads_settle_at_most(0, timeout=1)
        for _ in range(FEEDS):
            stream = SSEStream(url, cookies)
            streams.append(stream)
            assert stream.status == 200
            stream.wait_for("stream-open")
        wait_for_open_streams(party.pk, FEEDS + 1)
        wait_for_feed_subscribers(1)
        with_feeds = threads_settle_at_most(before + FEW)
        assert with_feeds <= before + FEW, (
            f"{FEEDS} more open feeds took the process from {before} to {with_feeds} threads"
        )
        roll = make_roll(character, outcome="3 successes")
        announce_roll(roll.pk)
        for stream in streams:
            assert f'data-roll="{roll.pk}"' in stream.wait_for("roll").data
        assert threads_settle_at_most(before + FEW) <= before + FEW
    finally:
        for stream in streams:
            stream.close()
