"""Agents: reloads, raising a skill, reviving, removing a trauma, the GM's clock, and the
steps after a roll (the High options)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext as _

from rolls.actions import Rolled
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import MAX_XP
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say

from .basic import OUTCOMES
from .sheet import (
    AMMUNITION_RELOADS,
    Changes,
    _dice,
    _pk,
    advance_clock,
    ammunition,
    clock_of,
    find_skill,
    locked_skill,
)


def reload(sheet, cleaned_data, rng) -> Rolled:
    weapon = (
        type(cleaned_data["weapon"]).objects.select_for_update().get(pk=cleaned_data["weapon"].pk)
    )
    changes = Changes(sheet)
    if weapon.reloads == 0:
        box = ammunition(sheet, lock=True)
        if box is None:
            raise DiceError(f"No reloads left for {weapon.name}, and no ammunition.")
        changes.row(
            box, "count", box.count - 1, f"Ammunition opened: {box.count - 1} left", "ammunition"
        )
        changes.row(
            weapon,
            "reloads",
            AMMUNITION_RELOADS,
            f"{weapon.name}: {AMMUNITION_RELOADS} reloads from the ammunition",
            "reloads",
        )
    changes.row(
        weapon,
        "reloads",
        weapon.reloads - 1,
        f"{weapon.name}: a reload used, {weapon.reloads - 1} left",
        "reloads",
    )
    changes.row(weapon, "shots", weapon.reload, f"{weapon.name}: {weapon.reload} shots", "shots")
    changes.save(f"Reload {weapon.name}")
    return Rolled(
        kind="reload",
        label=f"Reload {weapon.name}",
        outcome=f"{weapon.reload} shots",
        result={"rule": f"Reload: {rules.RELOAD_AP} AP."},
        effects=changes.effects,
    )


def raise_skill(sheet, cleaned_data, rng) -> Rolled:
    skill = locked_skill(sheet, cleaned_data["skill"])
    effects = engine.buy_skill_level(skill.name, skill.level, skill.xp)
    changes = Changes(sheet)
    level = skill.level + 1
    changes.row(
        skill,
        "level",
        level,
        f"{skill.name}: {engine.SKILL_LEVELS[level]} ({effects[0].note})",
        f"skill:{skill.name}",
    )
    changes.row(skill, "xp", 0, f"{skill.name}: the XP counter resets to 0", f"xp:{skill.name}")
    changes.save(f"Raise {skill.name}")
    return Rolled(
        kind="raise",
        label=f"Raise {skill.name}",
        outcome=f"{skill.name} is now {engine.SKILL_LEVELS[level]}",
        result={
            "rule": "Skills rise only by failing: 10/50/100/250/500 XP buy Apprentice to "
            "Master; the counter resets."
        },
        effects=changes.effects,
    )


def revive(sheet, cleaned_data, rng) -> Rolled:
    if sheet.dead:
        raise DiceError(f"{sheet.character.name} is dead for real.")
    stats = {stat: getattr(sheet, stat) for stat in rules.STATS}
    result = engine.resurrection(rng, rules.mind(sheet), stats)
    changes = Changes(sheet)
    if result.dead_for_real:
        changes.set("dead", True, "A fourth trauma: dead for real")
        changes.save("Death")
        return Rolled(
            kind="revive",
            label="Death",
            outcome="Dead for real",
            result={"rule": "An agent has at most three traumas; the fourth is death."},
            effects=changes.effects,
        )
    for effect in result.effects:
        target = effect.target
        if target.startswith("trauma:"):
            field = rules.TRAUMA_FIELD_BY_NAME[target.removeprefix("trauma:")]
            changes.set(field, True, f"{effect.note}: {target.removeprefix('trauma:')}")
        elif target.startswith("stat:"):
            changes.add(
                target.removeprefix("stat:"), effect.amount, effect.note, maximum=rules.STAT_MAX
            )
    changes.mind([e for e in result.effects if e.target in ("stress", "high")], "Revival")
    # RULINGS: the revived agent has 1 HP and 0 FT; they must rest.
    changes.set("hp", 1, f"Revived: HP {sheet.hp} → 1")
    changes.set("fortitude", 0, f"Revived: FT {sheet.fortitude} → 0")
    changes.save("Death and revival")
    groups = [
        {"label": "Afterlife (d6)", "dice": _dice(result.dice[:1])},
        {"label": "Trauma (d6)", "dice": _dice(result.dice[1:])},
    ]
    return Rolled(
        kind="revive",
        label="Death and revival",
        outcome=f"{result.afterlife}; trauma: {result.trauma.trauma}",
        result={
            "dice": _dice(result.dice),
            "dice_groups": groups,
            "lines": [["Afterlife", result.afterlife], ["Trauma", result.trauma.trauma]],
            "rule": "Revival: stress 5, High 0, 1 HP and 0 FT; an afterlife d6 and a trauma "
            "d6. " + "; ".join(result.notes),
        },
        effects=changes.effects,
    )


def remove_trauma(sheet, cleaned_data, rng) -> Rolled:
    field = cleaned_data["trauma"]
    name = rules.TABLE_TRAUMAS[field]
    changes = Changes(sheet)
    changes.set(field, False, f"A month of rest: {name} removed")
    stat = engine.TRAUMA_STAT.get(name)
    if stat:
        changes.add(stat, -1, f"{name} removed")
    gained = engine.TRAUMA_GAINS.get(name)
    if gained:
        gained_field = rules.TRAUMA_FIELD_BY_NAME[gained]
        ancestry = rules.ANCESTRIES.get(sheet.ancestry)
        kept = (ancestry is not None and ancestry.starting_trauma == gained_field) or any(
            getattr(sheet, other) and engine.TRAUMA_GAINS.get(other_name) == gained
            for other, other_name in rules.TABLE_TRAUMAS.items()
            if other != field
        )
        if not kept:
            changes.set(gained_field, False, f"{name} removed: no more {gained}")
    notes = advance_clock(sheet, changes, hours=30 * 24, why="A month of rest")
    changes.save(f"{name} removed")
    return Rolled(
        kind="remove_trauma",
        label=f"A month of rest: {name}",
        outcome=f"{name} removed",
        result={
            "rule": "A month of uninterrupted rest removes a trauma and its abilities; "
            "skills in magic spheres stay. " + "; ".join(notes)
        },
        effects=changes.effects,
    )


def clock(sheet, cleaned_data, rng) -> Rolled:
    """The GM sets or advances the party's clock (every agent's time of day)."""
    changes = Changes(sheet)
    days, hours, minutes = cleaned_data["days"], cleaned_data["hours"], cleaned_data["minutes"]
    if cleaned_data["mode"] == "set":
        found = clock_of(sheet, lock=True)
        found.day, found.hour, found.minute = days, hours, minutes
        found._change_reason = "Clock set by the GM"
        found.save()
        notes = [f"clock set: day {days}, {hours:02d}:{minutes:02d}"]
    else:
        notes = advance_clock(
            sheet, changes, hours=days * 24 + hours, minutes=minutes, why="Clock advanced by the GM"
        )
    changes.save("The party clock")
    found = clock_of(sheet)
    period = engine.period_of(found.hour)
    return Rolled(
        kind="clock",
        label="Party clock",
        outcome=f"Day {found.day}, {found.hour:02d}:{found.minute:02d} ({period})",
        inputs=dict(cleaned_data),
        result={"rule": "; ".join(notes)},
        effects=changes.effects,
    )


def choose(sheet, roll_row, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """After a basic roll: spend High once the dice are seen (+1 per point)."""
    if roll_row.kind != "basic" or "basic" not in roll_row.result:
        raise DiceError(_("Only a basic roll can take High after the dice are seen."))
    if roll_row.character_id != sheet.character_id:
        raise DiceError(_("This roll belongs to another character."))
    if roll_row.result.get("high_after"):
        raise DiceError(_("High was spent on this roll already."))
    high = _pk(data.get("high"))
    if not high:
        raise DiceError(_("Spend 1 to 3 High."))
    earlier = dice.BasicRoll.from_data(roll_row.result["basic"])
    # the sheet as it is now: the stored roll's effects are on it already
    earlier = dataclasses.replace(earlier, mind_after=rules.mind(sheet))
    later = dice.spend_high_after_roll(earlier, high)
    changes = Changes(sheet)
    changes.mind(later.effects)
    skill = find_skill(sheet, roll_row.inputs.get("skill"))
    for effect in later.effects:
        if effect.target.startswith("xp:") and skill is not None:
            skill = locked_skill(sheet, skill)
            changes.row(
                skill,
                "xp",
                max(min(skill.xp + effect.amount, MAX_XP), 0),
                f"{effect.note}: {skill.name} XP",
                f"xp:{skill.name}",
            )
    changes.save("High spent after the roll")
    roll_row.result = {
        **roll_row.result,
        "high_after": high,
        "outcome": OUTCOMES[later.outcome],
        "lines": [
            *roll_row.result.get("lines", []),
            [
                say("%(high)s High spent after", high=high),
                say(
                    "%(before)s → %(after)s",
                    before=OUTCOMES[earlier.outcome],
                    after=OUTCOMES[later.outcome],
                ),
            ],
        ],
    }
    return changes.effects


def high_options(roll_row, sheet) -> list[list]:
    """[[high, outcome], ...] that spending High would make of this basic roll now."""
    if roll_row.kind != "basic" or "basic" not in roll_row.result:
        return []
    if roll_row.result.get("high_after"):
        return []
    try:
        earlier = dice.BasicRoll.from_data(roll_row.result["basic"])
        earlier = dataclasses.replace(earlier, mind_after=rules.mind(sheet))
        options = dice.high_options(earlier)
    except DiceError:
        return []
    seen, found = {earlier.outcome}, []
    for high, outcome in options:
        if outcome not in seen:
            found.append([high, OUTCOMES[outcome]])
            seen.add(outcome)
    return found
