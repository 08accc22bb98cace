"""Vocabulary shared by every system's dice: dice records, effects and the RNG.

Results are frozen dataclasses made of plain values, so ``as_data(result)`` is
JSON-serialisable and a result can be stored on a Roll row and drawn by a
template without recomputing anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from .words import Saying, is_saying, put_into_words, say


class DiceError(ValueError):
    """Impossible dice input: negative dice, a second push, too many ammo dice...

    Made with a plain English message or a saying (``say(...)``, words.py): ``str()`` is
    the English either way; ``saying`` (None for a plain message) is what a page puts
    into the reader's words."""

    def __init__(self, message: str | Saying):
        self.saying: Saying | None = message if is_saying(message) else None
        super().__init__(put_into_words(message))


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
        raise DiceError(say("a die needs at least one side, not %(size)s", size=size))
    return rng.randint(1, size)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(
    name: str,
    value: int,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    rule: str | None = None,
) -> int:
    """Validate a whole number (a bool is not one) from ``minimum`` to ``maximum``.

    A refusal reads "<name> must be a whole number", "<name> cannot be negative" (minimum
    0) or "less than <minimum>", "<name> cannot be positive" (maximum 0 and no minimum: a
    penalty) or "more than <maximum>". A ``rule`` in the game's words ("is 1 to 3 rolls")
    replaces that wording for every refusal: "<name> <rule>, not <value>".
    """
    whole = _whole(value)
    low = whole and minimum is not None and value < minimum
    high = whole and maximum is not None and value > maximum
    if rule is not None and (not whole or low or high):
        # Translators: a value refused by a rule in the game's words: "Rolls is 1 to 3
        # rolls, not 5"
        raise DiceError(say("%(name)s %(rule)s, not %(value)s", name=name, rule=rule,
                            value=repr(value)))  # fmt: skip
    if not whole:
        raise DiceError(
            say("%(name)s must be a whole number, not %(value)s", name=name, value=repr(value))
        )
    if low:
        if minimum == 0:
            raise DiceError(say("%(name)s cannot be negative (%(value)s)", name=name, value=value))
        raise DiceError(say("%(name)s cannot be less than %(minimum)s (%(value)s)", name=name,
                            minimum=minimum, value=value))  # fmt: skip
    if high:
        if maximum == 0 and minimum is None:
            raise DiceError(say("%(name)s cannot be positive (%(value)s)", name=name, value=value))
        raise DiceError(say("%(name)s cannot be more than %(maximum)s (%(value)s)", name=name,
                            maximum=maximum, value=value))  # fmt: skip
    return value


def require_count(name: str, count: int, *, maximum: int | None = None) -> int:
    """Validate a number of dice: a whole number, never negative, not above ``maximum``."""
    return require_int(name, count, minimum=0, maximum=maximum)


def require_face(face: int, size: int, what: str) -> int:
    """Validate a face read from a d``size``; ``what`` names the die ("a referee die")."""
    if not _whole(face) or not 1 <= face <= size:
        raise DiceError(
            say("%(what)s shows 1 to %(size)s, not %(face)s: that face cannot come up",
                what=what, size=size, face=repr(face))
        )  # fmt: skip
    return face


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
