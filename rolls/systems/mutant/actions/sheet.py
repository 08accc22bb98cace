"""Mutant: Year Zero: the sheet's words, skill pools, and applying effects to the locked
sheet (trauma, points, gear bonus), with the caps RULINGS.md sets."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext, gettext_noop, pgettext
from django.utils.translation import gettext_lazy as _

from config.ids import parse_id
from sheets.systems.dice.core import DiceError, Effect, as_data
from sheets.systems.dice.words import Saying, is_saying, say, say_in, say_n
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import rules as dice
from sheets.systems.mutant.dice.rules import BOXES
from sheets.systems.mutant.rules import ATTRIBUTE_LABELS, TRAUMA

SKILLS = rules.SKILL_ATTRIBUTES  # the twelve base skills: sheet field -> attribute
ATTACK_SKILLS = ("fight", "shoot")
UNARMED_DAMAGE = 1  # a Fight roll with bare hands

ROT_SOURCES = {
    "level1": _("Rot level 1 (a point a day)"),
    "level2": _("Rot level 2 (a point an hour)"),
    "level3": _("Rot level 3 (a point a minute)"),
    "attack": _("Rot attack"),
}
ROT_SOURCE_NAMES = {
    "level1": gettext_noop("rot level 1"),
    "level2": gettext_noop("rot level 2"),
    "level3": gettext_noop("rot level 3"),
    "attack": gettext_noop("rot attack"),
}
METHODS = {
    dice.WASH: _("Wash in clean water (first wash on returning to the Ark)"),
    dice.DAY: _("A day in the Ark or another rot-free place"),
}
MISFIRE_CHOICES = [
    ["damage", say("Take 1 damage (Strength trauma)")],
    ["doubt", say("Take 1 doubt (Empathy trauma)")],
]
MISFIRE_ATTRIBUTE = {"damage": "strength", "doubt": "empathy"}

PUSH_RULE = say(
    "Push (once): every die but the 6s and the base- and gear-die 1s is re-rolled; then "
    "every base-die 1 gives 1 trauma and 1 mutation point, every gear-die 1 lowers the "
    "gear bonus by 1."
)
SKILL_RULE = say(
    "A 6 on a base, skill or gear die is a success; a 6 on a negative die cancels one."
)


def stored_words(roll, name: str):
    """A stored roll's label or outcome as the saying it was given (new rows), else its
    text (rows from before sayings)."""
    saying = ((roll.result or {}).get("words") or {}).get(name)
    return saying if is_saying(saying) else getattr(roll, name)


def skill_name(sheet, skill: str) -> str:
    """The skill's name on this sheet: the specialist skill goes by the role's skill."""
    return rules.skill_label(skill, sheet.role)


def skill_attribute(sheet, skill: str) -> str:
    return rules.skill_attribute(skill, sheet.role)


def has_talent(sheet, name: str) -> bool:
    return rules.has_named(sheet.talents.all(), name)


def has_mutation(sheet, name: str) -> bool:
    return rules.has_named(sheet.mutations.all(), name)


def item_value(item) -> str:
    """The form value of a weapon or gear line: "weapon:<pk>" or "gear:<pk>"."""
    return f"{'weapon' if hasattr(item, 'damage') else 'gear'}:{item.pk}"


def find_item(sheet, value: str, *, lock: bool = False):
    """The weapon or gear line of THIS sheet named by ``value``, or None."""
    kind, _, pk = (value or "").partition(":")
    pk = parse_id(pk)
    if kind not in ("weapon", "gear") or pk is None:
        return None
    rows = sheet.weapons if kind == "weapon" else sheet.gear
    rows = rows.select_for_update() if lock else rows.all()
    return rows.filter(pk=pk).first()


@dataclasses.dataclass(frozen=True)
class SkillPool:
    """The dice a skill roll throws, worked out from the sheet."""

    skill: str
    name: str
    attribute: str
    level: int
    modifier: int
    base: int
    skill_dice: int
    gear_dice: int
    negative: int
    item: str = ""  # "weapon:<pk>" / "gear:<pk>"
    item_name: str = ""
    item_bonus: int = 0
    weapon_damage: int | None = None  # Fight/Shoot only

    @property
    def broken(self) -> bool:
        return self.base == 0

    def describe(self) -> list[Saying]:
        """ "2 base, 1 skill, 1 gear" as sayings (the words filter joins a list with ", ")."""
        parts = [say("%(n)s base", n=self.base), say("%(n)s skill", n=self.skill_dice)]
        if self.gear_dice:
            parts.append(say("%(n)s gear", n=self.gear_dice))
        if self.negative:
            parts.append(say("%(n)s negative", n=self.negative))
        return parts


def skill_pool(sheet, skill: str, modifier: int = 0, item=None) -> SkillPool:
    """Base dice = attribute - trauma; skill dice = level + modifier (negative dice
    below 0); gear dice = the item's bonus. A negative bonus counts as a modifier."""
    if skill not in rules.skills():
        raise DiceError(f"no skill {skill!r} on a Mutant: Year Zero sheet")
    attribute = skill_attribute(sheet, skill)
    level = rules.skill_level(sheet, skill)
    bonus = item.bonus if item is not None else 0
    skill_count, negative = dice.skill_dice(level, modifier + min(0, bonus))
    weapon_damage = None
    if skill in ATTACK_SKILLS:
        if item is not None and hasattr(item, "damage"):
            weapon_damage = item.damage
        elif skill == "fight":
            weapon_damage = UNARMED_DAMAGE
    return SkillPool(
        skill=skill,
        name=skill_name(sheet, skill),
        attribute=attribute,
        level=level,
        modifier=modifier,
        base=rules.base_dice(sheet, attribute),
        skill_dice=skill_count,
        gear_dice=max(0, bonus),
        negative=negative,
        item=item_value(item) if item is not None else "",
        item_name=item.name if item is not None else "",
        item_bonus=bonus,
        weapon_damage=weapon_damage,
    )


def broken_message(sheet, attribute: str) -> str:
    label = pgettext(rules.ATTRIBUTE_CONTEXT, ATTRIBUTE_LABELS[attribute])
    trauma = TRAUMA[attribute]
    return gettext(
        "%(attribute)s is broken (%(trauma)s %(hurt)s of %(score)s): 0 base dice. Tick "
        "“roll anyway” to roll with skill and gear dice only."
    ) % {
        "attribute": label,
        "trauma": gettext(rules.TRAUMA_LABELS[trauma]).lower(),
        "hurt": getattr(sheet, trauma),
        "score": getattr(sheet, attribute),
    }


class _Changes:
    """Collects the sheet fields a roll changes, applies the caps, saves once."""

    def __init__(self, sheet):
        self.sheet = sheet
        self.fields: list[str] = []
        self.effects: list[Effect] = []

    def _set(self, field: str, value: int) -> None:
        setattr(self.sheet, field, value)
        if field not in self.fields:
            self.fields.append(field)

    def trauma(self, attribute: str, amount: int, why: str) -> None:
        """Add trauma, never above the attribute score."""
        if amount <= 0:
            return
        field = TRAUMA[attribute]
        label = say_in(rules.ATTRIBUTE_CONTEXT, ATTRIBUTE_LABELS[attribute])
        current, score = getattr(self.sheet, field), getattr(self.sheet, attribute)
        applied = min(amount, score - current)
        if applied < amount:
            note = say(
                "%(why)s: %(attribute)s trauma +%(amount)s, capped at +%(applied)s: trauma "
                "never goes above %(attribute)s %(score)s (%(attribute)s is broken)",
                why=why, attribute=label, amount=amount, applied=applied, score=score,
            )  # fmt: skip
        else:
            note = say(
                "%(why)s: %(attribute)s trauma +%(amount)s", why=why, attribute=label, amount=amount
            )
        if applied:
            self._set(field, current + applied)
        self.effects.append(Effect(f"trauma:{attribute}", applied, note))

    def heal(self, attribute: str, amount: int, why: str) -> None:
        """Remove trauma, never below 0."""
        field = TRAUMA[attribute]
        current = getattr(self.sheet, field)
        applied = min(amount, current)
        if applied <= 0:
            return
        self._set(field, current - applied)
        label = say(rules.TRAUMA_LABELS[field])
        self.effects.append(
            Effect(f"trauma:{attribute}", -applied, _went(why, label, current, current - applied))
        )

    def supply(self, field: str, spent: int, why: str) -> None:
        """Spend grub, water... from the sheet's counts (the form checked there is enough)."""
        current = getattr(self.sheet, field)
        if spent <= 0:
            return
        if spent > current:
            raise DiceError(
                say(
                    "Only %(have)s %(unit)s of %(supply)s on the sheet, not %(spent)s.",
                    have=current, unit=say(rules.SUPPLY_UNITS[field]),
                    supply=say(rules.SUPPLY_LABELS[field]), spent=spent,
                )
            )  # fmt: skip
        self._set(field, current - spent)
        label = say(rules.SUPPLY_LABELS[field])
        self.effects.append(Effect(field, -spent, _went(why, label, current, current - spent)))

    def condition(self, field: str, on: bool, why: str) -> None:
        if getattr(self.sheet, field) == on:
            return
        self._set(field, on)
        label = say(rules.CONDITION_LABELS[field])
        note = (
            say("%(why)s: %(condition)s ticked", why=why, condition=label)
            if on
            else say("%(why)s: %(condition)s cleared", why=why, condition=label)
        )
        self.effects.append(Effect(field, 1 if on else -1, note))

    def counter(self, field: str, amount: int, why: str, label: str) -> None:
        """Change a counter of boxes (0..10); rot points share the ten boxes."""
        if amount == 0:
            return
        current = getattr(self.sheet, field)
        high = BOXES
        if field == "rot_temporary":
            high = BOXES - self.sheet.rot_permanent
        elif field == "rot_permanent":
            high = BOXES - self.sheet.rot_temporary
        new = max(0, min(high, current + amount))
        applied = new - current
        if applied != amount:
            note = say(
                "%(why)s: %(counter)s %(amount)s, capped at %(applied)s: "
                "the boxes run 0..%(boxes)s",
                why=why, counter=label, amount=f"{amount:+d}", applied=f"{applied:+d}",
                boxes=BOXES,
            )  # fmt: skip
        else:
            note = say(
                "%(why)s: %(counter)s %(amount)s", why=why, counter=label, amount=f"{amount:+d}"
            )
        if applied:
            self._set(field, new)
        self.effects.append(Effect(field, applied, note))

    def rating(self, field: str, new: int, why: str, label: str) -> None:
        current = getattr(self.sheet, field)
        if new == current:
            return
        self._set(field, new)
        self.effects.append(Effect(field, new - current, _went(why, label, current, new)))

    def save(self, reason: str) -> None:
        if self.fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.fields)


def _went(why, label, before, after) -> Saying:
    """ "why: Label 3 → 1"."""
    return say(
        "%(why)s: %(what)s %(before)s → %(after)s",
        why=why,
        what=label,
        before=before,
        after=after,
    )


def _ones(count: int, kind: str) -> Saying:
    """ "a base-die 1", "2 base-die 1s" (kind "base-die" or "gear-die")."""
    if kind == "gear-die":
        return say_n("a gear-die 1", "%(n)s gear-die 1s", count)
    return say_n("a base-die 1", "%(n)s base-die 1s", count)


def _dice_data(dice_list) -> list[dict[str, Any]]:
    return [as_data(die) for die in dice_list]


def _successes(count: int) -> Saying:
    if count == 0:
        return say("Failed")
    return say_n("%(n)s success", "%(n)s successes", count)
