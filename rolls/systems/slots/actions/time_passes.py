"""Time passes: the GM advances rounds or tries (bleeding, fire, suffocation, ice, rest)."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from sheets.systems.dice.words import say, say_n
from sheets.systems.slots import reasons
from sheets.systems.slots.dice import (
    bleed_every_open_wound,
    clear_condition,
    fire_round,
    mark_condition,
    remove_mark,
)
from sheets.systems.slots.rules import engine_sheet

from .sheet import _finish


def _rest_clears(state):
    marked = state.marked("exhaustion")
    if not marked:
        return None
    return max(marked, key=lambda ref: ref.number)


def time(sheet, cleaned_data, rng) -> Rolled:
    """The GM advances rounds or tries: bleeding, fire, suffocation, ice, rest."""
    from sheets.systems.slots.dice import Change

    span, count = cleaned_data["span"], cleaned_data["count"]
    change = Change(engine_sheet(sheet))
    lines = []
    if cleaned_data.get("breathing"):
        change = change.then(clear_condition, "suffocation")
    for index in range(count):
        before = len(change.effects)
        change = change.then(bleed_every_open_wound)
        if span == "round":
            if change.sheet.marked("fire"):
                change = change.then(fire_round)
            if cleaned_data.get("suffocating") and change.sheet.marked("suffocation"):
                change = change.then(mark_condition, "suffocation")
        else:
            if cleaned_data.get("cold"):
                sheet.cold_tries = min(sheet.cold_tries + 1, 100)
                if sheet.cold_tries % int(cleaned_data["cold"]) == 0:
                    change = change.then(mark_condition, "ice")
            if cleaned_data.get("resting"):
                sheet.rest_tries = min(sheet.rest_tries + 1, 100)
                if sheet.rest_tries % 5 == 0:
                    ref = _rest_clears(change.sheet)
                    if ref is not None:
                        change = change.then(remove_mark, ref)
        n = index + 1
        when = say("Round %(n)s", n=n) if span == "round" else say("Try %(n)s", n=n)
        happened = [e.note or e.target for e in change.effects[before:]]
        lines.append([when, _in_turn(happened) if happened else say("nothing changes")])
        if any(e.target == "dead" for e in change.effects):
            break
    sheet._change_reason = reasons.time_passed(span, count)
    sheet.save()
    effects = _finish(sheet, change, "time")
    return Rolled(
        kind="time",
        label=(
            say_n("%(n)s round passes", "%(n)s rounds pass", count)
            if span == "round"
            else say_n("%(n)s try passes", "%(n)s tries pass", count)
        ),
        outcome=say_n("%(n)s change", "%(n)s changes", len(effects)),
        inputs=dict(cleaned_data.items()),
        result={"lines": lines, "rule": say(
            "Each open wound bleeds per round or try; fire spreads and burns each round; "
            "suffocation worsens per round; ice every 5/10/20 tries; 5 tries of rest clear "
            "one exhaustion.")},
        effects=effects_data(effects),
    )  # fmt: skip


def _in_turn(notes: list):
    """Notes one after the other, "; " between them, as one saying."""
    said = notes[0]
    for note in notes[1:]:
        said = say("%(first)s; %(then)s", first=said, then=note)
    return said
