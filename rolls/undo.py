"""An Undo of a roll's effects (or of a choice made on it), said on the roll's card: the
feed keeps the roll, and a GM reading it sees that its effects no longer hold."""

from __future__ import annotations

from django.db import transaction

from rolls.models import Roll
from rolls.stream import announce_roll
from sheets.systems.dice.words import say


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
        line = undone_line(roll, change.what.removesuffix(f" (roll #{roll.pk})"))
        roll.undone = [*roll.undone, line]
        roll.save(update_fields=["undone"])
        announce_roll(roll.pk, update=True)


def undone_line(roll, what: str):
    """What was undone, as a saying when it is one of the roll path's own descriptions
    (``rolls.views``: "the effects of <label>", "the choice on <label>"), with the
    roll's label as stored (a saying, read in each reader's language); else as given."""
    label = ((roll.result or {}).get("words") or {}).get("label", roll.label)
    if what == f"the effects of {roll.label}":
        return say("the effects of %(roll)s", roll=label)
    if what == f"the choice on {roll.label}":
        return say("the choice on %(roll)s", roll=label)
    return what
