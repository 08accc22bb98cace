"""Exact Mutant: Year Zero odds: hand-checked values, every way the dice can fall, and
100,000 seeded random rolls."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError, ScriptedRNG
from sheets.systems.dice.words import put_into_words
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.mutant.dice import rules as mutant
from tests.dice.agreement import all_agree

SIMULATED_ROLLS = 100_000


class _PathRNG:
    """Dice that follow a given path of faces, then show 1s, recording what was thrown."""

    def __init__(self, prefix):
        self.path = list(prefix)
        self.thrown = 0

    def randint(self, a, b):
        assert (a, b) == (1, 6)
        if self.thrown == len(self.path):
            self.path.append(1)
        face = self.path[self.thrown]
        self.thrown += 1
        return face


def every_outcome(run):
    """Every way the dice can fall for ``run(rng)``, with its probability: the paths of
    faces are walked like an odometer, so rolls whose dice depend on earlier dice (a
    worn rot suit, a rot roll after protection) are enumerated exactly."""
    prefix = []
    while True:
        rng = _PathRNG(prefix)
        result = run(rng)
        path = rng.path[: rng.thrown]
        yield result, Fraction(1, 6 ** len(path))
        while path and path[-1] == 6:
            path.pop()
        if not path:
            return
        path[-1] += 1
        prefix = path


def distribution(run, measure):
    tally = Counter()
    for result, probability in every_outcome(run):
        tally[measure(result)] += probability
    return tally


def simulate(run, measure, seed):
    rng = random.Random(seed)
    return Counter(measure(run(rng)) for _ in range(SIMULATED_ROLLS))


def matches(exact, simulated):
    """Agreement within 4.5 standard errors, never taken below those of a 1% chance (so a
    wrong distribution is caught once it is off by about a percentage point); an outcome
    whose exact chance is 0 must never come up."""
    return all_agree(simulated, exact, SIMULATED_ROLLS, floor=0.01)


def as_mapping(values):
    return dict(enumerate(values))


def test_an_outcome_whose_exact_chance_is_zero_must_never_come_up():
    exact = {0: Fraction(99, 100), 1: Fraction(1, 100), 2: Fraction(0)}
    assert matches(exact, Counter({0: 99_000, 1: 1_000}))
    assert not matches(exact, Counter({0: 98_999, 1: 1_000, 2: 1}))
    assert not matches(exact, Counter({0: 98_999, 1: 1_000, 3: 1}))


# --- Hand-checked values -------------------------------------------------------------------


def test_one_die_succeeds_one_time_in_six():
    assert mutant_odds.skill_odds(1, 0).at_least_one == Fraction(1, 6)


def test_two_dice_succeed_eleven_times_in_thirty_six():
    assert mutant_odds.skill_odds(1, 1).at_least_one == Fraction(11, 36)
    assert mutant_odds.skill_odds(1, 1).probability(2) == Fraction(1, 36)


def test_a_negative_die_cancels_one_die_success_five_times_in_six():
    odds = mutant_odds.skill_odds(1, 0, 0, 1)
    assert odds.probability(1) == Fraction(5, 36)
    assert odds.probability(0) == Fraction(31, 36)


def test_zero_dice_always_fail():
    assert mutant_odds.skill_odds(0, 0).distribution == (Fraction(1),)


def test_skill_odds_buckets_fold_three_and_more():
    buckets = dict(mutant_odds.skill_odds(5, 5).buckets())
    assert sum(buckets.values()) == 1
    assert buckets["3+ successes"] == 1 - sum(mutant_odds.skill_odds(5, 5).distribution[:3])


def test_a_kept_six_makes_a_push_a_sure_success():
    odds = mutant_odds.push_odds(2, 1, 0, 0, kept_sixes=1)
    assert odds.successes.at_least_one == 1


def test_push_trauma_counts_kept_ones_and_a_sixth_of_rerolled_base_dice():
    odds = mutant_odds.push_odds(3, 0, 2, 0, kept_base_ones=1, kept_gear_ones=1)
    assert odds.expected_trauma == 1 + Fraction(3, 6)
    assert odds.any_trauma == 1
    assert odds.expected_gear_loss == 1 + Fraction(2, 6)
    assert mutant_odds.push_odds(1, 0, 0, 0).any_trauma == Fraction(1, 6)


def test_one_armor_die_against_one_damage():
    odds = mutant_odds.armor_odds(1, 1)
    assert odds.absorbed == (Fraction(5, 6), Fraction(1, 6))
    assert odds.rating_loss == Fraction(1, 6)
    assert mutant_odds.armor_odds(1, 1, natural=True).rating_loss == 0


def test_armor_loses_rating_only_when_damage_gets_through():
    # two dice against one damage: a 1 and no 6
    assert mutant_odds.armor_odds(2, 1).rating_loss == Fraction(25 - 16, 36)


def test_one_rot_point_without_protection_damages_one_time_in_six():
    odds = mutant_odds.rot_odds(1)
    assert odds.damage == (Fraction(5, 6), Fraction(1, 6))
    assert odds.all_absorbed == 0


def test_rot_resistant_absorbs_a_point_unless_three_dice_miss():
    odds = mutant_odds.rot_odds(1, resistant=True)
    assert odds.all_absorbed == 1 - Fraction(125, 216)


def test_rot_eater_never_takes_damage():
    assert mutant_odds.rot_odds(3, 5, rot_eater=True).damage == (Fraction(1),)


def test_mutation_misfire_is_at_least_one_one():
    assert mutant_odds.mutation_odds(1) == Fraction(1, 6)
    assert mutant_odds.mutation_odds(2) == Fraction(11, 36)


def test_seven_is_the_likeliest_total_of_two_d6():
    odds = mutant_odds.d6_odds(2)
    assert odds[7] == Fraction(6, 36)
    assert max(range(len(odds)), key=odds.__getitem__) == 7
    assert mutant_odds.d66_odds() == Fraction(1, 36)


def test_decontamination_odds_are_one_sixth_per_point():
    assert mutant_odds.decontamination_odds(2) == (
        Fraction(25, 36),
        Fraction(10, 36),
        Fraction(1, 36),
    )


def test_odds_refuse_impossible_configurations():
    for call in (
        lambda: mutant_odds.skill_odds(-1, 0),
        lambda: mutant_odds.armor_odds(2, 0),
        lambda: mutant_odds.rot_odds(0),
        lambda: mutant_odds.mutation_odds(0),
        lambda: mutant_odds.d6_odds(0),
    ):
        with pytest.raises(DiceError):
            call()


def english(rows):
    return [[put_into_words(label), chance] for label, chance in rows]


def test_rows_are_labels_with_percentages():
    rows = english(mutant_odds.skill_rows(mutant_odds.skill_odds(1, 0)))
    assert rows[0] == ["At least one success", "16.7%"]
    assert ["0 successes (failure)", "83.3%"] in rows
    assert english(mutant_odds.mutation_rows(1)) == [["Misfire", "16.7%"], ["No misfire", "83.3%"]]
    assert english(mutant_odds.d66_rows()) == [
        ["Any one result (11 to 66, 36 equally likely)", "2.8%"],
        ["First die 1-3 (results 11 to 36)", "50.0%"],
    ]


def test_caches_can_be_cleared_for_a_cold_benchmark():
    mutant_odds.skill_odds(3, 3)
    mutant_odds.clear_caches()
    assert mutant_odds.binomial.cache_info().currsize == 0


# --- Every way the dice can fall -----------------------------------------------------------


@pytest.mark.parametrize("pool", [(1, 1, 1, 1), (2, 0, 1, 2), (0, 2, 0, 0), (3, 1, 0, 1)])
def test_skill_odds_equal_every_way_the_dice_can_fall(pool):
    exact = distribution(lambda rng: mutant.skill_roll(rng, *pool), lambda r: r.successes)
    assert mutant_odds.skill_odds(*pool).distribution == tuple(
        exact.get(k, 0) for k in range(len(mutant_odds.skill_odds(*pool).distribution))
    )


def test_push_odds_equal_every_way_the_pushed_dice_can_fall():
    # base 1 3 | skill 6 2 | gear 1 5 | negative 4: four dice are re-rolled
    first = mutant.skill_roll(ScriptedRNG([1, 3, 6, 2, 1, 5, 4]), 2, 2, 2, 1)
    successes = distribution(lambda rng: mutant.push(rng, first), lambda r: r.successes)
    trauma = distribution(lambda rng: mutant.push(rng, first), lambda r: r.trauma)
    gear = distribution(lambda rng: mutant.push(rng, first), lambda r: r.gear_damage)
    odds = mutant.push_odds_for(first)
    assert as_mapping(odds.successes.distribution) == {
        k: successes.get(k, 0) for k in range(len(odds.successes.distribution))
    }
    assert odds.expected_trauma == sum(k * p for k, p in trauma.items())
    assert odds.expected_gear_loss == sum(k * p for k, p in gear.items())


@pytest.mark.parametrize("rating,incoming", [(1, 1), (3, 1), (3, 2), (4, 5)])
def test_armor_odds_equal_every_way_the_dice_can_fall(rating, incoming):
    run = lambda rng: mutant.armor_roll(rng, rating, incoming)  # noqa: E731
    absorbed = distribution(run, lambda r: r.absorbed)
    loss = distribution(run, lambda r: r.rating_loss > 0)
    odds = mutant_odds.armor_odds(rating, incoming)
    assert as_mapping(odds.absorbed) == {k: absorbed.get(k, 0) for k in range(len(odds.absorbed))}
    assert odds.rating_loss == loss.get(True, 0)


@pytest.mark.parametrize(
    "points,total,resistant,suit",
    [(1, 0, False, 0), (2, 1, False, 1), (1, 1, True, 0), (2, 0, False, 2)],
)
def test_rot_odds_equal_every_way_the_dice_can_fall(points, total, resistant, suit):
    def run(rng):
        return mutant.rot_event(rng, points, total, resistant, suit)

    damage = distribution(run, lambda event: event.damage)
    absorbed = distribution(run, lambda event: event.absorbed == points)
    worn = distribution(run, lambda event: event.suit_rating_after < suit)
    odds = mutant_odds.rot_odds(points, total, resistant, suit)
    assert as_mapping(odds.damage) == {k: damage.get(k, 0) for k in range(len(odds.damage))}
    assert odds.all_absorbed == absorbed.get(True, 0)
    assert odds.suit_damaged == worn.get(True, 0)


@given(st.tuples(*(st.integers(0, 8) for _ in range(4))))
def test_skill_odds_always_sum_to_one(pool):
    assert sum(mutant_odds.skill_odds(*pool).distribution) == 1


# --- 100,000 seeded rolls --------------------------------------------------------------------


def test_skill_odds_match_a_hundred_thousand_rolls():
    pool = (4, 3, 2, 2)
    simulated = simulate(lambda rng: mutant.skill_roll(rng, *pool), lambda r: r.successes, 2026)
    exact = as_mapping(mutant_odds.skill_odds(*pool).distribution)
    assert matches(exact, simulated)
    # the same rolls reject odds that forget the negative dice or count 5s as successes
    assert not matches(as_mapping(mutant_odds.skill_odds(4, 3, 2, 0).distribution), simulated)
    assert not matches(as_mapping(mutant_odds.skill_odds(6, 5, 4, 2).distribution), simulated)


def test_push_odds_match_a_hundred_thousand_pushes():
    first = mutant.skill_roll(ScriptedRNG([1, 3, 4, 2, 2, 6, 5, 1, 3]), 4, 3, 2)
    simulated = simulate(lambda rng: mutant.push(rng, first), lambda r: r.successes, 7)
    odds = mutant.push_odds_for(first)
    assert matches(as_mapping(odds.successes.distribution), simulated)
    # odds that forgot the kept 6 would be wrong
    wrong = mutant_odds.push_odds(3, 3, 1, 0)
    assert not matches(as_mapping(wrong.successes.distribution), simulated)


def test_armor_odds_match_a_hundred_thousand_rolls():
    def run(rng):
        return mutant.armor_roll(rng, 6, 2)

    simulated = simulate(run, lambda r: (r.absorbed, r.rating_loss > 0), 11)
    absorbed, loss = Counter(), Counter()
    for (saved, worn), count in simulated.items():
        absorbed[saved] += count
        loss[worn] += count
    odds = mutant_odds.armor_odds(6, 2)
    assert matches(as_mapping(odds.absorbed), absorbed)
    assert matches({True: odds.rating_loss, False: 1 - odds.rating_loss}, loss)
    # one armor die fewer, or natural armor that never wears, shows in the same rolls
    assert not matches(as_mapping(mutant_odds.armor_odds(5, 2).absorbed), absorbed)
    assert not matches({True: 0, False: 1}, loss)


def test_rot_odds_match_a_hundred_thousand_events():
    def run(rng):
        return mutant.rot_event(rng, 3, 2, resistant=True, suit_rating=2)

    simulated = simulate(run, lambda event: event.damage, 5)
    assert matches(as_mapping(mutant_odds.rot_odds(3, 2, True, 2).damage), simulated)
    # forgetting the points already carried, or the suit, shows in the same rolls
    assert not matches(as_mapping(mutant_odds.rot_odds(3, 0, True, 2).damage), simulated)
    assert not matches(as_mapping(mutant_odds.rot_odds(3, 2, True, 0).damage), simulated)
