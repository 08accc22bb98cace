"""Exact odds of Zombiepocalypse checks: values by hand and a 100,000-roll simulation."""

import random
from fractions import Fraction

import pytest

from sheets.systems.dice.core import DiceError
from sheets.systems.zombie.dice import bench as zombie_bench
from sheets.systems.zombie.dice import rules as zombie
from sheets.systems.zombie.dice.rules import (
    check_odds,
    difficulty,
    odds,
    player_check,
    roll_check,
    zombie_check,
)
from tests.dice.agreement import all_agree

SIMULATED_CHECKS = 100_000


def test_one_unmodified_d6_succeeds_on_four_five_or_six_half_the_time():
    assert odds(player_check()).per_roll == Fraction(1, 2)
    assert odds(player_check()).success == Fraction(1, 2)


@pytest.mark.parametrize(
    ("modifier", "expected"),
    [(-3, 0), (-2, Fraction(1, 6)), (-1, Fraction(1, 3)), (1, Fraction(2, 3)), (3, 1)],
)
def test_each_point_of_modifier_moves_one_face_in_or_out_of_success(modifier, expected):
    assert check_odds(modifier).per_roll == expected


def test_a_skill_bonus_beyond_the_difficulty_cap_still_counts():
    setup = player_check(difficulty=3, skill_bonus=1)
    assert setup.modifier == 4
    assert odds(setup).per_roll == 1
    assert odds(player_check(difficulty=-3, skill_bonus=2)).per_roll == Fraction(1, 3)


def test_a_complex_check_needs_every_roll_so_its_odds_multiply():
    assert check_odds(0, 2).success == Fraction(1, 4)
    assert check_odds(0, 3).success == Fraction(1, 8)
    assert check_odds(-1, 2).success == Fraction(1, 9)


def test_how_many_rolls_of_a_complex_check_succeed_is_binomial():
    assert check_odds(0, 3).successes == (
        Fraction(1, 8),
        Fraction(3, 8),
        Fraction(3, 8),
        Fraction(1, 8),
    )
    two_hard_rolls = check_odds(-1, 2)
    assert two_hard_rolls.successes == (Fraction(4, 9), Fraction(4, 9), Fraction(1, 9))
    assert two_hard_rolls.partial == Fraction(4, 9)
    assert two_hard_rolls.failure == Fraction(8, 9)


def test_zombie_odds_follow_their_target_numbers():
    assert odds(zombie_check("agility")).per_roll == Fraction(1, 6)
    assert odds(zombie_check("strength")).per_roll == Fraction(1, 3)
    assert odds(zombie_check("endurance", complexity=2)).success == Fraction(1, 9)
    assert odds(zombie_check("cunning", target_number=5)).per_roll == Fraction(1, 3)


def test_a_zombie_in_the_dark_never_perceives_but_notices_a_moaning_friend_in_the_light():
    in_the_dark = zombie_check("perception", difficulty=difficulty({"environment": [-1]}))
    assert odds(in_the_dark).success == 0
    bright_and_noisy = difficulty({"environment": [+1], "target": [+1]})
    assert odds(zombie_check("perception", difficulty=bright_and_noisy)).success == Fraction(1, 2)


def test_odds_are_cached_per_configuration():
    zombie._check_odds.cache_clear()
    first = odds(player_check(difficulty=-1, complexity=2))
    again = check_odds(-1, 2)
    assert again is first
    assert zombie._check_odds.cache_info().hits == 1


def test_odds_refuse_an_impossible_configuration():
    with pytest.raises(DiceError, match="complexity"):
        check_odds(0, 4)
    with pytest.raises(DiceError, match="2 to 6"):
        check_odds(0, 1, 7)
    with pytest.raises(DiceError, match="whole number"):
        check_odds(True)


def test_the_largest_configuration_for_the_bench_has_all_three_rolls():
    largest = zombie_bench.bench_largest_odds()
    assert {o.complexity for o in largest} == {3}
    assert (largest[0].success, largest[-1].success) == (0, 1)


# --- Simulation --------------------------------------------------------------------------


def agrees(observed: dict[int, int], expected: tuple[Fraction, ...], n: int) -> bool:
    return all_agree(observed, dict(enumerate(expected)), n)


def simulate(setup, seed: int) -> dict[int, int]:
    rng = random.Random(seed)
    tally: dict[int, int] = {}
    for _ in range(SIMULATED_CHECKS):
        successes = roll_check(rng, setup).successes
        tally[successes] = tally.get(successes, 0) + 1
    return tally


def test_a_hundred_thousand_complex_checks_match_the_exact_odds_and_not_a_neighbours():
    setup = player_check(difficulty=-2, skill_bonus=1, complexity=2)
    tally = simulate(setup, seed=6)
    exact = odds(setup).successes
    assert agrees(tally, exact, SIMULATED_CHECKS)
    assert not agrees(tally, check_odds(0, 2).successes, SIMULATED_CHECKS)
    assert not agrees(tally, check_odds(-2, 2).successes, SIMULATED_CHECKS)


def test_a_hundred_thousand_zombie_checks_match_the_exact_odds_and_not_a_neighbours():
    setup = zombie_check("strength", difficulty=-1)
    tally = simulate(setup, seed=66)
    assert odds(setup).per_roll == Fraction(1, 6)
    assert agrees(tally, odds(setup).successes, SIMULATED_CHECKS)
    assert not agrees(tally, odds(zombie_check("strength")).successes, SIMULATED_CHECKS)
    assert not agrees(tally, check_odds(-2, 1, 5).successes, SIMULATED_CHECKS)
