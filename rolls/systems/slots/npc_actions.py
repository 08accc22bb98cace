"""Slots judge checks for NPCs and creatures: the dice only; the judge reads the slot
the chosen die names on the NPC (NPCs have no slot sheet here)."""

from __future__ import annotations

from rolls.actions import Rolled
from rolls.systems.slots.forms import unused_words
from sheets.systems.dice.core import Die, as_data, require_count, roll
from sheets.systems.dice.words import say
from sheets.systems.slots.dice.roll import MAX_EDGE, MAX_SOURCES

RULE = say(
    "Gear checks roll a d12, focus checks a d4; each advantage or disadvantage (up to two "
    "of each stack, a third adds nothing; cancelled one for one) adds a die. With "
    "advantage the best die for the NPC "
    "counts, with disadvantage the worst; the judge reads the slot it names. On a gear "
    "check a 1 always fails."
)


def _not_counted(plus: int, minus: int) -> list[list[str]]:
    words = unused_words(plus, minus)
    return [[say("Not counted"), words]] if words else []


def _slot(area: str, face: int) -> dict:
    if area == "gear" and face == 1:
        return say("no slot (a 1 always fails)")
    if area == "gear":
        return say("gear slot %(number)s", number=face)
    return say("focus slot %(number)s", number=face)


def _area_check(area: str) -> dict:
    return say("Gear check") if area == "gear" else say("Focus check")


def judge_check(sheet, cleaned, rng) -> Rolled:
    asked_plus = require_count("advantages", cleaned["advantages"], maximum=MAX_SOURCES)
    asked_minus = require_count("disadvantages", cleaned["disadvantages"], maximum=MAX_SOURCES)
    plus, minus = min(MAX_EDGE, asked_plus), min(MAX_EDGE, asked_minus)
    area = cleaned["area"]
    size = 12 if area == "gear" else 4
    kind = "gear-slot" if area == "gear" else "focus"
    faces = [roll(rng, size) for _ in range(1 + abs(plus - minus))]
    edge = "advantage" if plus > minus else ("disadvantage" if minus > plus else "")
    dice = [Die(kind, size, face, _slot(area, face)) for face in faces]  # type: ignore[arg-type]
    what = (cleaned.get("what") or "").strip()
    name = cleaned["npc_name"]
    shown = ", ".join(str(f) for f in faces)
    if len(faces) == 1:
        outcome = say("%(name)s: %(slot)s", name=name, slot=dice[0].counts)
    elif edge == "advantage":
        outcome = say(
            "%(name)s: %(faces)s (advantage: the judge reads one)", name=name, faces=shown
        )
    else:
        outcome = say(
            "%(name)s: %(faces)s (disadvantage: the judge reads one)", name=name, faces=shown
        )
    tone = "failure" if area == "gear" and (
        max(faces) == 1 if edge != "disadvantage" else min(faces) == 1
    ) else ""  # fmt: skip
    return Rolled(
        kind="judge",
        label=say("%(what)s (judge)", what=what or _area_check(area)),
        outcome=outcome,
        inputs={"area": area, "advantages": plus, "disadvantages": minus, "what": what},
        result={
            "dice": as_data(dice),
            "lines": [
                [say("Check"), say("%(area)s d%(size)s", area=_area_check(area), size=size)],
                [say("Dice"), str(len(faces))],
            ]
            + (
                [[say("Edge"), say("advantage") if edge == "advantage" else say("disadvantage")]]
                if edge
                else []
            )
            + _not_counted(asked_plus - plus, asked_minus - minus),
            "rule": RULE,
            "tone": tone,
        },
    )
