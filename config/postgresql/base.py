"""Django's PostgreSQL backend, with one direct connection before a pool's first.

psycopg's pool retries a failing connection in the background and the request waits
its whole timeout (10 s) to hear only "couldn't get a connection after 10.00 sec".
Before a process's pool lends its first connection, this backend opens one connection
itself: a database that does not exist, a login refused or a server that does not
answer is then reported at once, in the database's own words, naming DATABASE_URL.
Once a connection has been made, the pool works as before (a database that goes away
later is the 503 "try again" of config.middleware)."""

from __future__ import annotations

import threading

from django.db.backends.postgresql import base

from config.startup import ConfigurationProblem, database_url_shown

PROBE_TIMEOUT_SECONDS = 5


class DatabaseRefused(base.Database.OperationalError, ConfigurationProblem):
    """The database named by DATABASE_URL cannot be reached or refuses the login."""


class DatabaseWrapper(base.DatabaseWrapper):
    _probed_pools: set[int] = set()
    _probe_lock = threading.Lock()

    def get_new_connection(self, conn_params):
        pool = self.pool
        if pool is not None and id(pool) not in self._probed_pools:
            with self._probe_lock:
                if id(pool) not in self._probed_pools:
                    self._connect_once(conn_params)
                    self._probed_pools.add(id(pool))
        return super().get_new_connection(conn_params)

    def _connect_once(self, conn_params):
        params = {"connect_timeout": PROBE_TIMEOUT_SECONDS, **conn_params}
        try:
            self.Database.connect(**params).close()
        except self.Database.OperationalError as error:
            reason = " ".join(str(error).split())
            raise DatabaseRefused(
                f"DATABASE_URL ({database_url_shown()}): the database cannot be used: {reason}"
            ) from error
