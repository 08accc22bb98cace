"""Exact odds of the Agents rolls: by hand, by brute force and against a simulation."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.agents.dice import odds as agents_odds
from sheets.systems.agents.dice.bench import bench_largest_odds, bench_roll
from sheets.systems.agents.dice.odds import (
    at_least,
    check_odds,
    damage_odds,
    interruption_odds,
    outcome_odds,
    referee_dice_beaten_odds,
    research_done_odds,
    research_progress_odds,
)
from sheets.systems.agents.dice.rules import (
    DIFFICULTIES,
    WEAPONS_BY_NAME,
    Check,
    DamageRoll,
    Outcome,
    basic_roll,
    damage_from,
    resolve_basic_roll,
)
from sheets.systems.agents.dice.sheet import Mind
from sheets.systems.dice.core import DiceError
from tests.dice.agreement import all_agree

F = Fraction


def plain_check(situational: int = 0, difficulty: str = "Trivial") -> Check:
    """Stat 5 and Novice with Luck 5 add nothing: the situational modifier is the total."""
    return Check(
        stat=5, skill="Firearms", skill_level=0, luck=5, situational=situational,
        difficulty=difficulty, mind=Mind(sanity=5),
    )  # fmt: skip


# --- by hand -------------------------------------------------------------------------------------


def test_a_crit_at_modifier_0_against_trivial_is_77_in_1296():
    # doubles k+k (k = 2..5) beat a d12 on 2k-1 faces of 12; 6+6 always crits; 1+1 never.
    by_hand = F(1, 36) * (sum(F(2 * k - 1, 12) ** 2 for k in range(2, 6)) + 1)
    assert by_hand == F(77, 1296)
    assert outcome_odds(0, "Trivial")[Outcome.CRIT] == by_hand


def test_a_hopeless_roll_only_gets_its_doubles():
    odds = outcome_odds(-11, "Trivial")
    assert odds[Outcome.FAILURE] == F(31, 36)  # everything but doubles 2+2 .. 6+6, plus 1+1
    assert odds[Outcome.COST_MINUS] == F(4, 36)
    assert odds[Outcome.CRIT] == F(1, 36)


def test_a_certain_roll_still_fails_on_a_natural_2():
    odds = outcome_odds(11, "Trivial")
    assert odds == {
        Outcome.FAILURE: F(1, 36),
        Outcome.COST_MINUS: 0,
        Outcome.COST: 0,
        Outcome.COST_PLUS: 0,
        Outcome.SUCCESS: F(30, 36),
        Outcome.CRIT: F(5, 36),
    }


def test_beating_one_referee_die_with_a_total_of_7_at_normal():
    # with modifier 0 a total of 7 is 6/36; it beats d12 + 2 on faces 1..4 (4 of 12)
    odds = referee_dice_beaten_odds(0, "Normal")
    by_hand = sum(
        F(ways, 36) * F(max(total - 3, 0), 12) ** 2
        for total, ways in zip(range(2, 13), [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], strict=True)
    )
    assert odds["2"] == by_hand
    assert sum(odds.values()) == 1


def test_the_odds_of_a_check_add_up_its_modifiers():
    check = Check(
        stat=8, skill="Stealth", skill_level=3, luck=2, mind=Mind(stress=2, high=1),
        high_spent=1, ancestry="Sasquatch", hour=22, situational=-1, difficulty="Hard",
    )  # fmt: skip
    assert check_odds(check) == outcome_odds(2 + 3 - 2 + 1 + 1 - 1, "Hard")


def test_odds_beyond_the_useful_modifiers_are_the_same_as_at_the_edge():
    assert outcome_odds(40, "Impossible") == outcome_odds(19, "Impossible")
    assert outcome_odds(-40, "Trivial") == outcome_odds(-11, "Trivial")
    # one step inside the edge the referee dice are read differently (1+1 vs 12 + 8; 6+6 vs 1)
    assert referee_dice_beaten_odds(18, "Impossible") != referee_dice_beaten_odds(19, "Impossible")
    assert referee_dice_beaten_odds(-10, "Trivial") != referee_dice_beaten_odds(-11, "Trivial")


def test_at_least_adds_the_outcome_and_everything_better():
    odds = outcome_odds(11, "Trivial")
    assert at_least(odds, Outcome.SUCCESS) == F(35, 36)
    assert at_least(odds, "Failure") == 1


# --- by brute force over every face --------------------------------------------------------------


@pytest.mark.parametrize(
    ("modifier", "difficulty"), [(0, "Trivial"), (-3, "Hard"), (5, "Impossible")]
)
def test_the_odds_match_reading_all_5184_rolls(modifier, difficulty):
    check = plain_check(modifier, difficulty)
    counts = Counter(
        resolve_basic_roll(check, (a, b), (x, y)).outcome
        for a, b in itertools.product(range(1, 7), repeat=2)
        for x, y in itertools.product(range(1, 13), repeat=2)
    )
    assert outcome_odds(modifier, difficulty) == {
        outcome: F(counts[outcome], 5184) for outcome in Outcome
    }


@pytest.mark.parametrize(
    ("weapon", "outcome"),
    [("Knife", Outcome.SUCCESS), ("Shotgun", Outcome.CRIT), ("Battle Rifle", Outcome.COST_MINUS)],
)
def test_the_damage_odds_match_every_combination_of_damage_dice(weapon, outcome):
    sizes = [4, 4] if weapon == "Knife" else [6, 6] if weapon == "Shotgun" else [8]
    faces = list(itertools.product(*(range(1, size + 1) for size in sizes)))
    counts = Counter(damage_from(sum(combo), outcome)[0] for combo in faces)
    expected = {damage: F(ways, len(faces)) for damage, ways in counts.items()}
    assert damage_odds(WEAPONS_BY_NAME[weapon], outcome) == expected


def test_a_knifes_best_hit_is_8_one_time_in_16_and_a_failure_deals_nothing():
    assert damage_odds(WEAPONS_BY_NAME["Knife"], "Success")[8] == F(1, 16)
    assert damage_odds(WEAPONS_BY_NAME["Knife"], "Failure") == {0: 1}


def test_research_and_rest_odds_by_hand():
    assert research_progress_odds(0)[12] == F(1, 36)
    assert research_done_odds(2, 12) == F(6, 36)  # 2d6 >= 10
    assert research_progress_odds(-12) == {0: 1}
    assert research_done_odds(-13, 0) == 1
    assert interruption_odds(5) == F(2, 3)  # 1..4 on the d6
    assert interruption_odds(10) == F(1, 6)  # only a 1 (+3)
    assert interruption_odds(0) == 1  # 6 - 3 = 3


def test_impossible_odds_requests_are_refused():
    with pytest.raises(DiceError):
        outcome_odds(1.5, "Normal")
    with pytest.raises(DiceError):
        outcome_odds(0, "Easy")
    with pytest.raises(DiceError):
        damage_odds(WEAPONS_BY_NAME["Knife"], "Triumph")


# --- against a simulation ------------------------------------------------------------------------

ROLLS = 100_000


def test_the_exact_odds_agree_with_100000_simulated_rolls():
    check = Check(
        stat=7, skill="Firearms", skill_level=2, luck=6, mind=Mind(stress=1, high=2, sanity=5),
        high_spent=1, difficulty="Difficult",
    )  # fmt: skip
    rng = random.Random(20_240_601)
    counts = Counter(basic_roll(rng, check).outcome for _ in range(ROLLS))
    modifier = 1 + 2 - 1 + 1
    assert all_agree(counts, outcome_odds(modifier, "Difficult"), ROLLS)
    # the same tolerance rejects the neighbouring configurations
    for wrong in (outcome_odds(modifier + 1, "Difficult"), outcome_odds(modifier, "Hard")):
        assert not all_agree(counts, wrong, ROLLS)


# --- properties, caching, bench ------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(-15, 22), st.sampled_from(list(DIFFICULTIES)))
def test_the_odds_add_up_to_one_and_improve_with_the_modifier(modifier, difficulty):
    odds, better = outcome_odds(modifier, difficulty), outcome_odds(modifier + 1, difficulty)
    assert sum(odds.values()) == 1
    for outcome in Outcome:
        assert at_least(better, outcome) >= at_least(odds, outcome)


@settings(max_examples=100, deadline=None)
@given(st.integers(-15, 22), st.sampled_from(list(DIFFICULTIES)[:-1]))
def test_a_harder_difficulty_never_improves_the_odds(modifier, difficulty):
    names = list(DIFFICULTIES)
    harder = names[names.index(difficulty) + 1]
    for outcome in Outcome:
        assert at_least(outcome_odds(modifier, harder), outcome) <= at_least(
            outcome_odds(modifier, difficulty), outcome
        )


def test_the_odds_are_cached_per_configuration():
    agents_odds.clear_caches()
    outcome_odds(3, "Hard")
    outcome_odds(3, "Hard")
    outcome_odds(25, "Hard")
    outcome_odds(30, "Hard")  # clamped to the same configuration as 25
    info = agents_odds._basic_roll_table.cache_info()
    assert (info.hits, info.currsize) == (2, 2)


def test_the_bench_rolls_an_attack_and_computes_every_table_cold():
    assert isinstance(bench_roll(random.Random(1)), DamageRoll)
    bench_largest_odds()
    assert agents_odds._basic_roll_table.cache_info().currsize == 31 * len(DIFFICULTIES)
    assert agents_odds._damage_table.cache_info().currsize == len(Outcome)
