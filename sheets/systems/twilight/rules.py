"""Twilight: 2000 4E derived values, in the game's own words. Pure Python: no Django.

Everything here reads plain values or any object with the sheet's field names, so the
sheet page, the GM dashboard and the rolls share one definition of "base dice",
"hit capacity", "broken" and "over capacity". The dice arithmetic itself (levels, steps,
capacities) lives in ``sheets.systems.twilight.dice.stepdice``; this module names things.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sheets.systems.dice.words import Saying, say
from sheets.systems.dice.words import marked as _
from sheets.systems.twilight.dice import stepdice

LEVELS = ("A", "B", "C", "D")
ATTRIBUTES = ("strength", "agility", "intelligence", "empathy")
ATTRIBUTE_SHORT = {"strength": "STR", "agility": "AGL", "intelligence": "INT", "empathy": "EMP"}
ATTRIBUTE_LABELS = {
    "strength": _("Strength"),
    "agility": _("Agility"),
    "intelligence": _("Intelligence"),
    "empathy": _("Empathy"),
}

# The seed's skill-attribute pairing table, in the paper sheet's order.
SKILL_ATTRIBUTES = {
    "close_combat": "strength",
    "heavy_weapons": "strength",
    "stamina": "strength",
    "driving": "agility",
    "mobility": "agility",
    "ranged_combat": "agility",
    "recon": "intelligence",
    "survival": "intelligence",
    "tech": "intelligence",
    "command": "empathy",
    "medical_aid": "empathy",
    "persuasion": "empathy",
}
SKILLS = tuple(SKILL_ATTRIBUTES)
SKILL_LABELS = {
    "close_combat": _("Close Combat"),
    "heavy_weapons": _("Heavy Weapons"),
    "stamina": _("Stamina"),
    "driving": _("Driving"),
    "mobility": _("Mobility"),
    "ranged_combat": _("Ranged Combat"),
    "recon": _("Recon"),
    "survival": _("Survival"),
    "tech": _("Tech"),
    "command": _("Command"),
    "medical_aid": _("Medical Aid"),
    "persuasion": _("Persuasion"),
}
WEAPON_SKILLS = ("ranged_combat", "heavy_weapons", "close_combat")
LOCATIONS = ("legs", "torso", "arms", "head")
LOCATION_LABELS = {"legs": _("Legs"), "torso": _("Torso"), "arms": _("Arms"), "head": _("Head")}

# Hit and stress capacity are at most (12 + 12) / 4 = 6: damage and stress never pass it.
MAX_CAPACITY = 6
# The paper sheet has ten boxes for rad points, temporary and permanent together.
RAD_BOXES = 10
# Core rules (not in the seed): every new rad point calls for a STAMINA roll against
# radiation sickness with a modifier of +4 minus the total rad points.
RAD_SICKNESS_BASE = 4
# Core rules (not in the seed): a magazine weighs 1/4 encumbrance unit, a belt 1 (the
# seed says so); the carrying capacity is read as the STR die size in units (D12 = 12).
MAGAZINE_WEIGHT = {"magazine": Decimal("0.25"), "belt": Decimal("1")}


def die(level: str) -> int:
    """The die a level stands for: A -> 12 ... D -> 6."""
    return stepdice.die_size(level)


def die_label(level: str) -> str:
    return f"D{die(level)}" if level else "-"


def skill_attribute(skill: str) -> str:
    return SKILL_ATTRIBUTES[skill]


def base_dice(sheet, skill: str | None) -> tuple[int, ...]:
    """The base dice of a roll before modifiers: attribute die + skill die (the
    attribute die alone without a skill level)."""
    if skill is None:
        raise ValueError("a roll needs a skill")
    attribute = getattr(sheet, SKILL_ATTRIBUTES[skill])
    level = getattr(sheet, skill) or None
    return stepdice.base_dice(attribute, level)


def dice_text(sizes: Iterable[int]) -> str:
    """ "D10 + D8"."""
    return " + ".join(f"D{size}" for size in sizes)


def hit_capacity(sheet) -> int:
    return stepdice.hit_capacity(sheet.strength, sheet.agility)


def stress_capacity(sheet) -> int:
    return stepdice.stress_capacity(sheet.intelligence, sheet.empathy)


@dataclass(frozen=True)
class Condition:
    damage: int
    hit_capacity: int
    stress: int
    stress_capacity: int

    @property
    def incapacitated(self) -> bool:
        """Damage at the hit capacity: broken by damage (core rules: a critical injury)."""
        return self.damage >= self.hit_capacity

    @property
    def broken_by_stress(self) -> bool:
        return self.stress >= self.stress_capacity

    @property
    def broken(self) -> bool:
        return self.incapacitated or self.broken_by_stress

    @property
    def labels(self) -> list[str]:
        states = []
        if self.incapacitated:
            states.append(_("Incapacitated"))
        if self.broken_by_stress:
            states.append(_("Broken by stress"))
        return states


def condition(sheet) -> Condition:
    return Condition(sheet.damage, hit_capacity(sheet), sheet.stress, stress_capacity(sheet))


def rad_total(sheet) -> int:
    return sheet.radiation + sheet.radiation_permanent


def rad_effects(sheet) -> list[Saying]:
    """What the rad points mean at the table (core rules, see RAD_SICKNESS_BASE), as
    sayings (``sheets.systems.dice.words``): the page puts them into the reader's words."""
    total = rad_total(sheet)
    if not total:
        return [say("No rad points.")]
    modifier = RAD_SICKNESS_BASE - total
    lines = [
        say(
            "Each new rad point: STAMINA roll against radiation sickness at %(modifier)s.",
            modifier=f"{modifier:+d}",
        ),
    ]
    if total >= RAD_BOXES:
        lines.append(say("All ten boxes filled: lethal dose."))
    return lines


def carry_capacity(sheet) -> int:
    return die(sheet.strength)


def carried_weight(gear=(), weapons=(), magazines=()) -> Decimal:
    total = sum((Decimal(item.weight) for item in gear), Decimal(0))
    total += sum((Decimal(weapon.weight) for weapon in weapons), Decimal(0))
    total += sum((MAGAZINE_WEIGHT[spare.kind] for spare in magazines), Decimal(0))
    return total


def format_units(value) -> str:
    value = Decimal(value).normalize()
    text = format(value, "f")
    return text


def armor_by_location(armor_rows) -> dict[str, int]:
    """The best armor rating worn on each hit location (core rules: layers do not add)."""
    best = dict.fromkeys(LOCATIONS, 0)
    for armor in armor_rows:
        for location in LOCATIONS:
            if getattr(armor, f"covers_{location}"):
                best[location] = max(best[location], armor.rating)
    return best


def capacity_boxes(filled: int, capacity: int) -> list[str]:
    """Boxes up to the capacity: "filled" or ""."""
    return ["filled" if n < filled else "" for n in range(capacity)]
