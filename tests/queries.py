"""What a request's captured SQL says: the reads of a table, and whether one locks."""

from django.db import connection


def reads(queries, table):
    """The SELECTs of ``queries`` (SQL strings) that read ``table``."""
    return [sql for sql in queries if sql.startswith("SELECT") and f'FROM "{table}"' in sql]


def locked(sql):
    """The read takes the row's lock (where the database has row locks)."""
    return "FOR UPDATE" in sql or not connection.features.has_select_for_update
