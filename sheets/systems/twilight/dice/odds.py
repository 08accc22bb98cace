"""Exact odds for Twilight: 2000 4E rolls, as ``fractions.Fraction``, computed with icepool.

Each public function validates its configuration, puts it in a canonical form (base dice
largest first) and calls a ``functools.lru_cache``-d computation keyed by hashable
values. The cached computations return tuples (immutable, safe to share); the public
functions build fresh result dataclasses with plain dicts around them every call.

- ``skill_odds(base_dice)``: successes 0/1/2/3+, P(success).
- ``attack_odds(base_dice, ammo_dice, rate_of_fire=, rounds_left=)``: the above plus
  P(hit), ammo 6s, P(hit with an ammo 6), P(miss that can still suppress), ammo spent.
- ``push_odds_for(roll)`` / ``push_odds(...)``: a push given the dice kept and the dice
  re-rolled: successes after the push, P(success), P(at least one more success),
  base-die 1s (damage, stress or reliability), and for a firearm the 1s on base + ammo
  dice (reliability lost), P(jam) and the ammo 6s.
- ``opposed_odds(active_dice, opponent_dice)``: P(win), P(tie), successes left after
  the opponent's cancel yours.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from fractions import Fraction

import icepool

from ...dice.core import DiceError, require_count
from ...dice.odds import at_least, at_least_buckets, die_pmf
from .stepdice import (
    check_ammo_dice,
    check_base_dice,
    rerolled_by_push,
    successes_on,
)

Distribution = tuple[tuple[int, Fraction], ...]
"""A cached distribution: ((count, probability), ...) in ascending count order."""

_NOTHING = icepool.Vector((0, 0))
_NONE: Distribution = ((0, Fraction(1)),)


def _base_die(size: int) -> icepool.Die:
    """One base die as (successes, 1s)."""
    return icepool.d(size).map(lambda face: icepool.Vector((successes_on(face), int(face == 1))))


def _ammo_die() -> icepool.Die:
    """One ammo die as (6s, 1s)."""
    return icepool.d6.map(lambda face: icepool.Vector((int(face == 6), int(face == 1))))


def _sum(dice: list[icepool.Die]) -> icepool.Die:
    return functools.reduce(operator.add, dice, icepool.Die([_NOTHING]))


def _joint(pool: icepool.Die) -> dict[tuple[int, int], Fraction]:
    return {tuple(outcome): probability for outcome, probability in die_pmf(pool).items()}


def _marginal(joint: dict[tuple[int, int], Fraction], index: int) -> dict[int, Fraction]:
    marginal: dict[int, Fraction] = {}
    for outcome, probability in joint.items():
        marginal[outcome[index]] = marginal.get(outcome[index], Fraction(0)) + probability
    return marginal


def _shift(distribution: dict[int, Fraction], by: int) -> Distribution:
    return tuple(sorted((count + by, p) for count, p in distribution.items()))


def _convolve(first: Distribution, second: Distribution) -> Distribution:
    total: dict[int, Fraction] = {}
    for a, p in first:
        for b, q in second:
            total[a + b] = total.get(a + b, Fraction(0)) + p * q
    return tuple(sorted(total.items()))


def _at_least(distribution: Distribution, count: int) -> Fraction:
    return at_least(dict(distribution), count)


@functools.lru_cache(maxsize=256)
def _base_outcomes(sizes: tuple[int, ...]) -> tuple[Distribution, Distribution]:
    """(successes, 1s) distributions of base dice of these sizes (possibly none)."""
    joint = _joint(_sum([_base_die(size) for size in sizes]))
    return _shift(_marginal(joint, 0), 0), _shift(_marginal(joint, 1), 0)


@functools.lru_cache(maxsize=256)
def _ammo_outcomes(count: int) -> tuple[Distribution, Distribution]:
    """(6s, 1s) distributions of ``count`` ammo dice."""
    joint = _joint(_sum([_ammo_die()] * count))
    return _shift(_marginal(joint, 0), 0), _shift(_marginal(joint, 1), 0)


@functools.lru_cache(maxsize=256)
def _rounds_taken(count: int, rounds_left: int) -> Distribution:
    """Rounds taken from the magazine: the ammo spent (sum of the ammo dice + 1), at
    most the rounds left."""
    spent = die_pmf(count @ icepool.d6 + 1) if count else {1: Fraction(1)}
    capped: dict[int, Fraction] = {}
    for rounds, probability in spent.items():
        key = min(rounds, rounds_left)
        capped[key] = capped.get(key, Fraction(0)) + probability
    return tuple(sorted(capped.items()))


def clear_caches() -> None:
    """Forget every cached odds computation (the bench times a cold computation)."""
    for cached in (_base_outcomes, _ammo_outcomes, _rounds_taken):
        cached.cache_clear()


@dataclasses.dataclass(frozen=True)
class SkillOdds:
    """Odds of a skill roll with these base dice."""

    base_dice: tuple[int, ...]
    successes: dict[str, Fraction]  # "0", "1", "2", "3+"
    distribution: dict[int, Fraction]  # every possible number of successes (0..4)
    success: Fraction  # at least one success


@dataclasses.dataclass(frozen=True)
class AttackOdds:
    """Odds of an attack with base dice and ammo dice (only the base dice hit)."""

    base_dice: tuple[int, ...]
    ammo_dice: int
    rounds_left: int
    successes: dict[str, Fraction]
    hit: Fraction
    ammo_sixes: dict[str, Fraction]  # 6s on the ammo dice, hit or miss
    hit_with_ammo_six: Fraction  # a hit with at least one 6 to spend on damage/extra hits
    suppression_only: Fraction  # a miss with at least one ammo 6: can still suppress
    rounds_taken: dict[int, Fraction]  # from the magazine (the ammo spent, at most what it holds)
    magazine_emptied: Fraction


@dataclasses.dataclass(frozen=True)
class PushOdds:
    """Odds of pushing a roll, given the dice it keeps and the dice it re-rolls."""

    successes: dict[str, Fraction]  # after the push, kept successes included
    success: Fraction  # at least one success after the push
    more_successes: Fraction  # the push adds at least one success
    explosions: dict[str, Fraction]  # 1s on base dice after the push (kept ones included)
    firearm: bool
    weapon_explosions: dict[str, Fraction]  # firearm: 1s on base + ammo dice = reliability lost
    jam: Fraction  # firearm: two or more 1s after the push
    ammo_sixes: dict[str, Fraction]  # firearm: 6s on ammo dice after the push


@dataclasses.dataclass(frozen=True)
class OpposedOdds:
    """Odds of an opposed roll: you win with more successes than the opponent."""

    active_dice: tuple[int, ...]
    opponent_dice: tuple[int, ...]
    win: Fraction
    tie: Fraction  # a tie is not a win
    net_successes: dict[str, Fraction]  # your successes left after cancelling; "0" = no win


def _buckets(distribution: Distribution) -> dict[str, Fraction]:
    return at_least_buckets(dict(distribution))


def skill_odds(base_dice: tuple[int, ...]) -> SkillOdds:
    """Exact odds of a skill roll with these base dice (die sizes)."""
    sizes = check_base_dice(base_dice)
    successes, _ = _base_outcomes(sizes)
    return SkillOdds(
        base_dice=sizes,
        successes=_buckets(successes),
        distribution=dict(successes),
        success=_at_least(successes, 1),
    )


def attack_odds(
    base_dice: tuple[int, ...], ammo_dice: int, *, rate_of_fire: int, rounds_left: int
) -> AttackOdds:
    """Exact odds of an attack: base dice (die sizes), ammo dice (0..min(RoF, rounds
    left - 1)) and the rounds in the magazine (for the ammo spent)."""
    sizes = check_base_dice(base_dice)
    check_ammo_dice(ammo_dice, rate_of_fire=rate_of_fire, rounds_left=rounds_left)
    successes, _ = _base_outcomes(sizes)
    sixes, _ = _ammo_outcomes(ammo_dice)
    spent = _rounds_taken(ammo_dice, rounds_left)
    hit = _at_least(successes, 1)
    any_six = _at_least(sixes, 1)
    return AttackOdds(
        base_dice=sizes,
        ammo_dice=ammo_dice,
        rounds_left=rounds_left,
        successes=_buckets(successes),
        hit=hit,
        ammo_sixes=_buckets(sixes),
        hit_with_ammo_six=hit * any_six,
        suppression_only=(1 - hit) * any_six,
        rounds_taken=dict(spent),
        magazine_emptied=_at_least(spent, rounds_left),
    )


def push_odds(
    *,
    kept_successes: int,
    kept_explosions: int,
    reroll_dice: tuple[int, ...],
    firearm: bool = False,
    kept_ammo_sixes: int = 0,
    kept_ammo_explosions: int = 0,
    reroll_ammo: int = 0,
) -> PushOdds:
    """Exact odds of a push: base dice already kept (their successes and 1s), the base
    dice to re-roll (sizes), and for a firearm the ammo dice kept (6s, 1s) and re-rolled.

    ``twilight.push_odds_for(roll)`` reads these numbers from a roll.
    """
    for name, count in (
        ("kept successes", kept_successes),
        ("kept 1s", kept_explosions),
        ("kept ammo 6s", kept_ammo_sixes),
        ("kept ammo 1s", kept_ammo_explosions),
        ("re-rolled ammo dice", reroll_ammo),
    ):
        require_count(name, count)
    sizes = check_base_dice(reroll_dice) if reroll_dice else ()
    if not firearm and (kept_ammo_sixes or kept_ammo_explosions or reroll_ammo):
        raise DiceError("only a firearm attack has ammo dice")
    if not sizes and not reroll_ammo:
        raise DiceError("a push needs at least one die to re-roll")
    new_successes, new_ones = _base_outcomes(sizes)
    new_sixes, new_ammo_ones = _ammo_outcomes(reroll_ammo)
    successes = _shift(dict(new_successes), kept_successes)
    ones = _shift(dict(new_ones), kept_explosions)
    weapon_ones = _convolve(ones, _shift(dict(new_ammo_ones), kept_ammo_explosions))
    return PushOdds(
        successes=_buckets(successes),
        success=_at_least(successes, 1),
        more_successes=_at_least(new_successes, 1),
        explosions=_buckets(ones),
        firearm=firearm,
        weapon_explosions=_buckets(weapon_ones if firearm else _NONE),
        jam=_at_least(weapon_ones, 2) if firearm else Fraction(0),
        ammo_sixes=_buckets(_shift(dict(new_sixes), kept_ammo_sixes) if firearm else _NONE),
    )


def push_odds_for(rolled) -> PushOdds:
    """Exact odds of pushing ``rolled`` (a ``twilight.rules.SkillRoll``), given the dice it
    keeps and those it re-rolls."""
    if not rolled.can_push:
        raise DiceError("this roll cannot be pushed")
    kept = [die.face for die in rolled.base_dice if not rerolled_by_push(die.face)]
    kept_ammo = [die.face for die in rolled.ammo_dice if not rerolled_by_push(die.face)]
    return push_odds(
        kept_successes=sum(successes_on(face) for face in kept),
        kept_explosions=kept.count(1),
        reroll_dice=tuple(die.size for die in rolled.base_dice if rerolled_by_push(die.face)),
        firearm=rolled.firearm is not None,
        kept_ammo_sixes=kept_ammo.count(6),
        kept_ammo_explosions=kept_ammo.count(1),
        reroll_ammo=len(rolled.ammo_dice) - len(kept_ammo),
    )


def opposed_odds(active_dice: tuple[int, ...], opponent_dice: tuple[int, ...]) -> OpposedOdds:
    """Exact odds of an opposed roll: each opponent success cancels one of yours."""
    active = check_base_dice(active_dice)
    opponent = check_base_dice(opponent_dice)
    mine, _ = _base_outcomes(active)
    theirs, _ = _base_outcomes(opponent)
    net: dict[int, Fraction] = {}
    tie = Fraction(0)
    for a, p in mine:
        for b, q in theirs:
            net[max(0, a - b)] = net.get(max(0, a - b), Fraction(0)) + p * q
            if a == b:
                tie += p * q
    return OpposedOdds(
        active_dice=active,
        opponent_dice=opponent,
        win=1 - net.get(0, Fraction(0)),
        tie=tie,
        net_successes=at_least_buckets(net),
    )
