"""What a character's dashboard card reads, with SQL built once per process.

The GM's card of a character is rendered again after every change to its sheet (the
feed's ``sheet-<pk>`` event): the character with its owner and sheet, then the rows its
summary reads (``System.summary_rows``). Under load these reads were a fifth of a
worker's time, most of it Django building the same SQL again (``config.prepared``).
Sent one by one, each list's read also cost a round trip and Django's handling of a
statement of its own; ``card_read`` sends them with the character's, in one message.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import FieldDoesNotExist
from django.db.models import Prefetch, prefetch_related_objects

from config.prepared import Prepared, PreparedRows, kept, objects_together
from sheets.models import Character
from sheets.systems.registry import all_systems, get_system


@dataclass(frozen=True)
class _Beyond:
    """The rows of what a sheet's foreign key names (a Slots sheet's people: its slots),
    read by the sheet's pk through the key, so that they need not wait for the sheet."""

    key: str  # the sheet's foreign key
    rows: PreparedRows  # puts them in place on the object the key names
    read: Prepared  # by the sheet's pk


@dataclass(frozen=True)
class _Rows:
    own: list[PreparedRows]  # the sheet's own lists
    beyond: list[_Beyond]
    further: list  # any other lookup: Django's prefetch


_rows: dict[tuple, _Rows] = {}


def card_character(character_id: int, system_slug: str | None = None) -> Character | None:
    """The character with its owner and its sheet, if it is in a party; None otherwise.
    ``system_slug``: its system when known (else every system's sheet is joined)."""
    systems = [get_system(system_slug)] if system_slug else all_systems()
    return _character_read(systems).first(character_id)


def _character_read(systems):
    """The character with its owner, its sheet and what the sheet's keys of ``_Beyond``
    name (the Slots people), of one of ``systems``."""
    related = ("owner",)
    for system in systems:
        sheet = system.sheet_related_name
        related += (sheet, *(f"{sheet}__{beyond.key}" for beyond in _plans(system).beyond))
    return kept(
        ("card character", related),
        lambda pk: Character.objects.filter(pk=pk, party__isnull=False).select_related(*related),
        int,
    )


def card_read(character_id: int, system_slug: str | None = None) -> Character | None:
    """What the card reads: ``card_character`` with its summary rows in place
    (``prefetch_summary_rows``), if it is in a party. With the system known, on a
    database that takes several statements in one message (PostgreSQL), the character
    and every list its card shows are read in one round trip: a sheet's pk is its
    character's, so the lists' reads need not wait for the character's (a character
    outside a party or still without its sheet sends them for nothing, in the same
    message)."""
    system = get_system(system_slug) if system_slug else None
    read = _character_read([system] if system else all_systems())
    if system is None or not read.sends_together():
        character = read.first(character_id)
        if character is not None and _has_sheet(character):
            prefetch_summary_rows(character)
        return character
    plan = _plans(system)
    found = objects_together([(each, (character_id,)) for each in (read, *rows_reads(plan))])
    character = found[0][0] if found[0] else None
    if character is None or not _has_sheet(character):
        return character
    _fill(character, plan, found[1:])
    return character


def _has_sheet(character: Character) -> bool:
    return hasattr(character, character.system_descriptor.sheet_related_name)


def _plans(system) -> _Rows:
    """The system's summary rows: a prepared read for each list of the sheet's own rows
    and of what its foreign keys name, and the lookups that go further (read by
    Django's prefetch)."""
    key = (system.slug, system.sheet_related_name, system.sheet_prefetch, system.summary_prefetch)
    return rows_plan(system, key, system.summary_rows, f"{system.sheet_related_name}__")


def rows_plan(system, key, lookups, prefix: str = "") -> _Rows:
    """``lookups`` (from the character when ``prefix`` names its sheet, else from the
    sheet) as prepared reads by the sheet's pk, made once per ``key``: the sheet's own
    lists, the lists of what its foreign keys name, and the lookups that go further."""
    key = (prefix, *key)
    if key not in _rows:
        plan = _Rows([], [], [])
        sheet_model = system.model()
        for lookup in lookups:
            through = lookup.prefetch_through if isinstance(lookup, Prefetch) else lookup
            name = through.removeprefix(prefix)
            if not through.startswith(prefix):
                plan.further.append(lookup)
            elif "__" not in name:
                if isinstance(lookup, Prefetch):
                    name = Prefetch(name, lookup.queryset, to_attr=lookup.to_attr)
                plan.own.append(PreparedRows(sheet_model, name))
            elif (beyond := _beyond(sheet_model, lookup, name)) is not None:
                plan.beyond.append(beyond)
            else:
                plan.further.append(lookup)
        _rows[key] = plan
    return _rows[key]


def _beyond(sheet_model, lookup, name: str) -> _Beyond | None:
    """``key__list`` (a plain lookup): the sheet's foreign key and a list of what it
    names, read by the sheet's pk; None for any other shape."""
    key, _, list_name = name.partition("__")
    if isinstance(lookup, Prefetch) or "__" in list_name:
        return None
    try:
        field = sheet_model._meta.get_field(key)
        relation = field.related_model._meta.get_field(list_name) if field.many_to_one else None
    except FieldDoesNotExist:
        return None
    if relation is None or not (relation.one_to_many and relation.auto_created):
        return None
    rows = relation.related_model._default_manager.all()
    reached = f"{relation.field.name}__{field.related_query_name()}"
    return _Beyond(
        key,
        PreparedRows(field.related_model, list_name),
        Prepared(lambda pk: rows.filter(**{reached: pk}), int),
    )


def rows_reads(plan: _Rows) -> list[Prepared]:
    """The plan's reads by the sheet's pk, in the order ``fill_rows`` takes their rows."""
    return [*(rows.read for rows in plan.own), *(beyond.read for beyond in plan.beyond)]


def fill_rows(sheet, plan: _Rows, found: list | None = None) -> None:
    """Put the plan's lists in place on ``sheet``: ``found``, what ``rows_reads`` gave,
    or each read now (the lookups that go further are the caller's)."""
    lists = iter(found) if found is not None else None
    for rows in plan.own:
        rows.fill(sheet, next(lists) if lists is not None else None)
    for beyond in plan.beyond:
        objects = next(lists) if lists is not None else None
        named = getattr(sheet, beyond.key)  # joined with the sheet
        if named is not None:
            beyond.rows.fill(named, objects)  # None: read now, by its own pk


def _fill(character: Character, plan: _Rows, found: list | None = None) -> None:
    """Put the summary's rows in place: ``found``, what the lists' reads gave (own,
    then beyond, as ``card_read`` sends them), or each read now."""
    fill_rows(getattr(character, character.system_descriptor.sheet_related_name), plan, found)
    if plan.further:
        prefetch_related_objects([character], *plan.further)


def prefetch_summary_rows(character: Character) -> None:
    """Put in place the rows the character's summary reads (its sheet is loaded)."""
    _fill(character, _plans(character.system_descriptor))
