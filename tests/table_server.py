"""The table as `make table` starts it (python -m config.table: DEBUG off, its own
secret key in a data folder, the allowed hosts it computes, migrate, collectstatic,
uvicorn), on 127.0.0.1 and the test database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.asgi_server import free_port

ROOT = Path(__file__).resolve().parent.parent


def database_url(settings_dict) -> str:
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict["USER"] or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""
    host = settings_dict["HOST"] or "127.0.0.1"
    port = settings_dict["PORT"] or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


class TableServer:
    def __init__(self, data_dir: Path, database: str, *arguments: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.log = data_dir / "table.log"
        environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
        environment.update(TABLESIDE_DATA_DIR=str(data_dir), DATABASE_URL=database)
        data_dir.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "config.table", "--host", "127.0.0.1",
                 "--port", str(self.port), *arguments],
                cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_serving(self, timeout: float = 180) -> TableServer:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the table stopped:\n{self.output()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the table did not start:\n{self.output()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
