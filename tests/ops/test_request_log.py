"""Each request has an id (X-Request-ID), logged on its one line with the user's id, the
method, path, status and time; the error pages show it and the error lines carry it."""

import io
import json
import logging
from contextlib import contextmanager

import pytest

from tests.ops.environment import run_python


@contextmanager
def console_output():
    """What the configured console handler (one for every logger) writes, as written."""
    handler = logging.getLogger("tableside.request").handlers[0]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        yield stream
    finally:
        handler.setStream(previous)


def test_a_request_gets_an_id_and_one_line_with_the_users_id_not_the_name(player_client, player):
    with console_output() as output:
        response = player_client.get("/")
    request_id = response["X-Request-ID"]
    assert len(request_id) == 16
    lines = output.getvalue().splitlines()
    assert len(lines) == 1
    assert f"{request_id} user={player.pk} GET / 200 " in lines[0]
    assert lines[0].endswith("ms")
    assert player.username not in lines[0]


def test_each_request_has_its_own_id(client, db):
    first = client.get("/accounts/login/")["X-Request-ID"]
    second = client.get("/accounts/login/")["X-Request-ID"]
    assert first != second


def test_a_proxys_sane_request_id_is_kept_and_a_strange_one_replaced(client, db):
    kept = client.get("/accounts/login/", headers={"X-Request-ID": "proxy-4f2a.7"})
    assert kept["X-Request-ID"] == "proxy-4f2a.7"
    for strange in ("has spaces in it", "x" * 65, "<script>"):
        replaced = client.get("/accounts/login/", headers={"X-Request-ID": strange})
        assert replaced["X-Request-ID"] != strange
        assert len(replaced["X-Request-ID"]) == 16


def test_an_anonymous_request_logs_no_user(client, db):
    with console_output() as output:
        client.get("/accounts/login/")
    assert " user=- GET /accounts/login/ 200 " in output.getvalue()


@pytest.mark.urls("tests.ops.failing_urls")
def test_the_500_page_shows_the_request_id_and_the_error_line_carries_it(client, db):
    client.raise_request_exception = False
    with console_output() as output:
        response = client.get("/test-broken/")
    errors = lines = output
    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    assert request_id in response.content.decode()
    assert "Internal Server Error: /test-broken/" in errors.getvalue()
    assert f"[request {request_id}]" in errors.getvalue()
    assert "RuntimeError: a bug in a view" in errors.getvalue()
    assert f"{request_id} user=- GET /test-broken/ 500 " in lines.getvalue()


@pytest.mark.urls("tests.ops.failing_urls")
def test_the_503_page_and_its_htmx_fragment_show_the_request_id(client, db):
    with console_output() as errors:
        page = client.post("/test-database-gone/")
        fragment = client.post("/test-database-gone/", headers={"HX-Request": "true"})
    for response in (page, fragment):
        assert response.status_code == 503
        assert response["X-Request-ID"] in response.content.decode()
    assert "database unavailable on POST /test-database-gone/" in errors.getvalue()
    assert f"[request {page['X-Request-ID']}]" in errors.getvalue()


def test_json_lines_when_asked():
    """TABLESIDE_LOG_FORMAT=json: each line one JSON object with the request's fields."""
    script = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "Client(SERVER_NAME='localhost').get('/accounts/login/',"
        " headers={'X-Request-ID': 'from-the-proxy-1'})\n"
    )
    result = run_python(
        "-c", script, DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
        TABLESIDE_LOG_FORMAT="json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    [line] = [line for line in result.stderr.splitlines() if "from-the-proxy-1" in line]
    entry = json.loads(line)
    assert entry["logger"] == "tableside.request"
    assert entry["request_id"] == "from-the-proxy-1"
    assert (entry["method"], entry["path"], entry["status"]) == ("GET", "/accounts/login/", 200)
    assert isinstance(entry["duration_ms"], float)
    assert "user_id" not in entry


def test_an_unknown_log_format_is_refused_naming_the_variable():
    result = run_python("manage.py", "check", DJANGO_DEBUG="1", TABLESIDE_LOG_FORMAT="xml")
    assert result.returncode != 0
    assert "TABLESIDE_LOG_FORMAT is 'xml'" in result.stderr
