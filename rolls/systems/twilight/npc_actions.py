"""Twilight: 2000 GM rolls: an NPC's skill roll by levels, and an NPC opposing a
character. NPCs push as characters do (once, active rolls only); an NPC's damage or
stress from a push is said in the result (an NPC has no sheet here). In an opposed roll
only the active side pushes; the character's push lands on its sheet."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from rolls.actions.npc import ACTIVE_CHARACTER, ACTIVE_NPC, refuse_other_character
from rolls.systems.twilight import actions as sheet_rolls
from rolls.systems.twilight.actions.special import PUSHED
from sheets.systems.dice.core import DiceError, as_data
from sheets.systems.dice.words import Saying, say, say_n, sentences
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice
from sheets.systems.twilight.dice import stepdice

NPC, OPPOSED = "npc", "opposed"
OPPOSED_RULE = say(
    "Opposed: each of the opponent's successes cancels one of the active side's; the "
    "active side wins with more (a tie is a loss). Only the active side may push, even "
    "after the opponent rolled."
)


def _opposed_outcome(names, contest):
    """Who won, as a saying (the English reads as ``rolls.actions.npc.opposed_outcome``)."""
    if contest.won:
        return say(
            "%(active)s wins by %(net)s against %(passive)s",
            active=names[0], net=contest.net_successes, passive=names[1],
        )  # fmt: skip
    return say(
        "%(active)s loses to %(passive)s (%(mine)s against %(theirs)s)",
        active=names[0], passive=names[1], mine=contest.active.successes,
        theirs=contest.opponent.successes,
    )  # fmt: skip


def _npc_dice(cleaned) -> tuple[int, ...]:
    return stepdice.base_dice(
        cleaned["attribute_level"], cleaned.get("skill_level") or None,
        modifier=cleaned.get("npc_modifier") or 0, helpers=cleaned.get("npc_helpers") or 0,
    )  # fmt: skip


def _npc_levels(inputs):
    text = f"{inputs['npc_attribute']} {inputs['attribute_level']}"
    if inputs.get("skill_level"):
        return say("%(levels)s, skill %(skill)s", levels=text, skill=inputs["skill_level"])
    return text


def _npc_push_lines(engine: dice.SkillRoll) -> list[list[str]]:
    return [[say("NPC's damage") if effect.target == "damage"
             else say("NPC's stress") if effect.target == "stress"
             else say("NPC's %(what)s", what=effect.target),
             say("+%(amount)s (%(note)s)", amount=effect.amount, note=effect.note)]
            for effect in engine.effects if engine.pushed]  # fmt: skip


def _successes(count: int) -> Saying:
    if count == 0:
        return say("no success")
    return say_n("%(n)s success", "%(n)s successes", count)


# --- An NPC's own roll -------------------------------------------------------------------


def _npc_rolled(name, inputs, engine: dice.SkillRoll) -> Rolled:
    lines = [[say("Levels"), _npc_levels(inputs)],
             [say("Base dice"), rules.dice_text(d.size for d in engine.base_dice)],
             [say("Successes"), str(engine.successes)], *_npc_push_lines(engine)]  # fmt: skip
    payload = _npc_payload(engine, lines)
    what = inputs.get("what") or say("NPC roll")
    return Rolled(
        kind=NPC,
        label=say("%(label)s (pushed)", label=what) if engine.pushed else what,
        outcome=(
            say(
                "%(name)s: success, %(successes)s",
                name=name,
                successes=_successes(engine.successes),
            )
            if engine.success
            else say(
                "%(name)s: failure, %(successes)s",
                name=name,
                successes=_successes(engine.successes),
            )
        ),
        inputs=inputs,
        result=payload,
        pushable=engine.can_push,
    )


def _npc_payload(engine, lines):
    rule = sentences([sheet_rolls.SUCCESS_RULE, sheet_rolls.PUSH_RULE])
    payload = sheet_rolls._payload(engine, lines, rule)
    payload["tone"] = "success" if engine.success else "failure"
    if engine.can_push:
        payload["push_odds"] = sheet_rolls.push_rows(engine)
    return payload


def npc_roll(sheet, cleaned, rng) -> Rolled:
    base = _npc_dice(cleaned)
    engine = dice.roll_skill(rng, base, cleaned["npc_attribute"])
    inputs = {
        "npc_attribute": cleaned["npc_attribute"],
        "attribute_level": cleaned["attribute_level"],
        "skill_level": cleaned.get("skill_level") or "",
        "npc_modifier": cleaned.get("npc_modifier") or 0,
        "npc_helpers": cleaned.get("npc_helpers") or 0,
        "dice": list(base),
        "what": (cleaned.get("what") or "").strip(),
    }
    return _npc_rolled(cleaned["npc_name"], inputs, engine)


# --- Opposed -------------------------------------------------------------------------------


def _group(label, engine, kind=None):
    dice_data = [sheet_rolls._die(d) for d in engine.base_dice]
    if kind:
        dice_data = [{**d, "kind": kind} for d in dice_data]
    dice_text = rules.dice_text(d.size for d in engine.base_dice)
    return {"label": say("%(side)s: %(dice)s", side=label, dice=dice_text),
            "dice": dice_data}  # fmt: skip


def _opposed_rolled(character_name, npc_name, inputs, contest: dice.OpposedRoll,
                    effects=()) -> Rolled:  # fmt: skip
    active = inputs["active"]
    if active == ACTIVE_CHARACTER:
        mine, theirs = contest.active, contest.opponent
        names = (character_name, npc_name)
    else:
        mine, theirs = contest.opponent, contest.active
        names = (npc_name, character_name)

    def marked(label, side):
        return say("%(label)s (active)", label=label) if active == side else label

    skill_label = say(rules.SKILL_LABELS[inputs["skill"]])
    groups = [
        _group(marked(say("%(name)s, %(skill)s", name=character_name, skill=skill_label),
                      ACTIVE_CHARACTER), mine),
        _group(marked(npc_name, ACTIVE_NPC), theirs, kind="opponent"),
    ]  # fmt: skip
    pushing = contest.active
    lines = [
        [say("%(name)s's successes", name=character_name), str(mine.successes)],
        [say("%(name)s's successes", name=npc_name), str(theirs.successes)],
        [say("%(name)s's successes left", name=names[0]), str(contest.net_successes)],
    ]
    if active == ACTIVE_NPC:
        lines += _npc_push_lines(pushing)
    payload = {
        "dice": [die for group in groups for die in group["dice"]],
        "dice_groups": groups,
        "lines": lines,
        "rule": sentences(
            [OPPOSED_RULE, sheet_rolls.SUCCESS_RULE]
            + ([sheet_rolls.PUSH_RULE] if pushing.pushed else [])
        ),
        "active_engine": as_data(contest.active),
        "opponent_engine": as_data(contest.opponent),
        "active": active,
        "push_side": say("%(name)s's roll", name=names[0]),
        "tone": "success" if contest.won else "failure",
        "pushed": pushing.pushed,
        "successes": pushing.successes,
    }
    if contest.can_push:
        payload["push_odds"] = sheet_rolls.push_rows(pushing)
    return Rolled(
        kind=OPPOSED,
        label=say("%(pool)s, opposed (pushed)", pool=skill_label)
        if pushing.pushed
        else say("%(pool)s, opposed", pool=skill_label),
        outcome=_opposed_outcome(names, contest),
        inputs=inputs,
        result=payload,
        effects=effects_data(effects),
        pushable=contest.can_push,
    )  # fmt: skip


def opposed_roll(sheet, cleaned, rng) -> Rolled:
    """The GM's NPC against a character's skill: the active side rolls first, the
    passive side's roll cannot be pushed."""
    skill = cleaned["skill"]
    mine = sheet_rolls.skill_dice(sheet, skill, cleaned.get("modifier") or 0)
    theirs = _npc_dice(cleaned)
    my_attribute = sheet_rolls.short_attribute(skill)
    active = cleaned["active"]
    if active == ACTIVE_CHARACTER:
        contest = dice.roll_opposed(rng, mine, my_attribute, theirs, cleaned["npc_attribute"])
    else:
        contest = dice.roll_opposed(rng, theirs, cleaned["npc_attribute"], mine, my_attribute)
    inputs = {
        "skill": skill,
        "modifier": cleaned.get("modifier") or 0,
        "dice": list(mine),
        "opponent_dice": list(theirs),
        "npc_attribute": cleaned["npc_attribute"],
        "attribute_level": cleaned["attribute_level"],
        "skill_level": cleaned.get("skill_level") or "",
        "active": active,
    }
    return _opposed_rolled(sheet.character.name, cleaned["npc_name"], inputs, contest)


# --- Push ----------------------------------------------------------------------------------


def push(sheet, roll, rng) -> Rolled:
    """Push the active side once: an NPC's own roll, or one side of an opposed roll."""
    if roll.kind == NPC:
        engine = sheet_rolls.engine_from(roll.result["engine"])
        if not engine.can_push:
            raise DiceError("This roll cannot be pushed.")
        return _npc_rolled(roll.npc_name, roll.inputs, dice.push(rng, engine))
    if roll.kind != OPPOSED:
        raise DiceError("Only an NPC's roll or an opposed roll is pushed here.")
    refuse_other_character(sheet, roll)
    contest = dice.opposed(
        sheet_rolls.engine_from(roll.result["active_engine"]),
        sheet_rolls.engine_from(roll.result["opponent_engine"]),
    )
    if not contest.can_push:
        raise DiceError("This roll cannot be pushed.")
    pushed = dice.push_opposed(rng, contest)
    effects = []
    if roll.result["active"] == ACTIVE_CHARACTER:
        changes = sheet_rolls.Changes(sheet)
        changes.apply(pushed.active.effects)
        changes.save(PUSHED % {"roll": roll.label})
        effects = changes.effects
    return _opposed_rolled(roll.character.name, roll.npc_name, roll.inputs, pushed, effects)
