"""Agents stress, High and sanity: limits, trauma floors, spending High, the clock."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.agents.dice.sheet import (
    CONDITIONS,
    TRAUMA_TABLE,
    Mind,
    change_mind,
    period_of,
    spend_high_on_stress,
    time_of_day,
    time_passes,
)
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import put_into_words

LUCK, ANHEDONIA, CRACKED = "Lady Luck's Curse", "Anhedonia", "Cracked Intellect"


def test_stress_above_five_costs_one_sanity_per_point_and_resets_to_five():
    change = change_mind(Mind(stress=4, sanity=10), stress=3, reason="Failure")
    assert change.after == Mind(stress=5, sanity=8)
    assert change.effects == (Effect("stress", 1, "Failure"), Effect("sanity", -2, "Failure"))


def test_sanity_damage_at_sanity_zero_comes_off_hp_instead():
    change = change_mind(Mind(stress=5, sanity=1), stress=3)
    assert change.after.sanity == 0
    assert {(effect.target, effect.amount) for effect in change.effects} == {
        ("sanity", -1),
        ("hp", -2),
    }


def test_an_agent_holds_at_most_three_high():
    change = change_mind(Mind(high=3), high=1)
    assert change.after.high == 3
    assert change.effects == ()
    assert "High stays at 3" in put_into_words(change.notes[0])


def test_lady_lucks_curse_keeps_high_at_one_or_more():
    change = change_mind(Mind(high=1, traumas=(LUCK,)), high=-1)
    assert change.after.high == 1


def test_anhedonia_keeps_high_at_zero():
    assert change_mind(Mind(high=0, traumas=(ANHEDONIA,)), high=1).after.high == 0
    # a High held before the trauma came goes as soon as the sheet changes
    assert change_mind(Mind(high=2, traumas=(ANHEDONIA,))).effects == (Effect("high", -2),)


def test_anhedonia_wins_over_lady_lucks_curse():
    mind = Mind(high=1, traumas=(LUCK, ANHEDONIA))
    assert change_mind(mind, high=1).after.high == 0


def test_high_held_when_anhedonia_came_cannot_be_spent():
    mind = Mind(stress=3, high=2, traumas=(ANHEDONIA,))
    assert mind.spendable_high == 0
    with pytest.raises(DiceError, match="can spend 0"):
        spend_high_on_stress(mind, 1)


def test_the_clock_striking_nine_across_midnight_is_counted_once_per_day():
    assert time_passes(Mind(sanity=9), "Vampire", 22, 11).after.stress == 5
    assert time_passes(Mind(sanity=9), "Vampire", 22, 10).effects == ()
    assert time_passes(Mind(stress=3, sanity=30), "Vampire", 9, 24).after.sanity == 30 - 3


def test_cracked_intellect_keeps_stress_at_two_or_more():
    assert change_mind(Mind(stress=2, traumas=(CRACKED,)), stress=-2).after.stress == 2
    assert change_mind(Mind(stress=0, traumas=(CRACKED,))).after.stress == 2


def test_each_high_spent_on_stress_removes_one_stress():
    change = spend_high_on_stress(Mind(stress=3, high=2, sanity=4), 2)
    assert change.after == Mind(stress=1, high=0, sanity=4)


def test_spending_high_on_stress_respects_cracked_intellects_floor():
    mind = Mind(stress=3, high=3, traumas=(CRACKED,))
    assert spend_high_on_stress(mind, 1).after.stress == 2
    with pytest.raises(DiceError, match="only 1 stress can be removed"):
        spend_high_on_stress(mind, 2)


def test_lady_lucks_curse_keeps_a_point_of_high_that_cannot_be_spent():
    mind = Mind(stress=3, high=2, traumas=(LUCK,))
    assert spend_high_on_stress(mind, 1).after == Mind(stress=2, high=1, traumas=(LUCK,))
    with pytest.raises(DiceError, match="can spend 1 \\(Lady Luck's Curse keeps 1\\)"):
        spend_high_on_stress(mind, 2)


@pytest.mark.parametrize(
    ("mind", "high", "message"),
    [
        (Mind(stress=3, high=1), 2, "can spend 1"),
        (Mind(stress=3, high=1), 0, "at least 1"),
        (Mind(stress=0, high=1), 1, "only 0 stress"),
        (Mind(stress=3, high=1), -1, "cannot be negative"),
    ],
)
def test_spending_high_that_cannot_be_spent_is_an_error(mind, high, message):
    with pytest.raises(DiceError, match=message):
        spend_high_on_stress(mind, high)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"stress": 6}, "stress cannot be more than 5"),
        ({"high": 4}, "High cannot be more than 3"),
        ({"high": -1}, "High cannot be negative"),
        ({"sanity": -1}, "sanity cannot be negative"),
        ({"traumas": ("Gout",)}, "unknown trauma"),
        ({"traumas": (CRACKED, LUCK, ANHEDONIA, CRACKED)}, "at most 3 traumas"),
    ],
)
def test_an_impossible_sheet_is_refused(fields, message):
    with pytest.raises(DiceError, match=message):
        Mind(**fields)


def test_conditions_do_not_count_toward_the_three_traumas():
    assert Mind(traumas=(CRACKED, LUCK, ANHEDONIA, *CONDITIONS)).table_traumas == 3


# --- the clock ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hours", "period"),
    [
        ((21, 22, 23, 0, 1, 2, 3, 4), "Night"),
        ((5, 6, 7, 8), "Morning"),
        (tuple(range(9, 17)), "Day"),
        ((17, 18, 19, 20), "Evening"),
    ],
)
def test_the_clock_splits_the_day_as_the_seed_does(hours, period):
    assert {period_of(hour) for hour in hours} == {period}


def test_a_vampire_by_day_takes_stress_not_a_roll_modifier():
    assert time_of_day("Vampire", 12).stress == 5
    assert time_of_day("Vampire", 12).roll_modifier == 0
    assert time_of_day("Human", 12).stress == 0


def test_each_day_that_begins_brings_a_vampire_five_stress():
    change = time_passes(Mind(stress=2, sanity=6), "Vampire", 8, 1)
    assert change.after == Mind(stress=5, sanity=4)  # 7 stress: 2 above 5 cost sanity
    two_days = time_passes(Mind(stress=0, sanity=20), "Vampire", 10, 48)
    assert two_days.after == Mind(stress=5, sanity=15)


def test_time_passing_within_a_day_or_for_a_human_changes_nothing():
    assert time_passes(Mind(stress=1), "Vampire", 9, 7).effects == ()
    assert time_passes(Mind(stress=1), "Human", 8, 30).effects == ()


@pytest.mark.parametrize(("ancestry", "hour"), [("Werewolf", 3), ("Human", -1), ("Vampire", 24)])
def test_an_unknown_ancestry_or_hour_is_refused(ancestry, hour):
    with pytest.raises(DiceError):
        time_of_day(ancestry, hour)


# --- properties ---------------------------------------------------------------------------------

traumas = st.lists(st.sampled_from(list(TRAUMA_TABLE.values())), max_size=3).map(tuple)
minds = st.builds(Mind, st.integers(0, 5), st.integers(0, 3), st.integers(0, 12), traumas)


def within_limits(mind: Mind) -> bool:
    return (
        0 <= mind.high_floor <= mind.high <= mind.high_ceiling <= 3
        and mind.stress_floor <= mind.stress <= 5
        and mind.sanity >= 0
    )


@settings(max_examples=200, deadline=None)
@given(minds, st.integers(-10, 10), st.integers(-5, 5))
def test_high_and_stress_always_stay_within_their_limits_and_the_trauma_floors(mind, ds, dh):
    change = change_mind(mind, stress=ds, high=dh)
    assert within_limits(change.after)
    net = {effect.target: effect.amount for effect in change.effects}
    assert net.get("stress", 0) == change.after.stress - mind.stress
    assert net.get("high", 0) == change.after.high - mind.high
    # stress above 5 is never lost: every point turns into sanity, then HP
    lost = -net.get("sanity", 0) - net.get("hp", 0)
    assert change.after.stress + lost == max(mind.stress + ds, mind.stress_floor)


@settings(max_examples=200, deadline=None)
@given(minds, st.integers(1, 3))
def test_spending_high_on_stress_never_breaks_a_floor(mind, high):
    try:
        change = spend_high_on_stress(mind, high)
    except DiceError:
        assert high > mind.spendable_high or mind.stress - high < mind.stress_floor
        return
    assert within_limits(change.after)
    assert change.after.stress == mind.stress - high
