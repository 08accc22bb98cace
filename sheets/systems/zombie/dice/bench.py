"""`make bench` for zombie: one typical roll, and the coldest largest exact odds."""

from ...dice.core import RNG
from .rules import (
    MAX_COMPLEXITY,
    CheckOdds,
    SkillCheck,
    _check_odds,
    check_odds,
    skill_check,
)


def bench_roll(rng: RNG) -> SkillCheck:
    """A typical check: complexity 2, dark and heavy (-2), Strong +1."""
    return skill_check(rng, difficulty=-2, skill_bonus=1, complexity=2, task="bench")


def bench_largest_odds() -> list[CheckOdds]:
    """Cold odds of the largest check (3 rolls) for every modifier that can matter."""
    _check_odds.cache_clear()
    return [check_odds(modifier, MAX_COMPLEXITY) for modifier in range(-6, 7)]
