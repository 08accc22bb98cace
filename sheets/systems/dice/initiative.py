"""Initiative cards for the Year Zero games (MYZ, T2K): pure rules, no Django.

At the start of a conflict every combatant (a character, a named NPC, or a group of
NPCs acting together) draws one card numbered 1 to 10 from a shuffled deck, without
repeats. Past ten combatants a second deck is opened once the first is used up (a third
past twenty, and so on). The lowest card acts first and the order holds for the whole
conflict; a card of the first deck acts before the same number of a later deck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .core import RNG, DiceError
from .words import say

DECK_SIZE = 10  # cards numbered 1 to 10
MAX_COMBATANTS = 60  # six decks: more than any table fights at once


@dataclasses.dataclass(frozen=True, order=True)
class Card:
    """One initiative card as drawn: its number and the deck it came from (1, 2...).
    Cards sort in acting order: number first, then deck."""

    value: int
    deck: int = 1

    def __str__(self) -> str:
        return str(self.value) if self.deck == 1 else f"{self.value} (deck {self.deck})"


def require_combatants(count: int) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise DiceError(
            say("the number of combatants must be a whole number, not %(count)s", count=repr(count))
        )
    if count < 1:
        raise DiceError(say("a conflict needs at least one combatant"))
    if count > MAX_COMBATANTS:
        raise DiceError(
            say("a conflict takes at most %(most)s combatants, not %(count)s",
                most=MAX_COMBATANTS, count=count)
        )  # fmt: skip
    return count


def draw(rng: RNG, count: int) -> list[Card]:
    """``count`` cards, one per combatant in the order given: each is drawn from what
    is left of the open deck (``rng.randint(1, cards left)`` picks its place), and a new
    deck opens when the open one is empty. Ten combatants or fewer never share a number."""
    require_combatants(count)
    cards: list[Card] = []
    left: list[int] = []
    deck = 0
    for _ in range(count):
        if not left:
            deck += 1
            left = list(range(1, DECK_SIZE + 1))
        place = rng.randint(1, len(left))
        cards.append(Card(left.pop(place - 1), deck))
    return cards


def acting_order(cards: Sequence[Card]) -> list[int]:
    """The indexes of ``cards`` in acting order: the lowest card first."""
    return sorted(range(len(cards)), key=lambda index: (cards[index], index))
