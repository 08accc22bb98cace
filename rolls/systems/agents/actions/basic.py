"""Agents: the basic roll (2d6 + stat + skill against the referee's d12s) and attacks."""

from __future__ import annotations

from rolls.actions import Rolled
from sheets.reasons import pgettext_noop
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.models import MAX_XP
from sheets.systems.dice.core import DiceError, as_data, roll
from sheets.systems.dice.words import say, say_in

from .sheet import (
    BASIC_RULE,
    Changes,
    _dice,
    _distinct,
    build_check,
    cannot_act,
    listed,
    locked_skill,
)

# The table's six results as sayings (the engine's ``Outcome`` values are their English).
OUTCOMES = {
    dice.Outcome.FAILURE: say("Failure"),
    dice.Outcome.COST_MINUS: say("Cost (-1)"),
    dice.Outcome.COST: say("Cost"),
    dice.Outcome.COST_PLUS: say("Cost (+1)"),
    dice.Outcome.SUCCESS: say("Success"),
    dice.Outcome.CRIT: say("Crit"),
}


def basic_roll(sheet, cleaned_data, rng) -> Rolled:
    problem = cannot_act(sheet)
    if problem:
        raise DiceError(problem)
    skill = locked_skill(sheet, cleaned_data["skill"])
    weapon = cleaned_data.get("weapon")
    combat = bool(cleaned_data.get("combat")) or weapon is not None
    check = build_check(
        sheet,
        skill,
        cleaned_data.get("stat") or "",
        difficulty=cleaned_data["difficulty"],
        high_spent=cleaned_data.get("high_spent") or 0,
        situational=cleaned_data.get("situational") or 0,
        combat=combat,
    )
    result = dice.basic_roll(rng, check)
    changes = Changes(sheet)
    skill_name = skill.name if skill.custom else say_in(rules.SKILL_CONTEXT, skill.name)
    changes.mind(result.effects)
    for effect in result.effects:
        if effect.target.startswith("xp:"):
            changes.row(
                skill,
                "xp",
                min(skill.xp + effect.amount, MAX_XP),
                say(
                    "%(note)s: %(skill)s XP %(before)s → %(after)s",
                    note=say(effect.note),
                    skill=skill_name,
                    before=skill.xp,
                    after=skill.xp + effect.amount,
                ),
                f"xp:{skill.name}",
            )
    groups = [
        {"label": say("Your 2d6"), "dice": _dice(result.dice[:2])},
        {
            "label": say(
                "Referee's 2d12 (+%(difficulty)s %(name)s)",
                difficulty=result.difficulty,
                name=say_in("Agents difficulty", check.difficulty),
            ),
            "dice": _dice(result.dice[2:]),
        },
    ]
    lines = [[label, f"{amount:+d}"] for label, amount in dice.check_modifier_sayings(check)]
    lines.append(
        [
            say("Total"),
            f"{sum(result.player_faces)} + {result.total - sum(result.player_faces)}"
            f" = {result.total}",
        ]
    )
    referee = [f"{f} + {result.difficulty}" for f in result.referee_faces]
    lines.append(
        [
            say("Referee"),
            say("%(first)s and %(second)s", first=referee[0], second=referee[1])
            if len(referee) == 2
            else " and ".join(referee),
        ]
    )
    outcome = OUTCOMES[result.outcome]
    if weapon is not None:
        outcome = _attack(sheet, weapon, result, rng, changes, groups, lines)
    changes.save(pgettext_noop("history reason", "Basic roll: %(skill)s") % {"skill": skill.name})
    label = say("%(skill)s (%(stat)s)", skill=skill_name, stat=dice.term(check.stat_name))
    if weapon is not None:
        label = say("Attack with %(weapon)s: %(label)s", weapon=weapon.name, label=label)
    return Rolled(
        kind="basic",
        label=label,
        outcome=outcome,
        inputs={
            "skill": skill.pk,
            "skill_name": skill.name,
            "stat": check.stat_name,
            "weapon": weapon.pk if weapon else None,
            "check": as_data(check),
        },
        result={
            "dice": _dice(result.dice),
            "dice_groups": groups,
            "lines": lines,
            "rule": say("%(rule)s %(notes)s", rule=BASIC_RULE, notes=listed(result.notes)),
            "basic": as_data(result),
            "outcome": OUTCOMES[result.outcome],
            "high_options": [
                [h, OUTCOMES[o]] for h, o in _distinct(dice.high_options(result), result.outcome)
            ],
        },
        effects=changes.effects,
    )


def engine_weapon(weapon) -> dice.Weapon:
    return dice.Weapon(
        weapon.name,
        weapon.tag,
        weapon.level,
        weapon.extra_dice,
        weapon.extra_die if weapon.extra_dice else 0,
    )


def _attack(sheet, weapon, result, rng, changes, groups, lines):
    """Fire (a shot off a Reload weapon) and roll the damage for the outcome."""
    if weapon.reload:
        model = type(weapon)
        locked = model.objects.select_for_update().get(pk=weapon.pk)
        changes.row(
            locked,
            "shots",
            max(locked.shots - 1, 0),
            say("%(weapon)s fired: %(n)s shots left", weapon=weapon.name, n=locked.shots - 1),
            "shots",
        )
    damage = dice.damage_roll(rng, engine_weapon(weapon), result.outcome)
    if damage.dice:
        groups.append(
            {
                "label": say("Damage %(dice)s", dice=weapon.damage_text),
                "dice": _dice(damage.dice),
            }
        )
    lines.append([say("Damage"), f"{damage.damage} ({damage.rule})"])
    lines.append([say("AP to fire"), str(weapon.ap_cost)])
    outcome = say(
        "%(outcome)s, %(damage)s damage", outcome=OUTCOMES[result.outcome], damage=damage.damage
    )
    if weapon.burn and damage.damage:
        rounds = roll(rng, 6)
        burn = {
            "kind": "burn",
            "size": 6,
            "face": rounds,
            "counts": say_in("combat rounds", "rounds"),
            "rerolled": False,
        }
        groups.append({"label": say("Burn (rounds)"), "dice": [burn]})
        lines.append(
            [
                say("Burn"),
                say(
                    "1 damage per round for %(rounds)s rounds on each target in range",
                    rounds=rounds,
                ),
            ]
        )
    if weapon.explosive:
        lines.append(
            [
                say("Explosive"),
                say("every target within %(spaces)s spaces", spaces=2 * weapon.level),
            ]
        )
    if weapon.arc or weapon.piercing:
        lines.append(
            [
                say("Hits"),
                say("every target in the cone") if weapon.arc else say("every target in the line"),
            ]
        )
    if result.outcome.rank <= dice.Outcome.COST_PLUS.rank:
        lines.append([say("Enemy"), say("counter-attacks")])
    return outcome
