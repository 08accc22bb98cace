"""Do simulated rolls agree with exact odds? Shared by the 100,000-roll tests.

An observed frequency agrees with its exact chance p when it lies within 4.5 standard
errors of it, sqrt(p (1 - p) / rolls): a correct distribution strays that far about once
in 150,000 outcomes, and a wrong one is caught once it is off by a fraction of a
percentage point. An outcome whose exact chance is 0 (or 1) has no spread at all: it
agrees only if it never (or always) came up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

STANDARD_ERRORS = 4.5


def tolerance(chance: Fraction | float, rolls: int, *, floor: float = 0.0) -> float:
    """How far the frequency of an outcome of exact ``chance`` may stray over ``rolls``.
    With ``floor`` the spread is never taken below that of a chance of ``floor`` (or
    above 1 - ``floor``); a chance of exactly 0 or 1 still allows no spread."""
    if chance == 0 or chance == 1:
        return 0.0
    p = min(max(float(chance), floor), 1 - floor)
    return STANDARD_ERRORS * math.sqrt(p * (1 - p) / rolls)


def agrees(chance: Fraction | float, count: int, rolls: int, *, floor: float = 0.0) -> bool:
    """``count`` times in ``rolls`` agrees with an exact ``chance``."""
    return abs(count / rolls - float(chance)) <= tolerance(chance, rolls, floor=floor)


def all_agree(
    counts: Mapping[Any, int],
    expected: Mapping[Any, Fraction],
    rolls: int,
    *,
    floor: float = 0.0,
) -> bool:
    """Every outcome's count agrees with its exact chance: the outcomes expected and the
    outcomes seen (one seen but not expected has a chance of 0, so it cannot agree)."""
    return all(
        agrees(expected.get(outcome, 0), counts.get(outcome, 0), rolls, floor=floor)
        for outcome in set(counts) | set(expected)
    )
