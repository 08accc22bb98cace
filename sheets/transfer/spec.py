"""What a system's file holds: its lists of rows, the fields left out, the references
between lists, its migrations and its Foundry VTT reader."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from django.utils.module_loading import import_string

SCHEMA = 1  # the version every export writes; older files are migrated on import


@dataclass(frozen=True)
class ListSpec:
    """One list of rows in the file (``"gear": [...]``).

    - ``related_name``: the sheet's reverse accessor for the rows.
    - ``form``: dotted path of the ModelForm the sheet edits these rows with ("" for the
      model's own validation only); the import runs every row through it, widened to
      every exported field.
    - ``refs``: ``{field: list name}`` for a foreign key to a row of another list of the
      same sheet, written as that row's position in its list (no database ids).
    - ``match``: dotted path of ``match(sheet, row) -> instance | None``, for rows a blank
      sheet already holds (the Agents' 56 listed skills): the import edits that row;
      a ValueError refuses the row with its message.
    """

    name: str
    related_name: str
    form: str = ""
    refs: dict = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    match: str = ""

    @property
    def form_class(self):
        return import_string(self.form) if self.form else None

    @property
    def matcher(self) -> Callable | None:
        return import_string(self.match) if self.match else None


@dataclass(frozen=True)
class Transfer:
    """A system's file: ``lists`` in the order they are imported (a list named in another
    list's ``refs`` comes first), sheet fields not written (``sheet_exclude``: database
    ids), per-system ``migrations`` ({from version: dotted path of fn(doc) -> doc}), and
    the Foundry VTT reader (``foundry``: dotted path of read(actor) -> (doc, left_out),
    with the Foundry system ids it reads)."""

    lists: tuple[ListSpec, ...] = ()
    sheet_exclude: tuple[str, ...] = ()
    migrations: dict = field(default_factory=dict)
    foundry: str = ""
    foundry_ids: tuple[str, ...] = ()

    @cached_property
    def by_name(self) -> dict[str, ListSpec]:
        return {spec.name: spec for spec in self.lists}


def transfer_of(system) -> Transfer:
    """The system's ``Transfer`` (an empty one when it declares none: only the sheet)."""
    if not system.transfer:
        return Transfer()
    return import_string(system.transfer)
