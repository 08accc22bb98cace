"""Inputs built from the registry for tests that go over every form of every system:
a filled-in table (each system's ``demo``), the largest inputs a form accepts, a sheet
pushed to the top of every field's legal range, and a snapshot of a stored sheet."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator
from django.db import models, transaction
from django.forms.models import model_to_dict

from sheets.models import Character
from sheets.systems.registry import all_systems


def demo_character(owner, party, slug: str, index: int = 0) -> Character:
    """A filled-in character of one system (its rows, gear, tasks...)."""
    character = Character(owner=owner, party=party, system=slug)
    with transaction.atomic():  # as `manage.py demo` (a demo roll locks its sheet)
        character.system_descriptor.call("demo", character, index)
    character.refresh_from_db()
    return character


def demo_characters(owner, party) -> dict:
    """One filled-in character of each system: system slug -> Character."""
    return {
        system.slug: demo_character(owner, party, system.slug, index)
        for index, system in enumerate(all_systems())
    }


def _field_max(field: forms.Field):
    if isinstance(field, forms.BooleanField):
        return "on"
    if isinstance(field, forms.MultipleChoiceField):
        return [str(value) for value, _ in field.choices if value not in ("", None)]
    if isinstance(field, forms.ChoiceField):
        values = [str(value) for value, _ in field.choices if value not in ("", None)]
        return values[-1] if values else ""
    if isinstance(field, forms.IntegerField):
        return str(field.max_value if field.max_value is not None else 10**6)
    if isinstance(field, forms.CharField):
        return "x" * (field.max_length or 50)
    return ""


def largest_inputs(form: forms.Form) -> dict:
    """Every field of an unbound form at the top of what it accepts: the largest
    number, the last choice, every box ticked."""
    return {name: _field_max(field) for name, field in form.fields.items()}


def max_out_sheet(character) -> None:
    """Every bounded whole-number field of the character's sheet at its maximum (as
    high as an edit could ever set it)."""
    sheet = character.sheet
    changed = {}
    for field in sheet._meta.get_fields():
        if not isinstance(field, models.IntegerField) or field.primary_key:
            continue
        limits = [v.limit_value for v in field._validators if isinstance(v, MaxValueValidator)]
        if limits:
            changed[field.name] = min(limits)
    type(sheet).objects.filter(pk=sheet.pk).update(**changed)


def snapshot(character) -> dict:
    """The stored sheet and every row of its lists, as plain values."""
    system = character.system_descriptor
    sheet = type(character.sheet).objects.get(pk=character.sheet.pk)
    state = {"sheet": model_to_dict(sheet), "character": model_to_dict(
        Character.objects.get(pk=character.pk)
    )}  # fmt: skip
    for collection in system.collections:
        rows = getattr(sheet, collection.related_name).order_by("pk")
        state[collection.name] = [model_to_dict(row) for row in rows]
    return state
