"""The `tables` section's client: raw HTTP/1.1 over asyncio, light enough for thousands
of users in one process. A user's requests share one keep-alive connection, opened
again when the server has closed it (uvicorn closes an idle one after 5 s, so a user
who acts every 20-30 s mostly opens a fresh one, as a phone would). A feed is one
long GET whose bytes are searched for roll cards."""

from __future__ import annotations

import asyncio
import re
import socket
import time
import uuid
from urllib.parse import urlencode

from bench.client import CSRF_TOKEN

CARD = re.compile(rb'data-roll=\\?"(\d+)')
OPEN = b"stream-open"


class Closed(Exception):
    """The server closed the connection before answering."""


class User:
    """One signed-in person's requests to ``host:port``."""

    def __init__(self, host: str, port: int, sessionid: str):
        self.host, self.port = host, port
        self.cookie = f"csrftoken={CSRF_TOKEN}; sessionid={sessionid}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, data: dict) -> tuple[int, bytes, float]:
        """POST ``data`` as the page's htmx does, with an ``Idempotency-Key`` of its own
        (static/js/idempotency.js), the same key when it is sent again; (status, body, ms
        from sending to the whole body)."""
        body = urlencode(data, doseq=True).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nCookie: {self.cookie}\r\n"
                f"X-CSRFToken: {CSRF_TOKEN}\r\nHX-Request: true\r\n"
                f"Idempotency-Key: {uuid.uuid4()}\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()  # fmt: skip
        for attempt in (1, 2):
            started = time.perf_counter()  # a phone's fresh connection is part of its wait
            reused = await self._connect()
            try:
                self.writer.write(head + body)
                status, answer, close = await read_response(self.reader)
            except (Closed, ConnectionError):
                self.close()
                if reused and attempt == 1:
                    continue  # closed while idle, as a browser finds out: send it again
                raise
            ms = (time.perf_counter() - started) * 1000
            if close:
                self.close()
            return status, answer, ms
        raise AssertionError("unreachable")

    async def _connect(self) -> bool:
        """True if an open connection is reused."""
        if self.writer is not None and not self.reader.at_eof():
            return True
        self.close()
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP,
                                                        socket.TCP_NODELAY, 1)  # fmt: skip
        return False

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """(status, body, whether the server closes the connection) of one HTTP/1.1 answer,
    its body by Content-Length or chunked."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as error:
        raise Closed() from error
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)
        await reader.readuntil(b"\r\n")
        body = b"".join(parts)
    else:
        body = await reader.read()
    return status, body, headers.get("connection", "").lower() == "close"


class Feed:
    """One open page's live feed: when each roll card first arrived."""

    def __init__(self):
        self.open = asyncio.Event()
        self.arrivals: dict[int, float] = {}
        self.opened_at: float | None = None
        self.closed_at: float | None = None

    async def run(self, host: str, port: int, path: str, sessionid: str) -> None:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            self.closed_at = time.perf_counter()
            return
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n"
                     f"Cookie: sessionid={sessionid}\r\n\r\n".encode())  # fmt: skip
        tail = b""
        try:
            while chunk := await reader.read(65536):
                now = time.perf_counter()
                text = tail + chunk
                if self.opened_at is None and OPEN in text:
                    self.opened_at = now
                    self.open.set()
                for match in CARD.finditer(text):
                    self.arrivals.setdefault(int(match.group(1)), now)
                tail = text[-64:]
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            self.closed_at = time.perf_counter()
            writer.close()

    def was_open(self, at: float) -> bool:
        """Open (and not yet gone) when a roll was answered at ``at``."""
        return (
            self.opened_at is not None
            and self.opened_at <= at
            and (self.closed_at is None or self.closed_at > at)
        )
