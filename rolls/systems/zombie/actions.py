"""Zombiepocalypse (Z6E) roll actions: read the sheet, roll ``sheets.systems.zombie.dice.rules``,
record the task's fate.

- ``skill_check``: a survivor's Skill Check on one of their tasks (a new one or an open
  one). Refused without dice when the task failed before (until the GM marks the
  situation changed) or when the GM ruled it basic (no roll needed).
- ``monster_check`` (GM only): a zombie's check, thresholds from the ``ZombieKind`` data.
- ``gm_ruling`` (GM only, no dice): the situation changed (a failed task may be tried
  again), a task is basic, or it needs a roll after all. It shows in the feed.
- ``choose``: the Player's Option bought after a failed check: that one roll is read
  again with the bonus; earlier rolls never change; the point is then spent.

Each is called by the roll views with the ZombieSheet row locked, inside the transaction
that writes the Roll.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from config.ids import parse_id
from rolls.actions import Rolled, effects_data, helping
from sheets.systems.dice.core import DiceError, Effect, as_data
from sheets.systems.dice.words import say, say_n
from sheets.systems.zombie import rules
from sheets.systems.zombie.dice import rules as dice
from sheets.systems.zombie.rules import LEVELS

CHECK = "check"
MONSTER = "monster"
RULING = "ruling"

CHECK_RULE = say(
    "Skill Check: a d6 per roll (complexity 1-3, all must succeed), success on a modified 4+. "
    "Difficulty: environment, target and status each -1/0/+1 (similar factors do not stack, "
    "they may cancel), capped to -3..+3; a learned skill and injuries add on top. A failed "
    "task cannot be tried again until the situation changes. The higher the raw die on a "
    "failure, the worse it goes."
)
MONSTER_RULE = say(
    "Zombie check: a d6 with the same situational modifiers; a zombie succeeds on its kind's "
    "number (the seed: 6 for agility, perception or cunning, 5 for strength or endurance)."
)


# --- The check's modifiers -------------------------------------------------------------


def level_counts(cleaned) -> dict[str, tuple[int, int]]:
    """(factors against, factors for) of each level, as the form gave them."""
    return {
        slug: (cleaned.get(f"{slug}_against") or 0, cleaned.get(f"{slug}_for") or 0)
        for slug, _, _ in LEVELS
    }


def chosen_conditions(sheet, names) -> list:
    """The sheet's conditions the check takes into account (by pk, as the form sends)."""
    wanted = {str(name) for name in names or ()}
    return [c for c in sheet.conditions.all() if str(c.pk) in wanted]


def difficulty_for(cleaned, conditions=()) -> dice.Difficulty:
    """The three levels' factors (the form's, and the status effects on the sheet) ->
    the engine's Difficulty (each level -1/0/+1, levels stacked, capped to -3..+3)."""
    levels = {}
    for slug, (against, for_) in level_counts(cleaned).items():
        levels[slug] = rules.factors(against, for_)
    levels["status"] += rules.status_factors(conditions)
    return dice.difficulty(levels)


def option_bonus(sheet, use_option: bool) -> int:
    if not use_option:
        return 0
    if not sheet.option_spent:
        raise DiceError(_("The Player's Option is unspent: there is no learned skill to apply."))
    return sheet.option_bonus


def player_setup(sheet, cleaned) -> tuple[dice.CheckSetup, list]:
    conditions = chosen_conditions(sheet, cleaned.get("conditions"))
    setup = dice.player_check(
        difficulty=difficulty_for(cleaned, conditions),
        skill_bonus=option_bonus(sheet, bool(cleaned.get("use_option"))),
        injury=rules.injury_total(conditions),
        complexity=int(cleaned.get("complexity") or 1),
    )
    return setup, conditions


def monster_setup(kind, ability: str, cleaned) -> dice.CheckSetup:
    return dice.zombie_check(
        ability,
        difficulty=difficulty_for(cleaned),
        complexity=int(cleaned.get("complexity") or 1),
        target_number=kind.target(ability),
    )


def describe_modifier(setup: dice.CheckSetup, option: str = "") -> dict:
    """ "+1 (difficulty +0, Strong +1, injuries -1)", as a saying."""
    if setup.difficulty.capped:
        parts = [
            say(
                "difficulty %(total)s (capped from %(uncapped)s)",
                total=f"{setup.difficulty.total:+d}",
                uncapped=f"{setup.difficulty.uncapped:+d}",
            )
        ]
    else:
        parts = [say("difficulty %(total)s", total=f"{setup.difficulty.total:+d}")]
    if setup.skill_bonus:
        bonus = f"{setup.skill_bonus:+d}"
        name = option.removesuffix(f" {bonus}") if option else say("learned skill")
        parts.append(say("%(skill)s %(bonus)s", skill=name, bonus=bonus))
    if setup.injury:
        parts.append(say("injuries %(modifier)s", modifier=f"{setup.injury:+d}"))
    return say("%(modifier)s (%(parts)s)", modifier=f"{setup.modifier:+d}", parts=parts)


# Translators: a difficulty level of a Zombiepocalypse check and its modifier.
def level_saying(level: str, modifier: int) -> dict:
    if level == "environment":
        return say("environment %(modifier)s", modifier=f"{modifier:+d}")
    if level == "target":
        return say("target or opponent %(modifier)s", modifier=f"{modifier:+d}")
    if level == "status":
        return say("character's status %(modifier)s", modifier=f"{modifier:+d}")
    return say("%(level)s %(modifier)s", level=level, modifier=f"{modifier:+d}")


def levels_line(setup: dice.CheckSetup) -> list:
    """ "environment -1, target or opponent +1, character's status 0" (sayings, read
    joined by commas)."""
    return [level_saying(level.level, level.modifier) for level in setup.difficulty.levels]


# --- Reading a check into a roll record -------------------------------------------------


def needed_face(setup: dice.CheckSetup) -> dict:
    """What the raw die must show: "3+ on the die", "no face succeeds", "any face"."""
    need = setup.target_number - setup.modifier
    if need > 6:
        return say("no face succeeds")
    if need <= 1:
        return say("any face succeeds")
    return say("%(need)s+ on the die", need=need)


def outcome_text(check: dice.SkillCheck) -> dict:
    if check.success:
        return say("Success")
    failed = [r.number for r in check.rolls if not r.success]
    if len(check.rolls) == 1:
        return say("Failed")
    if not check.partial:
        return say("Failed: all %(count)s rolls failed", count=len(check.rolls))
    which = " and ".join(str(n) for n in failed)
    return say_n(
        "Failed: roll %(which)s of %(count)s failed (%(successes)s succeeded)",
        "Failed: rolls %(which)s of %(count)s failed (%(successes)s succeeded)",
        len(failed),
        which=which,
        count=len(check.rolls),
        successes=check.successes,
    )


def check_result(check: dice.SkillCheck, option: str = "") -> dict[str, Any]:
    """The roll's stored result: every die's raw face, each roll's reading, the rule."""
    setup = check.setup
    lines = []
    for r in check.rolls:
        verdict = say("success") if r.success else say("failed")
        lines.append(
            [
                say("Roll %(n)s", n=r.number),
                say(
                    "%(face)s %(modifier)s = %(total)s: %(verdict)s",
                    face=r.die.face,
                    modifier=f"{setup.modifier:+d}",
                    total=r.total,
                    verdict=verdict,
                ),
            ]
        )
    lines.append([say("Modifier"), describe_modifier(setup, option)])
    lines.append([say("Difficulty by level"), levels_line(setup)])
    lines.append(
        [
            say("Needs"),
            say(
                "%(target)s+ modified (%(face)s)",
                target=setup.target_number,
                face=needed_face(setup),
            ),
        ]
    )
    if check.worst_failure_face is not None:
        lines.append([say("Worst failed die (higher is worse)"), str(check.worst_failure_face)])
    return {
        # a survivor's d6 is a "check" die, a zombie's a "zombie" die (drawn apart)
        "dice": [
            {
                **as_data(r.die),
                "kind": "zombie" if setup.roller == "zombie" else "check",
                "counts": say("success") if r.success else say("failure"),
            }
            for r in check.rolls
        ],
        "lines": lines,
        "rule": CHECK_RULE if setup.roller != "zombie" else MONSTER_RULE,
        "notes": list(check.notes),
        "faces": [r.die.face for r in check.rolls],
        "success": check.success,
        "failed_rolls": [r.number for r in check.rolls if not r.success],
        "modifier": setup.modifier,
    }


def setup_data(setup: dice.CheckSetup) -> dict[str, Any]:
    """What is needed to read the same dice again later (``stored_setup``)."""
    return {
        "roller": setup.roller,
        "ability": setup.ability,
        "levels": {level.level: list(level.factors) for level in setup.difficulty.levels},
        "difficulty": setup.difficulty.total,
        "skill_bonus": setup.skill_bonus,
        "injury": setup.injury,
        "complexity": setup.complexity,
        "target_number": setup.target_number,
    }


def stored_setup(inputs) -> dice.CheckSetup:
    try:
        return dice.player_check(
            difficulty=dice.difficulty(inputs["levels"]),
            skill_bonus=inputs["skill_bonus"],
            injury=inputs["injury"],
            complexity=inputs["complexity"],
            task=inputs.get("task_name", ""),
        )
    except (KeyError, TypeError) as error:
        raise DiceError(_("This roll's record lacks what the check was made with.")) from error


# --- A survivor's Skill Check -----------------------------------------------------------


def task_for(sheet, cleaned, *, lock: bool = False):
    """The task the check is for: an existing one of this sheet, or a new one (not saved
    here). None if the form named a task this sheet does not have."""
    pk = str(cleaned.get("task") or "")
    if pk:
        rows = sheet.tasks.select_for_update() if lock else sheet.tasks.all()
        pk = parse_id(pk)
        return None if pk is None else rows.filter(pk=pk).first()
    name = (cleaned.get("new_task") or "").strip()
    if not name:
        return None
    from sheets.systems.zombie.models import ZombieTask

    return ZombieTask(sheet=sheet, name=name)


def refusal(task) -> str:
    """Why this task cannot be rolled for now ("" if it can)."""
    if task.failed:
        return task.refusal
    if task.basic:
        return _("%(task)s: %(note)s (the GM marked it basic).") % {
            "task": task.name,
            "note": rules.BASIC_NOTE,
        }
    return ""


def skill_check(sheet, cleaned_data, rng) -> Rolled:
    task = task_for(sheet, cleaned_data, lock=True)
    if task is None:
        raise DiceError(_("Name the task, or pick one of this survivor's tasks."))
    why = refusal(task)
    if why:
        raise DiceError(why)
    setup, conditions = player_setup(sheet, cleaned_data)
    check = dice.roll_check(rng, setup)
    new = task.pk is None
    task.status = "succeeded" if check.success else "failed"
    # history reasons are stored in English, whole catalogue messages (sheets.history)
    task._change_reason = (
        gettext_noop("Skill Check: succeeded")
        if check.success
        else gettext_noop("Skill Check: failed")
    )
    task.save()
    effects = [
        Effect(
            "task",
            1 if check.success else -1,
            say("%(task)s: done", task=task.name)
            if check.success
            else say(
                "%(task)s: failed: it cannot be tried again until the situation changes",
                task=task.name,
            ),
        )
    ]
    if new:
        effects.insert(0, Effect("task", 0, say("New task on the sheet: %(task)s", task=task.name)))
    option = sheet.option_name if setup.skill_bonus else ""
    inputs = {
        "task": task.pk,
        "task_name": task.name,
        "conditions": [c.name for c in conditions],
        "option": option,
        **setup_data(setup),
    }
    return Rolled(
        kind=CHECK,
        label=say("Check: %(task)s (%(modifier)s)", task=task.name, modifier=f"{setup.modifier:+d}")
        if setup.modifier
        else say("Check: %(task)s", task=task.name),
        outcome=outcome_text(check),
        inputs=inputs,
        result=check_result(check, option),
        effects=effects_data(effects),
    )


# --- A zombie's check (GM) --------------------------------------------------------------


def monster_check(sheet, cleaned_data, rng) -> Rolled:
    kind = cleaned_data["kind"]
    ability = cleaned_data["ability"]
    setup = monster_setup(kind, ability, cleaned_data)
    check = dice.roll_check(rng, setup)
    result = check_result(check)
    what = (cleaned_data.get("what") or "").strip()
    if what:
        label = say(
            "%(zombie)s: %(ability)s (%(what)s)",
            zombie=kind.name,
            ability=ability_saying(ability),
            what=what,
        )
    else:
        label = say("%(zombie)s: %(ability)s", zombie=kind.name, ability=ability_saying(ability))
    return Rolled(
        kind=MONSTER,
        label=label,
        outcome=outcome_text(check),
        inputs={"zombie_kind": kind.name, "what": what, **setup_data(setup)},
        result=result,
    )


def ability_saying(ability: str) -> dict:
    """A zombie's ability by name, as a saying (the labels of ``rules.ABILITIES``)."""
    return {
        "agility": say("Agility"),
        "perception": say("Perception"),
        "cunning": say("Cunning"),
        "strength": say("Strength"),
        "endurance": say("Endurance"),
    }.get(ability, say("%(ability)s", ability=ability))


# --- The GM's rulings on a task (no dice) -----------------------------------------------

RULINGS = {
    "changed": say("The situation changed: a failed task may be tried again"),
    "basic": say("A basic action: no roll needed"),
    "roll": say("Needs a roll after all (not basic)"),
}
RULING_REASONS = {  # the task's history reason for each ruling (stored in English)
    "changed": gettext_noop("GM ruling: the situation changed"),
    "basic": gettext_noop("GM ruling: a basic action"),
    "roll": gettext_noop("GM ruling: needs a roll after all"),
}


def gm_ruling(sheet, cleaned_data, rng) -> Rolled:
    task = sheet.tasks.select_for_update().filter(pk=int(cleaned_data["task"])).first()
    if task is None:
        raise DiceError(_("That task is no longer on this sheet."))
    ruling = cleaned_data["ruling"]
    note = (cleaned_data.get("note") or "").strip()
    if ruling == "changed":
        if not task.failed:
            raise DiceError(
                _("%(task)s has not failed: nothing to try again.") % {"task": task.name}
            )
        task.status = "open"
        task.situation_changes += 1
        outcome = say("Situation changed: %(task)s can be tried again", task=task.name)
        fields = ["status", "situation_changes"]
    elif ruling == "basic":
        task.basic = True
        outcome = say("%(task)s: basic action, no roll needed", task=task.name)
        fields = ["basic"]
    elif ruling == "roll":
        task.basic = False
        outcome = say("%(task)s: needs a roll", task=task.name)
        fields = ["basic"]
    else:  # the form only offers the three
        raise DiceError(_("No ruling %(ruling)r.") % {"ruling": ruling})
    task._change_reason = RULING_REASONS[ruling]
    task.save(update_fields=fields)
    lines = [[say("Task"), task.name], [say("Ruling"), RULINGS[ruling]]]
    if note:
        lines.append([say("Why"), note])
    return Rolled(
        kind=RULING,
        label=say("GM ruling: %(task)s", task=task.name),
        outcome=outcome,
        inputs={"task": task.pk, "task_name": task.name, "ruling": ruling, "note": note},
        result={"lines": lines},
        effects=effects_data(
            [
                Effect(
                    "task",
                    0,
                    say("%(outcome)s (%(note)s)", outcome=outcome, note=note) if note else outcome,
                )
            ]
        ),
    )


# --- The Player's Option, bought after a failed check -----------------------------------


def latest_check_pk(sheet):
    from rolls.models import Roll

    return (
        Roll.objects.filter(character_id=sheet.character_id, kind=CHECK)
        .order_by("-created", "-pk")
        .values_list("pk", flat=True)
        .first()
    )


def option_offer(sheet, roll) -> str:
    """Why the Player's Option cannot be bought on this roll ("" if it can)."""
    if roll.kind != CHECK:
        return _("Only a survivor's Skill Check can be turned with the Player's Option.")
    if roll.character_id != sheet.character_id:
        return _("This roll belongs to another character.")
    if roll.result.get("option_bought"):
        return _("The Player's Option was already bought on this roll (%(option)s).") % {
            "option": roll.result["option_bought"]
        }
    if sheet.option_spent:
        return _("The Player's Option is already spent on %(option)s.") % {
            "option": sheet.option_name
        }
    if roll.result.get("success"):
        return _("This check succeeded: there is nothing to turn around.")
    if latest_check_pk(sheet) != roll.pk:
        return _("Only the latest check can be turned around: earlier checks stay as they were.")
    return ""


def _whole(value, name, low, high) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise DiceError(_("The %(name)s must be a whole number.") % {"name": name}) from None
    if not low <= number <= high:
        raise DiceError(
            _("The %(name)s runs from %(low)s to %(high)s, not %(number)s.")
            % {"name": name, "low": f"{low:+d}", "high": f"{high:+d}", "number": f"{number:+d}"}
        )
    return number


def choose(sheet, roll, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """Buy the Player's Option after this failed check: the skill named, its bonus (+1..+3)
    and scope; the same dice read again with the bonus; the point spent. Earlier rolls
    are not touched."""
    why = option_offer(sheet, roll)
    if why:
        raise DiceError(why)
    skill = (data.get("skill") or "").strip()[:100]
    scope = (data.get("scope") or "").strip()[:100]
    bonus = _whole(data.get("bonus", ""), _("skill bonus"), 1, rules.MAX_OPTION_BONUS)
    if not skill:
        raise DiceError(_("Name the skill the Player's Option buys (Strong, Pilot...)."))
    setup = stored_setup(roll.inputs)
    before = dice.read_check(roll.result.get("faces", []), setup)
    name = rules.option_label(skill, bonus, scope)
    turned = dice.reevaluate(before, bonus, skill=name)
    after = turned.after

    sheet.option_skill, sheet.option_scope, sheet.option_bonus = skill, scope, bonus
    sheet.option_roll = roll.pk
    sheet.option_roll_label = f"{roll.label}: {roll.outcome}"[:200]  # kept in English
    sheet._change_reason = gettext_noop("Player's Option bought after a roll")
    sheet.save(
        update_fields=["option_skill", "option_scope", "option_bonus", "option_roll",
                       "option_roll_label"]
    )  # fmt: skip
    effects = [Effect("players_option", -1, say("Player's Option spent: %(option)s", option=name))]
    task = sheet.tasks.select_for_update().filter(pk=roll.inputs.get("task") or 0).first()
    if after.success and task is not None and task.failed:
        task.status = "succeeded"
        task._change_reason = gettext_noop(
            "The Player's Option turned the failed check into a success"
        )
        task.save(update_fields=["status"])
        effects.append(
            Effect(
                "task",
                1,
                say("%(task)s: done (%(option)s turned the failure)", task=task.name, option=name),
            )
        )

    result = check_result(after, name)
    result["option_bought"] = name
    words = (roll.result or {}).get("words", {})
    outcome_before = words.get("outcome", roll.outcome)  # a saying, or an old row's text
    label_before = words.get("label", roll.label)
    result["outcome_before"] = outcome_before
    result["lines"].insert(
        0, [say("Player's Option"), say("bought after the roll: %(option)s", option=name)]
    )
    result["lines"].append([say("Before the option"), outcome_before])
    if words:
        result["words"] = words
    roll.result = result
    roll.inputs = {**roll.inputs, "skill_bonus": bonus, "option": name}
    roll.outcome = say(
        "%(outcome)s with %(option)s",
        outcome=say("Success") if after.success else outcome_text(after),
        option=name,
    )
    roll.label = say("%(label)s · %(option)s bought", label=label_before, option=name)
    # The roll view saves ``result`` and ``effects``; the outcome and label the feed card
    # shows change here too (see the report: the view could save them itself).
    roll.save(update_fields=["outcome", "label", "inputs", "result"])
    return effects_data(effects)


# --- Team lift (a group check: rolls/groups.py) -----------------------------------------

TEAM_RULE = say(
    "Team lift: one lifter makes the Skill Check for the team; the others lift with them "
    "(declared before the roll), which is +1 on the target level however many help: "
    "similar factors do not stack. The seed's log: very heavy -1, together +1, unmodified."
)


def lift_part(sheet, group, participant, others, rng) -> Rolled | None:
    """A helper joins the lift (no dice, before the roll); the lead lifter rolls once for
    the team, with the "working together" +1 when anyone joined, recorded against the
    task on the lead's own sheet (a lift failed before is refused until the GM marks the
    situation changed)."""
    if participant.role == "help":
        helping.declare_help(others)
        return None
    from sheets.systems.zombie.dice.team import together

    helpers = helping.declared_helpers(others)
    helping.close_the_rest(others, gettext_noop("did not join before the lift"))
    inputs = group.inputs
    existing = sheet.tasks.filter(name=inputs["task"]).order_by("-pk").first()
    factors = {
        f"{slug}_{side}": inputs.get(f"{slug}_{side}", 0)
        for slug, _, _ in LEVELS
        for side in ("against", "for")
    }
    factors["target_for"] = together(len(helpers))
    cleaned = {
        "task": existing.pk if existing is not None and existing.status != "succeeded" else "",
        "new_task": inputs["task"],
        "complexity": inputs.get("complexity", 1),
        "conditions": [c.pk for c in sheet.conditions.all() if c.modifier],
        **factors,
    }
    rolled = skill_check(sheet, cleaned, rng)
    names = ", ".join(p.character.name for p in helpers)
    rolled.label = say(
        "%(group)s (%(name)s, with %(names)s)",
        group=((group.result or {}).get("words") or {}).get("label", group.label),
        name=sheet.character.name,
        names=names or say("nobody"),
    )
    rolled.inputs["group_check"] = group.pk
    rolled.result["rule"] = TEAM_RULE
    return rolled


def lift_read(group, participants, sheets):
    """The lift is the lead lifter's roll: it succeeds or fails for the whole team."""
    return helping.roller_reading(participants, verb=say("Lifted by"))
