"""Exact odds for the Agents' rolls, as fractions, cached per configuration.

    outcome_odds(modifier, difficulty) -> {Outcome: Fraction}   the six results of a basic roll
    check_odds(check) -> {Outcome: Fraction}                    the same, from a Check
    referee_dice_beaten_odds(modifier, difficulty) -> {"0", "1", "2": Fraction}
    at_least(odds, outcome) -> Fraction                         e.g. the chance of a success
    damage_odds(weapon, outcome) -> {damage dealt: Fraction}
    research_progress_odds(modifier) -> {points off the timer: Fraction}
    research_done_odds(modifier, timer) -> Fraction             done with this one roll
    interruption_odds(luck) -> Fraction                         one short-rest hour interrupted

The basic roll is enumerated exactly: the 36 pairs of player d6, and for each pair the
number of d12 faces its total beats (a referee die is beaten when total > face +
difficulty), so each referee die is beaten with probability faces/12, independently.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

import icepool

from ...dice.core import require_count, require_int
from ...dice.odds import at_least as count_at_least
from ...dice.odds import die_pmf
from .rules import (
    DAMAGE_DIE,
    DIFFICULTIES,
    MAX_WEAPON_LEVEL,
    Check,
    Outcome,
    Weapon,
    _outcome,
    check_modifiers,
    damage_from,
    difficulty_value,
    read_outcome,
)
from .sheet import stat_bonus

# Below -11 no total beats a referee die even at Trivial; above +19 every total beats both
# even at Impossible. Clamping the modifier there changes no odds and bounds the cache.
LOWEST_MODIFIER, HIGHEST_MODIFIER = -11, 19


def _modifier(modifier: int) -> int:
    return min(max(require_int("a modifier", modifier), LOWEST_MODIFIER), HIGHEST_MODIFIER)


@lru_cache(maxsize=256)  # at most 31 modifiers x 5 difficulties
def _basic_roll_table(modifier: int, difficulty: int) -> tuple[tuple, tuple]:
    outcomes = dict.fromkeys(Outcome, Fraction(0))
    beaten_odds = dict.fromkeys(("0", "1", "2"), Fraction(0))
    for first in range(1, 7):
        for second in range(1, 7):
            total = first + second + modifier
            faces = min(max(total - difficulty - 1, 0), 12)  # d12 faces this total beats
            for beaten, ways in (
                (2, faces**2),
                (1, 2 * faces * (12 - faces)),
                (0, (12 - faces) ** 2),
            ):
                chance = Fraction(ways, 36 * 144)
                outcomes[read_outcome((first, second), beaten)] += chance
                beaten_odds[str(beaten)] += chance
    return tuple(outcomes.items()), tuple(beaten_odds.items())


def outcome_odds(modifier: int, difficulty: str | int) -> dict[Outcome, Fraction]:
    """The exact chance of each of the six outcomes for a total modifier and difficulty."""
    return dict(_basic_roll_table(_modifier(modifier), difficulty_value(difficulty))[0])


def referee_dice_beaten_odds(modifier: int, difficulty: str | int) -> dict[str, Fraction]:
    """The chance of beating 0, 1 or 2 referee dice (before natural 2 and 12 are read)."""
    return dict(_basic_roll_table(_modifier(modifier), difficulty_value(difficulty))[1])


def check_odds(check: Check) -> dict[Outcome, Fraction]:
    """The odds of a Check as the roll form shows them before rolling."""
    modifier = sum(mod.amount for mod in check_modifiers(check))
    return outcome_odds(modifier, check.difficulty)


def at_least(odds: Mapping[Outcome, Fraction], outcome: Outcome | str) -> Fraction:
    """The chance of ``outcome`` or better."""
    floor = Outcome(outcome).rank
    return sum((chance for result, chance in odds.items() if result.rank >= floor), Fraction(0))


@lru_cache(maxsize=256)
def _damage_table(
    size: int, level: int, extra_dice: int, extra_die: int, outcome: Outcome
) -> tuple[tuple[int, Fraction], ...]:
    if outcome is Outcome.FAILURE:
        return ((0, Fraction(1)),)
    rolled = level @ icepool.d(size)
    if extra_dice:
        rolled = rolled + extra_dice @ icepool.d(extra_die)
    dealt = rolled.map(lambda total: damage_from(total, outcome)[0])
    return tuple(sorted(die_pmf(dealt).items()))


def damage_odds(weapon: Weapon, outcome: Outcome | str) -> dict[int, Fraction]:
    """The exact distribution of the damage a weapon deals on an outcome."""
    outcome = _outcome(outcome)
    size = DAMAGE_DIE[weapon.tag]
    return dict(_damage_table(size, weapon.level, weapon.extra_dice, weapon.extra_die, outcome))


@lru_cache(maxsize=256)
def _research_table(modifier: int) -> tuple[tuple[int, Fraction], ...]:
    progress = (2 @ icepool.d6 + modifier).map(lambda total: max(total, 0))
    return tuple(sorted(die_pmf(progress).items()))


def research_progress_odds(modifier: int) -> dict[int, Fraction]:
    """How many points one research roll takes off the timer (a total below 0 takes none)."""
    modifier = max(require_int("a modifier", modifier), -12)  # at -12 or less: always 0
    return dict(_research_table(modifier))


def research_done_odds(modifier: int, timer: int) -> Fraction:
    """The chance that one research roll brings the timer to 0."""
    timer = require_count("the research timer", timer)
    return count_at_least(research_progress_odds(modifier), timer)


def interruption_odds(luck: int) -> Fraction:
    """The chance that an hour of short rest is interrupted: 1d6 + LCK bonus <= 4."""
    bonus = stat_bonus(luck)
    return Fraction(sum(face + bonus <= 4 for face in range(1, 7)), 6)


def clear_caches() -> None:
    for cached in (_basic_roll_table, _damage_table, _research_table):
        cached.cache_clear()


def largest_odds() -> None:
    """For ``make bench``: cold caches, then every basic-roll table the rules allow (every
    modifier that changes anything, every difficulty) and the largest weapon's damage."""
    clear_caches()
    for difficulty in DIFFICULTIES:
        for modifier in range(LOWEST_MODIFIER, HIGHEST_MODIFIER + 1):
            outcome_odds(modifier, difficulty)
    biggest = Weapon("largest", "Tech", MAX_WEAPON_LEVEL, MAX_WEAPON_LEVEL, DAMAGE_DIE["Tech"])
    for outcome in Outcome:
        damage_odds(biggest, outcome)
