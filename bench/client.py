"""A minimal HTTP client for the bench (the standard library's http.client): fresh or
reused connections, the session cookie of a logged-in user, the CSRF pair for POSTs,
and the time each request takes until its whole body is read."""

from __future__ import annotations

import http.client
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlencode

CSRF_TOKEN = "b" * 32  # any 32 characters: the cookie and the header must agree


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    ms: float


class Browser:
    """One user's requests to ``127.0.0.1:port``. ``keep_alive`` reuses one connection
    (as a browser does); otherwise each request opens its own."""

    def __init__(self, port: int, sessionid: str | None, keep_alive: bool = False,
                 timeout: float = 30, csrf_cookie: str = "csrftoken"):  # fmt: skip
        self.port = port
        self.keep_alive = keep_alive
        self.timeout = timeout
        self.connection: http.client.HTTPConnection | None = None
        cookies = [f"{csrf_cookie}={CSRF_TOKEN}"]
        if sessionid:
            cookies.append(f"sessionid={sessionid}")
        self.cookie = "; ".join(cookies)

    def _connection(self) -> http.client.HTTPConnection:
        if self.connection is None or not self.keep_alive:
            self.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                         timeout=self.timeout)  # fmt: skip
            # As browsers do: no Nagle delay. http.client writes a POST's headers and body
            # in two segments; without this the body waits for the server's delayed ACK
            # (~40 ms) on a reused connection, a cost of the client, not of the server.
            self.connection.connect()
            self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return self.connection

    def request(self, method: str, path: str, data: dict | None = None,
                headers: dict | None = None) -> Answer:  # fmt: skip
        all_headers = {"Cookie": self.cookie, **(headers or {})}
        body = None
        if method == "POST":
            body = urlencode(data or {}, doseq=True)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers["X-CSRFToken"] = CSRF_TOKEN
        started = time.perf_counter()
        connection = self._connection()
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            content = response.read()
        except (http.client.HTTPException, OSError):
            self.close()
            raise
        ms = (time.perf_counter() - started) * 1000
        if not self.keep_alive or response.will_close:
            self.close()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      content, ms)  # fmt: skip

    def get(self, path: str, **headers) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict, htmx: bool = True) -> Answer:
        headers = {"HX-Request": "true"} if htmx else {}
        return self.request("POST", path, data=data, headers=headers)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
