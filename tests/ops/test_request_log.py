"""Each request has an id (X-Request-ID), logged on its one line with the user's id, the
method, path, status and time; the error pages show it and the error lines carry it."""

import io
import json
import logging
import re
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


@contextmanager
def request_records():
    """The records logged on tableside.request meanwhile (a list filled as they come)."""
    records, capture = [], logging.Handler()
    capture.emit = records.append
    logging.getLogger("tableside.request").addHandler(capture)
    try:
        yield records
    finally:
        logging.getLogger("tableside.request").removeHandler(capture)


def test_a_request_gets_an_id_and_one_line_with_the_users_id_not_the_name(player_client, player):
    with console_output() as output:
        response = player_client.get("/")
    request_id = response["X-Request-ID"]
    assert len(request_id) == 16
    lines = output.getvalue().splitlines()
    assert len(lines) == 1
    assert f"{request_id} user={player.pk} GET / 200 " in lines[0]
    assert re.search(r" 200 \d+\.\dms cpu=\d+\.\dms db=\d+\.\dms/\d+$", lines[0]), lines[0]
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


@pytest.mark.django_db(transaction=True)
def test_under_the_asgi_server_the_line_says_how_long_the_request_waited_for_a_thread():
    """The handler lets a few requests into their threads at once; the others wait
    (config.asgi_handler.Admission). The line gives that wait apart from the request's
    own time, and a JSON line as ``waited_ms``."""
    from asgiref.sync import async_to_sync

    from config.asgi_handler import OneTripASGIHandler
    from config.request_log import JsonFormatter
    from tests.test_asgi_handler import _answer
    from tests.threads import off_the_event_loop

    handler = OneTripASGIHandler()
    with request_records() as records, console_output() as output:
        status = off_the_event_loop(lambda: async_to_sync(_answer)(handler, "/accounts/login/"))
    assert status == 200
    [line] = output.getvalue().splitlines()
    assert re.search(r" GET /accounts/login/ 200 \d+\.\dms waited=\d+\.\dms cpu=", line), line
    entry = json.loads(JsonFormatter().format(records[0]))
    assert isinstance(entry["waited_ms"], float) and entry["waited_ms"] >= 0


def test_the_line_splits_the_requests_time_into_its_cpu_and_its_database_statements(
    player_client, player, mutant_sheet
):
    """A sheet reads the database (the session's user, the character, its rows): the
    line counts each statement and its time, and the thread's CPU; a slow request's
    rest is time it waited for the process's other threads."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with console_output() as output, CaptureQueriesContext(connection) as statements:
        response = player_client.get(f"/characters/{mutant_sheet.character.pk}/")
    assert response.status_code == 200
    [line] = output.getvalue().splitlines()
    found = re.search(r" 200 ([\d.]+)ms cpu=([\d.]+)ms db=([\d.]+)ms/(\d+)$", line)
    assert found, line
    took, cpu, db, count = (float(value) for value in found.groups())
    assert count == len(statements.captured_queries) >= 3
    assert 0 <= db < took and 0 < cpu <= took * 1.05 + 1  # thread_time's own granularity


def test_the_json_line_has_the_cpu_and_database_figures(client, db):
    from config.request_log import JsonFormatter

    with request_records() as records:
        client.get("/accounts/login/")
    entry = json.loads(JsonFormatter().format(records[0]))
    assert isinstance(entry["cpu_ms"], float) and entry["cpu_ms"] > 0
    assert isinstance(entry["db_ms"], float) and isinstance(entry["db_statements"], int)


def test_a_request_outside_the_asgi_server_says_no_wait(client, db):
    with console_output() as output:
        client.get("/accounts/login/")
    [line] = output.getvalue().splitlines()
    assert "waited=" not in line


def test_an_unknown_log_format_is_refused_naming_the_variable():
    result = run_python("manage.py", "check", DJANGO_DEBUG="1", TABLESIDE_LOG_FORMAT="xml")
    assert result.returncode != 0
    assert "TABLESIDE_LOG_FORMAT is 'xml'" in result.stderr
