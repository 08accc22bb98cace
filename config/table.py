"""`make table` (python -m config.table): the table served from the GM's machine to the
players' phones on the same network.

DEBUG off, the production ASGI server (uvicorn with config.http's protocol), SQLite in
the data folder unless DATABASE_URL says otherwise, a secret key made once and kept in
the data folder (config.lan), every name and address of this machine allowed, plain
HTTP (no HTTPS redirect, no HTTPS-only cookies: DJANGO_SECURE=1 behind TLS). It
migrates, collects the static files, then prints the addresses players open.

No published demo password is ever served: `--demo` makes the demo table with random
passwords printed here once, and an account that still has a demo's published password
(a database `make run` filled) gets a random one, printed the same way.
"""

from __future__ import annotations

import argparse
import os
import sys
from urllib.parse import urlsplit

from config import http, lan

DEFAULT_PORT = 8000


def env_list(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]


def table_environment(environ, folder) -> dict[str, str]:
    """The environment the table's processes run with (the settings read it)."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(environ)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["DJANGO_DEBUG"] = "0"
    env["DJANGO_SECRET_KEY"] = environ.get("DJANGO_SECRET_KEY") or lan.secret_key(folder)
    extra_hosts = env_list(environ.get("DJANGO_ALLOWED_HOSTS", ""))
    env["DJANGO_ALLOWED_HOSTS"] = ",".join(lan.allowed_hosts(extra_hosts))
    env.setdefault("DJANGO_SECURE", "0")
    env.setdefault("DATABASE_URL", f"sqlite:///{folder / lan.DATABASE_FILE}")
    env.setdefault("TABLESIDE_MEDIA_DIR", str(folder / "media"))  # the portraits
    return env


def default_workers(environ) -> int:
    """Without Redis each process has a live feed of its own: one process. With Redis,
    one per core up to 4."""
    if not environ.get("REDIS_URL"):
        return 1
    return max(1, min(4, os.cpu_count() or 1))


def uvicorn_command(host: str, port: int, workers: int) -> list[str]:
    return [
        sys.executable, "-m", "uvicorn", "config.asgi:application",
        "--host", host, "--port", str(port), "--workers", str(workers),
        *http.SERVER_OPTIONS,  # uvloop and httptools, Nagle off
        # Tableside logs each request itself (config/request_log.py), with its id.
        "--no-access-log", "--log-level", "warning",
        # Open live feeds never end on their own: let them go after 3 s on Ctrl-C.
        "--timeout-graceful-shutdown", "3",
    ]  # fmt: skip


def parse(argv):
    parser = argparse.ArgumentParser(prog="make table", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (all: 0.0.0.0)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--demo", action="store_true", help="the demo table, random passwords")
    return parser.parse_args(argv)


def prepare(options, out) -> None:
    """In this process, with the table's settings: checks, migrations, static files,
    the demo's passwords."""
    import django
    from django.core.management import call_command

    django.setup()
    from config.checks import assert_production_ready

    assert_production_ready()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    if options.demo:
        urls = lan.player_urls(options.host, options.port) or [f"http://127.0.0.1:{options.port}/"]
        address = urlsplit(urls[0])
        call_command(
            "demo", random_passwords=True, host=address.hostname, port=address.port, stdout=out
        )
    else:
        call_command("demo", retire_published=True, stdout=out)  # by name: config imports no app

    from django.db import connections

    connections.close_all()


def main(argv=None, environ=None, out=sys.stdout) -> None:
    options = parse(sys.argv[1:] if argv is None else argv)
    environ = os.environ if environ is None else environ
    folder = lan.data_dir(environ)
    workers = options.workers or default_workers(environ)
    if workers > 1 and not environ.get("REDIS_URL"):
        sys.exit(
            "make table: more than one worker needs REDIS_URL (without Redis each process "
            "has its own live feed, and players would miss each other's rolls)."
        )
    env = table_environment(environ, folder)
    os.environ.update(env)
    try:
        prepare(options, out)
    except Exception as error:
        from config.startup import configuration_problem

        message = configuration_problem(error)
        if message is None:
            raise
        sys.exit(f"Tableside cannot start: {message}")

    print(f"\nTableside's data (secret key, SQLite database): {folder}", file=out)
    print("Players on this network open:", file=out)
    for url in lan.player_urls(options.host, options.port):
        print(f"    {url}", file=out)
    if lan.is_loopback(options.host):
        print(
            f"    (HOST={options.host}: this machine only; leave HOST out for the network)",
            file=out,
        )
    print("Stop the table with Ctrl-C.\n", file=out, flush=True)
    command = uvicorn_command(options.host, options.port, workers)
    os.execve(sys.executable, command, env)


if __name__ == "__main__":
    main()
