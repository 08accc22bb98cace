"""The deploy/ recipe on 127.0.0.1 for tests: nginx (its config rendered from
deploy/nginx/, run as the current user, everything in a temporary folder) in front of
app nodes (uvicorn --workers N, as deploy/systemd runs them), sharing the test's
PostgreSQL database and Redis."""

from __future__ import annotations

import getpass
import grp
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.asgi_server import free_port

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
import nginx_site  # noqa: E402  (deploy/ is scripts, not a package)

BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
SECRET_KEY = "two-node-test-" + "k" * 40  # the nodes' key: the test signs sessions with it


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None
    )


def get(port: int, path: str, headers: dict | None = None, timeout: float = 10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": "127.0.0.1", **(headers or {})})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def wait_until_ready(port: int, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if get(port, "/readyz", timeout=5)[0] == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing ready on 127.0.0.1:{port}")
        time.sleep(0.3)


UNIT = ROOT / "deploy" / "systemd" / "tableside@.service"


def unit_command(port: int, workers: int) -> list[str]:
    """The ExecStart of deploy/systemd/tableside@.service, for a node on 127.0.0.1."""
    lines = UNIT.read_text().replace("\\\n", " ").splitlines()
    command = next(line for line in lines if line.startswith("ExecStart=")).split()
    program = command[0].removeprefix("ExecStart=")
    assert program.endswith("/uvicorn"), program
    values = {"${TABLESIDE_BIND}": "127.0.0.1", "%i": str(port),
              "${TABLESIDE_WORKERS}": str(workers),
              "${TABLESIDE_PROXY_IPS}": "127.0.0.1"}  # fmt: skip
    arguments = []
    for word in command[1:]:
        for name, value in values.items():
            word = word.replace(name, value)
        arguments.append(word)
    return [sys.executable, "-m", "uvicorn", *arguments]


class Node:
    """One app node: `uvicorn config.asgi:application --workers N ...` in production
    settings (a real key, DEBUG off), in its own process group so it can be killed whole."""

    def __init__(self, database_url: str, redis_url: str, workers: int = 2):
        self.port = free_port()
        self.environment = {
            **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
            "DJANGO_SECRET_KEY": SECRET_KEY,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE": "0",  # plain HTTP on 127.0.0.1; TLS is the proxy's job
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
        }
        self.command = [*unit_command(self.port, workers), "--log-level", "warning"]
        self.process: subprocess.Popen | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> Node:
        self.process = subprocess.Popen(
            self.command, cwd=ROOT, env=self.environment, start_new_session=True
        )
        return self

    def kill(self) -> None:
        """Gone at once, as a crashed machine: the supervisor and every worker. Returns
        once the port refuses connections (the workers hold the socket a moment longer:
        a request that reaches it meanwhile is lost with the node, a 502)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            except OSError:
                return
            time.sleep(0.05)
        raise AssertionError(f"node {self.address} still accepts connections")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


class Proxy:
    """nginx with the deploy/ site in front of ``nodes``, listening on 127.0.0.1."""

    def __init__(self, folder: Path, nodes: list[str], static_root: Path, tls=None):
        """``nodes``: their addresses; ``tls``: (certificate, key) for the HTTPS site as
        deploy/README.md has it (only checked, never started: it listens on 443)."""
        self.folder = folder
        self.port = free_port()
        self.brotli = BROTLI_MODULE.exists()
        site = nginx_site.render(
            nodes,
            server_name="127.0.0.1",
            static_root=str(static_root),
            proxy_params=str(nginx_site.PROXY_PARAMS),
            plain=None if tls else f"127.0.0.1:{self.port}",
            cert=tls and str(tls[0]),
            key=tls and str(tls[1]),
            brotli=self.brotli,
        )
        (folder / "tableside.conf").write_text(site)
        (folder / "nginx.conf").write_text(self.main_config())
        self.process: subprocess.Popen | None = None

    def main_config(self) -> str:
        folder = self.folder
        lines = [f"pid {folder}/nginx.pid;", f"error_log {folder}/error.log warn;",
                 "worker_processes 1;"]  # fmt: skip
        if self.brotli:
            lines.insert(0, f"load_module {BROTLI_MODULE};")
        if os.geteuid() == 0:  # workers would drop to nobody, who cannot read the folder
            lines.append(f"user {getpass.getuser()} {grp.getgrgid(os.getegid()).gr_name};")
        temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in
                        ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))  # fmt: skip
        return "\n".join([
            *lines,
            "events { worker_connections 256; }",
            "http {",
            "    include /etc/nginx/mime.types;",
            "    default_type application/octet-stream;",
            f"    access_log {folder}/access.log;",
            f"    {temp}",
            # gzip on for the feed's type too: its location must still turn it off
            "    gzip on;",
            "    gzip_types text/event-stream text/css application/javascript;",
            f"    include {folder}/tableside.conf;",
            "}",
            "",
        ])  # fmt: skip

    def command(self, *extra: str) -> list[str]:
        return [nginx_binary(), "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                "-c", str(self.folder / "nginx.conf"), *extra]  # fmt: skip

    def check(self) -> None:
        checked = subprocess.run(self.command("-t"), capture_output=True, text=True)
        assert checked.returncode == 0, f"nginx refuses the rendered config:\n{checked.stderr}"

    def start(self) -> Proxy:
        self.check()
        self.process = subprocess.Popen(self.command("-g", "daemon off;"))
        return self

    def errors(self) -> str:
        log = self.folder / "error.log"
        return log.read_text()[-3000:] if log.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
