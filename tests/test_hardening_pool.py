"""psycopg's connection pool on PostgreSQL (issue 15, item 6): connections are reused
across requests, a connection the database dropped is replaced before it is handed out,
and the pool's size comes from the environment. SQLite has no pool."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.factories import UserFactory
from tests.faults.test_dropped_database_connection import off_the_event_loop

ROOT = Path(__file__).resolve().parent.parent
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the pool is PostgreSQL's (DATABASE_URL)"
)


def settings_in_a_fresh_process(**env) -> dict:
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))
    }
    code = (
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default'], default=str))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**environment, "DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
             **env},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    import json

    return json.loads(result.stdout)


def test_postgresql_gets_a_health_checked_pool_sized_from_the_environment():
    db = settings_in_a_fresh_process(
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/anything",
        DATABASE_POOL_MIN_SIZE="3",
        DATABASE_POOL_MAX_SIZE="7",
    )
    assert db["OPTIONS"]["pool"]["min_size"] == 3 and db["OPTIONS"]["pool"]["max_size"] == 7
    assert db["CONN_HEALTH_CHECKS"] is True
    assert db["CONN_MAX_AGE"] == 0, "Django refuses a pool with persistent connections"


def test_the_pool_can_be_turned_off_and_sqlite_has_none():
    off = settings_in_a_fresh_process(
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/anything", DATABASE_POOL="0"
    )
    assert "pool" not in off.get("OPTIONS", {})
    sqlite = settings_in_a_fresh_process()
    assert sqlite["ENGINE"].endswith("sqlite3") and "pool" not in sqlite["OPTIONS"]


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@on_postgresql
def test_requests_reuse_pooled_connections(transactional_db, client):
    """Each request ends by closing its connection: with the pool that gives it back, so
    ten requests are served by the pool's few connections, not by ten new ones."""
    client.force_login(UserFactory())
    pids = set()
    for _ in range(10):
        assert off_the_event_loop(lambda: client.get("/")).status_code == 200
        pids.add(backend_pid())
        connection.close()
    # Without a pool each of the ten requests has a backend of its own (ten pids). How
    # few the pool uses depends on what earlier tests' server threads still hold.
    assert len(pids) < 10, "without a pool every request would have had a new backend"


def admin_connection():
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres",
        dbname=db["NAME"], autocommit=True,
    )  # fmt: skip


@on_postgresql
def test_a_pooled_connection_the_database_dropped_is_replaced(transactional_db, client):
    user = UserFactory()
    client.force_login(user)
    pids = {backend_pid()}
    connection.close()
    pids.add(backend_pid())  # with min_size 2, both pooled connections are known
    connection.close()
    with admin_connection() as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    response = off_the_event_loop(lambda: client.get("/"))
    assert response.status_code == 200, "the health check replaced the dead connections"
    assert backend_pid() not in pids


@on_postgresql
def test_open_event_streams_do_not_hold_pooled_connections(transactional_db, client):
    """Six open feeds on a worker whose pool has two connections: each stream gives its
    connection back after reading, so the feeds open and a page still loads at once."""
    from tests.asgi_server import free_port
    from tests.factories import PartyFactory, member_of
    from tests.rolls.test_feed_across_workers import database_url, wait_until_serving
    from tests.sse_client import SSEStream

    party = PartyFactory()
    client.force_login(member_of(party))
    cookies = {"sessionid": client.cookies["sessionid"].value}
    port = free_port()
    environment = {
        **os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database_url(),
        "DATABASE_POOL_MIN_SIZE": "1", "DATABASE_POOL_MAX_SIZE": "2",
        "DATABASE_POOL_TIMEOUT": "3",
    }  # fmt: skip
    worker = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=environment,
    )  # fmt: skip
    streams = []
    try:
        wait_until_serving(port)
        for _ in range(6):
            stream = SSEStream(f"http://127.0.0.1:{port}/parties/{party.pk}/events/", cookies)
            streams.append(stream)
            assert stream.status == 200
            stream.wait_for("stream-open")
        page = SSEStream(f"http://127.0.0.1:{port}/", cookies, timeout=5)
        assert page.status == 200
    finally:
        for stream in streams:
            stream.close()
        worker.terminate()
        worker.wait(timeout=10)
