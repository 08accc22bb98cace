"""Vocabulary shared by every system's dice: dice records, effects and the RNG.

Results are frozen dataclasses made of plain values, so ``as_data(result)`` is
JSON-serialisable and a result can be stored on a Roll row and drawn by a
template without recomputing anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class DiceError(ValueError):
    """Impossible dice input: negative dice, a second push, too many ammo dice..."""


class RNG(Protocol):
    """What a roll needs from a random source (random.Random, secrets.SystemRandom)."""

    def randint(self, a: int, b: int) -> int: ...


@dataclasses.dataclass(frozen=True)
class Die:
    """One die as rolled: its kind in the game's words, its size, its face, and
    what it counted for ("success", "2 successes", "trauma", "bane", "" for nothing).
    ``rerolled`` marks a die thrown again by a push."""

    kind: str
    size: int
    face: int
    counts: str = ""
    rerolled: bool = False


@dataclasses.dataclass(frozen=True)
class Effect:
    """A change the sheet must receive, in the game's words.

    ``target`` names what changes ("trauma:strength", "mutation_points",
    "gear_bonus", "reliability", "rounds", "stress", "xp:<skill>"...), ``amount``
    is signed (+1 trauma, -1 reliability), ``note`` says why, for the log.
    """

    target: str
    amount: int
    note: str = ""


def roll(rng: RNG, size: int) -> int:
    """One die of ``size`` sides."""
    if size < 1:
        raise DiceError(f"a die needs at least one side, not {size}")
    return rng.randint(1, size)


def require_count(name: str, count: int, *, maximum: int | None = None) -> int:
    """Validate a number of dice: a whole number, never negative, not above ``maximum``."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise DiceError(f"{name} must be a whole number, not {count!r}")
    if count < 0:
        raise DiceError(f"{name} cannot be negative ({count})")
    if maximum is not None and count > maximum:
        raise DiceError(f"{name} cannot be more than {maximum} ({count})")
    return count


def as_data(value: Any) -> Any:
    """A JSON-serialisable copy of a result: dataclasses become dicts, tuples lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [as_data(item) for item in value]
    if isinstance(value, dict):
        return {str(key): as_data(item) for key, item in value.items()}
    if hasattr(value, "value") and hasattr(type(value), "__members__"):  # an Enum
        return value.value
    return value


class ScriptedRNG:
    """Dice that come up as scripted, for worked examples and tests.

    ``ScriptedRNG([6, 1, 3])`` answers the next ``randint`` calls with 6, then 1, then 3.
    A face outside the die asked for, or running out of faces, is an error, so a
    test cannot silently roll a different number of dice than it scripted.
    """

    def __init__(self, faces: Iterable[int]):
        self._faces = list(faces)
        self._next = 0
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        if self._next >= len(self._faces):
            raise AssertionError(
                f"scripted dice ran out after {self._next} faces (asked for a d{b})"
            )
        face = self._faces[self._next]
        self._next += 1
        self.asked.append((a, b))
        if not a <= face <= b:
            raise AssertionError(f"scripted face {face} cannot come up on a d{b}")
        return face

    @property
    def remaining(self) -> Sequence[int]:
        return self._faces[self._next :]

    def assert_used_up(self) -> None:
        if self.remaining:
            raise AssertionError(f"scripted faces never rolled: {list(self.remaining)}")
