"""Small statistics for the bench: percentiles by the nearest-rank method."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0 < q <= 100) by nearest rank: the smallest value that
    at least q% of the values are at or below. A value that was measured, never an
    interpolation."""
    if not values:
        raise ValueError("no values")
    if not 0 < q <= 100:
        raise ValueError(f"a percentile is above 0 and at most 100, not {q}")
    ordered = sorted(values)
    rank = math.ceil(q / 100 * len(ordered))
    return ordered[rank - 1]


def summary(values_ms: Sequence[float]) -> dict:
    """``{"n", "p50", "p99", "max"}`` of timings in milliseconds, rounded to 0.1 ms."""
    if not values_ms:
        return {"n": 0, "p50": None, "p99": None, "max": None}
    return {
        "n": len(values_ms),
        "p50": round(percentile(values_ms, 50), 1),
        "p99": round(percentile(values_ms, 99), 1),
        "max": round(max(values_ms), 1),
    }


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if not numerator or not denominator:
        return None
    return round(numerator / denominator, 2)
