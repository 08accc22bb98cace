"""Configuration errors said at once, naming the variable to fix: a server starting
(config.asgi, config.wsgi, `make table`) first checks its secret key, then that the
database and Redis it was given answer."""

from __future__ import annotations

import os
import threading
from urllib.parse import urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured

REDIS_TIMEOUT_SECONDS = 3


class ConfigurationProblem(Exception):
    """A setting from the environment that cannot work; its message says which."""


class ServiceUnavailableAtStart(ImproperlyConfigured, ConfigurationProblem):
    pass


def without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def database_url_shown() -> str:
    return without_password(os.environ.get("DATABASE_URL") or "unset: SQLite db.sqlite3")


def check_database() -> None:
    from django.db import OperationalError, connection

    try:
        connection.ensure_connection()
    except OperationalError as error:
        message = str(error)
        if "DATABASE_URL" not in message:
            message = f"DATABASE_URL ({database_url_shown()}): the database cannot be used: {error}"
        raise ServiceUnavailableAtStart(message) from error
    finally:
        connection.close()


def check_redis() -> None:
    from django.conf import settings

    if not settings.REDIS_URL:
        return
    import redis

    client = redis.Redis.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )
    try:
        client.ping()
    except redis.RedisError as error:
        raise ServiceUnavailableAtStart(
            f"REDIS_URL ({without_password(settings.REDIS_URL)}): Redis does not answer: "
            f"{error}. Start Redis or fix REDIS_URL (unset, the table runs one process "
            "without Redis)."
        ) from error
    finally:
        client.close()


def check_services() -> None:
    """Database, then Redis. Run in a thread of its own: a server imports its
    application inside its event loop, where Django refuses to touch the database."""
    failures = []

    def run():
        try:
            check_database()
            check_redis()
        except ServiceUnavailableAtStart as error:
            failures.append(error)

    worker = threading.Thread(target=run, name="tableside-start-checks")
    worker.start()
    worker.join()
    if failures:
        raise failures[0]


def configuration_problem(error: BaseException) -> str | None:
    """The message of the configuration problem behind an error, if there is one."""
    while error is not None:
        if isinstance(error, ConfigurationProblem):
            return str(error)
        error = error.__cause__
    return None
