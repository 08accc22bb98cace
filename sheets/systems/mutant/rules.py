"""Mutant: Year Zero derived values, in the game's own words. Pure Python: no Django.
The limits the dice also know (the ten boxes) come from the engine (``dice/``).

Everything here reads plain values, or any object with the sheet's attribute names
(a MutantSheet, a SimpleNamespace in a test), so the sheet page, the GM dashboard and
the roll code share one definition of "dice available", "broken" and "encumbered".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sheets.systems.dice.words import Saying, put_into_words, say, say_in
from sheets.systems.dice.words import marked as _
from sheets.systems.dice.words import marked_in as pgettext
from sheets.systems.mutant.dice.rules import BOXES

# MYZ's attribute names differ in Swedish from other games' (Agility is "Kyla", Empathy
# "Känsla"): they are marked with this context; the Django side reads them with
# ``pgettext(ATTRIBUTE_CONTEXT, name)``.
ATTRIBUTE_CONTEXT = "Mutant: Year Zero attribute"


# The kinds of dice a roll stores (the engine's BASE, SKILL, GEAR, NEGATIVE) are named
# in the reader's words by rolls.spoken.DIE_KINDS, with every system's.

# What a die counted for, as the engine stores it (dice/rules.py), shown on its die.
DIE_COUNTS = (
    _("success"), _("cancels a success"), _("trauma"), _("gear damage"), _("absorbs"),
    _("rating loss"), _("damage"), _("no damage: Rot-Eater"), _("stays: permanent"),
    _("leaves"), _("misfire"), _("tens"), _("ones"),
)  # fmt: skip

ATTRIBUTES = ("strength", "agility", "wits", "empathy")
ATTRIBUTE_LABELS = {
    "strength": pgettext("Mutant: Year Zero attribute", "Strength"),
    "agility": pgettext("Mutant: Year Zero attribute", "Agility"),
    "wits": pgettext("Mutant: Year Zero attribute", "Wits"),
    "empathy": pgettext("Mutant: Year Zero attribute", "Empathy"),
}
# Each attribute's trauma: damage hurts Strength, fatigue Agility, confusion Wits,
# doubt Empathy.
TRAUMA = {"strength": "damage", "agility": "fatigue", "wits": "confusion", "empathy": "doubt"}
TRAUMA_LABELS = {
    "damage": _("Damage"),
    "fatigue": _("Fatigue"),
    "confusion": _("Confusion"),
    "doubt": _("Doubt"),
}

# The twelve base skills, each with the attribute it rolls with (the seed's list).
SKILL_ATTRIBUTES = {
    "endure": "strength",
    "force": "strength",
    "fight": "strength",
    "sneak": "agility",
    "move": "agility",
    "shoot": "agility",
    "scout": "wits",
    "comprehend": "wits",
    "know_the_zone": "wits",
    "sense_emotion": "empathy",
    "manipulate": "empathy",
    "heal": "empathy",
}
SKILL_LABELS = {
    "endure": _("Endure"),
    "force": _("Force"),
    "fight": _("Fight"),
    "sneak": _("Sneak"),
    "move": _("Move"),
    "shoot": _("Shoot"),
    "scout": _("Scout"),
    "comprehend": _("Comprehend"),
    "know_the_zone": _("Know the Zone"),
    "sense_emotion": _("Sense Emotion"),
    "manipulate": _("Manipulate"),
    "heal": _("Heal"),
}
SPECIALIST_FIELD = "specialist_skill"  # the sheet stores the role's specialist skill here

# rot, experience and mutation points are rows of ten boxes: the engine's number, which
# the rolls read too
BOX_MAX = BOXES

# Supplies: grub, water, bullets and booze are counted, not listed as gear. The seed
# weighs grub and water at 4 rations to a line; it is silent on bullets and booze, so
# (decision, issue 8: "they weigh: 4 rations = 1 line") every unit of the four weighs a
# quarter of a line, 4 units to a line, counted together.
SUPPLIES = ("grub", "water", "bullets", "booze")
SUPPLY_LABELS = {
    "grub": _("Grub"),
    "water": _("Water"),
    "bullets": _("Bullets"),
    "booze": _("Booze"),
}
SUPPLY_UNITS = {
    "grub": _("rations"),
    "water": _("rations"),
    "bullets": _("bullets"),
    "booze": _("doses"),
}
SUPPLY_MAX = 99  # a count on the paper sheet; the database holds it to 0..99
UNITS_PER_LINE = 4

# The four conditions of the paper sheet, ticked by the players (or the GM).
CONDITIONS = ("starving", "dehydrated", "sleepless", "hypothermic")
CONDITION_LABELS = {
    "starving": _("Starving"),
    "dehydrated": _("Dehydrated"),
    "sleepless": _("Sleepless"),
    "hypothermic": _("Hypothermic"),
}
ROT_ALERT_AT = 5  # total rot at which the GM's dashboard raises an alert

# Character creation (core rules): 14 attribute points, the role's key attribute up to 5,
# the others 2..4; 10 skill points, no skill above 3, at least 1 in the specialist skill.
CREATION_ATTRIBUTE_POINTS = 14
CREATION_KEY_ATTRIBUTE = 5
CREATION_OTHER_ATTRIBUTE = (2, 4)
CREATION_SKILL_POINTS = 10
CREATION_SKILL_MAX = 3
CREATION_SPECIALIST_MIN = 1


@dataclass(frozen=True)
class Role:
    slug: str
    name: str
    key_attribute: str
    specialist: str  # the specialist skill's name
    specialist_attribute: str


ROLES = {
    role.slug: role
    for role in (
        Role("enforcer", _("Enforcer"), "strength", _("Intimidate"), "strength"),
        Role("gearhead", _("Gearhead"), "wits", _("Jury Rig"), "wits"),
        Role("stalker", _("Stalker"), "agility", _("Find the Path"), "agility"),
        Role("fixer", _("Fixer"), "empathy", _("Make a Deal"), "empathy"),
        Role("dog_handler", _("Dog Handler"), "agility", _("Sic a Dog"), "agility"),
        Role("chronicler", _("Chronicler"), "empathy", _("Inspire"), "empathy"),
        Role("boss", _("Boss"), "wits", _("Command"), "wits"),
        Role("grunt", _("Grunt"), "strength", _("Shake It Off"), "strength"),
    )
}


def role(slug: str) -> Role:
    """The role called ``slug`` ("enforcer", "dog_handler"...); KeyError if unknown."""
    return ROLES[slug]


def key_attribute(role_slug: str) -> str:
    return ROLES[role_slug].key_attribute


def specialist_skill(role_slug: str) -> tuple[str, str]:
    """(name, attribute) of the role's specialist skill: ("Intimidate", "strength")."""
    found = ROLES[role_slug]
    return found.specialist, found.specialist_attribute


def skill_attribute(skill: str, role_slug: str | None = None) -> str:
    """The attribute a skill rolls with. The specialist skill needs the role."""
    if skill == SPECIALIST_FIELD:
        if role_slug is None:
            raise ValueError("the specialist skill's attribute depends on the role")
        return ROLES[role_slug].specialist_attribute
    return SKILL_ATTRIBUTES[skill]


def skills() -> tuple[str, ...]:
    """Every skill a sheet rolls, by its sheet field: the twelve base skills, then the
    specialist skill."""
    return (*SKILL_ATTRIBUTES, SPECIALIST_FIELD)


def skill_level(sheet: Any, skill: str) -> int:
    """A skill's level on a sheet (each skill, the specialist one too, is a field)."""
    if skill not in SKILL_ATTRIBUTES and skill != SPECIALIST_FIELD:
        raise KeyError(skill)
    return getattr(sheet, skill)


def skill_label(skill: str, role_slug: str | None = None) -> str:
    """A skill's name on the sheet: the specialist skill goes by the role's skill name."""
    if skill == SPECIALIST_FIELD:
        return ROLES[role_slug].specialist if role_slug in ROLES else _("Specialist skill")
    return SKILL_LABELS[skill]


def dice_available(score: int, trauma: int) -> int:
    """Base dice an attribute gives: its score minus its trauma, never below zero."""
    return max(0, score - trauma)


def is_broken(score: int, trauma: int) -> bool:
    """Broken: trauma has taken every die of the attribute."""
    return dice_available(score, trauma) == 0


def carry_capacity(strength: int) -> Decimal:
    """Lines of gear a character carries without being encumbered: Strength score x 2."""
    return Decimal(strength) * 2


def line_weight(line: Any) -> Decimal:
    """One gear line's weight in lines; tiny items weigh nothing."""
    if getattr(line, "tiny", False):
        return Decimal(0)
    return Decimal(str(getattr(line, "weight", 0) or 0))


def carried_weight(lines: Iterable[Any], weapons: Iterable[Any] = ()) -> Decimal:
    """Total weight of the gear lines (objects with ``weight`` and ``tiny``) and of the
    weapons (objects with ``weight``): the seed counts weapons in the gear weight, each
    once, by the weight on its weapon line."""
    return sum((line_weight(item) for item in (*lines, *weapons)), Decimal(0))


def weighed_twice(lines: Iterable[Any], weapons: Iterable[Any]) -> list[str]:
    """Weapons that weigh something and are also a gear line of the same name that
    weighs something: their weight counts twice (the sheet says so)."""
    listed = [line.name for line in lines if line_weight(line)]
    return [
        weapon.name
        for weapon in weapons
        if line_weight(weapon) and any(same_name(weapon.name, name) for name in listed)
    ]


def supplies_weight(counts: Mapping[str, int]) -> Decimal:
    """Lines the supplies weigh: 4 units (of grub, water, bullets and booze together) to a
    line, in exact quarters."""
    units = sum(int(counts.get(name, 0) or 0) for name in SUPPLIES)
    return Decimal(units) / UNITS_PER_LINE


def sheet_supplies(sheet: Any) -> dict[str, int]:
    return {name: getattr(sheet, name, 0) or 0 for name in SUPPLIES}


def active_conditions(sheet: Any) -> list[str]:
    """The labels of the conditions ticked on a sheet, in the paper sheet's order."""
    return [CONDITION_LABELS[name] for name in CONDITIONS if getattr(sheet, name, False)]


ROT_EATER = "Rot-Eater"


def say_attribute(attribute: str) -> Saying:
    """An attribute's name as a saying read in MYZ's context (Kyla, not Smidighet)."""
    return say_in(ATTRIBUTE_CONTEXT, ATTRIBUTE_LABELS[attribute])


NO_TRAUMA_TO_HEAL = {
    "damage": say("No damage to heal."),
    "fatigue": say("No fatigue to heal."),
    "confusion": say("No confusion to heal."),
    "doubt": say("No doubt to heal."),
}


def same_name(a: str, b: str) -> bool:
    """Names as players write them: "Rot-Eater", "rot eater" and "ROTEATER" match."""
    return "".join(filter(str.isalpha, a.lower())) == "".join(filter(str.isalpha, b.lower()))


def has_named(rows: Iterable[Any], name: str) -> bool:
    """Whether one of ``rows`` (talents, mutations: objects with ``name``) is ``name``."""
    return any(same_name(row.name, name) for row in rows)


def is_encumbered(carried: Decimal, capacity: Decimal) -> bool:
    """Encumbered when the gear weighs more than the capacity (equal is still fine)."""
    return carried > capacity


def format_lines(weight: Decimal | int) -> str:
    """A weight in lines as people write it: 7.5, 10, 0.25 (no trailing zeros)."""
    value = Decimal(weight)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


@dataclass(frozen=True)
class AttributeState:
    """An attribute as the sheet shows it: score, its trauma, the dice left."""

    name: str
    label: str
    score: int
    trauma_name: str
    trauma_label: str
    trauma: int
    available: int
    broken: bool


def attribute_state(sheet: Any, attribute: str) -> AttributeState:
    score = getattr(sheet, attribute)
    trauma_name = TRAUMA[attribute]
    trauma = getattr(sheet, trauma_name)
    return AttributeState(
        name=attribute,
        label=ATTRIBUTE_LABELS[attribute],
        score=score,
        trauma_name=trauma_name,
        trauma_label=TRAUMA_LABELS[trauma_name],
        trauma=trauma,
        available=dice_available(score, trauma),
        broken=is_broken(score, trauma),
    )


def attribute_states(sheet: Any) -> list[AttributeState]:
    return [attribute_state(sheet, attribute) for attribute in ATTRIBUTES]


def base_dice(sheet: Any, attribute: str) -> int:
    """Base dice for a roll on ``attribute`` (score - trauma)."""
    return dice_available(getattr(sheet, attribute), getattr(sheet, TRAUMA[attribute]))


def rot_total(sheet: Any) -> int:
    return getattr(sheet, "rot_temporary", 0) + getattr(sheet, "rot_permanent", 0)


def creation_warnings(
    role_slug: str,
    attributes: Mapping[str, int],
    skills: Mapping[str, int],
    specialist: int,
) -> list[str]:
    """``creation_sayings`` in English."""
    return [
        put_into_words(saying)
        for saying in creation_sayings(role_slug, attributes, skills, specialist)
    ]


def creation_sayings(
    role_slug: str,
    attributes: Mapping[str, int],
    skills: Mapping[str, int],
    specialist: int,
) -> list[Saying]:
    """What a new character breaks of the creation rules, as sayings for the player.

    ``attributes`` maps the four attributes to their scores, ``skills`` the twelve base
    skills to their levels; ``specialist`` is the specialist skill's level. An empty
    list means the character is a legal starting character.
    """
    warnings = []
    found = ROLES.get(role_slug)
    if found is None:
        warnings.append(say("Choose a role: it gives the key attribute and the specialist skill."))

    total = sum(attributes.get(name, 0) for name in ATTRIBUTES)
    if total != CREATION_ATTRIBUTE_POINTS:
        warnings.append(
            say(
                "Attributes add up to %(total)s; a new character spreads %(points)s points.",
                total=total, points=CREATION_ATTRIBUTE_POINTS,
            )
        )  # fmt: skip
    low, high = CREATION_OTHER_ATTRIBUTE
    for name in ATTRIBUTES:
        score = attributes.get(name, 0)
        label = say_attribute(name)
        if found and name == found.key_attribute:
            if not low <= score <= CREATION_KEY_ATTRIBUTE:
                warnings.append(
                    say(
                        "%(attribute)s is the %(role)s's key attribute: it starts between "
                        "%(low)s and %(high)s (now %(score)s).",
                        attribute=label, role=say(found.name), low=low,
                        high=CREATION_KEY_ATTRIBUTE, score=score,
                    )
                )  # fmt: skip
        elif not low <= score <= high:
            warnings.append(
                say(
                    "%(attribute)s starts between %(low)s and %(high)s (now %(score)s); only "
                    "the key attribute reaches %(key)s.",
                    attribute=label, low=low, high=high, score=score, key=CREATION_KEY_ATTRIBUTE,
                )
            )  # fmt: skip

    skill_total = sum(skills.get(name, 0) for name in SKILL_ATTRIBUTES) + specialist
    if skill_total != CREATION_SKILL_POINTS:
        warnings.append(
            say(
                "Skills add up to %(total)s; a new character spreads %(points)s points.",
                total=skill_total, points=CREATION_SKILL_POINTS,
            )
        )  # fmt: skip
    specialist_name = say(found.specialist) if found else say("The specialist skill")
    for name in SKILL_ATTRIBUTES:
        level = skills.get(name, 0)
        if level > CREATION_SKILL_MAX:
            warnings.append(
                say(
                    "%(skill)s is %(level)s; skills start at %(most)s at most.",
                    skill=say(SKILL_LABELS[name]), level=level, most=CREATION_SKILL_MAX,
                )
            )  # fmt: skip
    if specialist > CREATION_SKILL_MAX:
        warnings.append(
            say(
                "%(skill)s is %(level)s; skills start at %(most)s at most.",
                skill=specialist_name, level=specialist, most=CREATION_SKILL_MAX,
            )
        )  # fmt: skip
    if specialist < CREATION_SPECIALIST_MIN:
        if found:
            warnings.append(
                say(
                    "%(skill)s (the %(role)s's specialist skill) needs at least %(n)s point.",
                    skill=specialist_name, role=say(found.name), n=CREATION_SPECIALIST_MIN,
                )
            )  # fmt: skip
        else:
            warnings.append(
                say(
                    "%(skill)s needs at least %(n)s point.",
                    skill=specialist_name, n=CREATION_SPECIALIST_MIN,
                )
            )  # fmt: skip
    return warnings


def sheet_creation_warnings(sheet: Any) -> list[str]:
    """``creation_warnings`` read from a sheet-like object (English)."""
    return [put_into_words(saying) for saying in sheet_creation_sayings(sheet)]


def sheet_creation_sayings(sheet: Any) -> list[Saying]:
    """``creation_sayings`` read from a sheet-like object."""
    return creation_sayings(
        sheet.role,
        {name: getattr(sheet, name) for name in ATTRIBUTES},
        {name: getattr(sheet, name) for name in SKILL_ATTRIBUTES},
        getattr(sheet, SPECIALIST_FIELD),
    )


# --- Healing trauma (RULINGS "Healing trauma") -----------------------------------------

# What each trauma needs to heal: damage and fatigue heal 1 point per ration eaten or
# drunk during 4 hours of rest; confusion heals fully after 8 hours of sleep; doubt
# heals fully after 4 hours of rest and a heart-to-heart with another player's character.
HEALING_RATION = {"damage": "grub", "fatigue": "water"}
HEALING_RULES = {
    "damage": say("4 hours of rest and a ration of grub heal 1 damage."),
    "fatigue": say("4 hours of rest and a ration of water heal 1 fatigue."),
    "confusion": say("8 hours of sleep heal all confusion."),
    "doubt": say(
        "4 hours of rest and a heart-to-heart with another player's character heal all doubt."
    ),
}

# the time each healing stands for (RULINGS "Healing trauma"): less heals nothing
HEALING_TIME = {
    "damage": say("4 hours of rest"),
    "fatigue": say("4 hours of rest"),
    "confusion": say("8 hours of sleep"),
    "doubt": say("4 hours of rest"),
}


def too_short(trauma: str) -> Saying:
    """What a character who rested or slept less than the time is told."""
    if trauma == "confusion":
        return say("Slept less than 8 hours: nothing heals.")
    return say("Rested less than 4 hours: nothing heals.")


@dataclass(frozen=True)
class Healing:
    trauma: str  # "damage", "fatigue", "confusion", "doubt"
    before: int
    healed: int
    ration: str  # "grub", "water" or "" when the healing eats nothing
    rations_spent: int

    @property
    def after(self) -> int:
        return self.before - self.healed


class HealingError(ValueError):
    """Why a healing cannot happen: a saying (``args[0]``), read as English by ``str()``."""

    def __str__(self) -> str:
        return put_into_words(self.args[0]) if self.args else ""


def heal_trauma(trauma: str, current: int, rations: int = 0, stock: int = 0) -> Healing:
    """How much of ``trauma`` (currently ``current`` points) heals.

    Damage and fatigue: one point per ration (``rations`` asked, out of ``stock`` on the
    sheet); never more rations than points to heal. Confusion and doubt heal fully.
    Raises ValueError with a saying for the player when the healing cannot happen.
    """
    if trauma not in TRAUMA_LABELS:
        raise HealingError(f"No trauma called {trauma!r}.")
    if current <= 0:
        raise HealingError(NO_TRAUMA_TO_HEAL[trauma])
    ration = HEALING_RATION.get(trauma, "")
    if not ration:
        return Healing(trauma, current, current, "", 0)
    grub = ration == "grub"
    if stock <= 0:
        raise HealingError(
            say(
                "No grub on the sheet: 4 hours of rest and a ration of grub heal 1 damage; "
                "find a ration of grub first."
            )
            if grub
            else say(
                "No water on the sheet: 4 hours of rest and a ration of water heal 1 fatigue; "
                "find a ration of water first."
            )
        )
    if rations < 1:
        raise HealingError(
            say("Eat at least 1 ration of grub to heal damage.")
            if grub
            else say("Drink at least 1 ration of water to heal fatigue.")
        )
    if rations > stock:
        raise HealingError(
            say("Only %(stock)s rations of grub on the sheet, not %(n)s.", stock=stock, n=rations)
            if grub
            else say(
                "Only %(stock)s rations of water on the sheet, not %(n)s.", stock=stock, n=rations
            )
        )
    if rations > current:
        raise HealingError(
            say("%(n)s damage to heal: %(n)s rations of grub at most.", n=current)
            if grub
            else say("%(n)s fatigue to heal: %(n)s rations of water at most.", n=current)
        )
    return Healing(trauma, current, rations, ration, rations)
