"""`make bench` for agents: one typical roll, and the coldest largest exact odds."""

from ...dice.core import RNG
from . import odds as agents_odds
from .rules import (
    WEAPONS_BY_NAME,
    Check,
    DamageRoll,
    basic_roll,
    damage_roll,
)
from .sheet import Mind

_BENCH_CHECK = Check(
    stat=7, skill="Firearms", skill_level=2, luck=6, mind=Mind(stress=1, high=2, sanity=12),
    stat_name="Agility", high_spent=1, hour=22, difficulty="Difficult", combat=True,
)  # fmt: skip


def bench_roll(rng: RNG) -> DamageRoll:
    """A typical attack: a basic roll with a High spent, then the shotgun's damage."""
    return damage_roll(rng, WEAPONS_BY_NAME["Shotgun"], basic_roll(rng, _BENCH_CHECK).outcome)


def bench_largest_odds() -> None:
    """Clears the odds caches, then computes every outcome table and the largest damage."""
    agents_odds.largest_odds()
