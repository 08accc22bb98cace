"""/healthz and /readyz: a proxy or a monitor asks a node whether it answers and whether
it can serve a table; the answer is a word and a status, the reason is in the log."""

import http.client
import os
import subprocess
import sys
import time

import pytest
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client

from config import health
from tests.asgi_server import free_port
from tests.rolls.test_feed_across_workers import ROOT

NOT_READY = b"not ready\n"


@pytest.fixture(autouse=True)
def migrations_checked_afresh():
    health.migrations.applied = False
    yield
    health.migrations.applied = False


def test_healthz_answers_ok_without_a_session_or_a_query(client):
    response = client.get("/healthz")  # no db fixture: any query would raise here
    assert (response.status_code, response.content) == (200, b"ok\n")
    assert response["Content-Type"].startswith("text/plain")
    assert response["Cache-Control"] == "no-store"
    assert not response.cookies, "no session or CSRF cookie is set"


def test_health_checks_answer_any_host_over_plain_http_even_in_production(db, settings):
    settings.ALLOWED_HOSTS = ["table.example"]
    settings.SECURE_SSL_REDIRECT = True
    client = Client(HTTP_HOST="10.0.0.12:8000")
    assert client.get("/healthz").status_code == 200, "no DisallowedHost, no HTTPS redirect"
    assert client.get("/readyz").status_code == 200
    assert client.get("/accounts/login/").status_code == 400, "other pages still check the host"


def test_health_checks_need_no_csrf_token_and_refuse_writes_plainly(db):
    client = Client(enforce_csrf_checks=True)
    assert client.head("/readyz").status_code == 200
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


def test_readyz_is_ok_with_the_database_reachable_and_every_migration_applied(client, db):
    response = client.get("/readyz")
    assert (response.status_code, response.content) == (200, b"ok\n")
    assert not response.cookies


def test_readyz_is_not_ready_while_a_migration_is_pending(client, db, caplog):
    latest = MigrationRecorder.Migration.objects.filter(app="rolls").latest("id")
    latest.delete()  # as after deploying a release before `migrate` (rolled back after)
    response = client.get("/readyz")
    assert (response.status_code, response.content) == (503, NOT_READY)
    assert f"rolls.{latest.name}" in caplog.text and "manage.py migrate" in caplog.text
    assert latest.name.encode() not in response.content, "no detail for the client"
    latest.save()
    assert client.get("/readyz").status_code == 200, "ready once migrated, no restart"


def test_readyz_is_not_ready_without_redis(client, db, settings, caplog):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    response = client.get("/readyz")
    assert (response.status_code, response.content) == (503, NOT_READY)
    assert "redis" in caplog.text.lower()
    assert b"redis" not in response.content.lower()


def test_a_node_whose_database_goes_away_is_healthy_but_not_ready(db, tmp_path):
    """A real server process, production settings, its database reachable at start (a
    database missing at start stops the server: tests/ops/test_configuration_errors.py),
    then out of reach: its SQLite file's folder moved away."""
    folder = tmp_path / "data"
    folder.mkdir()
    port = free_port()
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
                   "DJANGO_SECRET_KEY": "x" * 50,
                   "DJANGO_ALLOWED_HOSTS": "table.example"}  # fmt: skip
    environment.pop("DJANGO_DEBUG", None)
    environment.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=environment, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert _get(port, "/healthz", wait=60) == (200, b"ok\n")
        folder.rename(tmp_path / "gone")
        assert _get(port, "/healthz") == (200, b"ok\n")
        assert _get(port, "/readyz") == (503, NOT_READY)
    finally:
        server.terminate()
        _, log = server.communicate(timeout=10)
    assert "/readyz: not ready: database" in log


def _get(port, path, wait=0.0):
    deadline = time.monotonic() + wait
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
            conn.request("GET", path, headers={"Host": "127.0.0.1"})
            response = conn.getresponse()
            return response.status, response.read()
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
