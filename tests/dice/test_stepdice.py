"""Twilight: 2000 4E step dice: levels, modifiers with balancing, help, successes, the
ammo dice limit, hit locations and capacities."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError
from sheets.systems.twilight.dice.odds import skill_odds
from sheets.systems.twilight.dice.stepdice import (
    DIE_SIZES,
    ammo_dice_limit,
    base_dice,
    check_ammo_dice,
    die_size,
    hit_capacity,
    hit_location,
    rerolled_by_push,
    step_dice,
    stress_capacity,
    successes_on,
)

# The balanced dice, from one D6 to two D12: one step up moves one place right.
BALANCED = [(6,), (6, 6), (8, 6), (8, 8), (10, 8), (10, 10), (12, 10), (12, 12)]

some_dice = st.lists(st.sampled_from(DIE_SIZES), min_size=1, max_size=2)


# -- levels and base dice ---------------------------------------------------------------


@pytest.mark.parametrize(("level", "size"), [("A", 12), ("B", 10), ("C", 8), ("D", 6)])
def test_levels_a_to_d_are_a_d12_d10_d8_and_d6(level, size):
    assert die_size(level) == size
    assert die_size(level.lower()) == size


def test_base_dice_are_the_attribute_die_and_the_skill_die_largest_first():
    # Martinez: INTELLIGENCE B and RECON C.
    assert base_dice("B", "C") == (10, 8)
    assert base_dice(10, 8) == (10, 8)


def test_without_a_skill_level_the_attribute_die_is_rolled_alone():
    assert base_dice("C") == (8,)


def test_kasia_helped_by_diaz_rolls_a_d12_and_a_d8_instead_of_a_d6():
    # The seed's help example: INT A, SURVIVAL D, Diaz helps -> her D6 steps up to a D8.
    assert base_dice("A", "D") == (12, 6)
    assert base_dice("A", "D", helpers=1) == (12, 8)


def test_each_helper_steps_up_once_and_up_to_three_may_help():
    assert base_dice("D", "D", helpers=3) == (10, 8)
    assert base_dice("D", "D", helpers=2, modifier=1) == base_dice("D", "D", helpers=3)


def test_a_fourth_helper_is_refused():
    with pytest.raises(DiceError, match="helpers cannot be more than 3"):
        base_dice("B", "C", helpers=4)


def test_negative_helpers_are_refused():
    with pytest.raises(DiceError, match="helpers cannot be negative"):
        base_dice("B", "C", helpers=-1)


@pytest.mark.parametrize("level", ["E", "", 7, 4, 14, True, None])
def test_a_level_outside_a_to_d_is_refused(level):
    with pytest.raises(DiceError, match="level"):
        base_dice(level, "C")


@pytest.mark.parametrize("dice", [(), (6, 6, 6), (4,), (20, 6), (7, 8)])
def test_base_dice_are_one_or_two_of_d6_d8_d10_d12(dice):
    with pytest.raises(DiceError):
        step_dice(dice, 0)


def test_a_modifier_must_be_a_whole_number():
    with pytest.raises(DiceError, match="whole number"):
        step_dice((8, 8), 1.5)


# -- stepping ---------------------------------------------------------------------------


def test_stepping_up_raises_the_lower_die_first():
    assert step_dice((12, 6), 1) == (12, 8)
    assert step_dice((8, 10), 1) == (10, 10)
    assert step_dice((12, 6), 3) == (12, 12)


def test_stepping_down_lowers_the_higher_die_first():
    assert step_dice((12, 6), -1) == (10, 6)
    assert step_dice((10, 10), -1) == (10, 8)
    assert step_dice((12, 6), -3) == (6, 6)


def test_modifiers_are_cumulative_so_plus_two_and_minus_one_is_one_step_up():
    # Summed before stepping: two D12 with +2 and -1 stay two D12 (not D12 + D10).
    assert step_dice((8, 6), 2 + -1) == (8, 8)
    assert step_dice((12, 12), 2 + -1) == (12, 12)


def test_dice_never_go_above_two_d12():
    assert step_dice((12, 10), 5) == (12, 12)


def test_stepping_down_past_two_d6_removes_a_die():
    assert step_dice((6, 6), -1) == (6,)
    assert step_dice((8, 6), -2) == (6,)


def test_dice_never_go_below_one_d6():
    assert step_dice((6, 6), -4) == (6,)
    assert step_dice((12,), -9) == (6,)


def test_a_lone_attribute_die_steps_down_itself():
    assert step_dice((10,), -1) == (8,)


def test_the_first_step_up_without_a_skill_die_adds_a_d6_then_steps_it_up():
    assert step_dice((10,), 1) == (10, 6)
    assert step_dice((10,), 2) == (10, 8)
    assert step_dice((10,), 4) == (12, 10)


def test_no_modifier_leaves_the_dice_alone_but_sorted():
    assert step_dice((6, 12), 0) == (12, 6)


@settings(max_examples=200, deadline=None)
@given(dice=some_dice, modifier=st.integers(-12, 12))
def test_step_dice_never_exceed_two_d12_nor_fall_below_one_d6(dice, modifier):
    stepped = step_dice(dice, modifier)
    assert 1 <= len(stepped) <= 2
    assert all(size in DIE_SIZES for size in stepped)
    assert list(stepped) == sorted(stepped, reverse=True)


@settings(max_examples=200, deadline=None)
@given(start=st.integers(0, len(BALANCED) - 1), data=st.data())
def test_stepping_up_then_down_by_the_same_amount_from_balanced_dice_returns_to_the_start(
    start, data
):
    steps = data.draw(st.integers(0, len(BALANCED) - 1 - start), label="steps")
    up = step_dice(BALANCED[start], steps)
    assert up == BALANCED[start + steps]
    assert step_dice(up, -steps) == BALANCED[start]


@settings(max_examples=200, deadline=None)
@given(start=st.integers(0, len(BALANCED) - 1), data=st.data())
def test_stepping_down_then_up_by_the_same_amount_from_balanced_dice_returns_to_the_start(
    start, data
):
    steps = data.draw(st.integers(0, start), label="steps")
    down = step_dice(BALANCED[start], -steps)
    assert down == BALANCED[start - steps]
    assert step_dice(down, steps) == BALANCED[start]


@settings(max_examples=200, deadline=None)
@given(dice=some_dice, modifier=st.integers(-8, 8))
def test_one_more_step_up_never_lowers_the_chance_of_success(dice, modifier):
    lower = skill_odds(step_dice(dice, modifier)).success
    higher = skill_odds(step_dice(dice, modifier + 1)).success
    assert higher >= lower


@settings(max_examples=200, deadline=None)
@given(dice=some_dice, first=st.integers(0, 6), second=st.integers(0, 6))
def test_steps_up_in_two_goes_equal_the_same_steps_at_once(dice, first, second):
    # Only true in one direction: the rules sum modifiers first for a reason.
    assert step_dice(step_dice(dice, first), second) == step_dice(dice, first + second)


# -- faces ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "successes"),
    [(1, 0), (5, 0), (6, 1), (9, 1), (10, 2), (12, 2)],
)
def test_six_to_nine_is_one_success_and_ten_or_more_two(face, successes):
    assert successes_on(face) == successes


@pytest.mark.parametrize(("face", "again"), [(1, False), (2, True), (5, True), (6, False)])
def test_a_push_rerolls_faces_two_to_five_only(face, again):
    assert rerolled_by_push(face) is again


# -- ammo dice limit --------------------------------------------------------------------


def test_with_three_rounds_left_up_to_two_ammo_dice():
    assert ammo_dice_limit(rate_of_fire=6, rounds_left=3) == 2


def test_with_one_round_left_no_ammo_dice():
    assert ammo_dice_limit(rate_of_fire=6, rounds_left=1) == 0


def test_the_rate_of_fire_limits_ammo_dice_with_a_full_magazine():
    assert ammo_dice_limit(rate_of_fire=3, rounds_left=30) == 3


def test_ammo_dice_above_the_limit_are_refused():
    with pytest.raises(DiceError, match="at most 2 ammo dice"):
        check_ammo_dice(3, rate_of_fire=6, rounds_left=3)


def test_negative_ammo_dice_are_refused():
    with pytest.raises(DiceError, match="ammo dice cannot be negative"):
        check_ammo_dice(-1, rate_of_fire=6, rounds_left=30)


def test_an_empty_magazine_cannot_fire():
    with pytest.raises(DiceError, match="magazine is empty"):
        ammo_dice_limit(rate_of_fire=6, rounds_left=0)


# -- hit locations and capacities -------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "location"),
    [(1, "legs"), (2, "torso"), (3, "torso"), (4, "torso"), (5, "arms"), (6, "head")],
)
def test_hit_location_d6_is_legs_torso_arms_or_head(face, location):
    assert hit_location(face) == location


def test_a_hit_location_face_off_the_d6_is_refused():
    with pytest.raises(DiceError, match="1 to 6"):
        hit_location(7)


@pytest.mark.parametrize(
    ("first", "second", "capacity"),
    [("A", "B", 6), ("D", "D", 3), ("C", "D", 4), ("A", "A", 6), (10, 8, 5)],
)
def test_capacities_are_the_two_dice_summed_over_four_rounded_up(first, second, capacity):
    assert hit_capacity(first, second) == capacity
    assert stress_capacity(first, second) == capacity


def test_a_capacity_needs_real_die_sizes():
    with pytest.raises(DiceError, match="STR"):
        hit_capacity(7, 8)
