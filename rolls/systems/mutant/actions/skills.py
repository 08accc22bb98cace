"""Mutant: Year Zero: skill rolls and pushes."""

from __future__ import annotations

import dataclasses
from typing import Any

from rolls.actions import Rolled, effects_data
from sheets.reasons import pgettext_noop
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import Saying, say, sentences
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.mutant.dice import rules as dice

from .sheet import (
    PUSH_RULE,
    SKILL_RULE,
    SkillPool,
    _Changes,
    _dice_data,
    _ones,
    _successes,
    broken_message,
    find_item,
    skill_pool,
    stored_words,
)

PUSHED = pgettext_noop("history reason", "%(roll)s roll, pushed")  # the history reason of a push


def _skill_result(pool: SkillPool, result: dice.SkillRoll) -> dict[str, Any]:
    lines = [[say("Dice"), pool.describe()], [say("Successes"), str(result.successes)]]
    if result.cancelled:
        lines.append([say("Cancelled by negative dice"), str(result.cancelled)])
    rule = [SKILL_RULE]
    if pool.item_name:
        lines.insert(1, [say("Gear"), pool.item_name])
    if pool.weapon_damage is not None and result.successes:
        damage = dice.attack_damage(pool.weapon_damage, result.successes)
        lines.append([say("Damage"), str(damage)])
        rule.append(say("Damage = weapon damage + 1 per extra success."))
    if pool.item_bonus < 0:
        rule.append(say("A negative gear bonus counts as a negative modifier."))
    if result.pushed:
        lines.append([say("Trauma"), str(result.trauma)])
        lines.append([say("Gear damage"), str(result.gear_damage)])
    rule.append(PUSH_RULE)
    return {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": sentences(rule),
        "pushed": result.pushed,
        "successes": result.successes,
    }


def _outcome(pool: SkillPool, result: dice.SkillRoll) -> Saying:
    outcome = _successes(result.successes)
    if pool.weapon_damage is not None and result.successes:
        damage = dice.attack_damage(pool.weapon_damage, result.successes)
        outcome = say("%(outcome)s, %(damage)s damage", outcome=outcome, damage=damage)
    return outcome


def _label(pool: SkillPool) -> Saying:
    """ "Fight +1 with Bat": the skill's name (the rules' English, translated when read)."""
    label = say(pool.name)
    if pool.modifier:
        label = say("%(skill)s %(modifier)s", skill=label, modifier=f"{pool.modifier:+d}")
    if pool.item_name:
        label = say("%(skill)s with %(item)s", skill=label, item=pool.item_name)
    return label


def skill_roll(sheet, cleaned_data, rng) -> Rolled:
    """A skill roll: the dice only; nothing changes on the sheet until a push."""
    value = cleaned_data.get("gear") or ""
    item = find_item(sheet, value) if value else None
    if value and item is None:
        raise DiceError(say("That weapon or gear is not on this character's sheet any more."))
    modifier = cleaned_data.get("modifier") or 0
    insist = bool(cleaned_data.get("insist"))
    pool = skill_pool(sheet, cleaned_data["skill"], modifier, item)
    if pool.broken and not insist:
        raise DiceError(broken_message(sheet, pool.attribute))
    result = dice.skill_roll(rng, pool.base, pool.skill_dice, pool.gear_dice, pool.negative)
    payload = _skill_result(pool, result)
    if result.pushable:
        payload["push_odds"] = mutant_odds.push_rows(dice.push_odds_for(result))
    inputs = {**dataclasses.asdict(pool), "insist": insist}
    return Rolled(
        kind="skill",
        label=_label(pool),
        outcome=_outcome(pool, result),
        inputs=inputs,
        result=payload,
        pushable=result.pushable,
    )


def push(sheet, roll, rng) -> Rolled:
    """Push a skill roll once and apply its trauma, mutation points and gear damage."""
    if roll.kind != "skill":
        raise DiceError(say("Only skill rolls can be pushed: armor and rot rolls cannot."))
    if roll.is_push or roll.result.get("pushed"):
        raise DiceError(say("A pushed roll cannot be pushed again."))
    if not roll.can_push:
        raise DiceError(
            say("This roll cannot be pushed: it was pushed already or has no die to re-roll.")
        )
    if roll.character_id != sheet.character_id:
        raise DiceError(say("This roll belongs to another character."))
    pool = _stored_pool(roll.inputs)
    result = dice.push(rng, dice.SkillRoll.from_data(roll.result.get("dice", [])))
    changes = _Changes(sheet)
    if result.trauma:
        why = say("%(ones)s on the push", ones=_ones(result.trauma, "base-die"))
        changes.trauma(pool.attribute, result.trauma, why)
        changes.counter("mutation_points", result.trauma, why, say("mutation points"))
    gear_effects = []
    if result.gear_damage:
        gear_effects.append(_wear_item(sheet, pool, result.gear_damage, roll.label))
    changes.save(PUSHED % {"roll": roll.label})
    effects = changes.effects + gear_effects
    return Rolled(
        kind="skill",
        label=say("%(label)s (pushed)", label=stored_words(roll, "label")),
        outcome=_outcome(pool, result),
        inputs=dict(roll.inputs),
        result=_skill_result(pool, result),
        effects=effects_data(effects),
        pushable=False,
    )


def _stored_pool(inputs) -> SkillPool:
    """The pool a stored skill roll was made with (``Roll.inputs``)."""
    values = {}
    for f in dataclasses.fields(SkillPool):
        if f.name in inputs:
            values[f.name] = inputs[f.name]
        elif f.default is dataclasses.MISSING:
            raise DiceError(f"This roll's record lacks {f.name!r}: it cannot be pushed.")
    return SkillPool(**values)


def _wear_item(sheet, pool: SkillPool, loss: int, label: str) -> Effect:
    why = say("%(ones)s on the push", ones=_ones(loss, "gear-die"))
    item = find_item(sheet, pool.item, lock=True)
    if item is None:
        return Effect(
            "gear_bonus",
            0,
            say("%(why)s, but %(item)s is no longer on the sheet", why=why, item=pool.item_name),
        )
    current = item.bonus
    new = max(0, current - loss) if current > 0 else current
    if new != current:
        item.bonus = new
        item._change_reason = PUSHED % {"roll": label}
        item.save(update_fields=["bonus"])
    note = say(
        "%(why)s: %(item)s gear bonus %(before)s → %(after)s",
        why=why, item=item.name, before=current, after=new,
    )  # fmt: skip
    if current - loss != new:
        note = say("%(note)s (a gear bonus does not drop below 0)", note=note)
    return Effect("gear_bonus", new - current, note)
