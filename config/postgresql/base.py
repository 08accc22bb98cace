"""Django's PostgreSQL backend, whose pool heals at once after the database dropped its
connections (a restart, a failover, idle connections terminated).

psycopg_pool checks a connection before lending it, but after a failed check it waits
(1 s, then 2 s, 4 s...) before it tries the next one: with a pool full of connections a
restart had killed, requests stalled up to the pool's timeout and failed. Here the
pool's own check is off (``"check": None`` in settings) and ``get_new_connection``
checks instead: on a failed check the dead connection goes back (the pool discards it
and opens another in the background), every idle connection of the pool is checked at
once (``pool.check()``: the other dead ones go too), and the next one is taken without
a wait."""

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

ATTEMPTS = 3  # a database that kills every connection it hands out is down: say so


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        failed = 0
        while self.pool is not None:
            try:
                ConnectionPool.check_connection(connection)
                return connection
            except psycopg.Error:
                failed += 1
                self.pool.putconn(connection)
                if failed == ATTEMPTS:
                    raise
                self.pool.check()
                connection = super().get_new_connection(conn_params)
        return connection
