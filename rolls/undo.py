"""An Undo of a roll's effects (or of a choice made on it), said on the roll's card: the
feed keeps the roll, and a GM reading it sees that its effects no longer hold."""

from __future__ import annotations

from django.db import transaction

from rolls.models import Roll
from rolls.stream import announce_roll


def note_undone(character, change) -> None:
    """Record on its roll that ``change`` (a ``sheets.restore.Change`` an Undo has just
    taken back) was undone, and send the roll's card again once committed. A change
    that no roll made, or a roll of another character, is left alone."""
    if change.roll_id is None:
        return
    with transaction.atomic():
        roll = (
            Roll.objects.select_for_update().filter(pk=change.roll_id, character=character).first()
        )
        if roll is None:
            return
        line = change.what.removesuffix(f" (roll #{roll.pk})")
        roll.undone = [*roll.undone, line]
        roll.save(update_fields=["undone"])
        announce_roll(roll.pk, update=True)
