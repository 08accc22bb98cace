"""Where the bench runs: the settings its server processes and this process share.

PostgreSQL and Redis when ``DATABASE_URL`` / ``REDIS_URL`` are set, else a scratch
SQLite file (removed afterwards). The server runs as in production (DEBUG off) with a
throw-away secret key and without the HTTPS-only settings (it is plain HTTP on
127.0.0.1)."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def prepare() -> dict:
    """Set this process's environment for Django (before ``django.setup()``) and return
    what describes the run."""
    scratch = None
    if not os.environ.get("DATABASE_URL"):
        scratch = Path(tempfile.gettempdir()) / f"tableside-bench-{os.getpid()}.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}"
    os.environ.pop("DJANGO_DEBUG", None)
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-" + secrets.token_urlsafe(32))
    os.environ["DJANGO_SECURE"] = "0"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1,localhost,testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    database = os.environ["DATABASE_URL"].split(":", 1)[0]
    return {
        "database": "postgresql" if database.startswith("postgres") else database,
        "redis": bool(os.environ.get("REDIS_URL")),
        "scratch_sqlite": str(scratch) if scratch else None,
    }


def setup_django() -> None:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    # hashed, precompressed static files, as a production install serves them
    call_command("collectstatic", verbosity=0, interactive=False)


def server_environment(**overrides: str) -> dict[str, str]:
    return {**os.environ, **overrides}


def cleanup(run: dict) -> None:
    if run.get("scratch_sqlite"):
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(run["scratch_sqlite"] + suffix).unlink(missing_ok=True)
