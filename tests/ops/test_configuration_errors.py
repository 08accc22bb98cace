"""A setting that cannot work is said at once, naming the variable to fix: a database
that does not exist or refuses the login, a Redis that does not answer, no secret key."""

import os
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.asgi_server import free_port
from tests.ops.environment import run_python

PRODUCTION_KEY = "a-long-random-production-key-" + "x7Qp9" * 10
POSTGRES_URL = os.environ.get("DATABASE_URL", "")
needs_postgres = pytest.mark.skipif(
    not POSTGRES_URL.startswith("postgres"), reason="PostgreSQL's errors (DATABASE_URL)"
)


def run(command, **env):
    return run_python(*command, timeout=40, **env)


def postgres_url(user=None, name=None):
    parts = urlsplit(POSTGRES_URL)
    netloc = parts.netloc.split("@")[-1]
    user = user or parts.username or "postgres"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}", path=f"/{name}"))


@needs_postgres
def test_migrate_names_a_database_that_does_not_exist_at_once_with_the_pool_on():
    # The pool would wait a minute, past the 40 s this test allows, and then only say
    # "couldn't get a connection"; the database's own words come at once.
    result = run(
        ["manage.py", "migrate"],
        DATABASE_URL=postgres_url(name="nosuchdb"), DATABASE_POOL_TIMEOUT="60", DJANGO_DEBUG="1",
    )  # fmt: skip
    assert result.returncode != 0
    assert 'database "nosuchdb" does not exist' in result.stderr
    assert "DATABASE_URL" in result.stderr
    assert "Traceback" not in result.stderr


@needs_postgres
def test_a_refused_login_is_said_at_once_too():
    result = run(
        ["manage.py", "migrate", "--plan"],
        DATABASE_URL=postgres_url(user="nosuchrole_tableside", name="postgres"),
        DATABASE_POOL_TIMEOUT="60", DJANGO_DEBUG="1",
    )  # fmt: skip
    assert result.returncode != 0
    assert 'role "nosuchrole_tableside" does not exist' in result.stderr
    assert "DATABASE_URL" in result.stderr


@needs_postgres
def test_the_server_does_not_start_on_a_database_that_does_not_exist():
    result = run(
        ["-c", "import config.asgi"],
        DATABASE_URL=postgres_url(name="nosuchdb"), DATABASE_POOL_TIMEOUT="60",
        DJANGO_SECRET_KEY=PRODUCTION_KEY,
    )  # fmt: skip
    assert result.returncode != 0
    assert "DATABASE_URL (postgres://" in result.stderr
    assert 'database "nosuchdb" does not exist' in result.stderr


def test_the_server_does_not_start_on_a_sqlite_file_it_cannot_open(tmp_path):
    missing = tmp_path / "no-such-folder" / "table.sqlite3"
    result = run(
        ["-c", "import config.asgi"],
        DATABASE_URL=f"sqlite:///{missing}", DJANGO_SECRET_KEY=PRODUCTION_KEY,
    )  # fmt: skip
    assert result.returncode != 0
    assert f"DATABASE_URL (sqlite:///{missing})" in result.stderr
    assert "unable to open database file" in result.stderr


def test_the_server_does_not_start_when_redis_does_not_answer(tmp_path):
    address = f"redis://127.0.0.1:{free_port()}/0"
    result = run(
        ["-c", "import config.asgi"],
        DATABASE_URL=f"sqlite:///{tmp_path / 'table.sqlite3'}", REDIS_URL=address,
        DJANGO_SECRET_KEY=PRODUCTION_KEY,
    )  # fmt: skip
    assert result.returncode != 0
    assert f"REDIS_URL ({address}): Redis does not answer" in result.stderr


def test_the_server_does_not_start_without_a_secret_key(tmp_path):
    result = run(["-c", "import config.asgi"], DATABASE_URL=f"sqlite:///{tmp_path / 'db'}")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_a_password_in_a_url_is_never_printed(tmp_path):
    result = run(
        ["-c", "import config.asgi"],
        DATABASE_URL=f"sqlite:///{tmp_path / 'db'}",
        REDIS_URL=f"redis://:hunter2secret@127.0.0.1:{free_port()}/0",
        DJANGO_SECRET_KEY=PRODUCTION_KEY,
    )  # fmt: skip
    assert "REDIS_URL (redis://:***@127.0.0.1:" in result.stderr
    assert "hunter2secret" not in result.stderr


def test_an_unknown_synchronous_commit_is_said_naming_the_variable():
    result = run(
        ["manage.py", "check"],
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/test",
        DATABASE_SYNCHRONOUS_COMMIT="sometimes", DJANGO_DEBUG="1",
    )  # fmt: skip
    assert result.returncode != 0
    assert "DATABASE_SYNCHRONOUS_COMMIT='sometimes'" in result.stderr
    assert "use on, off, local" in result.stderr


@needs_postgres
def test_the_app_s_connections_commit_without_waiting_for_the_disk_when_asked():
    read = "from django.db import connection; c = connection.cursor(); c.execute('SHOW synchronous_commit'); print(c.fetchone()[0])"  # noqa: E501
    command = ["-c", f"import django; django.setup(); {read}"]
    settings = {"DATABASE_URL": POSTGRES_URL, "DJANGO_SETTINGS_MODULE": "config.settings",
                "DJANGO_DEBUG": "1"}  # fmt: skip
    assert run(command, DATABASE_SYNCHRONOUS_COMMIT="off", **settings).stdout.strip() == "off"
    assert run(command, **settings).stdout.strip() == "on", "the database's own setting"
