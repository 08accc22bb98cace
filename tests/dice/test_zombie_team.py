"""The team lift's reading (pure): at least half of the lifters must succeed."""

import pytest

from rolls.dice.core import DiceError
from rolls.dice.zombie.team import needed, team_lift


@pytest.mark.parametrize(
    ("successes", "lifted"),
    [
        ((True, False), True),  # one of two: half
        ((False, False), False),
        ((True, False, False), False),  # one of three is less than half
        ((True, True, False), True),
        ((True, False, False, False, False), False),
        ((True, True, True, False, False), True),
    ],
)
def test_half_or_more_of_the_lifters_lift_it(successes, lifted):
    lift = team_lift(successes)
    assert lift.success is lifted
    assert lift.succeeded == sum(successes) and lift.lifters == len(successes)


def test_words_and_needed():
    assert needed(2) == 1 and needed(3) == 2 and needed(4) == 2
    assert team_lift([True, True]).words == "Lifted: 2 of 2 lifters succeed (1 needed)"
    with pytest.raises(DiceError):
        team_lift([])
