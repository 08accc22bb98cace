"""uvicorn serving the app as in production: ``workers`` processes on 127.0.0.1, on a
free port, stopped when the block ends."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from contextlib import contextmanager

from bench.environment import ROOT, server_environment
from config.http import SERVER_OPTIONS


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/accounts/login/")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"uvicorn on port {port} did not answer within {timeout:.0f} s")


@contextmanager
def uvicorn(workers: int = 2, **environment: str):
    with uvicorn_process(workers, **environment) as (port, _):
        yield port


@contextmanager
def uvicorn_process(workers: int = 2, **environment: str):
    """As ``uvicorn``, yielding the port and the supervisor's process too."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--workers", str(workers), "--log-level", "warning",
         "--no-access-log", "--timeout-graceful-shutdown", "2",
         *SERVER_OPTIONS],
        cwd=ROOT, env=server_environment(**environment),
    )  # fmt: skip
    try:
        wait_until_serving(port)
        if workers > 1:
            time.sleep(1.0)  # the second worker comes up a moment after the first
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
