"""A real ASGI server (uvicorn) for tests that stream: pytest-django's live_server is
WSGI and cannot hold a server-sent events stream open."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from config.http import LOOP, PROTOCOL


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ThreadedASGIServer:
    """uvicorn serving Django's ASGI application in a background thread, on 127.0.0.1."""

    def __init__(self, app, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off",
            timeout_graceful_shutdown=1, loop=LOOP, http=PROTOCOL,
        )  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self, timeout: float = 20) -> ThreadedASGIServer:
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test ASGI server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.server.force_exit = True
        self.thread.join(timeout=10)
