"""Slots: advantage and disadvantage, who picks the die, cooperation, JSON results."""

import json

import pytest

from sheets.systems.dice.core import DiceError, ScriptedRNG, as_data
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots.dice import (
    Beseech,
    Block,
    Fall,
    Idea,
    Item,
    Sheet,
    Traverse,
    choose_die,
    cooperate,
    fall,
    read_results,
    resolve_roll,
    roll_check,
    suggest_die,
    swap_dice,
)
from sheets.systems.slots.dice.bench import BENCH_SHEET, bench_largest_odds, bench_roll
from sheets.systems.slots.dice.odds import _check_odds, _fall_odds
from sheets.systems.slots.dice.roll import edge


def words(value):
    """A stored saying in English, as a reader of the default language sees it."""
    return put_into_words(value)


SHIELD = Item("shield", ("shield", "rigid", "blunt"))
COINS = Item("sack of coins", ("noisy", "heavy"))
LEATHER = Item("leather jerkin", ("light armor", "flammable"))
# Blocks on 8 (shield), resists on 3 (closed wound), fails elsewhere.
GUARD = Sheet.empty().holding(8, SHIELD).holding(3, LEATHER).holding(11, COINS)
DEVOUT = Sheet.empty().thinking(2, Idea("the Dawn Father", "devotion"))


def test_a_check_without_advantage_rolls_one_die_that_counts_at_once():
    rng = ScriptedRNG([8])
    rolled = roll_check(rng, GUARD, Block("strike"))
    rng.assert_used_up()
    assert rolled.faces == (8,) and rolled.chooser is None and rolled.face == 8
    assert rolled.dice[0].kind == "gear-slot" and rolled.dice[0].size == 12
    assert words(rolled.dice[0].counts) == "gear slot 8 (read)"
    assert resolve_roll(GUARD, Block("strike"), rolled).outcome == "blocked"


def test_a_focus_check_rolls_the_focus_die():
    rng = ScriptedRNG([2])
    rolled = roll_check(rng, DEVOUT, Beseech())
    assert rng.asked == [(1, 4)]
    assert rolled.dice[0].kind == "focus" and words(rolled.dice[0].counts) == "focus slot 2 (read)"
    assert resolve_roll(DEVOUT, Beseech(), rolled).success


def test_advantage_rolls_an_extra_die_and_the_player_picks():
    rolled = roll_check(ScriptedRNG([5, 8]), GUARD, Block("strike"), advantages=1)
    assert rolled.chooser == "player" and rolled.faces == (5, 8)
    picked = choose_die(rolled, 8, by="player")
    assert [words(die.counts) for die in picked.dice] == [
        "gear slot 5 (set aside)",
        "gear slot 8 (read)",
    ]
    assert resolve_roll(GUARD, Block("strike"), picked).success


def test_disadvantage_rolls_an_extra_die_and_the_judge_picks():
    rolled = roll_check(ScriptedRNG([8, 3, 5]), GUARD, Block("strike"), disadvantages=2)
    assert rolled.chooser == "judge" and len(rolled.dice) == 3
    with pytest.raises(DiceError, match="the judge picks the die for this roll, not the player"):
        choose_die(rolled, 8, by="player")
    assert choose_die(rolled, 5, by="judge").face == 5


def test_advantages_and_disadvantages_cancel_one_for_one():
    rolled = roll_check(ScriptedRNG([4, 9]), GUARD, Traverse(), advantages=2, disadvantages=1)
    assert (rolled.advantages, rolled.disadvantages) == (2, 1)
    assert len(rolled.dice) == 2 and rolled.chooser == "player"
    even = roll_check(ScriptedRNG([4]), GUARD, Traverse(), advantages=2, disadvantages=2)
    assert len(even.dice) == 1 and even.chooser is None


@pytest.mark.parametrize(
    ("advantages", "disadvantages", "message"),
    [
        (10, 0, "advantages cannot be more than 9"),
        (0, 10, "disadvantages cannot be more than 9"),
        (-1, 0, "advantages cannot be negative"),
        (1.5, 0, "whole number"),
    ],
)
def test_impossible_advantage_counts_are_refused(advantages, disadvantages, message):
    with pytest.raises(DiceError, match=message):
        roll_check(ScriptedRNG([]), GUARD, Traverse(), advantages, disadvantages)


@pytest.mark.parametrize(("advantages", "disadvantages"), [(3, 0), (5, 1), (0, 3)])
def test_a_third_source_is_accepted_and_adds_nothing(advantages, disadvantages):
    """RULINGS: up to 2 stack; a third source adds nothing, and is never refused."""
    rolled = roll_check(ScriptedRNG([4, 9, 2]), GUARD, Traverse(), advantages, disadvantages)
    counted = (min(advantages, 2), min(disadvantages, 2))
    assert (rolled.advantages, rolled.disadvantages) == counted
    assert len(rolled.dice) == 1 + abs(counted[0] - counted[1])
    assert rolled.advantages_unused == max(0, advantages - 2)
    assert rolled.disadvantages_unused == max(0, disadvantages - 2)


def test_a_fall_takes_no_advantage():
    with pytest.raises(DiceError, match="without advantage"):
        edge(Fall(2), 1, 0)


def test_picking_a_face_that_was_not_rolled_is_refused():
    rolled = roll_check(ScriptedRNG([5, 8]), GUARD, Block("strike"), advantages=1)
    with pytest.raises(DiceError, match=r"7 was not rolled \(the dice show 5, 8\)"):
        choose_die(rolled, 7, by="player")


def test_the_die_that_counts_is_picked_once():
    picked = choose_die(roll_check(ScriptedRNG([5, 8]), GUARD, Traverse(), 1), 5, by="player")
    with pytest.raises(DiceError, match="already chosen"):
        choose_die(picked, 8, by="player")
    with pytest.raises(DiceError, match="already chosen"):
        choose_die(roll_check(ScriptedRNG([4]), GUARD, Traverse()), 4, by="player")


def test_a_roll_is_not_read_before_its_die_is_picked():
    rolled = roll_check(ScriptedRNG([5, 8]), GUARD, Block("strike"), advantages=1)
    with pytest.raises(DiceError, match="the player has not picked"):
        resolve_roll(GUARD, Block("strike"), rolled)


def test_the_suggested_die_is_the_players_best_and_the_judges_worst():
    check = Block("strike")
    best = roll_check(ScriptedRNG([3, 11, 8]), GUARD, check, advantages=2)
    assert suggest_die(best, GUARD, check) == 8  # blocked beats resisted beats failing
    worst = roll_check(ScriptedRNG([8, 3, 12]), GUARD, check, disadvantages=2)
    assert suggest_die(worst, GUARD, check) == 12  # an empty pack: no wound, still a failure
    worst = roll_check(ScriptedRNG([8, 3, 2]), GUARD, check, disadvantages=2)
    assert suggest_die(worst, GUARD, check) == 2  # an open wound in the head
    resisted = roll_check(ScriptedRNG([3, 12]), GUARD, check, advantages=1)
    assert suggest_die(resisted, GUARD, check) == 3  # a closed wound beats a failure


def test_every_result_is_json_serialisable():
    rolled = roll_check(ScriptedRNG([5, 8]), GUARD, Block("strike"), advantages=1)
    picked = choose_die(rolled, 8, by="player")
    landing = fall(ScriptedRNG([3, 11]), GUARD, Fall(2))
    group = cooperate({"Ann": rolled, "Bo": roll_check(ScriptedRNG([4]), GUARD, Block("strike"))})
    for result in (picked, resolve_roll(GUARD, Block("strike"), picked), landing, group):
        data = json.loads(json.dumps(as_data(result)))
        assert data  # the whole structure survived the round trip
    assert json.loads(json.dumps(as_data(picked)))["dice"][1]["face"] == 8


# --- Cooperation -------------------------------------------------------------------------


def group_of_three():
    check = Block("strike")
    return cooperate(
        {
            "Ann": roll_check(ScriptedRNG([2]), GUARD, check),
            "Bo": roll_check(ScriptedRNG([8, 6]), GUARD, check, advantages=1),
            "Cy": roll_check(ScriptedRNG([12]), GUARD, check),
        }
    )


def test_cooperating_characters_may_exchange_one_die_each_before_reading():
    group = swap_dice(group_of_three(), "Ann", 2, "Bo", 8)
    assert group.roll_of("Ann").faces == (8,)
    assert group.roll_of("Ann").face == 8  # a single die still counts at once
    assert group.roll_of("Bo").faces == (2, 6)
    assert words(group.roll_of("Ann").dice[0].counts) == "gear slot 8, from Bo (read)"
    assert [(s.first, s.first_face, s.second, s.second_face) for s in group.swaps] == [
        ("Ann", 2, "Bo", 8)
    ]
    read = read_results(group)
    assert resolve_roll(GUARD, Block("strike"), read.roll_of("Ann")).outcome == "blocked"


def test_each_character_takes_part_in_one_exchange_only():
    group = swap_dice(group_of_three(), "Ann", 2, "Bo", 8)
    with pytest.raises(DiceError, match="Bo has already exchanged a die"):
        swap_dice(group, "Cy", 12, "Bo", 6)
    with pytest.raises(DiceError, match="Ann has already exchanged a die"):
        swap_dice(group, "Ann", 8, "Cy", 12)


def test_an_exchange_needs_two_members_of_the_group_and_dice_they_rolled():
    group = group_of_three()
    with pytest.raises(DiceError, match="Dee is not cooperating"):
        swap_dice(group, "Ann", 2, "Dee", 4)
    with pytest.raises(DiceError, match="with themselves"):
        swap_dice(group, "Bo", 8, "Bo", 6)
    with pytest.raises(DiceError, match="5 is not among that character's dice"):
        swap_dice(group, "Ann", 5, "Bo", 8)


def test_no_exchange_once_the_results_are_read():
    read = read_results(group_of_three())
    with pytest.raises(DiceError, match="the results are read"):
        swap_dice(read, "Ann", 2, "Cy", 12)
    with pytest.raises(DiceError, match="already read"):
        read_results(read)


def test_cooperation_needs_two_characters_rolling_the_same_check():
    one = roll_check(ScriptedRNG([4]), GUARD, Traverse())
    with pytest.raises(DiceError, match="at least two"):
        cooperate({"Ann": one})
    other = roll_check(ScriptedRNG([4]), GUARD, Block("strike"))
    with pytest.raises(DiceError, match="same check"):
        cooperate({"Ann": one, "Bo": other})
    picked = choose_die(roll_check(ScriptedRNG([4, 5]), GUARD, Traverse(), 1), 4, by="player")
    with pytest.raises(DiceError, match="before anyone picks"):
        cooperate({"Ann": one, "Bo": picked})


# --- Bench -------------------------------------------------------------------------------


def test_the_bench_roll_is_a_block_with_advantage_read_from_the_players_pick():
    rng = ScriptedRNG([5, 3])  # a reopened wound in the legs, or chainmail on the torso
    result = bench_roll(rng)
    rng.assert_used_up()
    assert (result.check, result.face, result.outcome) == ("block", 3, "blocked")


def test_the_bench_odds_start_cold_and_cover_every_check_at_three_dice_and_the_longest_fall():
    _check_odds.cache_clear()
    _check_odds(BENCH_SHEET, Traverse(), 0)
    bench_largest_odds()
    assert _check_odds.cache_info().currsize == 16  # 8 checks x (2 advantages, 2 disadvantages)
    assert _fall_odds.cache_info().currsize == 1
