"""Corruption exposure: the first exposure marks corruption, later ones roll to see
whether it worsens."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from rolls.systems.slots.forms import corruption_area
from sheets.systems.dice.core import Die, Effect, as_data, roll
from sheets.systems.dice.words import say
from sheets.systems.slots.dice import focus, gear, mark_condition
from sheets.systems.slots.dice.conditions import sheet_words
from sheets.systems.slots.rules import engine_sheet

from .sheet import _die_words, _finish


def corruption(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    if not state.marked("corruption"):
        change = mark_condition(state, "corruption")
        effects = _finish(sheet, change, "corruption")
        refs = [e.target.partition(":")[2] for e in effects if ":" in e.target]
        where = [sheet_words(_ref(text)) for text in refs] or say("nowhere")
        return Rolled(
            kind="corruption", label=say("Corruption"),
            outcome=say("Corrupted (%(where)s)", where=where),
            result={"lines": [[say("First exposure"),
                               say("corruption marked in %(where)s", where=where)]],
                    "rule": say("If corrupted, mark the slot with corruption.")},
            effects=effects_data(effects),
        )  # fmt: skip
    area = corruption_area(state, cleaned_data.get("area"))
    size = state.layout.gear_die if area == "gear" else state.layout.focus_die
    face = roll(rng, size)
    ref = gear(face) if area == "gear" else focus(face)
    corrupted = not (area == "gear" and face == 1) and state.condition_at(ref) == "corruption"
    die = as_data(Die("gear-slot" if area == "gear" else "focus", size, face,
                      say("corrupted") if corrupted else say("clean")))  # type: ignore[arg-type]  # fmt: skip
    effects: list[Effect] = []
    if corrupted:
        effects = _finish(sheet, mark_condition(state, "corruption"), "corruption worsens")
    outcome = say("Corruption worsens") if corrupted else say("No change")
    if area == "gear":
        label = say("Corruption exposure (gear d%(size)s)", size=size)
    else:
        label = say("Corruption exposure (focus d%(size)s)", size=size)
    return Rolled(
        kind="corruption",
        label=label,
        outcome=outcome,
        inputs={"area": area},
        result={
            "dice": [die],
            "lines": [[say("Slot read"), _die_words(state, area, face)]],
            "rule": say(
                "On more exposure, check: if the slot rolled is corrupted, corruption worsens."
            ),
        },
        effects=effects_data(effects),
    )


def _ref(text: str):
    """ "gear 4" -> gear(4), "focus 2" -> focus(2)."""
    area, _space, number = text.partition(" ")
    return gear(int(number)) if area == "gear" else focus(int(number))
