"""Slots: rolling a check, picking the die that counts, and cooperation.

Advantage and disadvantage: up to 2 of each stack; a third source (or more, up to
``MAX_SOURCES`` asked) is accepted and adds nothing (RULINGS: "up to 2 stack"; the roll
keeps how many were set aside, for the result to say so); then they cancel one for
one; the check rolls 1 + |net| dice. With advantage the player picks the die that
counts, with disadvantage the judge does; a single die counts at once.
Cooperation: the group's dice are rolled at once; before the results are read, each
character may take part in one exchange of a die with another member.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...dice.core import RNG, DiceError, Die, require_count, roll
from ...dice.words import Saying, say
from .checks import Check, Resolution, die_size, resolve
from .fall import Fall
from .sheet import Sheet

MAX_EDGE = 2  # of each that count
MAX_SOURCES = 9  # of each a roll may name (the ones beyond MAX_EDGE add nothing)
PLAYER, JUDGE = "player", "judge"


@dataclasses.dataclass(frozen=True)
class CheckRoll:
    """The dice of one check: every die, who picks, and which die counts (an index)."""

    check: str
    area: str
    size: int
    advantages: int
    disadvantages: int
    dice: tuple[Die, ...]
    chooser: str | None = None
    chosen: int | None = None
    advantages_unused: int = 0  # sources beyond the 2 that stack: accepted, adding nothing
    disadvantages_unused: int = 0

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(die.face for die in self.dice)

    @property
    def face(self) -> int:
        """The face that counts; a DiceError while the player or judge has not picked."""
        if self.chosen is None:
            raise DiceError(f"the {self.chooser} has not picked the die that counts yet")
        return self.dice[self.chosen].face


def _slot_words(area: str, face: int) -> Saying:
    if area == "gear" and face == 1:
        return say("no slot (a 1 always fails)")
    if area == "gear":
        return say("gear slot %(number)s", number=face)
    return say("focus slot %(number)s", number=face)


def edge_sources(
    check: Check | Fall, advantages: int, disadvantages: int
) -> tuple[int, int, int, int]:
    """The advantages and disadvantages that count (the check's own advantages added:
    sneak), at most 2 of each, and how many of each were set aside beyond that."""
    require_count("advantages", advantages, maximum=MAX_SOURCES)
    require_count("disadvantages", disadvantages, maximum=MAX_SOURCES)
    if isinstance(check, Fall) and (advantages or disadvantages):
        raise DiceError(say("a fall rolls its dice all at once, without advantage or disadvantage"))
    extra = 0 if isinstance(check, Fall) else check.situational_advantages()
    plus, minus = advantages + extra, disadvantages
    return (min(MAX_EDGE, plus), min(MAX_EDGE, minus),
            max(0, plus - MAX_EDGE), max(0, minus - MAX_EDGE))  # fmt: skip


def edge(check: Check | Fall, advantages: int, disadvantages: int) -> tuple[int, int]:
    """The advantages and disadvantages that count, never more than 2 of each."""
    return edge_sources(check, advantages, disadvantages)[:2]


def roll_check(
    rng: RNG, sheet: Sheet, check: Check, advantages: int = 0, disadvantages: int = 0
) -> CheckRoll:
    """Roll the focus or gear dice for ``check``; pick with ``choose_die`` if several."""
    if isinstance(check, Fall):
        raise DiceError("a fall rolls several dice that all count: use slots.fall.fall()")
    plus, minus, plus_unused, minus_unused = edge_sources(check, advantages, disadvantages)
    count = 1 + abs(plus - minus)
    size = die_size(sheet, check)
    kind = "gear-slot" if check.area == "gear" else "focus"
    faces = [roll(rng, size) for _ in range(count)]
    dice = tuple(Die(kind, size, face, _slot_words(check.area, face)) for face in faces)
    unused = {"advantages_unused": plus_unused, "disadvantages_unused": minus_unused}
    if count == 1:
        return _pick(CheckRoll(check.name, check.area, size, plus, minus, dice, **unused), 0)
    chooser = PLAYER if plus > minus else JUDGE
    return CheckRoll(check.name, check.area, size, plus, minus, dice, chooser, **unused)


def _pick(rolled: CheckRoll, index: int) -> CheckRoll:
    dice = tuple(
        Die(die.kind, die.size, die.face, _picked(_unpicked(die.counts), i == index))  # type: ignore[arg-type]
        for i, die in enumerate(rolled.dice)
    )
    return dataclasses.replace(rolled, dice=dice, chosen=index)


def _picked(counts, read: bool) -> Saying:
    if read:
        return say("%(slot)s (read)", slot=counts)
    return say("%(slot)s (set aside)", slot=counts)


def _unpicked(counts):
    """A die's words before it was read or set aside (an exchange picks again)."""
    if isinstance(counts, dict) and counts.get("say") in (
        "%(slot)s (read)",
        "%(slot)s (set aside)",
    ):
        return counts["with"]["slot"]
    return counts


def choose_die(rolled: CheckRoll, face: int, *, by: str) -> CheckRoll:
    """The player (advantage) or judge (disadvantage) picks which rolled face counts."""
    if rolled.chosen is not None:
        raise DiceError(say("the die that counts is already chosen"))
    if by != rolled.chooser:
        if rolled.chooser == PLAYER:
            raise DiceError(say("the player picks the die for this roll, not the judge"))
        raise DiceError(say("the judge picks the die for this roll, not the player"))
    if face not in rolled.faces:
        shown = ", ".join(map(str, rolled.faces))
        raise DiceError(
            say("%(face)s was not rolled (the dice show %(faces)s)", face=face, faces=shown)
        )
    return _pick(rolled, rolled.faces.index(face))


def _matches(rolled: CheckRoll, sheet: Sheet, check: Check) -> None:
    if rolled.check != check.name or rolled.size != die_size(sheet, check):
        raise DiceError(f"this roll was a {rolled.check} check on a d{rolled.size}")


def suggest_die(rolled: CheckRoll, sheet: Sheet, check: Check) -> int:
    """The face the chooser would take: the player's best, the judge's worst (success
    first, then the least or most harm; ties go to the lowest face)."""
    _matches(rolled, sheet, check)
    if rolled.chosen is not None and rolled.chooser is None:
        return rolled.face
    faces = sorted(set(rolled.faces))
    scores = {face: resolve(sheet, check, face).score for face in faces}
    if rolled.chooser == JUDGE:
        return min(faces, key=scores.__getitem__)
    return max(faces, key=scores.__getitem__)


def resolve_roll(sheet: Sheet, check: Check, rolled: CheckRoll) -> Resolution:
    """What the check suggests from the die that counts."""
    _matches(rolled, sheet, check)
    return resolve(sheet, check, rolled.face)


# --- Cooperation -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Member:
    character: str
    roll: CheckRoll


@dataclasses.dataclass(frozen=True)
class Swap:
    """Two cooperating characters exchanged these faces."""

    first: str
    first_face: int
    second: str
    second_face: int


@dataclasses.dataclass(frozen=True)
class Cooperation:
    """A group check: every member's dice, the exchanges made, and whether read."""

    check: str
    members: tuple[Member, ...]
    swaps: tuple[Swap, ...] = ()
    read: bool = False

    def roll_of(self, character: str) -> CheckRoll:
        for member in self.members:
            if member.character == character:
                return member.roll
        raise DiceError(f"{character} is not cooperating in this check")


def cooperate(rolls: Mapping[str, CheckRoll]) -> Cooperation:
    """Gather the group's fresh rolls of the same check (none picked yet)."""
    if len(rolls) < 2:
        raise DiceError("cooperation needs at least two characters")
    checks = {(r.check, r.area, r.size) for r in rolls.values()}
    if len(checks) > 1:
        raise DiceError("cooperating characters must roll the same check with the same die")
    if any(r.chooser is not None and r.chosen is not None for r in rolls.values()):
        raise DiceError("exchange dice before anyone picks the die that counts")
    members = tuple(Member(name, r) for name, r in rolls.items())
    return Cooperation(members[0].roll.check, members)


def _index_of(rolled: CheckRoll, face: int) -> int:
    if face not in rolled.faces:
        shown = ", ".join(map(str, rolled.faces))
        raise DiceError(
            say("%(face)s is not among that character's dice (%(faces)s)", face=face, faces=shown)
        )
    return rolled.faces.index(face)


def swap_dice(
    group: Cooperation, first: str, first_face: int, second: str, second_face: int
) -> Cooperation:
    """``first`` gives a die showing ``first_face`` to ``second`` for one showing
    ``second_face``. Each character takes part in at most one exchange."""
    if group.read:
        raise DiceError(say("the results are read: no more exchanges"))
    if first == second:
        raise DiceError(say("a character cannot exchange a die with themselves"))
    mine, theirs = group.roll_of(first), group.roll_of(second)
    for name in (first, second):
        if any(name in (s.first, s.second) for s in group.swaps):
            raise DiceError(say("%(name)s has already exchanged a die", name=name))
    my_index, their_index = _index_of(mine, first_face), _index_of(theirs, second_face)
    replaced = {
        first: _replace_die(mine, my_index, second_face, second),
        second: _replace_die(theirs, their_index, first_face, first),
    }
    members = tuple(Member(m.character, replaced.get(m.character, m.roll)) for m in group.members)
    swap = Swap(first, first_face, second, second_face)
    return dataclasses.replace(group, members=members, swaps=(*group.swaps, swap))


def _replace_die(rolled: CheckRoll, index: int, face: int, giver: str) -> CheckRoll:
    words = say("%(slot)s, from %(giver)s", slot=_slot_words(rolled.area, face), giver=giver)
    dice = list(rolled.dice)
    dice[index] = dataclasses.replace(dice[index], face=face, counts=words)
    updated = dataclasses.replace(rolled, dice=tuple(dice), chosen=None)
    return _pick(updated, 0) if rolled.chooser is None else updated


def read_results(group: Cooperation) -> Cooperation:
    """Close the exchanges: each member's roll is now picked and resolved as usual."""
    if group.read:
        raise DiceError(say("the results are already read"))
    return dataclasses.replace(group, read=True)
