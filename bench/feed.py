"""`feed`: time from a roll POST (its start) to the roll's arrival at each of N live-feed
clients (server-sent events). The clients are raw asyncio connections in this process;
each notes when a roll card (``data-roll="<pk>"``) first reaches it. Rolls are made one
at a time, spaced, by a player on the party's sheet; the roll's pk comes from the
POST's redirect. Bounded: the clients get a fixed time to connect and each roll a fixed
time to arrive; what does not arrive is counted as missed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time

from django.urls import reverse

from bench.client import Browser
from bench.rolls import fresh, roll_action, roll_url
from bench.stats import summary

ROLL = re.compile(rb'data-roll=\\?"(\d+)')
OPEN = b"stream-open"
CONNECT_SECONDS = 60
ARRIVE_SECONDS = 5
SPACING = 0.3


class Listener:
    def __init__(self):
        self.open = asyncio.Event()
        self.arrivals: dict[int, float] = {}
        self.failed = ""

    async def run(self, port: int, path: str, cookie: str) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as error:
            self.failed = str(error)
            return
        writer.write(
            (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
             f"Cookie: {cookie}\r\n\r\n").encode()
        )  # fmt: skip
        tail = b""
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                now = time.perf_counter()
                data = tail + chunk
                if not self.open.is_set() and OPEN in data:
                    self.open.set()
                for match in ROLL.finditer(data):
                    self.arrivals.setdefault(int(match.group(1)), now)
                tail = data[-64:]
        except (OSError, asyncio.CancelledError):
            return
        finally:
            writer.close()


def _subscribers() -> int:
    url = os.environ.get("REDIS_URL")
    if not url:
        return 0
    import redis

    with redis.Redis.from_url(url) as client:
        return dict(client.pubsub_numsub("events_channel")).get(b"events_channel", 0)


async def _measure(port, sessionid, path, url, data, clients: int, rolls: int,
                   workers: int) -> dict:  # fmt: skip
    cookie = f"sessionid={sessionid}"
    listeners = [Listener() for _ in range(clients)]
    tasks = []
    connect_started = time.perf_counter()
    for n, listener in enumerate(listeners):
        tasks.append(asyncio.create_task(listener.run(port, path, cookie)))
        if n % 25 == 24:
            await asyncio.sleep(0.05)  # a crowd arriving, not one burst of SYNs
    with contextlib.suppress(TimeoutError):  # counted below: connected or not
        await asyncio.wait_for(
            asyncio.gather(*(listener.open.wait() for listener in listeners)),
            CONNECT_SECONDS,
        )
    connected = sum(listener.open.is_set() for listener in listeners)
    connect_seconds = time.perf_counter() - connect_started
    if os.environ.get("REDIS_URL"):
        deadline = time.monotonic() + 10
        while _subscribers() < workers and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)

    browser = Browser(port, sessionid, keep_alive=True)
    loop = asyncio.get_running_loop()
    posted: dict[int, float] = {}
    for _ in range(rolls):
        started = time.perf_counter()
        answer = await loop.run_in_executor(
            None, lambda: browser.post(url, fresh(data), htmx=False)
        )
        match = re.search(r"/rolls/(\d+)/", answer.headers.get("location", ""))
        if match:
            posted[int(match.group(1))] = started
        await asyncio.sleep(SPACING)
    deadline = time.monotonic() + ARRIVE_SECONDS
    live = [listener for listener in listeners if listener.open.is_set()]
    while time.monotonic() < deadline:
        if all(pk in listener.arrivals for listener in live for pk in posted):
            break
        await asyncio.sleep(0.1)
    browser.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

    delays = [(listener.arrivals[pk] - at) * 1000 for listener in live
              for pk, at in posted.items() if pk in listener.arrivals]  # fmt: skip
    expected = len(live) * len(posted)
    return {
        "clients": clients, "connected": connected,
        "connect_seconds": round(connect_seconds, 1), "rolls": len(posted),
        "arrivals": len(delays), "missed": expected - len(delays),
        "delay": summary(delays),
    }  # fmt: skip


def measure(port, sessionid, party, character, clients: int, rolls: int,
            workers: int) -> dict:  # fmt: skip
    action, data = roll_action(character)  # the database, before the event loop runs
    url = roll_url(character, action)
    path = reverse("party_events", args=[party.pk])
    return asyncio.run(_measure(port, sessionid, path, url, data, clients, rolls, workers))
