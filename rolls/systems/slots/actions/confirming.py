"""Picking the die that counts and confirming the suggested outcome (``choose``).

Either the player or the GM may confirm (the seed's judge announces; the roll shows who
confirmed). Without a GM (no party) the owner picks the die for the judge.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rolls.actions import effects_data
from rolls.systems.slots.forms import build_check
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import say
from sheets.systems.slots.dice import resolve
from sheets.systems.slots.rules import engine_sheet

from .sheet import (
    _confirm_choices,
    _dice,
    _outcome,
    _reading,
    _slot_number,
    _suggestion_lines,
    apply,
)


def _effects(reading: dict) -> list[Effect]:
    return [Effect(e["target"], e["amount"], e["note"]) for e in reading.get("effects", [])]


def choose(sheet, roll_row, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """``step=pick`` (``face``): the die that counts; ``step=confirm``: apply the
    suggested effects (``wound_slot``, ``exhaustion_slot`` where the rules ask)."""
    if roll_row.character_id != sheet.character_id:
        raise DiceError(_("This roll belongs to another character."))
    result = dict(roll_row.result)
    if result.get("group_check") and result.get("read_index") is None:
        raise DiceError(_("This die is read with the group: wait until the results are read."))
    if result.get("confirmed"):
        raise DiceError(_("This check has been confirmed already."))
    step = data.get("step")
    if step == "pick":
        return _pick(sheet, roll_row, result, data, by_gm)
    if step == "confirm":
        if result.get("read_index") is None:
            raise DiceError(_("Pick the die that counts first."))
        applied = apply(sheet, _effects(result["reading"]), data)
        result["confirmed"] = True
        result["confirmed_by"] = "GM" if by_gm else "player"
        result["lines"] = [*result["lines"], [say("Confirmed by"), _who(by_gm)]]
        roll_row.result = result
        _drop_suggested(roll_row)
        roll_row.save(update_fields=["outcome", "result"])
        return effects_data(applied)
    raise DiceError(_("Pick the die or confirm the outcome."))


def _who(by_gm: bool) -> dict:
    return say("GM") if by_gm else say("player")


def _drop_suggested(roll_row) -> None:
    """The confirmed outcome: the suggestion without " (suggested)", in the row's English
    and, when the row keeps its outcome as a saying (issue 30), in that saying too."""
    words = dict((roll_row.result or {}).get("words") or {})
    said = words.get("outcome")
    if isinstance(said, dict) and said.get("say") == "%(outcome)s (suggested)":
        words.pop("outcome")
        roll_row.result = {**roll_row.result, "words": words}
        roll_row.outcome = said["with"]["outcome"]
    else:  # a row stored before sayings
        roll_row.outcome = roll_row.outcome.replace(" (suggested)", "")


def _pick(sheet, roll_row, result, data, by_gm) -> list:
    if result.get("read_index") is not None:
        raise DiceError(_("The die that counts is already chosen."))
    chooser = result.get("chooser")
    has_gm = roll_row.character.party_id is not None
    if chooser == "judge" and has_gm and not by_gm:
        raise DiceError(_("With disadvantage the GM picks the die that counts."))
    if chooser == "player" and by_gm and roll_row.character.owner_id != roll_row.user_id:
        pass  # the GM rolled for the character: the GM picks for them
    elif chooser == "player" and by_gm:
        raise DiceError(_("With advantage the player picks the die that counts."))
    face = _slot_number(data.get("face"))
    faces = result["faces"]
    if face is None or face not in faces:
        raise DiceError(
            _("Pick one of the dice rolled: %(faces)s.") % {"faces": ", ".join(map(str, faces))}
        )
    state = engine_sheet(sheet)
    the_check = build_check(result["params"])
    index = faces.index(face)
    reading = _reading(resolve(state, the_check, face))
    result.update(
        read_index=index,
        picked_by="GM" if by_gm else "player",
        reading=reading,
        confirm=_confirm_choices(state, reading),
        dice=_dice(state, result["area"], result["size"], faces, index),
    )
    result["lines"] = [
        *result["lines"],
        [say("Picked by"), say("%(who)s: %(face)s", who=_who(by_gm), face=face)],
        *_suggestion_lines(reading),
    ]
    roll_row.result = result
    roll_row.outcome = say("%(outcome)s (suggested)", outcome=_outcome(reading["outcome"]))
    roll_row.save(update_fields=["outcome", "result"])
    return []
