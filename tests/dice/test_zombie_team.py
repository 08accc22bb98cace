"""The team lift's bonus (pure): working together is one +1 on the target level,
however many help (similar factors do not stack), and nothing for a lift alone."""

import pytest

from sheets.systems.dice.core import DiceError
from sheets.systems.zombie.dice.team import together


@pytest.mark.parametrize(("helpers", "bonus"), [(0, 0), (1, 1), (2, 1), (5, 1)])
def test_working_together_is_one_factor(helpers, bonus):
    assert together(helpers) == bonus


def test_negative_helpers_are_refused():
    with pytest.raises(DiceError):
        together(-1)
