"""Agents: damage and sanity taken, rests, stims, High, research."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rolls.actions import Rolled
from sheets.reasons import pgettext_noop
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.dice.core import DiceError, as_data, roll
from sheets.systems.dice.words import say, say_in, say_n

from .sheet import (
    Changes,
    _dice,
    advance_clock,
    build_check,
    cannot_act,
    check_high_on_stress,
    listed,
    stims,
    with_notes,
)


def incoming_damage(sheet, cleaned_data, rng) -> Rolled:
    damage, cover = cleaned_data["damage"], cleaned_data["cover"]
    taken = rules.incoming_damage(damage, cover, sheet.fortitude)
    changes = Changes(sheet)
    changes.add("hp", -taken.hp_lost, say("%(n)s damage", n=taken.hp_lost))
    changes.add("fortitude", -taken.fortitude_lost, say("Fortitude blocked it all"))
    changes.save("Incoming damage")
    outcome = say("%(n)s damage taken", n=taken.hp_lost)
    if sheet.hp == 0:
        outcome = say("%(n)s damage taken: HP 0, unable to act", n=taken.hp_lost)
    lines = [
        [say("Incoming"), str(damage)],
        [say("After cover"), str(taken.after_cover)],
        [say("HP lost"), str(taken.hp_lost)],
        [say("FT lost"), str(taken.fortitude_lost)],
        [say("HP now"), str(sheet.hp)],
    ]
    cover_words = {"half": say("half cover"), "full": say("full cover")}
    return Rolled(
        kind="incoming",
        label=(
            say("Incoming damage %(damage)s, %(cover)s", damage=damage, cover=cover_words[cover])
            if cover in cover_words
            else say("Incoming damage %(damage)s", damage=damage)
        ),
        outcome=outcome,
        inputs={"damage": damage, "cover": cover},
        result={"lines": lines, "rule": listed(taken.notes)},
        effects=changes.effects,
    )


def sanity_damage(sheet, cleaned_data, rng) -> Rolled:
    damage = cleaned_data["damage"]
    sanity_lost, hp_lost = rules.sanity_damage(damage, sheet.sanity)
    changes = Changes(sheet)
    changes.add("sanity", -sanity_lost, say("Sanity damage"))
    changes.add("hp", -hp_lost, say("Sanity at 0: the damage comes off HP"))
    changes.save("Sanity damage")
    outcome = (
        say("%(sanity)s Sanity lost, %(hp)s HP lost", sanity=sanity_lost, hp=hp_lost)
        if hp_lost
        else say("%(sanity)s Sanity lost", sanity=sanity_lost)
    )
    return Rolled(
        kind="sanity",
        label=say("Sanity damage %(damage)s", damage=damage),
        outcome=outcome,
        inputs={"damage": damage},
        result={
            "lines": [[say("Sanity now"), str(sheet.sanity)], [say("HP now"), str(sheet.hp)]],
            "rule": say("Sanity damage at 0 Sanity comes off HP instead."),
        },
        effects=changes.effects,
    )


def _maxima(sheet):
    return rules.derived(sheet, sheet.skills.all())


def short_rest(sheet, cleaned_data, rng) -> Rolled:
    hours = cleaned_data["hours"]
    top = _maxima(sheet)
    rest = engine.short_rest(
        rng,
        luck=sheet.luck,
        hours=hours,
        hp=min(sheet.hp, top.max_hp),
        max_hp=top.max_hp,
        fortitude=min(sheet.fortitude, top.max_fortitude),
        max_fortitude=top.max_fortitude,
    )
    changes = Changes(sheet)
    for effect in rest.effects:
        changes.add(effect.target, effect.amount, say("Short rest"))
    rested = sum(not hour.interrupted for hour in rest.hours)
    if rested // 4:
        changes.add(
            "sanity",
            rested // 4,
            say_n("%(n)s hour of rest", "%(n)s hours of rest", rested),
            maximum=top.max_sanity,
        )
    notes = advance_clock(
        sheet, changes, hours=len(rest.hours), why=pgettext_noop("history reason", "Short rest")
    )
    changes.save("Short rest")
    groups = [
        {"label": say("Hour %(n)s", n=n), "dice": _dice(hour.dice)}
        for n, hour in enumerate(rest.hours, start=1)
    ]
    outcome = say_n("Rested %(n)s hour", "Rested %(n)s hours", rested)
    if rest.interrupted:
        outcome = say_n("Rested %(n)s hour, interrupted", "Rested %(n)s hours, interrupted", rested)
    lines = [
        [say("Hours rested"), str(rested)],
        [say("HP now"), f"{sheet.hp}/{top.max_hp}"],
        [say("FT now"), f"{sheet.fortitude}/{top.max_fortitude}"],
    ]
    return Rolled(
        kind="short_rest",
        label=say("Short rest (%(hours)s h)", hours=hours),
        outcome=outcome,
        inputs={"hours": hours, "luck": sheet.luck},
        result={
            "dice": [d for g in groups for d in g["dice"]],
            "dice_groups": groups,
            "lines": lines,
            "rule": with_notes(
                say(
                    "Each hour: 1d6 + LCK bonus of 4 or less interrupts the rest; else 1d6 + "
                    "LCK bonus HP and 1 FT. +1 Sanity per 4 hours."
                ),
                notes,
            ),
        },
        effects=changes.effects,
    )


def long_rest(sheet, cleaned_data, rng) -> Rolled:
    top = _maxima(sheet)
    changes = Changes(sheet)
    changes.set(
        "hp",
        max(top.max_hp, sheet.hp),
        say("Long rest: HP %(before)s → %(after)s", before=sheet.hp, after=top.max_hp),
    )
    changes.set(
        "fortitude",
        max(top.max_fortitude, sheet.fortitude),
        say(
            "Long rest: FT %(before)s → %(after)s", before=sheet.fortitude, after=top.max_fortitude
        ),
    )
    changes.add("sanity", 1, say("Long rest"), maximum=top.max_sanity)
    notes = advance_clock(
        sheet, changes, hours=24, why=pgettext_noop("history reason", "Long rest")
    )
    changes.save("Long rest")
    return Rolled(
        kind="long_rest",
        label=say("Long rest (24 h)"),
        outcome=say("Full HP and FT, +1 Sanity"),
        result={
            "lines": [
                [say("HP"), str(sheet.hp)],
                [say("FT"), str(sheet.fortitude)],
                [say("Sanity"), str(sheet.sanity)],
            ],
            "rule": with_notes(
                say("A long rest: 24 hours in a safe place; full HP and FT, +1 Sanity."), notes
            ),
        },
        effects=changes.effects,
    )


def use_stim(sheet, cleaned_data, rng) -> Rolled:
    item = stims(sheet)
    if item is None:
        raise DiceError(_("No stims left."))
    item = type(item).objects.select_for_update().get(pk=item.pk)
    top = _maxima(sheet)
    face = roll(rng, 6)
    changes = Changes(sheet)
    changes.row(
        item, "count", item.count - 1, say("A stim used: %(n)s left", n=item.count - 1), "stims"
    )
    changes.add("hp", face, say("Stim"), maximum=top.max_hp)
    change = engine.change_mind(rules.mind(sheet), stress=1, reason="Stim")
    changes.mind(change.effects, say("Stim"))
    changes.save(pgettext_noop("history reason", "Stim"))
    die = {"kind": "healing", "size": 6, "face": face, "counts": say("HP"), "rerolled": False}
    return Rolled(
        kind="stim",
        label=say("Stim"),
        outcome=say("+%(hp)s HP, +1 stress", hp=face),
        result={
            "dice": [die],
            "lines": [
                [say("HP now"), f"{sheet.hp}/{top.max_hp}"],
                [say("Stress now"), str(sheet.stress)],
            ],
            "rule": with_notes(say("A stim: regain 1d6 HP, take 1 stress."), change.notes),
        },
        effects=changes.effects,
    )


def spend_high(sheet, cleaned_data, rng) -> Rolled:
    high = cleaned_data["high"]
    change = check_high_on_stress(sheet, high)
    changes = Changes(sheet)
    changes.mind(change.effects, say("High spent on stress"))
    changes.save("High spent on stress")
    return Rolled(
        kind="spend_high",
        label=say("%(high)s High spent on stress", high=high),
        outcome=say(
            "Stress %(before)s → %(after)s", before=change.before.stress, after=change.after.stress
        ),
        result={"rule": say("Each High point spent removes 1 stress.")},
        effects=changes.effects,
    )


def research(sheet, cleaned_data, rng) -> Rolled:
    problem = cannot_act(sheet)
    if problem:
        raise DiceError(problem)
    skill = cleaned_data["skill"]
    check = build_check(
        sheet,
        skill,
        cleaned_data.get("stat") or "",
        high_spent=cleaned_data.get("high_spent") or 0,
        situational=cleaned_data.get("situational") or 0,
    )
    result = dice.research_roll(rng, check, sheet.research_timer)
    hours = roll(rng, 4)
    changes = Changes(sheet)
    changes.mind(result.effects, say("High spent on research"))
    changes.set(
        "research_timer",
        result.timer_after,
        say(
            "Research timer %(before)s → %(after)s",
            before=result.timer_before,
            after=result.timer_after,
        ),
    )
    notes = advance_clock(
        sheet, changes, hours=hours, why=pgettext_noop("history reason", "Research")
    )
    changes.save("Research")
    what = say("Interview") if cleaned_data.get("interview") else say("Research")
    skill_name = skill.name if skill.custom else say_in(rules.SKILL_CONTEXT, skill.name)
    groups = [
        {"label": say("Your 2d6"), "dice": _dice(result.dice)},
        {
            "label": say("Hours (1d4)"),
            "dice": [
                {
                    "kind": "hours",
                    "size": 4,
                    "face": hours,
                    "counts": say("hours"),
                    "rerolled": False,
                }
            ],
        },
    ]
    lines = [[label, f"{amount:+d}"] for label, amount in dice.check_modifier_sayings(check)]
    lines += [
        [say("Total off the timer"), str(max(result.total, 0))],
        [say("Timer"), f"{result.timer_before} → {result.timer_after}"],
        [say("Hours"), str(hours)],
    ]
    return Rolled(
        kind="research",
        label=(
            say(
                "%(what)s: %(topic)s (%(skill)s)",
                what=what,
                topic=sheet.research_topic,
                skill=skill_name,
            )
            if sheet.research_topic
            else say("%(what)s (%(skill)s)", what=what, skill=skill_name)
        ),
        outcome=(
            say("Done!")
            if result.done
            else say("%(left)s left on the timer", left=result.timer_after)
        ),
        inputs={"skill": skill.pk, "check": as_data(check)},
        result={
            "dice": [d for g in groups for d in g["dice"]],
            "dice_groups": groups,
            "lines": lines,
            "rule": with_notes(
                say("Research: 2d6 + stat + skill off the research timer; 1d4 hours."), notes
            ),
        },
        effects=changes.effects,
    )
