"""``Character.updated`` follows its sheet: a save or delete of any system's sheet, or of
any of its rows (a model with a foreign key ``sheet`` to the sheet), moves the
character's ``updated``. The models are found through the registry, so a new system's
sheet and rows are covered without naming them here.

The character is updated with one UPDATE query (no save(): no history row for the
character on every keystroke of its sheet).
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models.signals import post_delete, post_save
from django.utils import timezone


def watched_models() -> Iterator[tuple[type, str]]:
    """(model, lookup) for every system's sheet model and row model: ``lookup`` filters
    Character by the saved instance's ``pk`` (a sheet) or ``sheet_id`` (a row)."""
    from sheets.systems.registry import all_systems

    for system in all_systems():
        sheet_model = system.model()
        yield sheet_model, f"{system.sheet_related_name}__pk"
        for relation in sheet_model._meta.related_objects:
            row_model = relation.related_model
            if relation.field.name != "sheet" or hasattr(row_model, "instance_type"):
                continue  # not a row, or a historical record of one
            yield row_model, f"{system.sheet_related_name}__pk"


def _sheet_pk(instance) -> object:
    return getattr(instance, "sheet_id", None) if hasattr(instance, "sheet_id") else instance.pk


def touch_character(sender, instance, raw=False, lookup="", **kwargs) -> None:
    if raw:
        return  # loading fixtures: the data comes as it was
    from sheets.models import Character

    sheet_pk = _sheet_pk(instance)
    if sheet_pk is None:
        return
    Character.objects.filter(**{lookup: sheet_pk}).update(updated=timezone.now())


def connect() -> None:
    """Called once by ``SheetsConfig.ready``."""
    for model, lookup in watched_models():

        def receiver(sender, instance, lookup=lookup, **kwargs):
            touch_character(sender, instance, lookup=lookup, **kwargs)

        uid = f"touch-character-{model._meta.label}"
        post_save.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}-save")
        post_delete.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}-delete")
