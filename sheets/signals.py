"""``Character.updated`` follows its sheet: a save or delete of any system's sheet, or of
any of its rows (a model with a foreign key ``sheet`` to the sheet), moves the
character's ``updated``. The models are found through the registry, so a new system's
sheet and rows are covered without naming them here.

The character is updated with one UPDATE query (no save(): no history row for the
character on every keystroke of its sheet). A sheet's primary key is its character's, so
a sheet (``pk``) or a row (``sheet_id``) names the character without a join. Within
``touched_once()`` (a roll, which may save several rows) the characters are collected and
updated once, at the end.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal
from django.utils import timezone

_held = threading.local()  # .ids: the characters to touch at the end of touched_once()


def watched_models() -> Iterator[type]:
    """Every system's sheet model and row models."""
    from sheets.systems.registry import all_systems

    for system in all_systems():
        sheet_model = system.model()
        yield sheet_model
        for relation in sheet_model._meta.related_objects:
            row_model = relation.related_model
            if relation.field.name != "sheet" or hasattr(row_model, "instance_type"):
                continue  # not a row, or a historical record of one
            yield row_model


def _character_pk(instance) -> object:
    return instance.sheet_id if hasattr(instance, "sheet_id") else instance.pk


def _touch(character_pks) -> None:
    from sheets.models import Character

    Character.objects.filter(pk__in=character_pks).update(updated=timezone.now())


def touch_character(sender, instance, raw=False, **kwargs) -> None:
    if raw:
        return  # loading fixtures: the data comes as it was
    character_pk = _character_pk(instance)
    if character_pk is None:
        return
    held = getattr(_held, "ids", None)
    if held is not None:
        held.add(character_pk)
    else:
        _touch([character_pk])


@contextmanager
def touched_once():
    """Saves inside move their characters' ``updated`` once, when the block ends (not on
    an exception: the caller's transaction rolls back what was saved)."""
    if getattr(_held, "ids", None) is not None:
        yield  # an outer block touches
        return
    _held.ids = set()
    try:
        yield
        ids = _held.ids
    finally:
        _held.ids = None
    if ids:
        _touch(sorted(ids))


def connect() -> None:
    """Called once by ``SheetsConfig.ready``."""
    for model in watched_models():
        uid = f"touch-character-{model._meta.label}"
        post_save.connect(touch_character, sender=model, weak=False, dispatch_uid=f"{uid}-save")
        post_delete.connect(touch_character, sender=model, weak=False, dispatch_uid=f"{uid}-delete")


def reconnect(sender, **kwargs) -> None:
    """The systems changed after start-up (``registry.systems_changed``)."""
    connect()


# What sheets tell whoever listens (the rolls app: sheets never import it). Each is sent
# inside the transaction of the change; a receiver that writes joins it.

# an Undo took ``change`` (a ``sheets.restore.Change``) back on ``character``: the roll
# that made it says so on its card (``rolls.receivers``)
change_undone = Signal()
# the GM changed ``party``'s settings (the clock, the rot level...): the party's pages
# get them again once committed
party_settings_changed = Signal()
# ``document`` (a dict) is ``party``'s export file for ``user``, being written: a
# receiver may add its part (the roll log ``user`` may see)
party_exporting = Signal()
