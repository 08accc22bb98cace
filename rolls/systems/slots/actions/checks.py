"""The plain check: focus or gear dice, each with the slot it reads, and the suggested
outcome once the die that counts is known."""

from __future__ import annotations

from typing import Any

from rolls.actions import Rolled
from rolls.systems.slots.forms import build_check, unused_words
from sheets.systems.dice.words import say, say_in, say_n
from sheets.systems.slots.dice import resolve, roll_check
from sheets.systems.slots.dice.sheet import CHECK_NAME
from sheets.systems.slots.rules import engine_sheet

from .sheet import _confirm_choices, _dice, _outcome, _reading, _suggestion_lines

CHECK_PARAMS = (
    "check", "attack", "can_hear", "can_smell", "exotic", "obscured", "inattentive",
    "ambient_noisy", "ambient_smelly",
)  # fmt: skip
PICK_RULE = say(
    "With advantage the player picks the die that counts; with disadvantage the GM does."
)


def _check_name(name: str) -> dict:
    return say_in(CHECK_NAME, name)


def _edge_words(rolled) -> str | dict:
    """ "1 d12", or "2 d12: 2 advantages, 1 disadvantage (the player picks)" (a saying)."""
    dice = f"{len(rolled.faces)} d{rolled.size}"
    if not (rolled.advantages or rolled.disadvantages):
        return dice
    parts = []
    if rolled.advantages:
        parts.append(say_n("%(n)s advantage", "%(n)s advantages", rolled.advantages))
    if rolled.disadvantages:
        parts.append(say_n("%(n)s disadvantage", "%(n)s disadvantages", rolled.disadvantages))
    if rolled.chooser == "player":
        return say("%(dice)s: %(edges)s (the player picks)", dice=dice, edges=parts)
    if rolled.chooser == "judge":
        return say("%(dice)s: %(edges)s (the GM picks)", dice=dice, edges=parts)
    return say("%(dice)s: %(edges)s (they cancel)", dice=dice, edges=parts)


def _check_label(area: str, the_check) -> dict:
    """ "Gear (block) vs sharp", "Focus (listen)"."""
    if the_check.name in ("block", "dodge"):
        if area == "gear":
            return say(
                "Gear (%(check)s) vs %(attack)s",
                check=_check_name(the_check.name),
                attack=_check_name(the_check.attack),
            )
        return say(
            "Focus (%(check)s) vs %(attack)s",
            check=_check_name(the_check.name),
            attack=_check_name(the_check.attack),
        )
    if area == "gear":
        return say("Gear (%(check)s)", check=_check_name(the_check.name))
    return say("Focus (%(check)s)", check=_check_name(the_check.name))


def _check_rule(area: str, size: int, picks: bool) -> dict:
    if area == "gear":
        rule = say("A d%(size)s reads a gear slot. A 1 always fails a gear check.", size=size)
    else:
        rule = say("A d%(size)s reads a focus slot.", size=size)
    if picks:
        return say("%(rule)s %(pick)s", rule=rule, pick=PICK_RULE)
    return say("%(rule)s ", rule=rule)


def check(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    params = {key: cleaned_data.get(key) for key in CHECK_PARAMS}
    the_check = build_check(params)
    rolled = roll_check(
        rng,
        state,
        the_check,
        cleaned_data.get("advantages") or 0,
        cleaned_data.get("disadvantages") or 0,
    )
    area = the_check.area
    label = _check_label(area, the_check)
    result: dict[str, Any] = {
        "check": the_check.name,
        "area": area,
        "params": params,
        "faces": list(rolled.faces),
        "size": rolled.size,
        "advantages": rolled.advantages,
        "disadvantages": rolled.disadvantages,
        "chooser": rolled.chooser,
        "read_index": rolled.chosen,
        "confirmed": False,
        "rule": _check_rule(area, rolled.size, bool(rolled.chooser)),
    }
    result["lines"] = [[say("Dice"), _edge_words(rolled)]]
    unused = unused_words(rolled.advantages_unused, rolled.disadvantages_unused)
    if unused:  # accepted, set aside: say so (RULINGS "up to 2 stack")
        result["lines"].append([say("Not counted"), unused])
        result["advantages_unused"] = rolled.advantages_unused
        result["disadvantages_unused"] = rolled.disadvantages_unused
    if rolled.chosen is None:
        result["dice"] = _dice(state, area, rolled.size, rolled.faces)
        if rolled.chooser == "player":
            outcome = say("%(count)s dice: you pick the die that counts", count=len(rolled.faces))
        else:
            outcome = say(
                "%(count)s dice: the GM picks the die that counts", count=len(rolled.faces)
            )
    else:
        reading = _reading(resolve(state, the_check, rolled.face))
        result.update(
            dice=_dice(state, area, rolled.size, rolled.faces, 0),
            reading=reading,
            confirm=_confirm_choices(state, reading),
        )
        result["lines"] += _suggestion_lines(reading)
        outcome = say("%(outcome)s (suggested)", outcome=_outcome(reading["outcome"]))
    return Rolled(kind="check", label=label, outcome=outcome, inputs=params, result=result)
