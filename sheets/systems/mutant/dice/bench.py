"""`make bench` for mutant: one typical roll, and the coldest largest exact odds."""

from ...dice.core import RNG
from . import odds as mutant_odds
from .rules import MAX_DICE, SkillRoll, push, skill_roll


def bench_roll(rng: RNG) -> SkillRoll:
    """A typical roll: 4 base, 3 skill and 2 gear dice, pushed when it can be."""
    result = skill_roll(rng, 4, 3, 2)
    return push(rng, result) if result.pushable else result


def bench_largest_odds() -> None:
    """Cold exact odds of the largest configurations: 10 base + 10 skill + 10 gear dice
    (and a push of all of them), armor 20 against 20, ten rot points against Rot
    Resistant and a rating-20 suit, 30 summed D6."""
    mutant_odds.clear_caches()
    mutant_odds.skill_odds(10, 10, 10, 0)
    mutant_odds.skill_odds(10, 0, 10, 10)
    mutant_odds.push_odds(10, 10, 10, 0)
    mutant_odds.armor_odds(20, 20)
    mutant_odds.rot_odds(10, 0, resistant=True, suit_rating=20)
    mutant_odds.d6_odds(MAX_DICE)
