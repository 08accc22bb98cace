"""Twilight: 2000: opposed rolls, coolness under fire, promotion, and the push of any
pushable roll."""

from __future__ import annotations

from django.utils.translation import gettext

from rolls.actions import Rolled, effects_data
from sheets.reasons import pgettext_noop
from sheets.systems.dice.core import DiceError, as_data
from sheets.systems.dice.words import say, sentences
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice
from sheets.systems.twilight.dice import stepdice

from .combat import AMMO_LINES, ammo_lines, attack_outcome_tail
from .sheet import (
    PUSH_RULE,
    SUCCESS_RULE,
    UNPUSHABLE,
    Changes,
    _payload,
    _successes,
    _successes_capitalized,
    engine_from,
    find_weapon,
    line_label,
    push_rows,
    short_attribute,
    skill_dice,
    stored_words,
)
from .skills import _helpers, _lines, _modifier_parts, skill_roll

PUSHED = pgettext_noop("history reason", "Pushed: %(roll)s")  # the history reason of a push


def opposed_roll(sheet, cleaned, rng) -> Rolled:
    skill = cleaned["skill"]
    total, parts = _modifier_parts(sheet, cleaned)
    helpers = _helpers(cleaned)
    base = skill_dice(sheet, skill, total, len(helpers))
    opponent_dice = stepdice.base_dice(
        cleaned["opponent_attribute"], cleaned.get("opponent_skill") or None,
        modifier=cleaned.get("opponent_modifier") or 0,
    )  # fmt: skip
    # The opponent's attribute only matters for a push, and the opponent never pushes.
    contest = dice.roll_opposed(rng, base, short_attribute(skill), opponent_dice, "INT")
    return _opposed_rolled(skill, contest, base, opponent_dice, parts, helpers)


def _opposed_rolled(skill, contest, base, opponent_dice, parts, helpers) -> Rolled:
    engine = contest.active
    lines = _lines(engine, base, base, parts)
    lines.append([say("Opponent's successes"), str(contest.opponent.successes)])
    lines.append([say("Successes left"), str(contest.net_successes)])
    rule = say(
        "Opposed: each of the opponent's successes cancels one of yours; you win with "
        "more. Only the active side may push, even after the opponent rolled."
    )
    payload = _payload(
        engine, lines, rule, opponent=contest.opponent, skill=skill,
        opponent_engine=as_data(contest.opponent),
    )  # fmt: skip
    if contest.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="opposed",
        label=say("%(skill)s, opposed", skill=say(rules.SKILL_LABELS[skill])),
        outcome=(
            say("Won by %(net)s", net=contest.net_successes)
            if contest.won
            else say(
                "Lost (%(mine)s against %(theirs)s)",
                mine=engine.successes,
                theirs=contest.opponent.successes,
            )
        ),
        inputs={"skill": skill, "dice": list(base), "opponent_dice": list(opponent_dice),
                "helpers": helpers},
        result=payload,
        pushable=contest.can_push,
    )  # fmt: skip


def _unpushable(kind, label, engine, lines, rule) -> Rolled:
    payload = _payload(engine, lines, sentences([rule, UNPUSHABLE[kind]]))
    return Rolled(
        kind=kind,
        label=label,
        outcome=[
            say("Success") if engine.success else say("Failure"),
            _successes(engine.successes),
        ],
        inputs={"dice": [d.size for d in engine.base_dice]},
        result=payload,
        pushable=False,
    )


def cuf_roll(sheet, cleaned, rng) -> Rolled:
    """Coolness under fire: the CUF die alone, stepped by modifiers (core rules: the
    suppression roll). Never pushed. The attribute named for the engine is irrelevant
    (EMP): only a push reads it."""
    modifier = cleaned.get("modifier") or 0
    base = stepdice.base_dice(sheet.coolness_under_fire, modifier=modifier)
    engine = dice.roll_skill(rng, base, "EMP")
    lines = _lines(engine, stepdice.base_dice(sheet.coolness_under_fire), base, [])
    rule = sentences([SUCCESS_RULE, say("Fail and you are suppressed.")])
    return _unpushable("cuf", say("Coolness under fire"), engine, lines, rule)


def promotion_roll(sheet, cleaned, rng) -> Rolled:
    """Promotion: read as a COMMAND skill roll (EMP + COMMAND; the seed names the roll,
    not its dice), never pushed."""
    modifier = cleaned.get("modifier") or 0
    base = skill_dice(sheet, "command", modifier)
    engine = dice.roll_skill(rng, base, "EMP")
    lines = _lines(engine, skill_dice(sheet, "command"), base, [])
    return _unpushable("promotion", say("Promotion roll"), engine, lines, SUCCESS_RULE)


def group_roll(sheet, cleaned, rng) -> Rolled:
    """A group roll: the best suited character rolls for everyone, the others may help;
    a failure counts for the whole group (no one may try again on their own)."""
    rolled = skill_roll(sheet, cleaned, rng)
    group = [sheet.character.name, *cleaned.get("group", [])]
    rolled.kind = "group"
    rolled.label = say(
        "Group roll: %(label)s for %(group)s", label=rolled.label, group=", ".join(group)
    )
    rolled.outcome = _group_outcome(rolled.result["successes"], group)
    rolled.result["group"] = group
    rolled.result["rule"] = sentences(
        [rolled.result["rule"], say("Group roll: a failure counts for all of you.")]
    )
    rolled.inputs["group"] = group
    return rolled


def _group_outcome(successes: int, group: list[str]):
    if successes:
        return say("The group succeeds (%(successes)s)", successes=_successes(successes))
    return say("The group fails: a failure for all")


def push(sheet, roll, rng) -> Rolled:
    if roll.kind in UNPUSHABLE:
        raise DiceError(gettext(UNPUSHABLE[roll.kind]["say"]))
    result = roll.result
    engine = engine_from(result["engine"])
    if engine.passive:
        raise DiceError(gettext("A passive roll cannot be pushed."))
    pushed = dice.push(rng, engine)
    weapon = find_weapon(sheet, result["weapon"], lock=True) if result.get("weapon") else None
    changes = Changes(sheet, weapon)
    changes.apply(pushed.effects)
    if roll.kind == "clear_jam" and pushed.success and weapon is not None:
        changes.jam(False, say("Jam cleared by the push"))
    changes.save(PUSHED % {"roll": roll.label})
    recomputed = (
        "engine", "push_odds", "lines", "dice", "dice_groups", "successes", "pushed", "rule",
        "notes", "opponent_engine", "extra_slots",
    )  # fmt: skip
    extra = {k: v for k, v in result.items() if k not in recomputed}
    # every figure the dice make is written again from the pushed dice (the inputs'
    # lines, base dice and modifiers, stay)
    lines = [line for line in result["lines"] if line_label(line) not in ("Successes", *AMMO_LINES)]
    lines.append([say("Successes after the push"), str(pushed.successes)])
    if pushed.firearm is not None:
        lines += ammo_lines(pushed)
    if roll.kind == "opposed":
        opponent = engine_from(result["opponent_engine"])
        contest = dice.opposed(pushed, opponent)
        rolled = _opposed_rolled(
            result["skill"], contest, tuple(roll.inputs["dice"]),
            tuple(roll.inputs["opponent_dice"]), [], roll.inputs.get("helpers", []),
        )  # fmt: skip
        rolled.result["rule"] = PUSH_RULE
        rolled.effects = effects_data(changes.effects)
        rolled.pushable = False
        rolled.inputs = roll.inputs
        return rolled
    payload = _payload(pushed, lines, PUSH_RULE, **{**extra, "notes": list(pushed.notes)})
    payload.pop("opponent", None)
    outcome = _successes_capitalized(pushed.successes)
    if roll.kind == "attack":
        outcome = [say("Hit") if pushed.success else say("Miss"), _successes(pushed.successes)]
        outcome += attack_outcome_tail(pushed)
        if pushed.jammed:
            outcome.append(say("weapon jammed"))
    elif roll.kind == "clear_jam":
        outcome = say("Jam cleared") if pushed.success else say("Still jammed")
    elif roll.kind == "group":
        outcome = _group_outcome(pushed.successes, result.get("group", []))
    return Rolled(
        kind=roll.kind,
        label=stored_words(roll, "label"),
        outcome=outcome,
        inputs=roll.inputs,
        result=payload,
        effects=effects_data(changes.effects),
        pushable=False,
    )
