"""Agents roll actions: read the sheet, roll ``rolls.dice.agents``, apply the effects.

Each ``run(sheet, cleaned_data, rng) -> Rolled`` is called with the AgentSheet row locked,
inside the transaction that writes the Roll. It saves what it changes (with
``_change_reason`` for the history). Actions without dice (damage taken, long rest,
reload, raise a skill, the clock...) are rolls without dice: the table sees them in the
feed like any roll.

The party's clock: the basic roll reads its hour for the time-of-day modifier; rests,
research, a month of rest and the GM's clock action move it on, and every Vampire of the
party whose Day begins meanwhile takes +5 stress (rolls.dice.agents.sheet.time_passes).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from rolls.actions import Rolled
from rolls.dice.agents import rules as dice
from rolls.dice.agents import sheet as engine
from rolls.dice.core import DiceError, as_data, roll
from sheets.systems.agents import rules
from sheets.systems.agents.models import MAX_XP, AgentClock, AgentSheet

BASIC_RULE = (
    "2d6 + stat bonus + skill level (Luck bonus for a Novice skill) - stress + High spent + "
    "time of day, against each referee d12 + difficulty: beating it means strictly more. "
    "Failure: +1 stress and +1 XP on the skill (no XP in combat); Crit: +1 High. A natural 2 "
    "always fails, a natural 12 always succeeds."
)

# Which skill and stat an attack rolls with by default (the seed names only the stats:
# Strength for melee, Agility for ranged, Intelligence for technical attacks; the skills
# are this app's choice, and the player may pick another in the form).
ATTACK_SKILL = {
    "melee": ("physical", "Reflexes"),
    "ranged": ("technical", "Firearms"),
    "explosive": ("technical", "Explosives"),
}


# --- reading the sheet ------------------------------------------------------------------


def _pk(value) -> int | None:
    value = str(value or "")
    return int(value) if value.isdigit() else None


def find_skill(sheet, value):
    pk = _pk(getattr(value, "pk", value))
    return next((s for s in sheet.skills.all() if s.pk == pk), None) if pk else None


def find_named_skill(sheet, category, name):
    return next((s for s in sheet.skills.all() if (s.category, s.name) == (category, name)), None)


def find_weapon(sheet, value):
    pk = _pk(getattr(value, "pk", value))
    return next((w for w in sheet.weapons.all() if w.pk == pk), None) if pk else None


def attack_kind(weapon) -> str:
    if weapon.explosive:
        return "explosive"
    return "melee" if weapon.distance == "melee" else "ranged"


def attack_skill(sheet, weapon):
    return find_named_skill(sheet, *ATTACK_SKILL[attack_kind(weapon)])


def attack_stat(weapon) -> str:
    if weapon.tag == "Tech":
        return "intelligence"
    return "strength" if weapon.distance == "melee" else "agility"


def stims(sheet):
    return next((item for item in sheet.items.all() if item.kind == "stims" and item.count), None)


AMMUNITION_RELOADS = 4  # "Enough for 4 Reloads"


def ammunition(sheet, *, lock=False):
    """The first ammunition line with something left (locked for a roll)."""
    rows = sheet.items.select_for_update() if lock else sheet.items.all()
    return next((i for i in rows if i.kind == "ammunition" and i.count), None)


def clock_of(sheet, *, lock=False) -> AgentClock | None:
    party_id = sheet.character.party_id
    if party_id is None:
        return None
    clocks = AgentClock.objects.select_for_update() if lock else AgentClock.objects
    clock, _ = clocks.get_or_create(party_id=party_id)
    return clock


def current_hour(sheet) -> int | None:
    party = sheet.character.party
    if party is None:
        return None
    try:
        return party.agents_clock.hour
    except ObjectDoesNotExist:
        return None


def cannot_act(sheet) -> str:
    """Why this agent cannot roll now, or ""."""
    if sheet.dead:
        return f"{sheet.character.name} is dead for real."
    if rules.unable_to_act(sheet):
        return "HP 0: the agent is unable to act until their HP is above 0 (rest, a stim)."
    return ""


def build_check(
    sheet, skill, stat="", *, difficulty="Normal", high_spent=0, situational=0, combat=False
) -> dice.Check:
    stat = stat or skill.stat
    return dice.Check(
        stat=getattr(sheet, stat),
        skill=skill.name,
        skill_level=skill.level,
        luck=sheet.luck,
        mind=rules.mind(sheet),
        stat_name=rules.STAT_LABELS[stat],
        high_spent=high_spent,
        ancestry=rules.rules_ancestry(sheet),
        hour=current_hour(sheet),
        situational=situational,
        difficulty=difficulty,
        combat=combat,
    )


def check_modifiers(check: dice.Check):
    return dice.check_modifiers(check)


def total_modifier(check: dice.Check) -> int:
    return sum(mod.amount for mod in dice.check_modifiers(check))


def check_high_on_stress(sheet, high: int) -> engine.MindChange:
    return engine.spend_high_on_stress(rules.mind(sheet), high)


# --- applying effects -------------------------------------------------------------------

POOL_LABELS = {
    "hp": "HP",
    "fortitude": "FT",
    "sanity": "Sanity",
    "stress": "Stress",
    "high": "High",
    "ap": "AP",
}


class Changes:
    """The sheet fields and rows a roll changes, the effects as the feed shows them."""

    def __init__(self, sheet):
        self.sheet = sheet
        self.fields: list[str] = []
        self.rows: list[Any] = []
        self.effects: list[dict[str, Any]] = []

    def set(self, field: str, value, note: str) -> None:
        before = getattr(self.sheet, field)
        if value == before:
            return
        setattr(self.sheet, field, value)
        if field not in self.fields:
            self.fields.append(field)
        amount = value - before if isinstance(value, int) and not isinstance(value, bool) else 1
        self.effects.append({"target": field, "amount": amount, "note": note})

    def add(self, field: str, amount: int, why: str, maximum: int | None = None) -> None:
        """Add to a counter (never below 0, nor above ``maximum``)."""
        before = getattr(self.sheet, field)
        after = max(before + amount, 0)
        if maximum is not None:
            after = min(after, max(maximum, before))
        label = POOL_LABELS.get(field, field)
        self.set(field, after, f"{why}: {label} {before} → {after}")

    def mind(self, effects, reason: str = "") -> None:
        """Engine effects on stress, High, sanity and HP (the engine applied the limits)."""
        for effect in effects:
            if effect.target in ("stress", "high", "sanity", "hp"):
                self.add(effect.target, effect.amount, reason or effect.note)

    def row(self, row, field: str, value, note: str, target: str) -> None:
        before = getattr(row, field)
        if before == value:
            return
        setattr(row, field, value)
        row._change_reason = note
        row.save(update_fields=[field])
        amount = value - before if isinstance(value, int) else 1
        self.effects.append({"target": target, "amount": amount, "note": note})

    def save(self, reason: str) -> None:
        if self.fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.fields)


def _dice(dice_list) -> list[dict]:
    return [as_data(die) for die in dice_list]


# --- the clock ----------------------------------------------------------------------------


def advance_clock(
    sheet, changes: Changes, hours: int = 0, minutes: int = 0, why: str = ""
) -> list[str]:
    """Move the party's clock on; each Vampire of the party whose Day begins meanwhile
    takes +5 stress (this sheet through ``changes``, the others saved here)."""
    clock = clock_of(sheet, lock=True)
    if clock is None:
        return ["no party clock: this agent is in no party"]
    total = clock.hour * 60 + clock.minute + hours * 60 + minutes
    start_hour, passed_hours = clock.hour, (clock.minute + hours * 60 + minutes) // 60
    clock.day += total // (24 * 60)
    clock.hour, clock.minute = (total // 60) % 24, total % 60
    clock._change_reason = why
    clock.save()
    notes = [f"clock: day {clock.day}, {clock.hour:02d}:{clock.minute:02d}"]
    notes += vampire_days(sheet, changes, start_hour, passed_hours)
    return notes


def vampire_days(sheet, changes: Changes, start_hour: int, hours: int) -> list[str]:
    notes = []
    party_id = sheet.character.party_id
    # Other agents' sheets are locked without waiting: a sheet held by another roll right
    # now is skipped (and named), rather than two rolls waiting on each other crosswise.
    party = AgentSheet.objects.filter(character__party_id=party_id, dead=False).exclude(pk=sheet.pk)
    others = list(
        party.select_for_update(skip_locked=True).select_related("character").order_by("pk")
    )
    busy = set(party.values_list("pk", flat=True)) - {agent.pk for agent in others}
    if busy:
        names = party.filter(pk__in=busy).values_list("character__name", flat=True)
        notes.append(f"busy with another roll, check Vampire stress by hand: {', '.join(names)}")
    for agent in [sheet, *others]:
        if rules.rules_ancestry(agent) != "Vampire":
            continue
        change = engine.time_passes(rules.mind(agent), "Vampire", start_hour, hours)
        if not change.effects:
            continue
        if agent is sheet:
            changes.mind(change.effects, "Vampire by Day")
        else:
            theirs = Changes(agent)
            theirs.mind(change.effects, "Vampire by Day")
            theirs.save("Vampire by Day (the party clock)")
        notes.append(f"{agent.character.name}: a Vampire's Day begins, +5 stress")
    return notes


# --- the basic roll ---------------------------------------------------------------------


def _skill_row(sheet, skill, *, lock=True):
    model = type(skill)
    return model.objects.select_for_update().get(pk=skill.pk) if lock else skill


def basic_roll(sheet, cleaned_data, rng) -> Rolled:
    problem = cannot_act(sheet)
    if problem:
        raise DiceError(problem)
    skill = _skill_row(sheet, cleaned_data["skill"])
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
    changes.mind(result.effects)
    for effect in result.effects:
        if effect.target.startswith("xp:"):
            changes.row(
                skill,
                "xp",
                min(skill.xp + effect.amount, MAX_XP),
                f"{effect.note}: {skill.name} XP {skill.xp} → {skill.xp + effect.amount}",
                f"xp:{skill.name}",
            )
    groups = [
        {"label": "Your 2d6", "dice": _dice(result.dice[:2])},
        {
            "label": f"Referee's 2d12 (+{result.difficulty} {check.difficulty})",
            "dice": _dice(result.dice[2:]),
        },
    ]
    lines = [[mod.label, f"{mod.amount:+d}"] for mod in result.modifiers]
    lines.append(
        [
            "Total",
            f"{sum(result.player_faces)} + {result.total - sum(result.player_faces)}"
            f" = {result.total}",
        ]
    )
    lines.append(
        ["Referee", " and ".join(f"{f} + {result.difficulty}" for f in result.referee_faces)]
    )
    outcome = result.outcome.value
    if weapon is not None:
        outcome = _attack(sheet, weapon, result, rng, changes, groups, lines)
    changes.save(f"Basic roll: {skill.name}")
    label = f"{skill.name} ({check.stat_name})"
    if weapon is not None:
        label = f"Attack with {weapon.name}: {label}"
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
            "rule": BASIC_RULE + " " + "; ".join(result.notes),
            "basic": as_data(result),
            "outcome": result.outcome.value,
            "high_options": [
                [h, o.value] for h, o in _distinct(dice.high_options(result), result.outcome)
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
            f"{weapon.name} fired: {locked.shots - 1} shots left",
            "shots",
        )
    damage = dice.damage_roll(rng, engine_weapon(weapon), result.outcome)
    if damage.dice:
        groups.append({"label": f"Damage {weapon.damage_text}", "dice": _dice(damage.dice)})
    lines.append(["Damage", f"{damage.damage} ({damage.rule})"])
    lines.append(["AP to fire", str(weapon.ap_cost)])
    outcome = f"{result.outcome.value}, {damage.damage} damage"
    if weapon.burn and damage.damage:
        rounds = roll(rng, 6)
        burn = {"kind": "burn", "size": 6, "face": rounds, "counts": "rounds", "rerolled": False}
        groups.append({"label": "Burn (rounds)", "dice": [burn]})
        lines.append(["Burn", f"1 damage per round for {rounds} rounds on each target in range"])
    if weapon.explosive:
        lines.append(["Explosive", f"every target within {2 * weapon.level} spaces"])
    if weapon.arc or weapon.piercing:
        lines.append(
            ["Hits", "every target in the cone" if weapon.arc else "every target in the line"]
        )
    if result.outcome.rank <= dice.Outcome.COST_PLUS.rank:
        lines.append(["Enemy", "counter-attacks"])
    return outcome


# --- damage, sanity, rests ----------------------------------------------------------------


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
        raise DiceError("No stims left.")
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


# --- weapons, skills, traumas -------------------------------------------------------------


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
    return Rolled(
        kind="reload",
        label=f"Reload {weapon.name}",
        outcome=f"{weapon.reload} shots",
        result={"rule": f"Reload: {rules.RELOAD_AP} AP."},
        effects=changes.effects,
    )


def raise_skill(sheet, cleaned_data, rng) -> Rolled:
    skill = _skill_row(sheet, cleaned_data["skill"])
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
        ancestry = rules.ANCESTRIES[sheet.ancestry]
        kept = ancestry.starting_trauma == gained_field or any(
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
        raise DiceError("Only a basic roll can take High after the dice are seen.")
    if roll_row.character_id != sheet.character_id:
        raise DiceError("This roll belongs to another character.")
    if roll_row.result.get("high_after"):
        raise DiceError("High was spent on this roll already.")
    high = _pk(data.get("high"))
    if not high:
        raise DiceError("Spend 1 to 3 High.")
    earlier = dice.BasicRoll.from_data(roll_row.result["basic"])
    # the sheet as it is now: the stored roll's effects are on it already
    earlier = dataclasses.replace(earlier, mind_after=rules.mind(sheet))
    later = dice.spend_high_after_roll(earlier, high)
    changes = Changes(sheet)
    changes.mind(later.effects)
    skill = find_skill(sheet, roll_row.inputs.get("skill"))
    for effect in later.effects:
        if effect.target.startswith("xp:") and skill is not None:
            skill = _skill_row(sheet, skill)
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
        "outcome": later.outcome.value,
        "lines": [
            *roll_row.result.get("lines", []),
            [f"{high} High spent after", f"{earlier.outcome.value} → {later.outcome.value}"],
        ],
    }
    return changes.effects


def _distinct(options, current):
    """The cheapest High for each better outcome."""
    seen, found = {current}, []
    for high, outcome in options:
        if outcome not in seen:
            found.append((high, outcome))
            seen.add(outcome)
    return found


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
            found.append([high, outcome.value])
            seen.add(outcome)
    return found
