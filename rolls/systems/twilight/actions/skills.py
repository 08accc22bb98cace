"""Twilight: 2000: skill rolls."""

from __future__ import annotations

from rolls.actions import Rolled
from sheets.systems.dice.words import Saying, say, sentences
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice

from .sheet import (
    SUCCESS_RULE,
    _payload,
    _successes_capitalized,
    find_weapon,
    push_rows,
    short_attribute,
    skill_dice,
)


def _helpers(cleaned) -> list[str]:
    return [name for name in cleaned.get("helpers") or [] if name]


def _modifier_parts(sheet, cleaned) -> tuple[int, list[Saying]]:
    """The total modifier in steps, and what it is made of."""
    parts = []
    total = 0
    modifier = cleaned.get("modifier") or 0
    if modifier:
        parts.append(say("difficulty %(modifier)s", modifier=f"{modifier:+d}"))
        total += modifier
    specialty = cleaned.get("specialty")
    if specialty:
        parts.append(say("specialty %(name)s +1", name=specialty.name))
        total += 1
    for name, label in (
        ("aim", say("aiming %(modifier)s")),
        ("range_modifier", say("range %(modifier)s")),
    ):
        value = cleaned.get(name) or 0
        if value:
            parts.append({**label, "with": {"modifier": f"{value:+d}"}})
            total += value
    helpers = _helpers(cleaned)
    if helpers:
        parts.append(
            say("help from %(helpers)s +%(count)s", helpers=", ".join(helpers), count=len(helpers))
        )
    return total, parts


def _semicolons(parts: list):
    """Parts joined with "; ", as one saying."""
    if len(parts) == 1:
        return parts[0]
    return say("%(first)s; %(then)s", first=parts[0], then=_semicolons(parts[1:]))


def _lines(engine, before: tuple[int, ...], after: tuple[int, ...], parts) -> list[list]:
    lines = []
    if before != after:
        lines.append([say("Base dice"), f"{rules.dice_text(before)} → {rules.dice_text(after)}"])
    else:
        lines.append([say("Base dice"), rules.dice_text(after)])
    if parts:
        lines.append([say("Modifiers"), _semicolons(parts)])
    lines.append([say("Successes"), str(engine.successes)])
    return lines


def skill_roll(sheet, cleaned, rng) -> Rolled:
    skill = cleaned["skill"]
    total, parts = _modifier_parts(sheet, cleaned)
    helpers = _helpers(cleaned)
    plain = skill_dice(sheet, skill)
    base = skill_dice(sheet, skill, total, len(helpers))
    weapon = find_weapon(sheet, cleaned["gear"]) if cleaned.get("gear") else None
    passive = bool(cleaned.get("passive"))
    engine = dice.roll_skill(
        rng, base, short_attribute(skill), gear=weapon is not None, passive=passive
    )
    label = say(rules.SKILL_LABELS[skill])
    rule = SUCCESS_RULE
    if passive:
        rule = sentences([SUCCESS_RULE, say("A passive roll cannot be pushed.")])
    payload = _payload(
        engine,
        _lines(engine, plain, base, parts),
        rule,
        skill=skill,
        weapon=weapon.pk if weapon else None,
    )
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="skill",
        label=say("%(skill)s with %(weapon)s", skill=label, weapon=weapon.name)
        if weapon
        else label,
        outcome=_successes_capitalized(engine.successes),
        inputs={"skill": skill, "dice": list(base), "helpers": helpers, "passive": passive},
        result=payload,
        pushable=engine.can_push,
    )
