"""Invariants of Zombiepocalypse checks, for any difficulty, modifier and dice."""

import itertools
import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError, ScriptedRNG, as_data
from sheets.systems.zombie.dice.rules import (
    ZOMBIE_TARGETS,
    check_odds,
    difficulty,
    level_modifier,
    odds,
    player_check,
    reevaluate,
    roll_check,
    skill_check,
    zombie_check,
)

quick = settings(max_examples=200, deadline=None)

factors = st.lists(st.sampled_from([-1, 0, 1]), max_size=5)
levels = st.dictionaries(
    st.sampled_from(["environment", "target", "status", "task", "weather", "gear"]), factors
)
difficulties = levels.map(difficulty)
complexities = st.integers(1, 3)
faces = st.integers(1, 6)
player_setups = st.builds(
    player_check,
    difficulty=difficulties,
    skill_bonus=st.integers(0, 3),
    injury=st.integers(-3, 0),
    complexity=complexities,
)


@quick
@given(levels)
def test_the_difficulty_total_always_lies_within_minus_three_and_plus_three(levels):
    result = difficulty(levels)
    assert -3 <= result.total <= 3
    assert result.uncapped == sum(level.modifier for level in result.levels)
    assert result.total == result.uncapped or abs(result.uncapped) > 3


@quick
@given(factors, st.randoms())
def test_a_level_is_minus_one_zero_or_plus_one_whatever_the_order_of_its_factors(factors, shuffler):
    shuffled = list(factors)
    shuffler.shuffle(shuffled)
    assert level_modifier(factors) in (-1, 0, 1)
    assert level_modifier(shuffled) == level_modifier(factors)
    assert level_modifier([*factors, *factors]) == level_modifier(factors)


@quick
@given(st.integers(-10, 10), complexities, st.integers(2, 6))
def test_success_is_never_less_likely_with_a_higher_modifier(modifier, complexity, target):
    lower, higher = (
        check_odds(modifier, complexity, target),
        check_odds(modifier + 1, complexity, target),
    )
    assert lower.per_roll <= higher.per_roll
    assert lower.success <= higher.success
    assert lower.successes[0] >= higher.successes[0]


@quick
@given(st.integers(-10, 10), complexities, st.integers(2, 6))
def test_the_odds_of_how_many_rolls_succeed_add_up_to_one(modifier, complexity, target):
    result = check_odds(modifier, complexity, target)
    assert len(result.successes) == complexity + 1
    assert sum(result.successes) == 1
    assert result.success == result.per_roll**complexity


@quick
@given(st.integers(min_value=4, max_value=1000) | st.integers(max_value=0))
def test_complexity_is_never_beyond_three_rolls(complexity):
    with pytest.raises(DiceError, match="complexity is 1 to 3"):
        player_check(complexity=complexity)
    with pytest.raises(DiceError, match="complexity is 1 to 3"):
        zombie_check("agility", complexity=complexity)


@quick
@given(player_setups, st.randoms(use_true_random=False))
def test_a_check_rolls_its_complexity_in_dice_and_succeeds_only_if_all_do(setup, rng):
    check = roll_check(rng, setup)
    assert 1 <= len(check.rolls) == setup.complexity <= 3
    assert check.success == all(r.success for r in check.rolls)
    for r in check.rolls:
        assert r.total == r.die.face + setup.modifier
        assert r.success == (r.total >= 4)
    assert check.partial == (0 < check.successes < len(check.rolls))
    assert json.loads(json.dumps(as_data(check)))["modifier"] == setup.modifier


@quick
@given(
    st.lists(faces, min_size=1, max_size=3),
    difficulties,
    st.integers(-2, 0),
    st.integers(1, 4),
)
def test_reevaluation_never_changes_the_faces(rolled, level_difficulty, injury, bonus):
    rng = ScriptedRNG(rolled)
    before = skill_check(rng, difficulty=level_difficulty, injury=injury, complexity=len(rolled))
    assume(not before.success)
    after = reevaluate(before, bonus, skill="Strong").after
    assert [r.die.face for r in after.rolls] == rolled == [r.die.face for r in before.rolls]
    assert after.modifier == before.modifier + bonus
    assert after.successes >= before.successes


@quick
@given(st.sampled_from(sorted(ZOMBIE_TARGETS)), difficulties, complexities, faces)
def test_a_zombie_succeeds_exactly_when_its_modified_die_reaches_its_target(
    ability, level_difficulty, complexity, face
):
    setup = zombie_check(ability, difficulty=level_difficulty, complexity=complexity)
    check = roll_check(ScriptedRNG([face] * complexity), setup)
    target = ZOMBIE_TARGETS[ability]
    reaches = face + level_difficulty.total >= target
    assert check.success == reaches
    # the exact odds against a count of every way the d6 can fall
    throws = list(itertools.product(range(1, 7), repeat=complexity))
    hits = Counter(sum(f + level_difficulty.total >= target for f in throw) for throw in throws)
    expected = tuple(Fraction(hits[n], len(throws)) for n in range(complexity + 1))
    assert odds(setup).successes == expected
    assert odds(setup).success == expected[complexity]


def test_five_bonus_levels_are_capped_to_plus_three_on_the_roll():
    capped = difficulty(
        {"environment": [1], "target": [1], "status": [1], "task": [1], "gear": [1]}
    )
    assert capped.capped
    assert roll_check(random.Random(1), player_check(difficulty=capped)).modifier == 3
