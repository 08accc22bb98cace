"""Zombiepocalypse team lift: several survivors lift one heavy thing together.

The seed's own example (two characters lift a very heavy log): the weight is a -1 on the
target level, working together a +1 on the same level; combined "the roll is
unmodified": one roll, made by one of them for the team. Similar factors do not stack,
so more helpers do not add more: the bonus is +1 once anyone lifts with the roller.
Pure Python, no Django.
"""

from __future__ import annotations

from ...dice.core import DiceError
from ...dice.words import say

TOGETHER = 1  # the "working together" factor on the target level


def together(helpers: int) -> int:
    """The "for" factor on the target level a lift gets from ``helpers`` lifting along."""
    if helpers < 0:
        raise DiceError(say("helpers cannot be negative"))
    return TOGETHER if helpers else 0
