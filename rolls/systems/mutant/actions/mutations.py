"""Mutant: Year Zero: mutation rolls, and plain D6 and D66 rolls."""

from __future__ import annotations

from typing import Any

from rolls.actions import Rolled, effects_data
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say
from sheets.systems.mutant.dice import rules as dice

from .sheet import MISFIRE_ATTRIBUTE, MISFIRE_CHOICES, _Changes, _dice_data


def mutation_roll(sheet, cleaned_data, rng) -> Rolled:
    points = cleaned_data["points"]
    name = cleaned_data.get("mutation") or ""
    if points > sheet.mutation_points:
        raise DiceError(
            say(
                "Only %(have)s mutation points to spend, not %(points)s.",
                have=sheet.mutation_points, points=points,
            )
        )  # fmt: skip
    result = dice.mutation_roll(rng, points)
    changes = _Changes(sheet)
    changes.counter("mutation_points", -points, say("Mutation used"), say("mutation points"))
    changes.save("Mutation roll")
    lines = [
        [say("Mutation points spent"), str(points)],
        [say("Misfires (1s)"), str(result.misfires)],
    ]
    payload: dict[str, Any] = {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": say(
            "Mutation roll: one base die per mutation point spent; any 1 is a misfire: "
            "choose 1 damage (Strength trauma) or 1 doubt (Empathy trauma)."
        ),
    }
    if result.misfire:
        payload["choices"] = [list(choice) for choice in MISFIRE_CHOICES]
    return Rolled(
        kind="mutation",
        label=say("Mutation: %(name)s", name=name) if name else say("Mutation"),
        outcome=say("Misfire!") if result.misfire else say("No misfire"),
        inputs={"points": points, "mutation": name},
        result=payload,
        effects=effects_data(changes.effects),
    )


def choose(sheet, roll, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """The player's pick for a misfire (``data["choice"]``): 1 damage or 1 doubt. Once per
    roll; the roll's result records the pick and offers no more choices."""
    choice = data.get("choice", "")
    if roll.character_id != sheet.character_id:
        raise DiceError(say("This roll belongs to another character."))
    offered = dict(roll.result.get("choices") or [])
    if roll.result.get("chosen"):
        raise DiceError(say("The misfire has been dealt with already."))
    if not offered:
        raise DiceError(say("This roll offers nothing to choose."))
    if choice not in offered or choice not in MISFIRE_ATTRIBUTE:
        raise DiceError(f"Choose {' or '.join(offered)}, not {choice!r}.")
    changes = _Changes(sheet)
    changes.trauma(MISFIRE_ATTRIBUTE[choice], 1, say("Mutation misfire"))
    changes.save("Mutation misfire")
    roll.result = {
        **roll.result,
        "chosen": choice,
        "choices": [],
        "lines": [*roll.result.get("lines", []), [say("Misfire"), offered[choice]]],
    }
    return effects_data(changes.effects)


def d6_roll(sheet, cleaned_data, rng) -> Rolled:
    count = cleaned_data.get("count") or 1
    result = dice.d6(rng, count)
    return Rolled(
        kind="d6",
        label=f"{count}D6" if count > 1 else "D6",
        outcome=say("Total %(total)s", total=result.total),
        inputs={"count": count},
        result={
            "dice": _dice_data(result.dice),
            "lines": [[say("Total"), str(result.total)]],
            "rule": say("D6: the dice are added together."),
        },
    )


def d66_roll(sheet, cleaned_data, rng) -> Rolled:
    result = dice.d66(rng)
    return Rolled(
        kind="d66",
        label="D66",
        outcome=f"D66: {result.value}",
        inputs={},
        result={
            "dice": _dice_data(result.dice),
            "lines": [[say("Result"), str(result.value)]],
            "rule": say("D66: the green die gives the tens, the yellow die the ones (11-66)."),
        },
    )
