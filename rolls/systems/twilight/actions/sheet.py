"""Twilight: 2000: reading the sheet, building results, applying effects to the locked
sheet and its rows (damage, stress, ammo, reliability), with their caps."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from config.ids import parse_id
from sheets.systems.dice.core import DiceError, Die, Effect, as_data
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import Saying, is_saying, say, say_n
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import odds as t2k_odds
from sheets.systems.twilight.dice import rules as dice
from sheets.systems.twilight.dice import stepdice

MAX_MODIFIER = 3  # difficulty and situation modifiers: -3..+3 steps
PUSH_RULE = say(
    "Push (once, active rolls only): every die showing neither a success nor a 1 is "
    "re-rolled, ammo dice too. Each base-die 1 is 1 damage (STR/AGL) or 1 stress "
    "(INT/EMP), or 1 reliability off the gear used; with a firearm every 1 on base and "
    "ammo dice costs 1 reliability and two or more 1s jam it."
)
SUCCESS_RULE = say("6-9 on a base die is a success, 10+ two successes.")
UNPUSHABLE = {
    "cuf": say("A coolness under fire roll can never be pushed."),
    "promotion": say("A promotion roll can never be pushed."),
}


def line_label(line) -> str:
    """A stored result line's label as its English message id: a saying's message (new
    rows) or the text (rows from before sayings), for code that finds a line by label."""
    label = line[0]
    return label["say"] if is_saying(label) else label


def stored_words(roll, name: str):
    """A stored roll's label or outcome as the saying it was given (new rows), else its
    text (rows from before sayings)."""
    saying = ((roll.result or {}).get("words") or {}).get(name)
    return saying if is_saying(saying) else getattr(roll, name)


def skill_dice(sheet, skill: str, modifier: int = 0, helpers: int = 0) -> tuple[int, ...]:
    """Base dice of a skill roll after modifiers and help (stepped, balanced)."""
    if skill not in rules.SKILL_ATTRIBUTES:
        raise DiceError(f"no skill {skill!r} on a Twilight: 2000 sheet")
    attribute = getattr(sheet, rules.SKILL_ATTRIBUTES[skill])
    level = getattr(sheet, skill) or None
    return stepdice.base_dice(attribute, level, modifier=modifier, helpers=helpers)


def short_attribute(skill: str) -> str:
    return rules.ATTRIBUTE_SHORT[rules.SKILL_ATTRIBUTES[skill]]


def find_weapon(sheet, pk, *, lock: bool = False):
    rows = sheet.weapons.select_for_update() if lock else sheet.weapons.all()
    pk = parse_id(pk)
    return None if pk is None else rows.filter(pk=pk).first()


def fire_refusal(weapon) -> str:
    """Why this weapon cannot attack now, in the rules' words ("" when it can)."""
    if weapon.jammed:
        return gettext(
            "The %(weapon)s is jammed: a jammed weapon cannot fire until the jam is cleared."
        ) % {"weapon": weapon.name}
    if weapon.reliability == 0:
        return gettext("The %(weapon)s is broken (reliability 0): broken gear cannot be used.") % {
            "weapon": weapon.name
        }
    if weapon.firearm and weapon.rounds_loaded == 0:
        return gettext("The %(weapon)s's magazine is empty: reload first.") % {
            "weapon": weapon.name
        }
    return ""


def _die(die: Die) -> dict[str, Any]:
    """A die as the templates draw it: base dice by their size (d12..d6), ammo apart."""
    data = as_data(die)
    if die.kind == "base":
        data["kind"] = f"d{die.size}"
    return data


def dice_groups(engine: dice.SkillRoll, opponent: dice.SkillRoll | None = None) -> list[dict]:
    groups = [
        {
            "label": say(
                "Base dice %(dice)s", dice=rules.dice_text(d.size for d in engine.base_dice)
            ),
            "dice": [_die(d) for d in engine.base_dice],
        }
    ]
    if engine.ammo_dice:
        groups.append({"label": say("Ammo dice"), "dice": [_die(d) for d in engine.ammo_dice]})
    if opponent is not None:
        groups.append(
            {
                "label": say(
                    "Opponent %(dice)s", dice=rules.dice_text(d.size for d in opponent.base_dice)
                ),
                "dice": [{**_die(d), "kind": "opponent"} for d in opponent.base_dice],
            }
        )
    return groups


def _successes(count: int) -> Saying:
    if count == 0:
        return say("no success")
    return say_n("%(n)s success", "%(n)s successes", count)


def _successes_capitalized(count: int) -> Saying:
    """ "No success", "2 successes": an outcome on its own."""
    if count == 0:
        return say("No success")
    return say_n("%(n)s success", "%(n)s successes", count)


def push_rows(engine: dice.SkillRoll) -> list[list[str]]:
    """Exact odds of pushing this roll, no 0 % rows."""
    odds = t2k_odds.push_odds_for(engine)
    rows = [[say("At least one success"), percent(odds.success)]]
    rows.append([say("At least one more success"), percent(odds.more_successes)])
    if odds.firearm:
        lost = 1 - odds.weapon_explosions["0"]
        rows.append([say("Reliability lost (any 1)"), percent(lost)])
        rows.append([say("Jam (two or more 1s)"), percent(odds.jam)])
    else:
        rows.append(
            [say("Any base-die 1 (damage, stress or gear)"), percent(1 - odds.explosions["0"])]
        )
    return [row for row in rows if row[1] != "0%"]


def skill_rows(base: tuple[int, ...]) -> list[list[str]]:
    odds = t2k_odds.skill_odds(base)
    rows = [[gettext("Success (at least one)"), percent(odds.success)]]
    for label in ("2", "3+"):
        chance = odds.successes.get(label, 0)
        if chance:
            rows.append([gettext("%(count)s successes") % {"count": label}, percent(chance)])
    return rows


def _payload(engine: dice.SkillRoll, lines: list, rule: str, **extra) -> dict[str, Any]:
    groups = dice_groups(engine, extra.pop("opponent", None))
    data = {
        "dice": [die for group in groups for die in group["dice"]],
        "dice_groups": groups,
        "lines": lines,
        "rule": rule,
        "engine": as_data(engine),
        "successes": engine.successes,
        "pushed": engine.pushed,
        # one slot per ammo 6 in the allocation form (strings, for the template's ids)
        "extra_slots": [str(n) for n in range(1, engine.ammo_sixes + 1)],
        **extra,
    }
    return data


def engine_from(data: dict) -> dice.SkillRoll:
    """The dice engine's roll back from the JSON stored on the Roll row."""
    values = dict(data)
    values["base_dice"] = tuple(Die(**die) for die in data["base_dice"])
    values["ammo_dice"] = tuple(Die(**die) for die in data["ammo_dice"])
    values["firearm"] = dice.Firearm(**data["firearm"]) if data["firearm"] else None
    values["effects"] = tuple(Effect(**effect) for effect in data["effects"])
    values["notes"] = tuple(data["notes"])
    if "rounds_taken" not in values:
        # a roll stored before the two were named apart: its ammo_spent was what the
        # magazine lost (capped); the ammo spent is the sum of the ammo dice + 1
        values["rounds_taken"] = values["ammo_spent"]
        if values["firearm"] is not None:
            values["ammo_spent"] = sum(die.face for die in values["ammo_dice"]) + 1
    return dice.SkillRoll(**values)


class Changes:
    """Collects what a roll changes on the sheet and its weapon, applies the caps and
    saves each row once, with a reason for its history."""

    def __init__(self, sheet, weapon=None):
        self.sheet = sheet
        self.weapon = weapon
        self.sheet_fields: list[str] = []
        self.weapon_fields: list[str] = []
        self.effects: list[Effect] = []

    def condition(self, field: str, amount: int, why: str) -> None:
        """Damage or stress, never above the capacity (the character is then broken)."""
        if amount <= 0:
            return
        capacity = (rules.hit_capacity if field == "damage" else rules.stress_capacity)(self.sheet)
        current = getattr(self.sheet, field)
        new = min(capacity, current + amount)
        what = say("damage") if field == "damage" else say("stress")
        if new - current < amount:
            note = say(
                "%(why)s: %(what)s +%(amount)s, capped at %(capacity)s (the %(what)s capacity: "
                "broken)",
                why=why, what=what, amount=amount, capacity=capacity,
            )  # fmt: skip
        else:
            note = say("%(why)s: %(what)s +%(amount)s", why=why, what=what, amount=amount)
        if new != current:
            setattr(self.sheet, field, new)
            self.sheet_fields.append(field)
        self.effects.append(Effect(field, new - current, note))

    def reliability(self, amount: int, why: str) -> None:
        weapon = self.weapon
        if weapon is None or amount == 0:
            return
        new = max(0, weapon.reliability + amount)
        note = say(
            "%(why)s: %(weapon)s reliability %(before)s → %(after)s",
            why=why, weapon=weapon.name, before=weapon.reliability, after=new,
        )  # fmt: skip
        if new == 0:
            note = say("%(note)s (broken after this action)", note=note)
        self._weapon("reliability")
        self.effects.append(Effect("reliability", new - weapon.reliability, note))
        weapon.reliability = new

    def rounds(self, amount: int, why: str) -> None:
        weapon = self.weapon
        current = weapon.rounds_loaded
        new = max(0, min(weapon.magazine_capacity, current + amount))
        note = say(
            "%(why)s: %(weapon)s rounds %(before)s → %(after)s",
            why=why, weapon=weapon.name, before=current, after=new,
        )  # fmt: skip
        if new == 0 and amount < 0:
            note = say("%(note)s (magazine emptied)", note=note)
        self._weapon("rounds_loaded")
        weapon.rounds_loaded = new
        self.effects.append(Effect("rounds", new - current, note))

    def jam(self, jammed: bool, why: str) -> None:
        weapon = self.weapon
        if weapon.jammed == jammed:
            return
        weapon.jammed = jammed
        self._weapon("jammed")
        note = (
            say("%(why)s: %(weapon)s jammed", why=why, weapon=weapon.name)
            if jammed
            else say("%(why)s: %(weapon)s cleared", why=why, weapon=weapon.name)
        )
        self.effects.append(Effect("jammed", int(jammed), note))

    def _weapon(self, field):
        if field not in self.weapon_fields:
            self.weapon_fields.append(field)

    def apply(self, engine_effects) -> None:
        for effect in engine_effects:
            if effect.target in ("damage", "stress"):
                self.condition(effect.target, effect.amount, effect.note)
            elif effect.target == "reliability":
                self.reliability(effect.amount, effect.note)
            elif effect.target == "rounds":
                self.rounds(effect.amount, effect.note)
            elif effect.target == "jammed":
                self.jam(True, effect.note)

    def save(self, reason: str) -> None:
        if self.sheet_fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.sheet_fields)
        if self.weapon is not None and self.weapon_fields:
            self.weapon._change_reason = reason
            self.weapon.save(update_fields=self.weapon_fields)
