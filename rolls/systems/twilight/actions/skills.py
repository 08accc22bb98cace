"""Twilight: 2000: skill rolls."""

from __future__ import annotations

from rolls.actions import Rolled
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice

from .sheet import (
    SUCCESS_RULE,
    _payload,
    _successes,
    find_weapon,
    push_rows,
    short_attribute,
    skill_dice,
)


def _helpers(cleaned) -> list[str]:
    return [name for name in cleaned.get("helpers") or [] if name]


def _modifier_parts(sheet, cleaned) -> tuple[int, list[str]]:
    """The total modifier in steps, and what it is made of."""
    parts = []
    total = 0
    modifier = cleaned.get("modifier") or 0
    if modifier:
        parts.append(f"difficulty {modifier:+d}")
        total += modifier
    specialty = cleaned.get("specialty")
    if specialty:
        parts.append(f"specialty {specialty.name} +1")
        total += 1
    for name, label in (("aim", "aiming"), ("range_modifier", "range")):
        value = cleaned.get(name) or 0
        if value:
            parts.append(f"{label} {value:+d}")
            total += value
    helpers = _helpers(cleaned)
    if helpers:
        parts.append(f"help from {', '.join(helpers)} +{len(helpers)}")
    return total, parts


def _lines(engine, before: tuple[int, ...], after: tuple[int, ...], parts) -> list[list[str]]:
    lines = []
    if before != after:
        lines.append(["Base dice", f"{rules.dice_text(before)} \u2192 {rules.dice_text(after)}"])
    else:
        lines.append(["Base dice", rules.dice_text(after)])
    if parts:
        lines.append(["Modifiers", "; ".join(parts)])
    lines.append(["Successes", str(engine.successes)])
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
    label = rules.SKILL_LABELS[skill]
    rule = SUCCESS_RULE
    if passive:
        rule += " A passive roll cannot be pushed."
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
        label=label + (f" with {weapon.name}" if weapon else ""),
        outcome=_successes(engine.successes).capitalize(),
        inputs={"skill": skill, "dice": list(base), "helpers": helpers, "passive": passive},
        result=payload,
        pushable=engine.can_push,
    )
