"""Zombiepocalypse team lift: several survivors lift one heavy thing together.

The seed's own example (two characters lift a very heavy log): the weight is a -1 on the
target level, working together a +1 on the same level, so the two cancel (one level is
-1, 0 or +1). Tableside reads a team lift as a group check: every lifter makes their own
Skill Check with that "working together" bonus on the target level, and the lift
succeeds when at least half of the lifters succeed (one of two is enough; two of five are
not). Pure Python, no Django.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from rolls.dice.core import DiceError

TOGETHER = 1  # the "working together" factor on the target level (the seed's example)
MIN_LIFTERS = 2


@dataclasses.dataclass(frozen=True)
class TeamLift:
    lifters: int
    succeeded: int
    success: bool

    @property
    def needed(self) -> int:
        return needed(self.lifters)

    @property
    def words(self) -> str:
        verdict = "Lifted" if self.success else "Not lifted"
        return (
            f"{verdict}: {self.succeeded} of {self.lifters} lifters succeed ({self.needed} needed)"
        )


def needed(lifters: int) -> int:
    """Successes a lift of ``lifters`` needs: half of them, rounded up."""
    if lifters < 1:
        raise DiceError("a team lift needs lifters")
    return (lifters + 1) // 2


def team_lift(successes: Iterable[bool]) -> TeamLift:
    """Read the lifters' checks (True for each success) into the lift's outcome."""
    results: Sequence[bool] = tuple(bool(s) for s in successes)
    if len(results) < 1:
        raise DiceError("nobody lifted")
    succeeded = sum(results)
    return TeamLift(len(results), succeeded, succeeded >= needed(len(results)))
