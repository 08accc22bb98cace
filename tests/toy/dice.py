"""The toy system's pure engine: no Django. A d6 at or under Nerve holds; a failure
brings a Fright."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheets.systems.dice.core import RNG, Die, Effect, require_int, roll

NERVE_MAX = 6
FRIGHTS_MAX = 10


@dataclass(frozen=True)
class NerveTest:
    die: Die
    held: bool
    effects: tuple[Effect, ...]


def hold_odds(nerve: int) -> Fraction:
    """The exact chance that a d6 comes up at or under ``nerve``."""
    require_int("Nerve", nerve, minimum=1, maximum=NERVE_MAX)
    return Fraction(nerve, 6)


def test_nerve(nerve: int, rng: RNG) -> NerveTest:
    require_int("Nerve", nerve, minimum=1, maximum=NERVE_MAX)
    face = roll(rng, 6)
    held = face <= nerve
    die = Die("nerve", 6, face, "held" if held else "")
    effects = () if held else (Effect("frights", 1, "Nerve failed: a Fright"),)
    return NerveTest(die, held, effects)


test_nerve.__test__ = False  # an engine function, not a pytest test
