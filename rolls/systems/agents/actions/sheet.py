"""Agents: reading the sheet (skills, weapons, stims, the clock), applying effects."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects

from config.ids import parse_id
from sheets.reasons import pgettext_noop
from sheets.systems.agents import rules
from sheets.systems.agents.dice import rules as dice
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import AgentClock, AgentSheet, AgentSkill
from sheets.systems.dice.core import as_data
from sheets.systems.dice.words import is_saying, say, sentences

BASIC_RULE = say(
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


_pk = parse_id  # a row's id (or a count of points) as a form sent it


def _in_transaction() -> bool:
    return transaction.get_connection().in_atomic_block


def read_skills(sheet) -> None:
    """Read the agent's skills once for a form and the roll after it. Inside a
    transaction (a roll's, its sheet locked) they are read locked: a skill the roll
    writes (XP, a level) is the row the form checked, and no edit of it lands between."""
    if getattr(sheet, "_prefetched_objects_cache", {}).get("skills") is not None:
        return
    if not _in_transaction():
        prefetch_related_objects([sheet], "skills")
        return
    prefetch_related_objects([sheet], Prefetch("skills", AgentSkill.objects.select_for_update()))
    for skill in sheet.skills.all():
        skill.locked = True


def locked_skill(sheet, skill):
    """``skill`` as it is now, locked until the transaction ends: read again unless it
    was read locked (``read_skills``, ``find_skill`` in a transaction)."""
    if getattr(skill, "locked", False):
        return skill
    return AgentSkill.objects.select_for_update().get(pk=skill.pk)


def find_skill(sheet, value):
    """The sheet's skill whose pk is ``value``: from the skills already read, else its
    row alone (locked in a transaction), not the other 55."""
    pk = _pk(getattr(value, "pk", value))
    if not pk:
        return None
    read = getattr(sheet, "_prefetched_objects_cache", {}).get("skills")
    if read is not None:
        return next((s for s in read if s.pk == pk), None)
    rows = sheet.skills.filter(pk=pk)
    if not _in_transaction():
        return rows.first()
    skill = rows.select_for_update().first()
    if skill is not None:
        skill.locked = True
    return skill


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


POOL_LABELS = {
    "hp": say("HP"),
    "fortitude": say("FT"),
    "sanity": say("Sanity"),
    "stress": say("Stress"),
    "high": say("High"),
    "ap": say("AP"),
}


def listed(notes) -> Any:
    """Notes (sayings or text) one after the other, "; " between, as one saying."""
    notes = [note for note in notes if note]
    if not notes:
        return ""
    if len(notes) == 1:
        return notes[0]
    # Translators: two notes of a roll's rule one after the other
    return say("%(first)s; %(then)s", first=notes[0], then=listed(notes[1:]))


def with_notes(rule, notes) -> Any:
    """A rule's saying followed by the notes of what happened."""
    return sentences([rule, listed(notes)]) if listed(notes) else rule


class Changes:
    """The sheet fields and rows a roll changes, the effects as the feed shows them.
    ``save(reason)`` writes them, each with the action's reason: the history shows one
    entry per action."""

    def __init__(self, sheet):
        self.sheet = sheet
        self.fields: list[str] = []
        self.rows: dict[int, tuple[Any, list[str]]] = {}  # id(row) -> (row, fields)
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
        self.set(
            field,
            after,
            say(
                "%(why)s: %(pool)s %(before)s → %(after)s",
                why=why,
                pool=label,
                before=before,
                after=after,
            ),
        )

    def mind(self, effects, reason: str = "") -> None:
        """Engine effects on stress, High, sanity and HP (the engine applied the limits)."""
        for effect in effects:
            if effect.target in ("stress", "high", "sanity", "hp"):
                # the engine's reasons: sayings, or catalogue messages ("Failure", "Crit")
                note = effect.note if is_saying(effect.note) else say(effect.note)
                self.add(effect.target, effect.amount, reason or note)

    def row(self, row, field: str, value, note: str, target: str) -> None:
        before = getattr(row, field)
        if before == value:
            return
        setattr(row, field, value)
        fields = self.rows.setdefault(id(row), (row, []))[1]
        if field not in fields:
            fields.append(field)
        amount = value - before if isinstance(value, int) else 1
        self.effects.append({"target": target, "amount": amount, "note": note})

    def save(self, reason: str) -> None:
        for row, fields in self.rows.values():
            row._change_reason = reason
            row.save(update_fields=fields)
        self.rows.clear()
        if self.fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.fields)


def _dice(dice_list) -> list[dict]:
    return [as_data(die) for die in dice_list]


def advance_clock(
    sheet, changes: Changes, hours: int = 0, minutes: int = 0, why: str = ""
) -> list[str]:
    """Move the party's clock on; each Vampire of the party whose Day begins meanwhile
    takes +5 stress (this sheet through ``changes``, the others saved here)."""
    clock = clock_of(sheet, lock=True)
    if clock is None:
        return [say("no party clock: this agent is in no party")]
    total = clock.hour * 60 + clock.minute + hours * 60 + minutes
    start_hour, passed_hours = clock.hour, (clock.minute + hours * 60 + minutes) // 60
    clock.day += total // (24 * 60)
    clock.hour, clock.minute = (total // 60) % 24, total % 60
    clock._change_reason = why
    clock.save()
    notes = [
        say(
            "clock: day %(day)s, %(time)s",
            day=clock.day,
            time=f"{clock.hour:02d}:{clock.minute:02d}",
        )
    ]
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
        notes.append(
            say(
                "busy with another roll, check Vampire stress by hand: %(names)s",
                names=", ".join(names),
            )
        )
    for agent in [sheet, *others]:
        if rules.rules_ancestry(agent) != "Vampire":
            continue
        change = engine.time_passes(rules.mind(agent), "Vampire", start_hour, hours)
        if not change.effects:
            continue
        if agent is sheet:
            changes.mind(change.effects, say("Vampire by Day"))
        else:
            theirs = Changes(agent)
            theirs.mind(change.effects, say("Vampire by Day"))
            theirs.save(pgettext_noop("history reason", "Vampire by Day (the party clock)"))
        notes.append(say("%(name)s: a Vampire's Day begins, +5 stress", name=agent.character.name))
    return notes


def _distinct(options, current):
    """The cheapest High for each better outcome."""
    seen, found = {current}, []
    for high, outcome in options:
        if outcome not in seen:
            found.append((high, outcome))
            seen.add(outcome)
    return found
