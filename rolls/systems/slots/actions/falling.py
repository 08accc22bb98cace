"""Falling: every fall die is read against the gear slots."""

from __future__ import annotations

from rolls.actions import Rolled
from sheets.systems.dice.core import Die, as_data
from sheets.systems.dice.words import say
from sheets.systems.slots.dice import Fall
from sheets.systems.slots.dice import fall as roll_fall
from sheets.systems.slots.dice.fall import die_counts
from sheets.systems.slots.rules import engine_sheet

from .sheet import _confirm_choices, _outcome


def fall(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    dice = cleaned_data["dice"]
    resolution = roll_fall(rng, state, Fall(dice))
    feet, surface = cleaned_data["feet"], cleaned_data["surface"]
    faces = [r.face for r in resolution.readings]
    reading = {
        "success": resolution.success,
        "outcome": resolution.outcome,
        "reason": resolution.reason,
        "slot": [r.slot for r in resolution.readings],
        "effects": [as_data(e) for e in resolution.effects],
    }
    if surface == "solid":
        landing = say(
            "%(feet)s ft onto solid ground: %(dice)s dice, all read", feet=feet, dice=dice
        )
    elif surface == "soft":
        landing = say(
            "%(feet)s ft onto something soft: %(dice)s dice, all read", feet=feet, dice=dice
        )
    else:
        landing = say("%(feet)s ft into water: %(dice)s dice, all read", feet=feet, dice=dice)
    result = {
        "check": "fall",
        "area": "gear",
        "faces": faces,
        "size": state.layout.gear_die,
        "chooser": None,
        "read_index": 0,
        "confirmed": False,
        "reading": reading,
        "confirm": _confirm_choices(state, reading),
        "dice": [
            as_data(Die("gear-slot", state.layout.gear_die, r.face, die_counts(r)))  # type: ignore[arg-type]
            for r in resolution.readings
        ],
        "lines": [[say("Fall"), landing]]
        + [
            [say("Die %(n)s (%(face)s)", n=i, face=r.face), r.reason]
            for i, r in enumerate(resolution.readings, 1)
        ],
        "rule": say(
            "Every fall die is read: blunt items close a wound, sharp ones open one, "
            "cushioning spares the die, fragile items break; you always land prone."
        ),
    }
    if surface == "solid":
        label = say("Fall (%(feet)s ft, solid ground)", feet=feet)
    elif surface == "soft":
        label = say("Fall (%(feet)s ft, something soft)", feet=feet)
    else:
        label = say("Fall (%(feet)s ft, water)", feet=feet)
    return Rolled(
        kind="fall",
        label=label,
        outcome=say("%(outcome)s (suggested)", outcome=_outcome(resolution.outcome)),
        inputs={"feet": feet, "surface": surface},
        result=result,
    )
