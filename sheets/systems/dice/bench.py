"""`make bench`: rolls per second per system, and the time to compute the exact odds
of each system's largest dice configuration.

Each system's dice package has a ``bench`` module with two functions for this:

- ``bench_roll(rng)``: one typical roll of the system (a skill roll, a push...);
- ``bench_largest_odds()``: computes the exact odds of its largest configuration
  (the module clears its own caches first so the timing is a cold computation).
"""

from __future__ import annotations

import importlib
import random
import time

SYSTEMS = ("mutant", "twilight", "agents", "zombie", "slots")
ROLL_SECONDS = 1.0


def rolls_per_second(bench_roll, rng) -> float:
    count = 0
    started = time.perf_counter()
    deadline = started + ROLL_SECONDS
    while time.perf_counter() < deadline:
        for _ in range(100):
            bench_roll(rng)
        count += 100
    return count / (time.perf_counter() - started)


def measure() -> list[dict]:
    """Per system: rolls per second and the cold time of its largest exact odds."""
    rng = random.Random(2000)
    results = []
    for name in SYSTEMS:
        try:
            module = importlib.import_module(f"sheets.systems.{name}.dice.bench")
        except ModuleNotFoundError:
            results.append({"system": name, "rolls_per_second": None, "largest_odds_ms": None})
            continue
        speed = rolls_per_second(module.bench_roll, rng)
        started = time.perf_counter()
        module.bench_largest_odds()
        odds_ms = (time.perf_counter() - started) * 1000
        results.append(
            {"system": name, "rolls_per_second": round(speed), "largest_odds_ms": round(odds_ms, 1)}
        )
    return results


def main() -> None:
    print(f"{'system':<10} {'rolls/s':>12} {'largest odds':>14}")
    for row in measure():
        if row["rolls_per_second"] is None:
            print(f"{row['system']:<10} {'(no dice module yet)':>27}")
            continue
        print(
            f"{row['system']:<10} {row['rolls_per_second']:>12,} {row['largest_odds_ms']:>11.1f} ms"
        )


if __name__ == "__main__":
    main()
