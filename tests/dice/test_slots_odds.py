"""Slots: exact odds, by hand and against 100,000 rolls through the real roll path."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from sheets.systems.dice.core import DiceError
from sheets.systems.slots.dice import (
    Beseech,
    Block,
    Idea,
    Item,
    Sheet,
    Traverse,
    check_odds,
    choose_die,
    fall,
    fall_odds,
    resolve_roll,
    roll_check,
    suggest_die,
)
from sheets.systems.slots.dice import Fall as FallCheck
from sheets.systems.slots.dice.odds import _check_odds
from tests.dice import agreement

SHIELD = Item("shield", ("shield", "rigid", "blunt"))
DAGGER = Item("dagger", ("weapon", "sharp", "rigid"))
COINS = Item("sack of coins", ("noisy", "heavy"))
LEATHER = Item("leather jerkin", ("light armor", "flammable"))
# Block: 8 blocks (shield), 3 resists (leather), every other face fails.
GUARD = Sheet.empty().holding(8, SHIELD).holding(3, LEATHER).holding(11, COINS)
DEVOUT = Sheet.empty().thinking(2, Idea("the Dawn Father", "devotion"))
ROLLS = 100_000


def agrees(p: Fraction, observed: int) -> bool:
    return agreement.agrees(p, observed, ROLLS)


# --- By hand -----------------------------------------------------------------------------


def test_a_traverse_on_an_empty_sheet_fails_only_on_a_one():
    assert check_odds(Sheet.empty(), Traverse()).success == Fraction(11, 12)
    worst_of_two = check_odds(Sheet.empty(), Traverse(), disadvantages=1)
    assert worst_of_two.success == Fraction(11, 12) ** 2
    assert worst_of_two.chooser == "judge" and worst_of_two.dice == 2


@pytest.mark.parametrize(
    ("advantages", "disadvantages", "success"),
    [
        (0, 0, Fraction(1, 4)),
        (1, 0, 1 - Fraction(3, 4) ** 2),
        (2, 0, 1 - Fraction(3, 4) ** 3),
        (0, 1, Fraction(1, 16)),
        (0, 2, Fraction(1, 64)),
        (2, 1, Fraction(7, 16)),
    ],
)
def test_beseech_with_one_devotion_among_four_focus_slots(advantages, disadvantages, success):
    assert check_odds(DEVOUT, Beseech(), advantages, disadvantages).success == success


def test_block_odds_split_blocked_resisted_and_failed():
    one = check_odds(GUARD, Block("strike"))
    assert one.outcomes == {
        "fails": Fraction(10, 12),
        "resisted": Fraction(1, 12),
        "blocked": Fraction(1, 12),
    }
    assert one.success == Fraction(1, 6)
    assert one.slot_read == {face: Fraction(1, 12) for face in range(1, 13)}
    two = check_odds(GUARD, Block("strike"), advantages=1)
    assert two.outcomes["blocked"] == 1 - Fraction(11, 12) ** 2
    assert two.outcomes["resisted"] == Fraction(11, 12) ** 2 - Fraction(10, 12) ** 2
    assert two.success == Fraction(11, 36)


def test_the_judge_reads_the_worst_face_so_a_lone_shield_counts_only_if_both_dice_show_it():
    odds = check_odds(GUARD, Block("strike"), disadvantages=1)
    assert odds.slot_read[8] == Fraction(1, 144)
    assert odds.outcomes["blocked"] == Fraction(1, 144)


def test_fall_odds_count_the_dice_that_hurt_and_the_open_wounds():
    # Hurt on 1 (no slot), 7 (dagger: sharp) and 8 (shield: blunt); open wound only on 7.
    sheet = GUARD.holding(7, DAGGER)
    odds = fall_odds(sheet, 3)
    assert odds.unharmed == Fraction(3, 4) ** 3
    assert odds.hurt_dice["3+"] == Fraction(1, 4) ** 3
    assert odds.open_wounds["0"] == Fraction(11, 12) ** 3
    assert sum(odds.hurt_dice.values()) == 1
    with pytest.raises(DiceError, match="cannot be more than 20"):
        fall_odds(sheet, 21)


def test_odds_are_cached_per_sheet_check_and_dice():
    _check_odds.cache_clear()
    check_odds(GUARD, Block("strike"), advantages=1)
    check_odds(GUARD, Block("strike"), advantages=2, disadvantages=1)
    info = _check_odds.cache_info()
    assert (info.hits, info.misses) == (1, 1)
    first = check_odds(GUARD, Block("strike"))
    first.outcomes["blocked"] = Fraction(1)
    assert check_odds(GUARD, Block("strike")).outcomes["blocked"] == Fraction(1, 12)


def test_odds_of_a_third_advantage_are_those_of_two_and_a_fall_is_refused_as_a_check():
    three = check_odds(GUARD, Block("strike"), advantages=3)
    assert three == check_odds(GUARD, Block("strike"), advantages=2)
    with pytest.raises(DiceError, match="use fall_odds"):
        check_odds(GUARD, FallCheck(2))


# --- Against 100,000 rolls ---------------------------------------------------------------


def simulate(sheet, check, advantages, disadvantages, seed):
    rng = random.Random(seed)
    successes, read = 0, Counter()
    for _ in range(ROLLS):
        rolled = roll_check(rng, sheet, check, advantages, disadvantages)
        if rolled.chooser is not None:
            rolled = choose_die(rolled, suggest_die(rolled, sheet, check), by=rolled.chooser)
        result = resolve_roll(sheet, check, rolled)
        successes += result.success
        read[result.face] += 1
    return successes, read


@pytest.mark.parametrize(
    ("check", "advantages", "disadvantages", "neighbour"),
    [(Block("strike"), 2, 0, (1, 0)), (Block("missile"), 0, 2, (0, 1))],
)
def test_exact_odds_match_100000_rolls_and_a_neighbouring_configuration_does_not(
    check, advantages, disadvantages, neighbour
):
    successes, read = simulate(GUARD, check, advantages, disadvantages, seed=3)
    exact = check_odds(GUARD, check, advantages, disadvantages)
    wrong = check_odds(GUARD, check, *neighbour)
    assert agrees(exact.success, successes)
    assert not agrees(wrong.success, successes)
    assert all(agrees(exact.slot_read[face], read[face]) for face in range(1, 13))
    assert not all(agrees(wrong.slot_read[face], read[face]) for face in range(1, 13))


def test_exact_fall_odds_match_100000_falls_and_a_shorter_fall_does_not():
    sheet = GUARD.holding(7, DAGGER)
    rng = random.Random(11)
    unharmed = sum(fall(rng, sheet, FallCheck(3)).success for _ in range(ROLLS))
    assert fall_odds(sheet, 3).unharmed == Fraction(27, 64)
    assert agrees(fall_odds(sheet, 3).unharmed, unharmed)
    assert not agrees(fall_odds(sheet, 2).unharmed, unharmed)
