"""Reads of one shape whose SQL is built once per process.

Django builds a query's SQL every time the query runs: it resolves the lookups, walks
the joins of ``select_related``, names the columns. For the reads a busy table makes
with every roll, save and dashboard card (a character with its sheet, a sheet's rows)
that building took about a fifth of a worker's time under the ``tables`` bench, more
than the database spent answering. A ``Prepared`` read builds its SQL on first use and
afterwards only puts the new values in; Django's own iterator still turns the rows into
model instances (``select_related`` included), so the objects are the ones the
queryset would give.

The values a read takes are ints or strings (a primary key, a session key): they reach
the SQL's parameters unchanged, which is how their places are found. A value of
another kind (a date, which a backend may turn into text) belongs in Python after the
read, or in a plain queryset.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import Prefetch, QuerySet

# stand-ins built into the SQL in place of the values: in the range of every integer
# column, unlike any id or key a table holds
_INT_MARKERS = tuple(1_987_650_001 + index for index in range(8))
_STR_MARKERS = tuple(f"\x00tableside-prepared-{index}\x00" for index in range(8))


@dataclass(frozen=True)
class _Plan:
    queryset: QuerySet  # built with the markers; never run itself
    compiler: object  # its compiler, with the select list and joins worked out
    sql: str
    params: tuple
    slots: tuple[tuple[int, int], ...]  # (position in params, index of the value)


class Prepared:
    """``Prepared(build, int)``: ``build(value)`` returns the queryset for a value;
    ``prepared.objects(value)`` runs it, its SQL built once per database alias.
    ``kinds``: each value's type, int or str."""

    def __init__(self, build: Callable[..., QuerySet], *kinds: type):
        if not kinds or any(kind not in (int, str) for kind in kinds):
            raise TypeError("a prepared read takes int or str values")
        self._build = build
        self._kinds = kinds
        self._plans: dict[str, _Plan] = {}
        self._lock = threading.Lock()

    def _markers(self) -> list:
        counters = {int: iter(_INT_MARKERS), str: iter(_STR_MARKERS)}
        return [next(counters[kind]) for kind in self._kinds]

    def _plan(self, alias: str | None) -> _Plan:
        key = alias or ""
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        with self._lock:
            if key not in self._plans:
                self._plans[key] = self._make_plan(alias)
        return self._plans[key]

    def _make_plan(self, alias: str | None) -> _Plan:
        markers = self._markers()
        queryset = self._build(*markers)
        using = alias or router.db_for_read(queryset.model)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = tuple(
            (position, index)
            for position, param in enumerate(params)
            for index, marker in enumerate(markers)
            if type(param) is type(marker) and param == marker
        )
        missing = set(range(len(markers))) - {index for _position, index in slots}
        if missing:
            raise ValueError(f"values {sorted(missing)} do not reach the SQL unchanged")
        return _Plan(queryset, compiler, sql, tuple(params), slots)

    def objects(self, *values, using: str | None = None) -> list:
        """The read's objects for ``values``, as ``list(build(*values))`` gives them."""
        plan, params = self._bound(values, using)
        return _made(plan, params)

    def sends_together(self, using: str | None = None) -> bool:
        """Whether the read's database takes it in one message with others
        (``objects_together``)."""
        plan = self._plan(using)
        return sends_several_in_one_message(connections[plan.compiler.using])

    def _bound(self, values: tuple, using: str | None) -> tuple[_Plan, list]:
        """The plan for ``using`` and its parameters with ``values`` in their places."""
        if len(values) != len(self._kinds):
            raise TypeError(f"{len(self._kinds)} values expected, {len(values)} given")
        plan = self._plan(using)
        params = list(plan.params)
        for position, index in plan.slots:
            params[position] = self._kinds[index](values[index])
        return plan, params

    def first(self, *values, using: str | None = None):
        """The read's first object for ``values``, or None."""
        found = self.objects(*values, using=using)
        return found[0] if found else None


def _made(plan: _Plan, params: list, rows: list | None = None) -> list:
    """The plan's objects: Django's iterator over the SQL with ``params`` (or over
    ``rows``, that SQL's rows already read), so each object is the queryset's own."""
    compiler = copy.copy(plan.compiler)
    compiler.connection = connections[compiler.using]  # this thread's connection
    compiler.as_sql = lambda *args, **kwargs: (plan.sql, params)
    if rows is not None:
        if compiler.has_extra_select:
            rows = [row[: compiler.col_count] for row in rows]
        compiler.execute_sql = lambda *args, **kwargs: [rows]  # one chunk, as fetched
    queryset = plan.queryset._chain()
    queryset.query.get_compiler = lambda *args, **kwargs: compiler
    return list(queryset)


def sends_several_in_one_message(connection) -> bool:
    """Whether ``connection`` (Django's) can send several statements to the database
    in one message: PostgreSQL with client-side binding (Django's default), whose
    statements carry their values in their text and go by the simple query protocol.
    Server-side binding sends one statement a message."""
    return connection.vendor == "postgresql" and not connection.settings_dict["OPTIONS"].get(
        "server_side_binding"
    )


def objects_together(reads: list[tuple[Prepared, tuple]], using: str | None = None) -> list:
    """Each read's objects (``reads``: prepared reads and their values), as its
    ``objects(*values)`` gives them, its statements sent to the database in one message
    where the connection can (``sends_several_in_one_message``): one round trip for
    them all instead of one each. Elsewhere they run one after the other."""
    bound = [read._bound(values, using) for read, values in reads]
    aliases = {plan.compiler.using for plan, _params in bound}
    connection = connections[aliases.pop()] if len(aliases) == 1 else None
    if len(bound) < 2 or connection is None or not sends_several_in_one_message(connection):
        return [_made(plan, params) for plan, params in bound]
    sql = "; ".join(plan.sql for plan, _params in bound)
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for _plan, params in bound for value in params])
        found = [cursor.fetchall()]
        while cursor.nextset():
            found.append(cursor.fetchall())
    return [_made(plan, params, rows) for (plan, params), rows in zip(bound, found, strict=True)]


_kept: dict[Hashable, Prepared] = {}


def kept(key: Hashable, build: Callable[..., QuerySet], *kinds: type) -> Prepared:
    """The prepared read kept under ``key`` for the process, made from ``build`` and
    ``kinds`` the first time: for reads of one shape per system or kind of row, whose
    ``build`` is known only where they are used. ``key`` names everything ``build``
    depends on."""
    read = _kept.get(key)
    if read is None:
        read = _kept.setdefault(key, Prepared(build, *kinds))
    return read


class PreparedRows:
    """One object's rows through a reverse foreign key (a sheet's gear lines), put in
    place as ``prefetch_related_objects([sheet], lookup)`` puts them (in the relation's
    cache, or in ``to_attr``), each row knowing its parent, with the read's SQL built
    once (``Prepared``). ``lookup``: the relation's name, or a ``Prefetch`` of it with
    its own queryset (filtered, ordered, sliced)."""

    def __init__(self, model, lookup: str | Prefetch):
        prefetch = lookup if isinstance(lookup, Prefetch) else Prefetch(lookup)
        relation = model._meta.get_field(prefetch.prefetch_through)
        if not (relation.one_to_many and relation.auto_created):
            raise ValueError(f"{prefetch.prefetch_through} is not a reverse foreign key")
        self._foreign_key = relation.field
        self._accessor = relation.get_accessor_name()
        self._to_attr = prefetch.to_attr
        self._queryset = prefetch.queryset
        base = prefetch.queryset
        if base is None:
            base = relation.related_model._default_manager.all()

        def build(parent_pk):
            rows = base._chain()
            low, high = rows.query.low_mark, rows.query.high_mark
            rows.query.clear_limits()  # filter first, then the slice: one parent's rows
            rows = rows.filter(**{self._foreign_key.attname: parent_pk})
            rows.query.set_limits(low, high)
            return rows

        self.read = Prepared(build, int)  # the rows of a parent's pk

    def fill(self, parent, rows: list | None = None) -> list:
        """Put the parent's rows in place: read now, or ``rows``, what ``self.read``
        gave for the parent's pk (``objects_together``)."""
        if rows is None:
            rows = self.read.objects(parent.pk)
        for row in rows:
            self._foreign_key.set_cached_value(row, parent)
        if self._to_attr:
            setattr(parent, self._to_attr, rows)
            return rows
        manager = getattr(parent, self._accessor)
        if self._queryset is not None:
            shown = manager._apply_rel_filters(self._queryset)
        else:
            shown = manager.get_queryset()
        shown._result_cache = rows
        shown._prefetch_done = True
        parent.__dict__.setdefault("_prefetched_objects_cache", {})[self._accessor] = shown
        return rows
