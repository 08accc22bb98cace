"""What the Slots roll actions share: the words for a die and the slot it reads, a
check's suggested reading, and applying confirmed effects to the sheet.

A wound "of the judge's choice" goes in the body slot named at confirmation; with several
such wounds in a fall, each takes the next listed body slot. "Item dropped or damaged"
flags the slot's items as damaged (the player removes what is lost); a broken fragile
item is removed from the slot.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.ids import parse_id
from sheets.systems.dice.core import DiceError, Die, Effect, as_data
from sheets.systems.dice.words import say, say_in
from sheets.systems.slots import reasons
from sheets.systems.slots.dice import condition_candidates, focus
from sheets.systems.slots.dice.sheet import OUTCOME
from sheets.systems.slots.models import SlotsItem
from sheets.systems.slots.rules import engine_sheet, store


def _die_words(state, area: str, face: int) -> dict:
    if area == "gear":
        if face == 1:
            return say("no slot (a 1 always fails)")
        where, holds = state.layout.label(face), state.gear_slot(face).contents()
    else:
        where, holds = state.where(focus(face)), state.focus_slot(face).contents()
    return say("%(slot)s: %(contents)s", slot=where, contents=holds)


def _dice(state, area, size, faces, chosen=None, note=None) -> list[dict]:
    dice = []
    for i, face in enumerate(faces):
        words = _die_words(state, area, face)
        if note is not None:
            words = say("%(slot)s %(note)s", slot=words, note=note)
        if chosen is not None and len(faces) > 1:
            if i == chosen:
                words = say("%(slot)s (read)", slot=words)
            else:
                words = say("%(slot)s (set aside)", slot=words)
        kind = "gear-slot" if area == "gear" else "focus"
        dice.append(as_data(Die(kind, size, face, words)))  # type: ignore[arg-type]
    return dice


def _outcome(outcome: str) -> dict:
    """An engine's outcome word ("blocked") as a saying, read in the Slots outcome context."""
    return say_in(OUTCOME, outcome)


def _reading(resolution) -> dict:
    return {
        "success": resolution.success,
        "outcome": resolution.outcome,
        "reason": resolution.reason,
        "slot": resolution.slot,
        "effects": [as_data(e) for e in resolution.effects],
    }


def _confirm_choices(state, reading: dict) -> dict:
    """What confirming asks for: a body slot per wound of the judge's choice, and the
    slot for exhaustion (the legal ones only)."""
    targets = [e["target"] for e in reading["effects"]]
    body = [[n, state.layout.label(n)] for n in state.layout.body_slots]
    exhaustion = []
    if "exhaustion" in targets:
        exhaustion = [
            [ref.number, state.where(ref)] for ref in condition_candidates(state, "exhaustion")
        ]
    return {
        "wounds": sum(1 for t in targets if t.endswith("judge's choice")),
        "body": body,
        "exhaustion": exhaustion,
    }


def _suggestion_lines(reading: dict) -> list[list]:
    verdict = say("succeeds") if reading["success"] else say("fails")
    return [
        [say("Slot read"), reading["slot"]],
        [
            say("Suggested"),
            say("%(outcome)s (%(verdict)s)", outcome=_outcome(reading["outcome"]), verdict=verdict),
        ],
        [say("Why"), reading["reason"]],
    ]


def _slot_number(text: str | None) -> int | None:
    return parse_id(text)


def apply(sheet, effects: list[Effect], data) -> list[Effect]:
    """Apply ``effects`` to the stored sheet (marks, items, states); return all effects."""
    state = engine_sheet(sheet)
    wound_slots = data.getlist("wound_slot") if hasattr(data, "getlist") else []
    picked = (n for n in map(parse_id, wound_slots) if n is not None)
    exhaustion = _slot_number(data.get("exhaustion_slot"))
    change_effects: list[Effect] = []
    from sheets.systems.slots.dice import Change, apply_effect

    change = Change(state)
    for effect in effects:
        slot = None
        if effect.target.endswith("judge's choice"):
            slot = next(picked, None)
            if slot is None:
                raise DiceError(_("Name the body slot that takes the wound of the judge's choice."))
        elif effect.target == "exhaustion":
            slot = exhaustion
        change = change.then(apply_effect, effect, slot=slot)
    change_effects = list(change.effects)
    store(sheet, change.sheet)
    _side_effects(sheet, change_effects)
    return change_effects


def _side_effects(sheet, effects) -> None:
    """What is not a slot mark: items broken or damaged, unconscious, dead."""
    changed = False
    for effect in effects:
        what, _, where = effect.target.partition(":")
        number = int(where.removeprefix("gear ")) if where.startswith("gear ") else None
        if what == "item broken" and number is not None:
            for item in SlotsItem.objects.filter(sheet=sheet, slot=number):
                if "fragile" in item.tag_list():
                    item._change_reason = reasons.ITEM_BROKE
                    item.delete()
        elif what == "item dropped or damaged" and number is not None:
            SlotsItem.objects.filter(sheet=sheet, slot=number).update(damaged=True)
        elif what == "item destroyed" and number is not None:
            for item in SlotsItem.objects.filter(sheet=sheet, slot=number):
                if "flammable" in item.tag_list():
                    item.delete()
        elif what == "unconscious" and effect.amount > 0:
            sheet.unconscious, changed = True, True
        elif what == "dead" and effect.amount > 0:
            sheet.dead, changed = True, True
    if changed:
        sheet._change_reason = reasons.BY_THE_RULES
        sheet.save()


def _finish(sheet, change, reason) -> list[Effect]:
    store(sheet, change.sheet)
    _side_effects(sheet, list(change.effects))
    return list(change.effects)
