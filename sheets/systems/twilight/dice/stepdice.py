"""Twilight: 2000 4E step dice: levels, die sizes, modifiers that step dice, successes.

A roll's *base dice* are the attribute die and the skill die, or the attribute die alone
without a skill level. Levels A/B/C/D are a D12/D10/D8/D6. A modifier steps base dice up
or down one size per point, keeping them as balanced as possible:

- stepping up raises the lower die first; never above two D12 (further steps are lost);
- a single die (no skill level) steps up by gaining a D6 first;
- stepping down lowers the higher die first; below two D6 one die is removed;
  never below one D6 (further steps are lost).

Modifiers are cumulative: add them all (help included) and step once by the total.

Dice are written as a tuple of die sizes, largest first: ``(12, 8)`` is a D12 and a D8.
This module also holds the rest of the game's small dice arithmetic, shared by the rolls
(``twilight.rules``) and the odds (``twilight.odds``): successes per face, which faces a push
re-rolls, the ammo dice limit, hit locations and the hit and stress capacities.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ...dice.core import DiceError, require_count, require_face, require_int
from ...dice.words import say

DIE_SIZES = (6, 8, 10, 12)
LEVEL_DICE = {"A": 12, "B": 10, "C": 8, "D": 6}
MAX_HELPERS = 3
MAX_BASE_DICE = 2
LOCATIONS = {1: "legs", 2: "torso", 3: "torso", 4: "torso", 5: "arms", 6: "head"}

Level = str | int
"""A level "A".."D" (any case) or the die size it stands for (6, 8, 10, 12)."""


def die_size(level: Level, *, what: str = "level") -> int:
    """The die size of a level: "A" -> 12, "B" -> 10, "C" -> 8, "D" -> 6 (sizes pass through)."""
    if isinstance(level, str):
        size = LEVEL_DICE.get(level.strip().upper())
        if size is None:
            raise DiceError(f"{what} must be A, B, C or D, not {level!r}")
        return size
    if isinstance(level, int) and not isinstance(level, bool) and level in DIE_SIZES:
        return level
    raise DiceError(f"{what} must be a level A-D or a D6/D8/D10/D12, not {level!r}")


def check_base_dice(dice: Iterable[int]) -> tuple[int, ...]:
    """Validate base dice (one or two of D6/D8/D10/D12) and return them largest first."""
    sizes = tuple(dice)
    if not 1 <= len(sizes) <= MAX_BASE_DICE:
        raise DiceError(f"a roll has one or two base dice, not {len(sizes)}")
    for size in sizes:
        if isinstance(size, bool) or size not in DIE_SIZES:
            raise DiceError(f"base dice are D6, D8, D10 or D12, not a D{size}")
    return tuple(sorted(sizes, reverse=True))


def step_up(dice: tuple[int, ...]) -> tuple[int, ...]:
    """One step up: a lone die gains a D6, otherwise the lower die grows (two D12 stay)."""
    if len(dice) == 1:
        return (dice[0], 6)
    higher, lower = dice
    if lower == 12:
        return dice
    return check_base_dice((higher, lower + 2))


def step_down(dice: tuple[int, ...]) -> tuple[int, ...]:
    """One step down: the higher die shrinks; two D6 lose a die; one D6 stays."""
    if len(dice) == 1:
        return (max(6, dice[0] - 2),)
    higher, lower = dice
    if higher == 6:
        return (6,)
    return check_base_dice((higher - 2, lower))


def step_dice(dice: Iterable[int], modifier: int) -> tuple[int, ...]:
    """Base dice after a total modifier (+n steps up, -n steps down), largest first."""
    require_int("a modifier", modifier)
    stepped = check_base_dice(dice)
    step = step_up if modifier > 0 else step_down
    for _ in range(abs(modifier)):
        after = step(stepped)
        if after == stepped:  # two D12 or one D6: the remaining steps are lost
            break
        stepped = after
    return stepped


def base_dice(
    attribute: Level, skill: Level | None = None, *, modifier: int = 0, helpers: int = 0
) -> tuple[int, ...]:
    """The base dice to roll: attribute die + skill die (or the attribute die alone),
    stepped by ``modifier`` (the sum of every modifier) plus one step per helper (max 3).

    ``base_dice("A", "D", helpers=1)`` is Kasia helped by Diaz: (12, 8).
    """
    require_count("helpers", helpers, maximum=MAX_HELPERS)
    dice = [die_size(attribute, what="attribute level")]
    if skill is not None:
        dice.append(die_size(skill, what="skill level"))
    return step_dice(dice, modifier + helpers)


def successes_on(face: int) -> int:
    """Successes shown by one base die: 6-9 one, 10 or more two, otherwise none."""
    if face >= 10:
        return 2
    return 1 if face >= 6 else 0


def rerolled_by_push(face: int) -> bool:
    """A push re-rolls every base or ammo die showing neither a success (6+) nor a 1."""
    return 2 <= face <= 5


def ammo_dice_limit(rate_of_fire: int, rounds_left: int) -> int:
    """The most ammo dice an attack may add: the lower of RoF and the rounds left - 1."""
    require_count("rate of fire", rate_of_fire)
    require_count("rounds left", rounds_left)
    if rounds_left < 1:
        raise DiceError(say("the magazine is empty: the weapon cannot fire"))
    return min(rate_of_fire, rounds_left - 1)


def check_ammo_dice(ammo_dice: int, *, rate_of_fire: int, rounds_left: int) -> int:
    """Validate a number of ammo dice against the weapon's RoF and the rounds left."""
    limit = ammo_dice_limit(rate_of_fire, rounds_left)
    require_count("ammo dice", ammo_dice)
    if ammo_dice > limit:
        raise DiceError(
            say(
                "at most %(limit)s ammo dice with RoF %(rof)s and %(rounds)s rounds left "
                "(the lower of RoF and rounds left - 1), not %(ammo)s",
                limit=limit, rof=rate_of_fire, rounds=rounds_left, ammo=ammo_dice,
            )
        )  # fmt: skip
    return ammo_dice


def hit_location(face: int) -> str:
    """Hit location from a d6: 1 legs, 2-4 torso, 5 arms, 6 head."""
    return LOCATIONS[require_face(face, 6, "a hit location die")]


def hit_capacity(strength: Level, agility: Level) -> int:
    """Hit capacity: (STR die + AGL die) / 4, rounded up."""
    total = die_size(strength, what="STR") + die_size(agility, what="AGL")
    return math.ceil(total / 4)


def stress_capacity(intelligence: Level, empathy: Level) -> int:
    """Stress capacity: (INT die + EMP die) / 4, rounded up."""
    total = die_size(intelligence, what="INT") + die_size(empathy, what="EMP")
    return math.ceil(total / 4)
