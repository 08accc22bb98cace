"""Agents: reloads, raising a skill, reviving, removing a trauma, the GM's clock, and the
steps after a roll (the High options)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext as _

from rolls.actions import Rolled
from sheets.reasons import pgettext_noop
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import MAX_XP
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say, say_in

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
    listed,
    locked_skill,
    with_notes,
)


def reload(sheet, cleaned_data, rng) -> Rolled:
    weapon = (
        type(cleaned_data["weapon"]).objects.select_for_update().get(pk=cleaned_data["weapon"].pk)
    )
    changes = Changes(sheet)
    if weapon.reloads == 0:
        box = ammunition(sheet, lock=True)
        if box is None:
            raise DiceError(
                _("No reloads left for %(weapon)s, and no ammunition.") % {"weapon": weapon.name}
            )
        changes.row(
            box,
            "count",
            box.count - 1,
            say("Ammunition opened: %(n)s left", n=box.count - 1),
            "ammunition",
        )
        changes.row(
            weapon,
            "reloads",
            AMMUNITION_RELOADS,
            say(
                "%(weapon)s: %(n)s reloads from the ammunition",
                weapon=weapon.name,
                n=AMMUNITION_RELOADS,
            ),
            "reloads",
        )
    changes.row(
        weapon,
        "reloads",
        weapon.reloads - 1,
        say("%(weapon)s: a reload used, %(n)s left", weapon=weapon.name, n=weapon.reloads - 1),
        "reloads",
    )
    changes.row(
        weapon,
        "shots",
        weapon.reload,
        say("%(weapon)s: %(n)s shots", weapon=weapon.name, n=weapon.reload),
        "shots",
    )
    changes.save(pgettext_noop("history reason", "Reload %(weapon)s") % {"weapon": weapon.name})
    return Rolled(
        kind="reload",
        label=say("Reload %(weapon)s", weapon=weapon.name),
        outcome=say("%(n)s shots", n=weapon.reload),
        result={"rule": say("Reload: %(ap)s AP.", ap=rules.RELOAD_AP)},
        effects=changes.effects,
    )


def raise_skill(sheet, cleaned_data, rng) -> Rolled:
    skill = locked_skill(sheet, cleaned_data["skill"])
    effects = engine.buy_skill_level(skill.name, skill.level, skill.xp)
    skill_name = skill.name if skill.custom else say_in(rules.SKILL_CONTEXT, skill.name)
    changes = Changes(sheet)
    level = skill.level + 1
    changes.row(
        skill,
        "level",
        level,
        say(
            "%(skill)s: %(level)s (%(note)s)",
            skill=skill_name,
            level=say(engine.SKILL_LEVELS[level]),
            note=effects[0].note,
        ),
        f"skill:{skill.name}",
    )
    changes.row(
        skill,
        "xp",
        0,
        say("%(skill)s: the XP counter resets to 0", skill=skill_name),
        f"xp:{skill.name}",
    )
    changes.save(pgettext_noop("history reason", "Raise %(skill)s") % {"skill": skill.name})
    return Rolled(
        kind="raise",
        label=say("Raise %(skill)s", skill=skill_name),
        outcome=say(
            "%(skill)s is now %(level)s", skill=skill_name, level=say(engine.SKILL_LEVELS[level])
        ),
        result={
            "rule": say(
                "Skills rise only by failing: 10/50/100/250/500 XP buy Apprentice to "
                "Master; the counter resets."
            )
        },
        effects=changes.effects,
    )


def revive(sheet, cleaned_data, rng) -> Rolled:
    if sheet.dead:
        raise DiceError(_("%(name)s is dead for real.") % {"name": sheet.character.name})
    stats = {stat: getattr(sheet, stat) for stat in rules.STATS}
    result = engine.resurrection(rng, rules.mind(sheet), stats)
    changes = Changes(sheet)
    if result.dead_for_real:
        changes.set("dead", True, say("A fourth trauma: dead for real"))
        changes.save("Death")
        return Rolled(
            kind="revive",
            label=say("Death"),
            outcome=say("Dead for real"),
            result={"rule": say("An agent has at most three traumas; the fourth is death.")},
            effects=changes.effects,
        )
    for effect in result.effects:
        target = effect.target
        if target.startswith("trauma:"):
            field = rules.TRAUMA_FIELD_BY_NAME[target.removeprefix("trauma:")]
            changes.set(
                field,
                True,
                say(
                    "%(note)s: %(trauma)s",
                    note=effect.note,
                    trauma=say(target.removeprefix("trauma:")),
                ),
            )
        elif target.startswith("stat:"):
            changes.add(
                target.removeprefix("stat:"), effect.amount, effect.note, maximum=rules.STAT_MAX
            )
    changes.mind([e for e in result.effects if e.target in ("stress", "high")], say("Revival"))
    # RULINGS: the revived agent has 1 HP and 0 FT; they must rest.
    changes.set("hp", 1, say("Revived: HP %(before)s → 1", before=sheet.hp))
    changes.set("fortitude", 0, say("Revived: FT %(before)s → 0", before=sheet.fortitude))
    changes.save("Death and revival")
    groups = [
        {"label": say("Afterlife (d6)"), "dice": _dice(result.dice[:1])},
        {"label": say("Trauma (d6)"), "dice": _dice(result.dice[1:])},
    ]
    return Rolled(
        kind="revive",
        label=say("Death and revival"),
        outcome=say(
            "%(afterlife)s; trauma: %(trauma)s",
            afterlife=say(result.afterlife),
            trauma=say(result.trauma.trauma),
        ),
        result={
            "dice": _dice(result.dice),
            "dice_groups": groups,
            "lines": [
                [say("Afterlife"), say(result.afterlife)],
                [say("Trauma"), say(result.trauma.trauma)],
            ],
            "rule": with_notes(
                say("Revival: stress 5, High 0, 1 HP and 0 FT; an afterlife d6 and a trauma d6."),
                result.notes,
            ),
        },
        effects=changes.effects,
    )


def remove_trauma(sheet, cleaned_data, rng) -> Rolled:
    field = cleaned_data["trauma"]
    name = rules.TABLE_TRAUMAS[field]
    changes = Changes(sheet)
    changes.set(field, False, say("A month of rest: %(trauma)s removed", trauma=say(name)))
    stat = engine.TRAUMA_STAT.get(name)
    if stat:
        changes.add(stat, -1, say("%(trauma)s removed", trauma=say(name)))
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
            changes.set(
                gained_field,
                False,
                say("%(trauma)s removed: no more %(gained)s", trauma=say(name), gained=say(gained)),
            )
    notes = advance_clock(
        sheet, changes, hours=30 * 24, why=pgettext_noop("history reason", "A month of rest")
    )
    changes.save(pgettext_noop("history reason", "%(trauma)s removed") % {"trauma": name})
    return Rolled(
        kind="remove_trauma",
        label=say("A month of rest: %(trauma)s", trauma=say(name)),
        outcome=say("%(trauma)s removed", trauma=say(name)),
        result={
            "rule": with_notes(
                say(
                    "A month of uninterrupted rest removes a trauma and its abilities; "
                    "skills in magic spheres stay."
                ),
                notes,
            )
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
        found._change_reason = pgettext_noop("history reason", "Clock set by the GM")
        found.save()
        notes = [
            say("clock set: day %(day)s, %(time)s", day=days, time=f"{hours:02d}:{minutes:02d}")
        ]
    else:
        notes = advance_clock(
            sheet,
            changes,
            hours=days * 24 + hours,
            minutes=minutes,
            why=pgettext_noop("history reason", "Clock advanced by the GM"),
        )
    changes.save(pgettext_noop("history reason", "The party clock"))
    found = clock_of(sheet)
    period = engine.period_of(found.hour)
    return Rolled(
        kind="clock",
        label=say("Party clock"),
        outcome=say(
            "Day %(day)s, %(time)s (%(period)s)",
            day=found.day,
            time=f"{found.hour:02d}:{found.minute:02d}",
            period=say(period),
        ),
        inputs=dict(cleaned_data),
        result={"rule": listed(notes)},
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
                say(
                    "%(note)s: %(skill)s XP",
                    note=effect.note,
                    skill=skill.name if skill.custom else say_in(rules.SKILL_CONTEXT, skill.name),
                ),
                f"xp:{skill.name}",
            )
    changes.save(pgettext_noop("history reason", "High spent after the roll"))
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
