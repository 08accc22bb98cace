"""Exact odds for Twilight: 2000 4E: values worked out by hand, a brute-force count of
every face combination, and 100,000-roll simulations that a neighbouring configuration
would fail."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from sheets.systems.dice.core import DiceError, ScriptedRNG
from sheets.systems.twilight.dice.bench import bench_largest_odds, bench_roll
from sheets.systems.twilight.dice.odds import (
    _base_outcomes,
    attack_odds,
    opposed_odds,
    push_odds,
    push_odds_for,
    skill_odds,
)
from sheets.systems.twilight.dice.rules import push, roll_attack, roll_skill
from sheets.systems.twilight.dice.stepdice import successes_on
from tests.dice.agreement import all_agree

ROLLS = 100_000


def bucket(count: int) -> str:
    return "3+" if count >= 3 else str(count)


def agrees(observed: Counter, expected: dict) -> bool:
    """Every observed frequency lies within 4.5 standard errors of its exact odds."""
    return all_agree(observed, expected, ROLLS)


def exactly(outcomes: Counter) -> dict:
    """Frequencies of an exhaustive count as exact fractions."""
    total = sum(outcomes.values())
    return {key: Fraction(count, total) for key, count in outcomes.items()}


# -- values worked out by hand ----------------------------------------------------------


def test_one_d6_succeeds_one_time_in_six():
    assert skill_odds((6,)).success == Fraction(1, 6)


def test_a_d10_succeeds_half_the_time_and_shows_two_successes_one_time_in_ten():
    odds = skill_odds((10,))
    assert odds.success == Fraction(1, 2)
    assert odds.distribution == {0: Fraction(1, 2), 1: Fraction(2, 5), 2: Fraction(1, 10)}


def test_a_d12_and_a_d8_both_fail_25_times_in_96():
    odds = skill_odds((8, 12))
    assert odds.base_dice == (12, 8)
    assert odds.successes["0"] == Fraction(5, 12) * Fraction(5, 8) == Fraction(25, 96)


def test_two_d12_make_four_successes_one_time_in_sixteen():
    assert skill_odds((12, 12)).distribution[4] == Fraction(1, 16)


def test_three_ammo_dice_show_no_six_125_times_in_216():
    odds = attack_odds((8,), 3, rate_of_fire=3, rounds_left=30)
    assert odds.ammo_sixes["0"] == Fraction(125, 216)
    assert odds.hit == Fraction(3, 8)
    assert odds.suppression_only == Fraction(5, 8) * Fraction(91, 216)


def test_one_ammo_die_with_four_rounds_left_empties_the_magazine_on_three_or_more():
    odds = attack_odds((8,), 1, rate_of_fire=3, rounds_left=4)
    assert odds.magazine_emptied == Fraction(2, 3)
    assert odds.rounds_taken == {2: Fraction(1, 6), 3: Fraction(1, 6), 4: Fraction(2, 3)}


def test_an_attack_without_ammo_dice_spends_one_round_for_sure():
    assert attack_odds((8,), 0, rate_of_fire=3, rounds_left=30).rounds_taken == {1: Fraction(1)}


def test_ronsons_stamina_push_gains_a_success_71_times_in_96_and_hurts_19_times_in_96():
    first = roll_skill(ScriptedRNG([4, 3]), (12, 8), "STR")
    odds = push_odds_for(first)
    assert odds.more_successes == 1 - Fraction(5, 12) * Fraction(5, 8) == Fraction(71, 96)
    assert 1 - odds.explosions["0"] == 1 - Fraction(11, 12) * Fraction(7, 8) == Fraction(19, 96)
    assert odds.jam == 0


def test_a_push_rerolling_two_ammo_dice_jams_only_if_both_come_up_one():
    first = roll_attack(
        ScriptedRNG([7, 3, 4]), (8,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=9
    )
    odds = push_odds_for(first)
    assert odds.successes["1"] == 1  # the kept success on the D8
    assert odds.jam == Fraction(1, 36)


def test_a_kept_one_makes_a_jam_far_likelier():
    kept_one = push_odds(
        kept_successes=1, kept_explosions=1, reroll_dice=(), firearm=True, reroll_ammo=2
    )
    assert kept_one.jam == 1 - Fraction(25, 36)


def test_a_d6_against_a_d6_wins_5_times_in_36_and_ties_26_times():
    odds = opposed_odds((6,), (6,))
    assert odds.win == Fraction(5, 36)
    assert odds.tie == Fraction(26, 36)
    assert odds.net_successes["0"] == 1 - Fraction(5, 36)


# -- exhaustive counts ------------------------------------------------------------------


@pytest.mark.parametrize(("active", "opponent"), [((10, 8), (8, 6)), ((12,), (12, 6))])
def test_opposed_odds_match_a_count_of_every_face_combination(active, opponent):
    wins, ties = Counter(), Counter()
    for faces in itertools.product(*(range(1, size + 1) for size in active + opponent)):
        mine = sum(successes_on(face) for face in faces[: len(active)])
        theirs = sum(successes_on(face) for face in faces[len(active) :])
        wins[mine > theirs] += 1
        ties[mine == theirs] += 1
    odds = opposed_odds(active, opponent)
    assert odds.win == exactly(wins)[True]
    assert odds.tie == exactly(ties)[True]


def test_push_odds_match_a_count_of_every_face_combination():
    # Both base dice re-rolled; an ammo 6 and an ammo 1 kept, two ammo dice re-rolled.
    successes, ones, jams, sixes = Counter(), Counter(), Counter(), Counter()
    for d10, d8, *ammo in itertools.product(range(1, 11), range(1, 9), range(1, 7), range(1, 7)):
        successes[bucket(successes_on(d10) + successes_on(d8))] += 1
        explosions = (d10 == 1) + (d8 == 1)
        ones[bucket(explosions)] += 1
        jams[explosions + 1 + ammo.count(1) >= 2] += 1
        sixes[bucket(1 + ammo.count(6))] += 1
    odds = push_odds(
        kept_successes=0,
        kept_explosions=0,
        reroll_dice=(8, 10),
        firearm=True,
        kept_ammo_sixes=1,
        kept_ammo_explosions=1,
        reroll_ammo=2,
    )
    assert {k: v for k, v in odds.successes.items() if v} == exactly(successes)
    assert {k: v for k, v in odds.explosions.items() if v} == exactly(ones)
    assert {k: v for k, v in odds.ammo_sixes.items() if v} == exactly(sixes)
    assert odds.jam == exactly(jams)[True]


def test_every_distribution_sums_to_one():
    attack = attack_odds((12, 12), 6, rate_of_fire=6, rounds_left=20)
    pushed = push_odds(
        kept_successes=0, kept_explosions=0, reroll_dice=(12, 12), firearm=True, reroll_ammo=6
    )
    for distribution in (
        skill_odds((12, 10)).successes,
        skill_odds((12, 10)).distribution,
        attack.successes,
        attack.ammo_sixes,
        attack.rounds_taken,
        pushed.successes,
        pushed.explosions,
        pushed.weapon_explosions,
        pushed.ammo_sixes,
        opposed_odds((12, 12), (10, 6)).net_successes,
    ):
        assert sum(distribution.values()) == 1


# -- simulations ------------------------------------------------------------------------


def test_skill_odds_agree_with_100000_rolls_and_a_neighbouring_configuration_does_not():
    rng = random.Random(2000)
    observed = Counter(bucket(roll_skill(rng, (12, 8), "AGL").successes) for _ in range(ROLLS))
    assert agrees(observed, skill_odds((12, 8)).successes)
    assert not agrees(observed, skill_odds((12, 10)).successes)
    assert not agrees(observed, skill_odds((10, 8)).successes)


def test_attack_odds_agree_with_100000_attacks_and_one_ammo_die_fewer_does_not():
    rng = random.Random(4)
    hits, sixes, suppressed, emptied = Counter(), Counter(), Counter(), Counter()
    for _ in range(ROLLS):
        attack = roll_attack(rng, (10, 8), "AGL", ammo_dice=3, rate_of_fire=3, rounds_left=9)
        hits[attack.success] += 1
        sixes[bucket(attack.bullets)] += 1
        suppressed[attack.suppression] += 1
        emptied[attack.magazine_emptied] += 1
    odds = attack_odds((10, 8), 3, rate_of_fire=3, rounds_left=9)
    assert agrees(hits, {True: odds.hit, False: 1 - odds.hit})
    assert agrees(sixes, odds.ammo_sixes)
    assert agrees(suppressed, {True: odds.suppression_only, False: 1 - odds.suppression_only})
    assert agrees(emptied, {True: odds.magazine_emptied, False: 1 - odds.magazine_emptied})
    fewer = attack_odds((10, 8), 2, rate_of_fire=3, rounds_left=9)
    assert not agrees(sixes, fewer.ammo_sixes)
    assert not agrees(emptied, {True: fewer.magazine_emptied, False: 1 - fewer.magazine_emptied})


def test_push_odds_agree_with_100000_pushes_and_forgetting_the_kept_one_does_not():
    # D10 10 (two successes, kept), D8 3 (re-rolled); ammo 6 and 1 kept, 2 and 5 re-rolled.
    first = roll_attack(
        ScriptedRNG([10, 3, 6, 1, 2, 5]),
        (10, 8),
        "AGL",
        ammo_dice=4,
        rate_of_fire=6,
        rounds_left=30,
    )
    rng = random.Random(7)
    successes, jams, reliability, sixes = Counter(), Counter(), Counter(), Counter()
    for _ in range(ROLLS):
        pushed = push(rng, first)
        successes[bucket(pushed.successes)] += 1
        jams[pushed.jammed] += 1
        lost = -sum(e.amount for e in pushed.effects if e.target == "reliability")
        reliability[bucket(lost)] += 1
        sixes[bucket(pushed.bullets)] += 1
    odds = push_odds_for(first)
    assert agrees(successes, odds.successes)
    assert agrees(jams, {True: odds.jam, False: 1 - odds.jam})
    assert agrees(reliability, odds.weapon_explosions)
    assert agrees(sixes, odds.ammo_sixes)
    forgetful = push_odds(
        kept_successes=2,
        kept_explosions=0,
        reroll_dice=(8,),
        firearm=True,
        kept_ammo_sixes=1,
        kept_ammo_explosions=0,
        reroll_ammo=2,
    )
    assert not agrees(jams, {True: forgetful.jam, False: 1 - forgetful.jam})
    assert not agrees(reliability, forgetful.weapon_explosions)


# -- errors, caching, bench -------------------------------------------------------------


def test_odds_refuse_ammo_dice_above_the_limit():
    with pytest.raises(DiceError, match="at most 2 ammo dice"):
        attack_odds((8,), 3, rate_of_fire=6, rounds_left=3)


def test_odds_refuse_impossible_base_dice():
    with pytest.raises(DiceError):
        skill_odds((8, 8, 8))
    with pytest.raises(DiceError):
        opposed_odds((8,), (5,))


def test_push_odds_refuse_a_push_with_nothing_to_reroll():
    with pytest.raises(DiceError, match="at least one die to re-roll"):
        push_odds(kept_successes=1, kept_explosions=1, reroll_dice=())
    with pytest.raises(DiceError, match="cannot be pushed"):
        push_odds_for(roll_skill(ScriptedRNG([6]), (8,), "AGL"))


def test_push_odds_refuse_ammo_dice_without_a_firearm():
    with pytest.raises(DiceError, match="only a firearm"):
        push_odds(kept_successes=0, kept_explosions=0, reroll_dice=(8,), reroll_ammo=1)


def test_odds_are_cached_per_configuration_in_any_order():
    _base_outcomes.cache_clear()
    skill_odds((8, 12))
    skill_odds((12, 8))
    assert _base_outcomes.cache_info().hits == 1


def test_changing_a_returned_odds_dict_does_not_change_the_cached_odds():
    skill_odds((10, 6)).successes["0"] = Fraction(0)
    assert skill_odds((10, 6)).successes["0"] == Fraction(1, 2) * Fraction(5, 6)


def test_the_bench_functions_run_a_full_roll_and_the_largest_odds():
    result = bench_roll(random.Random(1))
    assert result.firearm is not None
    assert len(result.ammo_dice) == 6
    bench_largest_odds()
    assert _base_outcomes.cache_info().currsize >= 1
