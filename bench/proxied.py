"""``python -m bench.proxied``: app nodes behind nginx on 127.0.0.1, as deploy/ runs them,
for the ``tables`` section to measure through the proxy::

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench REDIS_URL=redis://127.0.0.1:6391/0
    export DJANGO_SECRET_KEY=bench-$(openssl rand -hex 24)   # the nodes and the bench share it
    timeout 3600 python -m bench.proxied --nodes 2 --workers 1 --port 8088 &
    make bench BENCH_ARGS="tables --tables-url http://127.0.0.1:8088"

The site is deploy/nginx/tableside.conf.in rendered by deploy/nginx_site.py (plain HTTP);
nginx runs as the current user from a temporary folder, with room for thousands of open
feeds (each is two connections: the page's and the one to a node). Stops on SIGTERM or
Ctrl-C, or after ``--seconds``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from bench import environment, server

sys.path.insert(0, str(environment.ROOT / "deploy"))
import nginx_site  # deploy/ is scripts, not a package: found through sys.path

BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
CONNECTIONS = 16384


def nginx_config(folder: Path, site: Path) -> str:
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))  # fmt: skip
    head = [f"load_module {BROTLI_MODULE};"] if BROTLI_MODULE.exists() else []
    return "\n".join([
        *head,
        f"pid {folder}/nginx.pid;",
        f"error_log {folder}/error.log warn;",
        "worker_processes 1;",
        f"worker_rlimit_nofile {2 * CONNECTIONS};",
        f"events {{ worker_connections {CONNECTIONS}; }}",
        "http {",
        "    include /etc/nginx/mime.types;",
        "    default_type application/octet-stream;",
        "    access_log off;",
        f"    {temp}",
        f"    include {site};",
        "}",
        "",
    ])  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1, help="uvicorn workers a node")
    parser.add_argument("--port", type=int, default=8088, help="nginx's port on 127.0.0.1")
    parser.add_argument("--seconds", type=float, default=3600)
    args = parser.parse_args()
    if not os.environ.get("DJANGO_SECRET_KEY"):
        sys.exit("DJANGO_SECRET_KEY must be set: the bench signs its sessions with it")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    environment.prepare()
    environment.setup_django()
    from django.conf import settings

    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="bench-nginx-") as name:
        folder = Path(name)
        ports = [stack.enter_context(server.uvicorn(workers=args.workers))
                 for _ in range(args.nodes)]  # fmt: skip
        site = folder / "tableside.conf"
        site.write_text(nginx_site.render(
            [f"127.0.0.1:{port}" for port in ports], server_name="127.0.0.1",
            static_root=str(settings.STATIC_ROOT), proxy_params=str(nginx_site.PROXY_PARAMS),
            plain=f"127.0.0.1:{args.port}", brotli=BROTLI_MODULE.exists(),
        ))  # fmt: skip
        (folder / "nginx.conf").write_text(nginx_config(folder, site))
        command = [nginx, "-p", str(folder), "-e", str(folder / "error.log"),
                   "-c", str(folder / "nginx.conf")]  # fmt: skip
        subprocess.run([*command, "-t"], check=True, capture_output=True)
        proxy = subprocess.Popen([*command, "-g", "daemon off;"])
        try:
            server.wait_until_serving(args.port)
            print(f"nginx on http://127.0.0.1:{args.port} in front of "
                  f"{', '.join(str(p) for p in ports)}", flush=True)  # fmt: skip
            deadline = time.monotonic() + args.seconds
            while not stop["now"] and time.monotonic() < deadline and proxy.poll() is None:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)


if __name__ == "__main__":
    main()
