"""What a character's dashboard card reads, with SQL built once per process.

The GM's card of a character is rendered again after every change to its sheet (the
feed's ``sheet-<pk>`` event): the character with its owner and sheet, then the rows its
summary reads (``System.summary_rows``). Under load these reads were a fifth of a
worker's time, most of it Django building the same SQL again (``config.prepared``).
"""

from __future__ import annotations

from django.db.models import Prefetch, prefetch_related_objects

from config.prepared import PreparedRows, kept
from sheets.models import Character
from sheets.systems.registry import all_systems, get_system

_rows: dict[tuple, tuple[list[PreparedRows], list]] = {}


def card_character(character_id: int, system_slug: str | None = None) -> Character | None:
    """The character with its owner and its sheet, if it is in a party; None otherwise.
    ``system_slug``: its system when known (else every system's sheet is joined)."""
    systems = [get_system(system_slug)] if system_slug else all_systems()
    related = ("owner", *(system.sheet_related_name for system in systems))
    read = kept(
        ("card character", related),
        lambda pk: Character.objects.filter(pk=pk, party__isnull=False).select_related(*related),
        int,
    )
    return read.first(character_id)


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
