"""`make bench` for twilight: one typical roll, and the coldest largest exact odds."""

from ...dice.core import RNG
from .odds import attack_odds, clear_caches, opposed_odds, push_odds
from .rules import SkillRoll, push, roll_attack

BENCH_AMMO_DICE = 6  # RoF 6, the seed's M249 SAW


def bench_roll(rng: RNG) -> SkillRoll:
    """A typical full attack: D12 + D10 and 6 ammo dice from a belt, pushed if possible."""
    attack = roll_attack(
        rng,
        (12, 10),
        "STR",
        ammo_dice=BENCH_AMMO_DICE,
        rate_of_fire=BENCH_AMMO_DICE,
        rounds_left=200,
    )
    return push(rng, attack) if attack.can_push else attack


def bench_largest_odds() -> None:
    """Cold exact odds of the largest configuration: two D12 and 6 ammo dice, an attack,
    a push re-rolling every die, and two D12 opposed by two D12."""
    clear_caches()
    attack_odds((12, 12), BENCH_AMMO_DICE, rate_of_fire=BENCH_AMMO_DICE, rounds_left=200)
    push_odds(
        kept_successes=0,
        kept_explosions=0,
        reroll_dice=(12, 12),
        firearm=True,
        reroll_ammo=BENCH_AMMO_DICE,
    )
    opposed_odds((12, 12), (12, 12))
