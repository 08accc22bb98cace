"""The Agents basic roll: 2d6 + modifiers against the referee's 2d12 + difficulty."""

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.agents.dice.rules import (
    Check,
    Outcome,
    basic_roll,
    check_modifiers,
    high_options,
    resolve_basic_roll,
    spend_high_after_roll,
)
from sheets.systems.agents.dice.sheet import (
    Mind,
    stat_bonus,
)
from sheets.systems.dice.core import DiceError, Effect, ScriptedRNG, as_data
from sheets.systems.dice.words import put_into_words, say


def plain_check(**changes) -> Check:
    """A check whose modifiers add up to 0 (stat 5, Novice with Luck 5) at Trivial."""
    fields = {
        "stat": 5,
        "skill": "Firearms",
        "skill_level": 0,
        "luck": 5,
        "difficulty": "Trivial",
        "mind": Mind(stress=0, high=0, sanity=10),
    }
    return Check(**{**fields, **changes})


def roll_with(check: Check, *faces: int):
    rng = ScriptedRNG(faces)
    result = basic_roll(rng, check)
    rng.assert_used_up()
    return result


# --- the seed's table, row by row, with modifier 0 against Trivial ---------------------------


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [
        pytest.param((3, 4, 7, 9), Outcome.FAILURE, id="no doubles, neither d12 beaten: Failure"),
        pytest.param((3, 3, 6, 10), Outcome.COST_MINUS, id="doubles, neither d12 beaten: Cost -1"),
        pytest.param((3, 4, 7, 6), Outcome.COST, id="no doubles, one d12 beaten: Cost"),
        pytest.param((4, 4, 8, 2), Outcome.COST_PLUS, id="doubles, one d12 beaten: Cost +1"),
        pytest.param((5, 6, 10, 1), Outcome.SUCCESS, id="no doubles, both beaten: Success"),
        pytest.param((5, 5, 9, 3), Outcome.CRIT, id="doubles, both d12 beaten: Crit"),
    ],
)
def test_each_row_of_the_seeds_table_reads_as_its_outcome(faces, outcome):
    result = roll_with(plain_check(), *faces)
    assert result.outcome is outcome
    assert result.total == faces[0] + faces[1]


def test_the_referee_dice_are_compared_one_by_one_in_either_order():
    first = roll_with(plain_check(), 3, 4, 7, 6)
    second = roll_with(plain_check(), 3, 4, 6, 7)
    assert first.outcome is second.outcome is Outcome.COST
    assert [die.counts for die in first.dice[2:]] == ["holds", "beaten"]
    assert [die.counts for die in second.dice[2:]] == ["beaten", "holds"]


def test_a_total_equal_to_a_referee_die_plus_difficulty_does_not_beat_it():
    # 3 + 4 = 7 against 5 + 2 (Normal): a tie holds; 4 + 2 = 6 is beaten.
    result = roll_with(plain_check(difficulty="Normal"), 3, 4, 5, 4)
    assert result.beaten == 1
    assert result.outcome is Outcome.COST


@pytest.mark.parametrize(
    ("difficulty", "value", "beaten"),
    [
        ("Trivial", 0, 2),
        ("Normal", 2, 2),
        ("Difficult", 4, 2),
        ("Hard", 6, 1),
        ("Impossible", 8, 0),
    ],
)
def test_the_difficulty_is_added_to_each_referee_die(difficulty, value, beaten):
    # 4 + 5 = 9 against a 1 and a 3: Hard makes them 7 and 9, Impossible 9 and 11.
    result = roll_with(plain_check(difficulty=difficulty), 4, 5, 1, 3)
    assert result.difficulty == value
    assert result.beaten == beaten


def test_a_natural_2_is_a_failure_even_when_it_beats_both_referee_dice():
    result = roll_with(plain_check(situational=20), 1, 1, 1, 1)
    assert result.beaten == 2
    assert result.outcome is Outcome.FAILURE
    assert result.dice[0].counts == "natural 2"


def test_a_natural_12_is_a_crit_even_when_it_beats_no_referee_die():
    result = roll_with(plain_check(situational=-20, difficulty="Impossible"), 6, 6, 12, 12)
    assert result.beaten == 0
    assert result.outcome is Outcome.CRIT
    assert result.dice[1].counts == "natural 12"


# --- the modifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "bonus"),
    [(0, -3), (1, -2), (2, -2), (3, -1), (4, -1), (5, 0), (6, 1), (7, 1), (8, 2), (9, 2), (10, 3)],
)
def test_the_stat_bonus_follows_the_seeds_table(score, bonus):
    assert stat_bonus(score) == bonus


def test_a_novice_skill_rolls_with_the_luck_bonus_instead():
    check = plain_check(stat=8, skill_level=0, luck=10)
    assert [(mod.label, mod.amount) for mod in check_modifiers(check)] == [
        ("Stat 8", 2),
        ("Luck 10 (Novice Firearms)", 3),
    ]
    assert roll_with(check, 2, 3, 1, 1).total == 5 + 2 + 3


def test_a_trained_skill_adds_its_level_and_ignores_luck():
    check = plain_check(stat=5, skill_level=3, luck=0)
    assert roll_with(check, 2, 3, 1, 1).total == 5 + 3


def test_each_point_of_stress_takes_one_from_the_roll():
    check = plain_check(mind=Mind(stress=4, sanity=10))
    assert roll_with(check, 2, 3, 1, 1).total == 5 - 4


def test_each_high_spent_adds_one_and_is_paid_from_the_sheet():
    check = plain_check(mind=Mind(high=3, sanity=10), high_spent=2)
    result = roll_with(check, 2, 3, 1, 12)
    assert result.total == 5 + 2
    assert Effect("high", -2, say("%(high)s High spent on the roll", high=2)) in result.effects
    assert result.mind_after.high == 1


@pytest.mark.parametrize(
    ("ancestry", "hour", "modifier"),
    [
        ("Human", 23, -2),
        ("Human", 12, 1),
        ("Human", 6, 0),
        ("Extranormal Human", 2, -2),
        ("Sasquatch", 4, 1),
        ("Sasquatch", 9, -1),
        ("Sasquatch", 20, 1),
        ("Vampire", 5, -3),
        ("Vampire", 21, 0),
        ("Vampire", 16, 0),
    ],
)
def test_the_time_of_day_modifies_every_roll_by_ancestry(ancestry, hour, modifier):
    result = roll_with(plain_check(ancestry=ancestry, hour=hour), 2, 3, 1, 1)
    assert result.total == 5 + modifier


def test_a_vampire_by_day_gets_no_roll_modifier_but_is_told_about_the_stress():
    result = roll_with(plain_check(ancestry="Vampire", hour=12), 2, 3, 1, 1)
    assert result.total == 5
    assert any("Vampire by Day: +5 stress" in put_into_words(note) for note in result.notes)
    assert not any(effect.target == "stress" for effect in result.effects)


def test_the_situational_modifier_adds_to_the_total():
    assert roll_with(plain_check(situational=-3), 2, 3, 1, 1).total == 2


def test_the_player_dice_are_rolled_before_the_referee_dice():
    rng = ScriptedRNG([2, 3, 11, 12])
    basic_roll(rng, plain_check())
    assert rng.asked == [(1, 6), (1, 6), (1, 12), (1, 12)]


def test_every_die_records_its_kind_size_face_and_what_it_counted_for():
    result = roll_with(plain_check(), 4, 4, 12, 3)
    assert [(die.kind, die.size, die.face, die.counts) for die in result.dice] == [
        ("player", 6, 4, "doubles"),
        ("player", 6, 4, "doubles"),
        ("referee", 12, 12, "holds"),
        ("referee", 12, 3, "beaten"),
    ]


# --- consequences --------------------------------------------------------------------------------


def test_a_failure_gives_one_stress_and_one_xp_on_the_skill_rolled():
    result = roll_with(plain_check(mind=Mind(stress=1, sanity=10)), 3, 4, 12, 12)
    assert result.outcome is Outcome.FAILURE
    assert {(effect.target, effect.amount) for effect in result.effects} == {
        ("stress", 1),
        ("xp:Firearms", 1),
    }
    assert result.mind_after.stress == 2


def test_a_failed_combat_roll_gives_one_stress_but_no_xp():
    result = roll_with(plain_check(mind=Mind(stress=1, sanity=10), combat=True), 3, 4, 12, 12)
    assert result.outcome is Outcome.FAILURE
    assert result.effects == (Effect("stress", 1, "Failure"),)
    assert result.mind_after.stress == 2
    assert "a failed combat roll gives no XP" in map(put_into_words, result.notes)


def test_a_cost_or_a_success_changes_nothing_on_the_sheet():
    assert roll_with(plain_check(), 3, 4, 7, 6).effects == ()
    assert roll_with(plain_check(), 5, 6, 10, 1).effects == ()


def test_a_crit_gives_one_high_but_never_above_three():
    gained = roll_with(plain_check(mind=Mind(high=1, sanity=3)), 5, 5, 1, 1)
    capped = roll_with(plain_check(mind=Mind(high=3, sanity=3)), 5, 5, 1, 1)
    assert gained.effects == (Effect("high", 1, "Crit"),)
    assert capped.effects == ()
    assert capped.mind_after.high == 3


def test_a_failure_at_five_stress_costs_a_point_of_sanity_instead():
    result = roll_with(plain_check(mind=Mind(stress=5, sanity=4)), 3, 4, 12, 12)
    assert result.mind_after == Mind(stress=5, high=0, sanity=3)
    assert Effect("sanity", -1, "Failure") in result.effects


def test_a_result_is_json_serialisable_and_rebuilds_from_its_data():
    mind = Mind(stress=2, high=2, sanity=8, traumas=("Vampirism",))
    check = plain_check(stat=10, luck=10, mind=mind, ancestry="Vampire", hour=7)
    # 2 + 2 + 3 (stat) + 3 (Luck) - 2 (stress) + 1 (High) - 3 (a Vampire's Morning) = 6
    result = roll_with(dataclasses.replace(check, high_spent=1), 2, 2, 9, 1)
    assert result.total == 6
    data = json.loads(json.dumps(as_data(result)))
    assert data["outcome"] == "Cost (+1)"
    assert type(result).from_data(data) == result


# --- spending High once the dice are seen -----------------------------------------------------


def test_high_spent_after_the_roll_rereads_the_same_faces_with_one_more_each():
    earlier = roll_with(plain_check(mind=Mind(high=3, sanity=5)), 3, 4, 7, 6)
    assert earlier.outcome is Outcome.COST
    later = spend_high_after_roll(earlier, 1)
    assert (later.player_faces, later.referee_faces) == ((3, 4), (7, 6))
    assert [die.counts for die in later.dice[2:]] == ["beaten", "beaten"]
    assert later.total == 8
    assert later.outcome is Outcome.SUCCESS
    assert later.effects == (Effect("high", -1, "1 High spent after the roll: Cost -> Success"),)


def test_spending_high_after_a_failure_takes_back_its_stress_and_xp():
    # 3 + 4 - 5 (stress) = 2 ties the referee's 2: Failure; one High makes it 3: Cost.
    earlier = roll_with(plain_check(mind=Mind(stress=5, high=2, sanity=5)), 3, 4, 2, 9)
    assert earlier.outcome is Outcome.FAILURE
    assert earlier.mind_after.sanity == 4
    later = spend_high_after_roll(earlier, 1)
    assert later.outcome is Outcome.COST
    assert {(effect.target, effect.amount) for effect in later.effects} == {
        ("high", -1),
        ("sanity", 1),
        ("xp:Firearms", -1),
    }
    assert later.mind_after == Mind(stress=5, high=1, sanity=5)


def test_a_roll_with_high_spent_after_it_rebuilds_from_its_data():
    earlier = roll_with(plain_check(mind=Mind(high=3, sanity=5)), 3, 4, 7, 8)
    later = spend_high_after_roll(spend_high_after_roll(earlier, 1), 1)
    assert later.outcome is Outcome.SUCCESS
    assert later.spent_after == 1
    assert type(later).from_data(json.loads(json.dumps(as_data(later)))) == later


def test_high_cannot_change_a_natural_2():
    earlier = roll_with(plain_check(mind=Mind(high=3, sanity=5)), 1, 1, 5, 5)
    with pytest.raises(DiceError, match="natural 2"):
        spend_high_after_roll(earlier, 1)
    assert high_options(earlier) == ()


def test_high_cannot_improve_a_success_or_a_crit():
    success = roll_with(plain_check(mind=Mind(high=3, sanity=5)), 5, 6, 1, 1)
    crit = roll_with(plain_check(mind=Mind(high=2, sanity=5)), 3, 3, 1, 1)
    for result in (success, crit):
        with pytest.raises(DiceError, match="cannot get better"):
            spend_high_after_roll(result, 1)


def test_spending_more_high_after_the_roll_than_the_agent_holds_is_an_error():
    earlier = roll_with(plain_check(mind=Mind(high=2, sanity=5), high_spent=1), 3, 4, 12, 12)
    with pytest.raises(DiceError, match="can spend 1"):
        spend_high_after_roll(earlier, 2)


def test_high_options_say_what_each_extra_point_would_make_of_the_roll():
    earlier = roll_with(plain_check(mind=Mind(high=3, sanity=5)), 2, 2, 4, 6)
    assert high_options(earlier) == (
        (1, Outcome.COST_PLUS),
        (2, Outcome.COST_PLUS),
        (3, Outcome.CRIT),
    )


# --- impossible input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stat": -1}, "cannot be negative"),
        ({"stat": 11}, "cannot be more than 10"),
        ({"skill_level": 6}, "cannot be more than 5"),
        ({"luck": -2}, "cannot be negative"),
        ({"skill": " "}, "names the skill"),
        ({"high_spent": 1}, "cannot spend 1 High"),
        ({"high_spent": -1}, "cannot be negative"),
        ({"ancestry": "Werewolf"}, "ancestry"),
        ({"hour": 24}, "cannot be more than 23"),
        ({"difficulty": "Easy"}, "difficulty"),
        ({"situational": 1.5}, "whole number"),
        ({"mind": Mind(high=1, traumas=("Lady Luck's Curse",)), "high_spent": 1}, "Curse keeps 1"),
    ],
)
def test_an_impossible_check_is_refused_with_a_clear_message(changes, message):
    with pytest.raises(DiceError, match=message):
        plain_check(**changes)


@pytest.mark.parametrize(
    ("player", "referee"), [((0, 3), (4, 5)), ((7, 3), (4, 5)), ((3, 3), (13, 5)), ((3,), (4, 5))]
)
def test_a_face_that_cannot_come_up_is_refused(player, referee):
    with pytest.raises(DiceError):
        resolve_basic_roll(plain_check(), player, referee)


# --- properties ---------------------------------------------------------------------------------

d6, d12 = st.integers(1, 6), st.integers(1, 12)
difficulties = st.sampled_from(["Trivial", "Normal", "Difficult", "Hard", "Impossible"])


@settings(max_examples=200, deadline=None)
@given(d6, d6, d12, d12, st.integers(-20, 20), st.integers(0, 10), difficulties)
def test_the_outcome_never_gets_worse_when_the_modifier_rises(a, b, x, y, mod, rise, difficulty):
    lower = resolve_basic_roll(plain_check(situational=mod, difficulty=difficulty), (a, b), (x, y))
    higher = resolve_basic_roll(
        plain_check(situational=mod + rise, difficulty=difficulty), (a, b), (x, y)
    )
    assert higher.outcome.rank >= lower.outcome.rank


@settings(max_examples=200, deadline=None)
@given(d12, d12, st.integers(-20, 30), difficulties)
def test_a_natural_2_always_fails_and_a_natural_12_always_crits(x, y, mod, difficulty):
    check = plain_check(situational=mod, difficulty=difficulty)
    assert resolve_basic_roll(check, (1, 1), (x, y)).outcome is Outcome.FAILURE
    assert resolve_basic_roll(check, (6, 6), (x, y)).outcome is Outcome.CRIT


@settings(max_examples=200, deadline=None)
@given(
    d6,
    d6,
    d12,
    d12,
    st.integers(0, 10),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 3),
    st.booleans(),
)
def test_the_consequences_follow_the_outcome(a, b, x, y, stat, level, stress, high, combat):
    check = plain_check(
        stat=stat, skill_level=level, mind=Mind(stress, high, 2), combat=combat, difficulty="Hard"
    )
    result = resolve_basic_roll(check, (a, b), (x, y))
    targets = {effect.target for effect in result.effects}
    assert ("xp:Firearms" in targets) == (result.outcome is Outcome.FAILURE and not combat)
    # a Failure, in combat or not, gives 1 stress (at 5 stress it costs sanity instead)
    assert bool(targets & {"stress", "sanity"}) == (result.outcome is Outcome.FAILURE)
    gains_high = result.outcome is Outcome.CRIT and high < 3
    assert (result.mind_after.high - high == 1) == gains_high
    assert 0 <= result.mind_after.stress <= 5
    assert result.total == a + b + sum(mod.amount for mod in result.modifiers)
