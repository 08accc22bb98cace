"""Django's PostgreSQL backend, with a pool that says a wrong DATABASE_URL at once and
heals at once after the database dropped its connections.

- A wrong DATABASE_URL: psycopg's pool retries a failing connection in the background
  and the request waits its whole timeout (10 s) to hear only "couldn't get a connection
  after 10.00 sec". Before a process's pool lends its first connection, this backend
  opens one connection itself: a database that does not exist, a login refused or a
  server that does not answer is then reported at once, in the database's own words,
  naming DATABASE_URL.
- Dropped connections (a restart, a failover, idle connections terminated):
  psycopg_pool checks a connection before lending it, but after a failed check it waits
  (1 s, then 2 s, 4 s...) before it tries the next one: with a pool full of connections
  a restart had killed, requests stalled up to the pool's timeout and failed. Here the
  pool's own check is off (``"check": None`` in settings) and ``get_new_connection``
  checks instead: on a failed check the dead connection goes back (the pool discards it
  and opens another in the background), every idle connection of the pool is checked at
  once (``pool.check()``: the other dead ones go too), and the next one is taken without
  a wait.
- The check costs a round trip, so it is made only when the connection looks dropped:
  an idle connection has nothing to read, and a server that ended it (a restart, a
  terminated backend) has left its last message, or the end of the stream, on the
  socket (``looks_dropped``). A server that vanished without a word is found by the
  first query instead, as without a pool.
- A savepoint whose block succeeded is not released (``_savepoint_commit``): the block's
  changes are the transaction's either way. PostgreSQL ends every savepoint at the
  commit or rollback, and a rollback to an enclosing savepoint undoes the blocks inside
  it, released or not (as Django already leaves a savepoint it rolled back to). Each
  RELEASE was a round trip: a keyed change runs its view's block as a savepoint inside
  its claim's transaction (``config.idempotency``), and on a busy machine each round
  trip of a request waits for the database's process and then its own to be scheduled
  (the request log's ``db=``: 4-7 ms a statement in the slowest tenth of rolls at 200
  tables, while PostgreSQL itself logged about 20 statements over 5 ms in the minute).
- A transaction whose first statement is a savepoint opens with it, and with the
  statement after it, in one message (``_savepoint``, ``_send_opening``): psycopg sends
  its own ``BEGIN`` before a transaction's first statement and waits for its answer, a
  round trip of its own, and the savepoint was another. A keyed change's transaction
  always starts so (its claim's transaction, then the view's ``transaction.atomic()``,
  then the view's locked read). With client-side binding (Django's default here) a
  statement goes in the simple protocol, which takes several: ``BEGIN; SAVEPOINT "s"``
  is kept (``_opening``) and goes in front of the next statement sent, with psycopg
  told autocommit so that it does not begin one itself; the cursor is then moved past
  their two results, so the caller reads its own statement's, as if sent alone. A
  statement that cannot carry it (``executemany``, a server-side cursor) sends it alone
  first. A block left before any statement was sent rolls back nothing: the opening is
  dropped and psycopg goes back out of autocommit, as if it had never begun.
  Psycopg then stays in autocommit until Django's own commit or rollback ends the
  transaction (psycopg's commit and rollback go by the server's transaction status,
  not by its autocommit flag; one that never began sends nothing), and Django turns
  autocommit back on after them, as always; psycopg refuses to change autocommit inside
  a transaction, so nothing else can meanwhile."""

from __future__ import annotations

import select
import threading

import psycopg
from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool

from config.startup import ConfigurationProblem, database_url_shown

PROBE_TIMEOUT_SECONDS = 5
ATTEMPTS = 3  # a database that kills every connection it hands out is down: say so


def looks_dropped(connection) -> bool:
    """Whether a pooled, idle ``connection`` may be dead: closed or broken on our side,
    or something waits on its socket (nothing should, between two requests)."""
    if connection.closed or connection.broken:
        return True
    try:
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):
        return True
    return bool(readable)


def begins_here(connection) -> bool:
    """Whether a statement on ``connection`` would make psycopg send a plain ``BEGIN``
    first (a transaction asked for and none open: no isolation level, read-only or
    deferrable of its own) and the statement can carry it (client-side binding sends
    statements in the simple protocol)."""
    return (
        not connection.autocommit
        and connection.info.transaction_status == TransactionStatus.IDLE
        and connection.isolation_level is None
        and connection.read_only is None
        and connection.deferrable is None
        and issubclass(connection.cursor_factory, psycopg.ClientCursor)
    )


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
        return self._checked(super().get_new_connection(conn_params), conn_params)

    def _checked(self, connection, conn_params):
        failed = 0
        while self.pool is not None:
            try:
                if looks_dropped(connection):
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._opening: str | None = None  # "BEGIN; SAVEPOINT ..." the next statement carries
        self.execute_wrappers.append(self._send_opening)  # first: the outermost wrapper

    def _savepoint(self, sid):
        connection = self.connection
        if not begins_here(connection):
            super()._savepoint(sid)
            return
        connection.autocommit = True  # the transaction begins with the savepoint
        self._opening = f"BEGIN; {self.ops.savepoint_create_sql(sid)}"

    def _send_opening(self, execute, sql, params, many, context):
        """An execute wrapper: the kept opening goes in front of the statement (module
        docstring), or alone first where the statement cannot carry it."""
        opening = self._opening
        if opening is None:
            return execute(sql, params, many, context)
        self._opening = None
        cursor = context["cursor"].cursor
        if many or not isinstance(cursor, psycopg.ClientCursor):
            self.connection.execute(opening)  # a cursor of its own (not a server-side one)
            return execute(sql, params, many, context)
        try:
            result = execute(f"{opening}; {sql}", params, many, context)
        except BaseException:
            if self.connection.info.transaction_status == TransactionStatus.IDLE:
                # not sent (the statement refused before it left): kept for the next
                self._opening = opening
            raise
        cursor.nextset()  # BEGIN's result
        cursor.nextset()  # the savepoint's: the cursor is on the statement's own
        return result

    def _savepoint_rollback(self, sid):
        if self._opening is not None:  # nothing was sent: nothing began
            self._forget_opening()
            return
        super()._savepoint_rollback(sid)

    def _forget_opening(self):
        """An opening never sent is dropped, and psycopg goes back out of autocommit (as
        Django left it: the next statement begins a transaction of its own)."""
        if self._opening is None:
            return
        self._opening = None
        connection = self.connection
        if connection is not None and connection.info.transaction_status == TransactionStatus.IDLE:
            connection.autocommit = False

    def _commit(self):
        self._forget_opening()  # a transaction that never began: psycopg sends nothing
        return super()._commit()

    def _rollback(self):
        self._forget_opening()
        return super()._rollback()

    def _close(self):
        self._opening = None
        return super()._close()

    def _savepoint_commit(self, sid):
        """Nothing to send: the savepoint ends with its transaction (module docstring)."""

    def _connect_once(self, conn_params):
        params = {"connect_timeout": PROBE_TIMEOUT_SECONDS, **conn_params}
        try:
            self.Database.connect(**params).close()
        except self.Database.OperationalError as error:
            reason = " ".join(str(error).split())
            raise DatabaseRefused(
                f"DATABASE_URL ({database_url_shown()}): the database cannot be used: {reason}"
            ) from error
