"""The app as ``config.asgi`` serves it, with one fault the moment a roll's answer (a
200 to a roll POST) has gone out, before Django closes the response, for the fault
tests' server processes. ``TABLESIDE_FAULT``:

- ``kill``: the process is killed (SIGKILL) at once;
- ``terminate``: every database connection of this process (those whose
  application_name is ``TABLESIDE_FAULT_APP_NAME``, set in its DATABASE_URL) is
  terminated by the server, as a restart or an administrator would; the response is
  closed once they are gone.

Run as ``uvicorn tests.faults.fault_app:application``."""

import os
import re
import signal
import time

import psycopg

from config.asgi import application as django_application

ROLL = re.compile(r"^/characters/\d+/roll/")


def terminate_own_connections() -> None:
    from django.db import connection

    db, name = connection.settings_dict, os.environ["TABLESIDE_FAULT_APP_NAME"]
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres",
        dbname=db["NAME"], autocommit=True,
    ) as admin:  # fmt: skip
        gone = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s"
        admin.execute(gone, [name])
        deadline = time.monotonic() + 5
        left = "SELECT 1 FROM pg_stat_activity WHERE application_name = %s"
        while admin.execute(left, [name]).fetchone() and time.monotonic() < deadline:
            time.sleep(0.02)


def fault() -> None:
    if os.environ.get("TABLESIDE_FAULT") == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif os.environ.get("TABLESIDE_FAULT") == "terminate":
        terminate_own_connections()  # blocking on purpose: nothing else runs meanwhile


async def application(scope, receive, send):
    if scope["type"] != "http" or scope["method"] != "POST" or not ROLL.match(scope["path"]):
        return await django_application(scope, receive, send)
    status = []

    async def send_then_fault(message):
        await send(message)
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif not message.get("more_body") and status == [200]:
            fault()  # the answer is out; Django has not closed the response yet

    return await django_application(scope, receive, send_then_fault)
