"""A tiny server-sent events reader for tests (the standard library only)."""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlparse


@dataclass
class SSEEvent:
    event: str
    data: str
    id: str | None


class SSEStream:
    """Reads events from a streaming response, giving up after ``timeout`` seconds."""

    def __init__(self, url: str, cookies: dict[str, str], last_event_id: str | None = None,
                 timeout: float = 10):  # fmt: skip
        parts = urlparse(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        headers = {
            "Accept": "text/event-stream",
            "Cookie": "; ".join(f"{key}={value}" for key, value in cookies.items()),
        }
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", parts.path, headers=headers)
        self.socket = self.connection.sock  # the response may keep it alone (will_close)
        self.response = self.connection.getresponse()
        self.timeout = timeout

    @property
    def status(self) -> int:
        return self.response.status

    def events(self):
        """Yield events as they arrive (keep-alives and comments skipped)."""
        event, data, event_id = "message", [], None
        while True:
            line = self.response.readline()
            if not line:
                return
            line = line.decode().rstrip("\r\n")
            if line == "":
                if data or event != "message":
                    yield SSEEvent(event, "\n".join(data), event_id)
                event, data, event_id = "message", [], None
            elif line.startswith(":"):
                continue
            else:
                field, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if field == "event":
                    event = value
                elif field == "data":
                    data.append(value)
                elif field == "id":
                    event_id = value

    def wait_for(self, name: str, timeout: float | None = None) -> SSEEvent:
        deadline = time.monotonic() + (timeout or self.timeout)
        for item in self.events():
            if item.event == name:
                return item
            if time.monotonic() > deadline:
                break
        raise AssertionError(f"no {name!r} event arrived")

    def close(self) -> None:
        """Close at once, even while another thread waits in ``events()``: closing the
        response's reader alone waits for that read to end (its lock), up to the next
        keep-alive, 20 s away; shutting the socket down ends the read now."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.connection.close()


FEED_CHANNEL = "events_channel"  # django-eventstream's Redis pub/sub channel


def feed_subscribers() -> int:
    """How many server processes listen to the feed through Redis (0 without Redis)."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return 0
    import redis

    with redis.Redis.from_url(url) as client:
        return dict(client.pubsub_numsub(FEED_CHANNEL)).get(FEED_CHANNEL.encode(), 0)


def wait_for_feed_subscribers(at_least: int, timeout: float = 10) -> None:
    """With Redis, a server subscribes when its first stream opens, an instant after the
    stream says it is open: wait for that before publishing. No-op without Redis."""
    if not os.environ.get("REDIS_URL"):
        return
    deadline = time.monotonic() + timeout
    while feed_subscribers() < at_least:
        if time.monotonic() > deadline:
            raise AssertionError("the server never subscribed to the feed in Redis")
        time.sleep(0.05)


def wait_for_open_streams(party_id: int, at_least: int, timeout: float = 10) -> None:
    """Wait until ``at_least`` pages have their party feed open on the in-thread test
    server (players on the party's channel, the GM on the GM's), so nothing published
    next can reach the server before a page listens. Redis or not."""
    from django_eventstream.views import get_listener_manager

    from rolls.stream import CHANNEL_PREFIX

    prefix = f"{CHANNEL_PREFIX}{party_id}"
    deadline = time.monotonic() + timeout
    while True:
        manager = get_listener_manager()
        with manager.lock:
            listeners = {
                listener
                for channel, group in manager.listeners_by_channel.items()
                if channel == prefix or channel.startswith(prefix + "-")
                for listener in group
            }
        if len(listeners) >= at_least:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{len(listeners)} of {at_least} pages have their feed open")
        time.sleep(0.05)
