"""Mutant: Year Zero GM rolls: an NPC's dice pool, and an NPC opposing a mutant.

NPCs push like mutants (the GM decides); their trauma and gear damage is said in the
result, not kept (an NPC has no sheet here). In an opposed roll only the active side
pushes: the mutant's push applies its trauma and mutation points to its sheet.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext, pgettext

from rolls.actions import Rolled, effects_data
from rolls.actions.npc import ACTIVE_CHARACTER, ACTIVE_NPC, opposed_outcome, refuse_other_character
from rolls.systems.mutant import actions as sheet_rolls
from rolls.systems.mutant.actions.sheet import _Changes
from rolls.systems.mutant.actions.skills import PUSHED, _stored_pool
from sheets.systems.dice.core import DiceError, as_data
from sheets.systems.dice.words import Saying, say, say_n, sentences
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.mutant.dice import rules as dice
from sheets.systems.mutant.rules import ATTRIBUTE_LABELS

NPC, OPPOSED = "npc", "opposed"
OPPOSED_RULE = say(
    "Opposed (T2K's rule, RULINGS): each of the opponent's successes cancels one of the "
    "active side's; the active side wins with more (a tie is a loss). Only the active side "
    "may push, even after the opponent has rolled."
)


def _successes(count: int) -> Saying:
    if count == 0:
        return say("no success")
    return say_n("%(n)s success", "%(n)s successes", count)


def _dice(roll: dice.SkillRoll) -> list[dict[str, Any]]:
    return [as_data(die) for die in roll.dice]


def _npc_pushed_lines(roll: dice.SkillRoll) -> list[list[str]]:
    if not roll.pushed:
        return []
    return [[say("NPC's trauma (base-die 1s)"), str(roll.trauma)],
            [say("NPC's gear bonus lost (gear-die 1s)"), str(roll.gear_damage)]]  # fmt: skip


# --- An NPC's own roll -------------------------------------------------------------------


def _npc_rolled(name, what, counts, result: dice.SkillRoll) -> Rolled:
    base, skill, gear, negative = counts
    described = [
        say("%(n)s base", n=base), say("%(n)s skill", n=skill), say("%(n)s gear", n=gear),
    ] + ([say("%(n)s negative", n=negative)] if negative else [])  # fmt: skip
    payload = {
        "dice": _dice(result),
        "lines": [[say("Dice"), described], [say("Successes"), str(result.successes)],
                  *_npc_pushed_lines(result)],
        "rule": sentences([sheet_rolls.SKILL_RULE, sheet_rolls.PUSH_RULE]),
        "successes": result.successes,
        "pushed": result.pushed,
        "tone": "success" if result.successes else "failure",
    }  # fmt: skip
    if result.pushable:
        payload["push_odds"] = mutant_odds.push_rows(dice.push_odds_for(result))
    return Rolled(
        kind=NPC,
        label=_npc_label(what, result.pushed),
        outcome=say("%(name)s: %(outcome)s", name=name, outcome=_successes(result.successes)),
        inputs={"npc": list(counts), "what": what},
        result=payload,
        pushable=result.pushable,
    )


def _npc_label(what: str, pushed: bool):
    """The GM's own words for the roll (kept as written), else "NPC roll"."""
    label = what or say("NPC roll")
    return say("%(label)s (pushed)", label=label) if pushed else label


def npc_roll(sheet, cleaned, rng) -> Rolled:
    counts = (cleaned["base"], cleaned["npc_skill"], cleaned["gear"], cleaned["negative"])
    result = dice.skill_roll(rng, *counts)
    return _npc_rolled(cleaned["npc_name"], (cleaned.get("what") or "").strip(), counts, result)


# --- Opposed: an NPC against a mutant ------------------------------------------------------


def _pool_label(pool: sheet_rolls.SkillPool) -> Saying:
    if pool.modifier:
        return say("%(skill)s %(modifier)s", skill=say(pool.name), modifier=f"{pool.modifier:+d}")
    return say(pool.name)


def _opposed_rolled(character_name, npc_name, pool, npc_counts, active, mine, theirs,
                    effects=()) -> Rolled:  # fmt: skip
    """One roll card with both sides: the mutant's dice and the NPC's, read from the
    active side."""
    if active == ACTIVE_CHARACTER:
        contest = dice.opposed(mine, theirs)
        names = (character_name, npc_name)
        pushing = mine
    else:
        contest = dice.opposed(theirs, mine)
        names = (npc_name, character_name)
        pushing = theirs

    def marked(label, side):
        return say("%(label)s (active)", label=label) if active == side else label

    payload = {
        "dice_groups": [
            {"label": marked(say("%(name)s: %(pool)s", name=character_name,
                                 pool=_pool_label(pool)), ACTIVE_CHARACTER),
             "dice": _dice(mine)},
            {"label": marked(npc_name, ACTIVE_NPC), "dice": _dice(theirs)},
        ],
        "character_dice": _dice(mine),
        "npc_dice": _dice(theirs),
        "lines": [
            [say("%(name)s's successes", name=character_name), str(mine.successes)],
            [say("%(name)s's successes", name=npc_name), str(theirs.successes)],
            [say("%(name)s's successes left", name=names[0]), str(contest.net_successes)],
            *(_npc_pushed_lines(theirs)),
        ],
        "rule": sentences([OPPOSED_RULE, sheet_rolls.SKILL_RULE]
                          + ([sheet_rolls.PUSH_RULE] if pushing.pushed else [])),
        "active": active,
        "push_side": say("%(name)s's roll", name=names[0]),
        "tone": "success" if contest.won else "failure",
        "pushed": pushing.pushed,
    }  # fmt: skip
    if contest.can_push:
        payload["push_odds"] = mutant_odds.push_rows(dice.push_odds_for(pushing))
    return Rolled(
        kind=OPPOSED,
        label=say("%(pool)s, opposed (pushed)", pool=_pool_label(pool))
        if pushing.pushed
        else say("%(pool)s, opposed", pool=_pool_label(pool)),
        outcome=opposed_outcome(names[0], names[1], contest.won, contest.net_successes,
                                contest.active.successes, contest.opponent.successes),
        inputs={"pool": dataclasses.asdict(pool), "npc": list(npc_counts), "active": active},
        result=payload,
        effects=effects_data(effects),
        pushable=contest.can_push,
    )  # fmt: skip


def opposed_roll(sheet, cleaned, rng) -> Rolled:
    """The GM's NPC against a mutant's skill: the active side rolls first."""
    pool = sheet_rolls.skill_pool(sheet, cleaned["skill"], cleaned.get("modifier") or 0)
    if pool.broken:
        label = pgettext("Mutant: Year Zero attribute", ATTRIBUTE_LABELS[pool.attribute])
        raise DiceError(
            gettext("%(name)s's %(attribute)s is broken: 0 base dice. Heal the trauma first.")
            % {"name": sheet.character.name, "attribute": label}
        )
    counts = (cleaned["base"], cleaned["npc_skill"], cleaned["gear"], cleaned["negative"])
    active = cleaned["active"]

    def character_roll():
        return dice.skill_roll(rng, pool.base, pool.skill_dice, pool.gear_dice, pool.negative)

    if active == ACTIVE_CHARACTER:
        mine = character_roll()
        theirs = dice.skill_roll(rng, *counts)
    else:
        theirs = dice.skill_roll(rng, *counts)
        mine = character_roll()
    return _opposed_rolled(
        sheet.character.name, cleaned["npc_name"], pool, counts, active, mine, theirs
    )


# --- Push ----------------------------------------------------------------------------------


def push(sheet, roll, rng) -> Rolled:
    """Push the active side once: an NPC's own roll, or one side of an opposed roll."""
    if roll.kind == NPC:
        pushed = dice.push(rng, dice.SkillRoll.from_data(roll.result.get("dice", [])))
        counts = tuple(roll.inputs["npc"])
        return _npc_rolled(roll.npc_name, roll.inputs.get("what", ""), counts, pushed)
    if roll.kind != OPPOSED:
        raise DiceError("Only an NPC's roll or an opposed roll is pushed here.")
    refuse_other_character(sheet, roll)
    active = roll.result["active"]
    pool = _stored_pool(roll.inputs["pool"])
    mine = dice.SkillRoll.from_data(roll.result["character_dice"])
    theirs = dice.SkillRoll.from_data(roll.result["npc_dice"])
    effects = []
    if active == ACTIVE_NPC:  # the active side pushes, having seen the other's dice
        theirs = dice.push_opposed(rng, dice.opposed(theirs, mine)).active
    else:
        mine = dice.push_opposed(rng, dice.opposed(mine, theirs)).active
        changes = _Changes(sheet)
        if mine.trauma:
            why = say_n(
                "%(n)s base-die 1 on the push", "%(n)s base-die 1s on the push", mine.trauma
            )
            changes.trauma(pool.attribute, mine.trauma, why)
            changes.counter("mutation_points", mine.trauma, why, say("mutation points"))
        changes.save(PUSHED % {"roll": roll.label})
        effects = changes.effects
    rolled = _opposed_rolled(
        roll.character.name, roll.npc_name, pool, tuple(roll.inputs["npc"]), active, mine,
        theirs, effects,
    )  # fmt: skip
    rolled.inputs = dict(roll.inputs)
    return rolled
