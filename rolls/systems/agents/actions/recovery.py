"""Agents: damage and sanity taken, rests, stims, High, research."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rolls.actions import Rolled
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.dice.core import DiceError, as_data, roll

from .sheet import (
    Changes,
    _dice,
    advance_clock,
    build_check,
    cannot_act,
    check_high_on_stress,
    stims,
)


def incoming_damage(sheet, cleaned_data, rng) -> Rolled:
    damage, cover = cleaned_data["damage"], cleaned_data["cover"]
    taken = rules.incoming_damage(damage, cover, sheet.fortitude)
    changes = Changes(sheet)
    changes.add("hp", -taken.hp_lost, f"{taken.hp_lost} damage")
    changes.add("fortitude", -taken.fortitude_lost, "Fortitude blocked it all")
    changes.save("Incoming damage")
    outcome = f"{taken.hp_lost} damage taken"
    if sheet.hp == 0:
        outcome += ": HP 0, unable to act"
    lines = [
        ["Incoming", str(damage)],
        ["After cover", str(taken.after_cover)],
        ["HP lost", str(taken.hp_lost)],
        ["FT lost", str(taken.fortitude_lost)],
        ["HP now", str(sheet.hp)],
    ]
    return Rolled(
        kind="incoming",
        label=f"Incoming damage {damage}" + (f", {cover} cover" if cover != "none" else ""),
        outcome=outcome,
        inputs={"damage": damage, "cover": cover},
        result={"lines": lines, "rule": "; ".join(taken.notes)},
        effects=changes.effects,
    )


def sanity_damage(sheet, cleaned_data, rng) -> Rolled:
    damage = cleaned_data["damage"]
    sanity_lost, hp_lost = rules.sanity_damage(damage, sheet.sanity)
    changes = Changes(sheet)
    changes.add("sanity", -sanity_lost, "Sanity damage")
    changes.add("hp", -hp_lost, "Sanity at 0: the damage comes off HP")
    changes.save("Sanity damage")
    outcome = f"{sanity_lost} Sanity lost" + (f", {hp_lost} HP lost" if hp_lost else "")
    return Rolled(
        kind="sanity",
        label=f"Sanity damage {damage}",
        outcome=outcome,
        inputs={"damage": damage},
        result={
            "lines": [["Sanity now", str(sheet.sanity)], ["HP now", str(sheet.hp)]],
            "rule": "Sanity damage at 0 Sanity comes off HP instead.",
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
        changes.add(effect.target, effect.amount, "Short rest")
    rested = sum(not hour.interrupted for hour in rest.hours)
    if rested // 4:
        changes.add("sanity", rested // 4, f"{rested} hours of rest", maximum=top.max_sanity)
    notes = advance_clock(sheet, changes, hours=len(rest.hours), why="Short rest")
    changes.save("Short rest")
    groups = [
        {"label": f"Hour {n}", "dice": _dice(hour.dice)}
        for n, hour in enumerate(rest.hours, start=1)
    ]
    outcome = f"Rested {rested} hour{'s' if rested != 1 else ''}"
    if rest.interrupted:
        outcome += ", interrupted"
    lines = [
        ["Hours rested", str(rested)],
        ["HP now", f"{sheet.hp}/{top.max_hp}"],
        ["FT now", f"{sheet.fortitude}/{top.max_fortitude}"],
    ]
    return Rolled(
        kind="short_rest",
        label=f"Short rest ({hours} h)",
        outcome=outcome,
        inputs={"hours": hours, "luck": sheet.luck},
        result={
            "dice": [d for g in groups for d in g["dice"]],
            "dice_groups": groups,
            "lines": lines,
            "rule": "Each hour: 1d6 + LCK bonus of 4 or less interrupts the "
            "rest; else 1d6 + LCK bonus HP and 1 FT. +1 Sanity per 4 hours. " + "; ".join(notes),
        },
        effects=changes.effects,
    )


def long_rest(sheet, cleaned_data, rng) -> Rolled:
    top = _maxima(sheet)
    changes = Changes(sheet)
    changes.set("hp", max(top.max_hp, sheet.hp), f"Long rest: HP {sheet.hp} → {top.max_hp}")
    changes.set(
        "fortitude",
        max(top.max_fortitude, sheet.fortitude),
        f"Long rest: FT {sheet.fortitude} → {top.max_fortitude}",
    )
    changes.add("sanity", 1, "Long rest", maximum=top.max_sanity)
    notes = advance_clock(sheet, changes, hours=24, why="Long rest")
    changes.save("Long rest")
    return Rolled(
        kind="long_rest",
        label="Long rest (24 h)",
        outcome="Full HP and FT, +1 Sanity",
        result={
            "lines": [
                ["HP", str(sheet.hp)],
                ["FT", str(sheet.fortitude)],
                ["Sanity", str(sheet.sanity)],
            ],
            "rule": "A long rest: 24 hours in a safe place; full HP and FT, +1 Sanity. "
            + "; ".join(notes),
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
    changes.row(item, "count", item.count - 1, f"A stim used: {item.count - 1} left", "stims")
    changes.add("hp", face, "Stim", maximum=top.max_hp)
    change = engine.change_mind(rules.mind(sheet), stress=1, reason="Stim")
    changes.mind(change.effects, "Stim")
    changes.save("Stim")
    die = {"kind": "healing", "size": 6, "face": face, "counts": "HP", "rerolled": False}
    return Rolled(
        kind="stim",
        label="Stim",
        outcome=f"+{face} HP, +1 stress",
        result={
            "dice": [die],
            "lines": [["HP now", f"{sheet.hp}/{top.max_hp}"], ["Stress now", str(sheet.stress)]],
            "rule": "A stim: regain 1d6 HP, take 1 stress. " + "; ".join(change.notes),
        },
        effects=changes.effects,
    )


def spend_high(sheet, cleaned_data, rng) -> Rolled:
    high = cleaned_data["high"]
    change = check_high_on_stress(sheet, high)
    changes = Changes(sheet)
    changes.mind(change.effects, "High spent on stress")
    changes.save("High spent on stress")
    return Rolled(
        kind="spend_high",
        label=f"{high} High spent on stress",
        outcome=f"Stress {change.before.stress} → {change.after.stress}",
        result={"rule": "Each High point spent removes 1 stress."},
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
    changes.mind(result.effects, "High spent on research")
    changes.set(
        "research_timer",
        result.timer_after,
        f"Research timer {result.timer_before} → {result.timer_after}",
    )
    notes = advance_clock(sheet, changes, hours=hours, why="Research")
    changes.save("Research")
    what = "Interview" if cleaned_data.get("interview") else "Research"
    topic = f": {sheet.research_topic}" if sheet.research_topic else ""
    groups = [
        {"label": "Your 2d6", "dice": _dice(result.dice)},
        {
            "label": "Hours (1d4)",
            "dice": [
                {"kind": "hours", "size": 4, "face": hours, "counts": "hours", "rerolled": False}
            ],
        },
    ]
    lines = [[mod.label, f"{mod.amount:+d}"] for mod in result.modifiers]
    lines += [
        ["Total off the timer", str(max(result.total, 0))],
        ["Timer", f"{result.timer_before} → {result.timer_after}"],
        ["Hours", str(hours)],
    ]
    return Rolled(
        kind="research",
        label=f"{what}{topic} ({skill.name})",
        outcome="Done!" if result.done else f"{result.timer_after} left on the timer",
        inputs={"skill": skill.pk, "check": as_data(check)},
        result={
            "dice": [d for g in groups for d in g["dice"]],
            "dice_groups": groups,
            "lines": lines,
            "rule": "Research: 2d6 + stat + skill off the research timer; "
            "1d4 hours. " + "; ".join(notes),
        },
        effects=changes.effects,
    )
