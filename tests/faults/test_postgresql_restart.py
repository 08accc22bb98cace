"""PostgreSQL really restarted under a server whose pools are full (issue 31, item 2).

``test_pool_heals`` does to a pool what a restart does (every backend terminated) on a
shared server; this test restarts the server itself, as a host's bad night does: the
pools are filled (48 page loads, 16 at a time), the cluster is restarted with
``pg_ctlcluster``, and the next requests (one roll alone, then 16 rolls and 16 page
loads sent at once) must all be answered 200. The app server's pool timeout is 3 s
(``test_pool_heals.POOL_TIMEOUT`` says why), so a request that checked dead connections
one after another, with the pool's waits between them, would fail: the statuses say no
request waited, without timing anything.

It needs the PostgreSQL leg, root and Debian's ``pg_ctlcluster`` for the cluster that
serves DATABASE_URL, and an explicit ``TABLESIDE_RESTART_POSTGRESQL=1``: a restart
breaks every other client of that server, so it runs only where the suite owns it (CI's
PostgreSQL + Redis leg sets it in .ci/run), never by accident on a shared machine.
"""

import os
import shutil
import subprocess
import time

import psycopg
import pytest
from django.db import connection, connections

from tests.faults.test_pool_heals import (
    AT_ONCE,
    admin_connection,
    backends,
    filled_pools,
    rolls_and_pages_at_once,
    server,  # noqa: F401  (the fixture: one uvicorn worker, pool timeout 3 s)
)

OPT_IN = "TABLESIDE_RESTART_POSTGRESQL"


def cluster_serving_the_tests() -> tuple[str, str] | None:
    """The (version, name) of the local cluster on DATABASE_URL's port, if any."""
    listed = subprocess.run(
        ["pg_lsclusters", "--no-header"], capture_output=True, text=True, timeout=30
    )
    port = str(connection.settings_dict["PORT"] or 5432)
    for line in listed.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[2] == port:
            return fields[0], fields[1]
    return None


def why_not() -> str | None:
    if connection.vendor != "postgresql":
        return "restarts PostgreSQL: the PostgreSQL leg only (DATABASE_URL)"
    if os.environ.get(OPT_IN) != "1":
        return f"restarts the PostgreSQL server for everyone on it: set {OPT_IN}=1 (CI does)"
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "pg_ctlcluster restarts a cluster as root only"
    if not shutil.which("pg_ctlcluster") or not shutil.which("pg_lsclusters"):
        return "needs Debian's pg_ctlcluster and pg_lsclusters (postgresql-common)"
    if connection.settings_dict["HOST"] not in ("", "127.0.0.1", "localhost", "::1"):
        return "the database server is not on this machine"
    if cluster_serving_the_tests() is None:
        return "no local cluster listens on DATABASE_URL's port"
    return None


SKIP_BECAUSE = why_not()
pytestmark = pytest.mark.skipif(SKIP_BECAUSE is not None, reason=SKIP_BECAUSE or "")


def restart_postgresql() -> None:
    version, name = cluster_serving_the_tests()
    subprocess.run(["pg_ctlcluster", version, name, "restart"], check=True, timeout=120)
    deadline = time.monotonic() + 60
    while True:  # pg_ctlcluster waits for the start; this waits for connections too
        try:
            with admin_connection() as admin:
                admin.execute("SELECT 1")
            return
        except psycopg.OperationalError:
            assert time.monotonic() < deadline, "PostgreSQL did not come back"
            time.sleep(0.1)


def test_after_a_real_postgresql_restart_requests_answer_without_waiting_for_the_pool(
    server,  # noqa: F811
    client,
):
    characters, sessionid, sheet = filled_pools(server, client)
    with admin_connection() as admin:
        pooled = backends(admin)
    assert len(pooled) >= 4, "the pool had grown to hold several connections"

    restart_postgresql()
    for alias in connections:  # this process's own connections died with the server too
        connections[alias].close()
    with admin_connection() as admin:
        assert not set(backends(admin)) & set(pooled), "the restart kept old backends"

    first, rolls, pages = rolls_and_pages_at_once(server, characters, sessionid, sheet)
    assert first == 200, "the first request after the restart did not heal the pool"
    assert rolls == [200] * AT_ONCE, "a roll waited for the pool's timeout (a 503)"
    assert pages == [200] * AT_ONCE
