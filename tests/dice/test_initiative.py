"""Initiative cards (sheets/systems/dice/initiative.py): drawn without repeats, a
second deck past ten combatants, the lowest card first."""

import random

import pytest

from sheets.systems.dice.core import DiceError, ScriptedRNG
from sheets.systems.dice.initiative import Card, acting_order, draw


def test_each_draw_picks_from_what_is_left_of_the_deck():
    # the 1st of 1..10 is 1; the 9th of the 9 left (2..10) is 10; the 1st of 2..9 is 2
    rng = ScriptedRNG([1, 9, 1])
    cards = draw(rng, 3)
    assert cards == [Card(1), Card(10), Card(2)]
    assert rng.asked == [(1, 10), (1, 9), (1, 8)]
    rng.assert_used_up()


@pytest.mark.parametrize("seed", range(30))
def test_ten_combatants_or_fewer_never_share_a_card(seed):
    rng = random.Random(seed)
    for count in range(1, 11):
        values = [card.value for card in draw(rng, count)]
        assert len(set(values)) == count
        assert all(1 <= value <= 10 for value in values)
        assert all(card.deck == 1 for card in draw(rng, count))


def test_past_ten_a_second_deck_opens_once_the_first_is_used_up():
    rng = ScriptedRNG([1] * 10 + [3, 1])
    cards = draw(rng, 12)
    assert [c.value for c in cards[:10]] == list(range(1, 11))  # the whole first deck
    assert all(c.deck == 1 for c in cards[:10])
    assert cards[10:] == [Card(3, 2), Card(1, 2)]
    assert rng.asked[10] == (1, 10)  # the second deck is whole again


def test_twenty_one_combatants_open_a_third_deck():
    cards = draw(random.Random(3), 21)
    assert sorted(card.deck for card in cards) == [1] * 10 + [2] * 10 + [3]
    for deck in (1, 2):
        assert sorted(c.value for c in cards if c.deck == deck) == list(range(1, 11))


def test_the_lowest_card_acts_first_and_the_first_deck_before_the_second():
    cards = [Card(7), Card(2), Card(2, 2), Card(10), Card(1, 2)]
    assert acting_order(cards) == [4, 1, 2, 0, 3]


@pytest.mark.parametrize("count", [0, -1, 61, True, 2.0])
def test_a_draw_needs_one_to_sixty_combatants(count):
    with pytest.raises(DiceError):
        draw(ScriptedRNG([]), count)


def test_a_card_reads_its_deck_only_past_the_first():
    assert str(Card(4)) == "4"
    assert str(Card(4, 2)) == "4 (deck 2)"
