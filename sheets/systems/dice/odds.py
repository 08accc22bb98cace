"""Exact odds helpers shared by the systems' dice modules.

Probabilities are ``fractions.Fraction`` so they are exact; templates show them
as percentages. Each system caches its own odds per dice configuration with
``functools.lru_cache`` on a function of hashable arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import icepool


def die_pmf(die: icepool.Die) -> dict[int, Fraction]:
    """An icepool die as {outcome: exact probability}."""
    denominator = die.denominator()
    return {outcome: Fraction(quantity, denominator) for outcome, quantity in die.items()}


def at_least(pmf: Mapping[int, Fraction], count: int) -> Fraction:
    """The chance of at least ``count`` in a distribution of counts."""
    return sum((p for outcome, p in pmf.items() if outcome >= count), Fraction(0))


def at_least_buckets(pmf: Mapping[int, Fraction], top: int = 3) -> dict[str, Fraction]:
    """Fold a distribution of counts into "0", "1", ..., "<top>+" buckets."""
    buckets = {str(n): Fraction(0) for n in range(top)}
    buckets[f"{top}+"] = Fraction(0)
    for count, probability in pmf.items():
        key = f"{top}+" if count >= top else str(max(count, 0))
        buckets[key] += probability
    return buckets


def percent(probability: Fraction) -> str:
    """A probability as a percentage for people: "42.1%", "<0.1%", "100%"."""
    if probability == 0:
        return "0%"
    if probability == 1:
        return "100%"
    value = float(probability) * 100
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    return f"{value:.1f}%"


def opposed_chances(
    active: Mapping[int, Fraction], opponent: Mapping[int, Fraction]
) -> tuple[Fraction, Fraction]:
    """(win, tie) of an opposed roll read as "each of the opponent's successes cancels one
    of yours; you win with more": two independent distributions of successes."""
    win = tie = Fraction(0)
    for mine, p in active.items():
        for theirs, q in opponent.items():
            if mine > theirs:
                win += p * q
            elif mine == theirs:
                tie += p * q
    return win, tie
