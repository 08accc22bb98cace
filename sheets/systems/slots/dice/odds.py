"""Slots: exact odds of a check given the sheet, as ``fractions.Fraction``.

A check's odds enumerate every way its 1 + |net| dice can fall; the die that counts is
the player's best pick with advantage, the judge's worst with disadvantage (the same
rule as ``suggest_die``). Falls read every die, each on its own: icepool sums them.
Both are cached per (sheet, check, dice) with ``functools.lru_cache``.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from fractions import Fraction

import icepool

from ...dice.core import DiceError
from ...dice.odds import at_least_buckets, die_pmf
from .checks import Check, die_size, resolve
from .fall import Fall, read_fall_die
from .roll import JUDGE, PLAYER, edge
from .sheet import Sheet


@dataclasses.dataclass(frozen=True)
class CheckOdds:
    """Before rolling: the chance the check succeeds, of each outcome, and of each
    face being the die that counts (``slot_read``; for gear checks face 1 is no slot)."""

    check: str
    dice: int
    chooser: str | None
    success: Fraction
    outcomes: dict[str, Fraction]
    slot_read: dict[int, Fraction]


@dataclasses.dataclass(frozen=True)
class FallOdds:
    """Before a fall: the chance of no harm at all, of 0/1/2/3+ dice that hurt, of
    0/1/2/3+ open wounds (new or reopened), and of each face on any one die."""

    dice: int
    unharmed: Fraction
    hurt_dice: dict[str, Fraction]
    open_wounds: dict[str, Fraction]
    slot_read: dict[int, Fraction]


def check_odds(
    sheet: Sheet, check: Check, advantages: int = 0, disadvantages: int = 0
) -> CheckOdds:
    """Exact odds of ``check`` on ``sheet`` (advantages as for ``roll_check``)."""
    if isinstance(check, Fall):
        raise DiceError("a fall reads every die: use fall_odds")
    plus, minus = edge(check, advantages, disadvantages)
    dice, chooser, success, outcomes, slots = _check_odds(sheet, check, plus - minus)
    return CheckOdds(check.name, dice, chooser, success, dict(outcomes), dict(slots))


@functools.lru_cache(maxsize=2048)
def _check_odds(sheet: Sheet, check: Check, net: int) -> tuple:
    size = die_size(sheet, check)
    readings = {face: resolve(sheet, check, face) for face in range(1, size + 1)}
    count = 1 + abs(net)
    chooser = None if net == 0 else (PLAYER if net > 0 else JUDGE)
    # The chooser's preference over faces, ties to the lowest face (as suggest_die).
    if chooser == JUDGE:
        preference = {face: (tuple(-x for x in r.score), -face) for face, r in readings.items()}
    else:
        preference = {face: (r.score, -face) for face, r in readings.items()}
    read = Counter(
        max(faces, key=preference.__getitem__)
        for faces in itertools.product(readings, repeat=count)
    )
    total = size**count
    slots = {face: Fraction(read[face], total) for face in readings}
    outcomes: dict[str, Fraction] = {}
    for face, chance in slots.items():
        outcome = readings[face].outcome
        outcomes[outcome] = outcomes.get(outcome, Fraction(0)) + chance
    success = sum((slots[face] for face, r in readings.items() if r.success), Fraction(0))
    return count, chooser, success, tuple(outcomes.items()), tuple(slots.items())


def fall_odds(sheet: Sheet, dice: int) -> FallOdds:
    """Exact odds of a fall of ``dice`` gear dice on ``sheet``."""
    Fall(dice)
    cached = _fall_odds(sheet, dice)
    return dataclasses.replace(
        cached,
        hurt_dice=dict(cached.hurt_dice),
        open_wounds=dict(cached.open_wounds),
        slot_read=dict(cached.slot_read),
    )


@functools.lru_cache(maxsize=512)
def _fall_odds(sheet: Sheet, dice: int) -> FallOdds:
    size = sheet.layout.gear_die
    readings = [read_fall_die(sheet, face) for face in range(1, size + 1)]
    hurts = icepool.Die([int(not r.success) for r in readings])
    opens = icepool.Die([int(_opens(r.effects)) for r in readings])
    hurt_dice = die_pmf(dice @ hurts)
    return FallOdds(
        dice,
        hurt_dice.get(0, Fraction(0)),
        at_least_buckets(hurt_dice),
        at_least_buckets(die_pmf(dice @ opens)),
        {r.face: Fraction(1, size) for r in readings},
    )


def _opens(effects: tuple) -> bool:
    return any(e.target.startswith(("open wound", "reopen wound")) for e in effects)


def clear_caches() -> None:
    """Forget every cached reading and odds (the bench times a cold computation)."""
    for cached in (resolve, read_fall_die, _check_odds, _fall_odds):
        cached.cache_clear()
