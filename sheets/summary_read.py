"""What a character's dashboard card reads, with SQL built once per process.

The GM's card of a character is rendered again after every change to its sheet (the
feed's ``sheet-<pk>`` event): the character with its owner and sheet, then the rows its
summary reads (``System.summary_rows``). Under load these reads were a fifth of a
worker's time, most of it Django building the same SQL again (``config.prepared``).
Sent one by one, each list's read also cost a round trip and Django's handling of a
statement of its own; ``card_read`` sends them with the character's, in one message.
"""

from __future__ import annotations

from django.db.models import Prefetch, prefetch_related_objects

from config.prepared import PreparedRows, kept, objects_together
from sheets.models import Character
from sheets.systems.registry import all_systems, get_system

_rows: dict[tuple, tuple[list[PreparedRows], list]] = {}


def card_character(character_id: int, system_slug: str | None = None) -> Character | None:
    """The character with its owner and its sheet, if it is in a party; None otherwise.
    ``system_slug``: its system when known (else every system's sheet is joined)."""
    systems = [get_system(system_slug)] if system_slug else all_systems()
    return _character_read(systems).first(character_id)


def _character_read(systems):
    related = ("owner", *(system.sheet_related_name for system in systems))
    return kept(
        ("card character", related),
        lambda pk: Character.objects.filter(pk=pk, party__isnull=False).select_related(*related),
        int,
    )


def card_read(character_id: int, system_slug: str | None = None) -> Character | None:
    """What the card reads: ``card_character`` with its summary rows in place
    (``prefetch_summary_rows``), if it is in a party. With the system known, on a
    database that takes several statements in one message (PostgreSQL), the character
    and its sheet's lists are read in one round trip: a sheet's pk is its character's,
    so the lists' reads need not wait for the character's (a character outside a party
    or still without its sheet sends them for nothing, in the same message)."""
    system = get_system(system_slug) if system_slug else None
    read = _character_read([system] if system else all_systems())
    if system is None or not read.sends_together():
        character = read.first(character_id)
        if character is not None and _has_sheet(character):
            prefetch_summary_rows(character)
        return character
    prepared, further = _plans(system)
    found = objects_together(
        [(read, (character_id,)), *((rows.read, (character_id,)) for rows in prepared)]
    )
    character = found[0][0] if found[0] else None
    if character is None or not _has_sheet(character):
        return character
    sheet = getattr(character, system.sheet_related_name)
    for rows, objects in zip(prepared, found[1:], strict=True):
        rows.fill(sheet, objects)
    if further:
        prefetch_related_objects([character], *further)
    return character


def _has_sheet(character: Character) -> bool:
    return hasattr(character, character.system_descriptor.sheet_related_name)


def _plans(system) -> tuple[list[PreparedRows], list]:
    """The system's summary rows: a prepared read for each list of the sheet's own
    rows, and the lookups that go further (read by Django's prefetch)."""
    key = (system.slug, system.sheet_related_name, system.sheet_prefetch, system.summary_prefetch)
    if key not in _rows:
        prepared, further = [], []
        sheet_model = system.model()
        prefix = f"{system.sheet_related_name}__"
        for lookup in system.summary_rows:
            through = lookup.prefetch_through if isinstance(lookup, Prefetch) else lookup
            name = through.removeprefix(prefix)
            if not through.startswith(prefix) or "__" in name:
                further.append(lookup)
                continue
            if isinstance(lookup, Prefetch):
                own = Prefetch(name, lookup.queryset, to_attr=lookup.to_attr)
            else:
                own = name
            prepared.append(PreparedRows(sheet_model, own))
        _rows[key] = (prepared, further)
    return _rows[key]


def prefetch_summary_rows(character: Character) -> None:
    """Put in place the rows the character's summary reads (its sheet is loaded)."""
    system = character.system_descriptor
    prepared, further = _plans(system)
    sheet = getattr(character, system.sheet_related_name)
    for rows in prepared:
        rows.fill(sheet)
    if further:
        prefetch_related_objects([character], *further)
