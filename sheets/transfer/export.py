"""A character (or a party) as a JSON document: every field of the sheet, every list of
rows in order, no database ids (a row of another list is named by its position, a
shared record such as a Slots people by its name)."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.utils import timezone
from django.utils.text import slugify

from sheets.signals import party_exporting
from sheets.transfer.spec import SCHEMA, transfer_of

SKIPPED = {"id", "character", "sheet"}


def json_value(value):
    """A field's value as JSON writes it: decimals as numbers (1, 0.5), the rest as is."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def data_fields(model, exclude=()) -> list:
    """The fields a file holds for ``model``: concrete, not the key nor the owning sheet."""
    return [
        f
        for f in model._meta.concrete_fields
        if f.name not in SKIPPED and f.name not in exclude and not f.primary_key
    ]


def _sheet_value(sheet, f):
    if isinstance(f, models.ForeignKey):  # a shared record, by its unique name
        target = getattr(sheet, f.name)
        return target.name if target is not None else None
    return json_value(getattr(sheet, f.name))


def character_document(character) -> dict:
    """The export of one character (docs/export-format.md)."""
    system = character.system_descriptor
    transfer = transfer_of(system)
    sheet = character.sheet
    doc = {
        "tableside": "character",
        "system": system.slug,
        "schema": SCHEMA,
        "exported": timezone.now().isoformat(timespec="seconds"),
        "character": {"name": character.name},
        "sheet": {
            f.name: _sheet_value(sheet, f) for f in data_fields(type(sheet), transfer.sheet_exclude)
        },
    }
    positions: dict[str, dict[int, int]] = {}
    for spec in transfer.lists:
        rows = list(getattr(sheet, spec.related_name).all())
        positions[spec.name] = {row.pk: index for index, row in enumerate(rows)}
        fields = data_fields(rows[0].__class__ if rows else _row_model(sheet, spec), spec.exclude)
        doc[spec.name] = [_row(row, fields, spec, positions) for row in rows]
    return doc


def _row_model(sheet, spec):
    return getattr(type(sheet), spec.related_name).rel.related_model


def _row(row, fields, spec, positions) -> dict:
    out = {}
    for f in fields:
        if f.name in spec.refs:
            target = getattr(row, f.attname)
            out[f.name] = positions[spec.refs[f.name]].get(target) if target else None
        else:
            out[f.name] = json_value(getattr(row, f.name))
    return out


def party_document(party, user) -> dict:
    """A party in one file: each character's export, and what the apps listening to
    ``party_exporting`` add (the roll log ``user`` may see: ``rolls.receivers``)."""
    characters = list(party.characters.with_sheets().order_by("name", "pk"))
    document = {
        "tableside": "party",
        "schema": SCHEMA,
        "exported": timezone.now().isoformat(timespec="seconds"),
        "party": {"name": party.name, "gm": party.gm.username},
        "characters": [character_document(c) for c in characters],
    }
    party_exporting.send(type(party), party=party, user=user, document=document)
    return document


def filename(name: str, what: str) -> str:
    """ "ash-mutant-2026-11-23.json": who, which system (or "party"), the day."""
    day = timezone.localdate().isoformat()
    return f"{slugify(name) or 'character'}-{what}-{day}.json"
