"""Slots: falls. One gear die per ~10 ft onto solid ground, ~20 ft onto something soft,
~30 ft into water, all rolled at once; each die is read on its own and the character
always ends prone.

Per die (seed): a blunt hard item gives a closed wound, a sharp one an open wound in
that slot, a cushioning item disregards the die, a fragile item breaks. Decisions: a 1
(no slot) is a closed wound in a body slot of the judge's choice; a blunt or sharp item
outside the body wounds a body slot of the judge's choice; a cushioning item disregards
its die entirely (fragile items with it are spared); a wounded slot still fails as in
every gear check (the wound reopens or the bleeding progresses).
"""

from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from ...dice.core import RNG, DiceError, Die, Effect, require_count, require_face, roll
from ...dice.words import Saying, say, say_in, sentences
from .checks import (
    HARM,
    Resolution,
    names,
    wound_here,
    wound_rule,
)
from .sheet import OUTCOME, Sheet, gear

MAX_FALL_DICE = 20
FALL_FEET_PER_DIE = {"solid": 10, "soft": 20, "water": 30}


def fall_dice(feet: int, surface: str) -> int:
    """One die per ~10 ft onto solid ground, ~20 ft onto something soft, ~30 ft into water."""
    if surface not in FALL_FEET_PER_DIE:
        raise DiceError(f"a fall lands on solid, soft or water, not {surface!r}")
    require_count("feet fallen", feet)
    return feet // FALL_FEET_PER_DIE[surface]


@dataclasses.dataclass(frozen=True)
class Fall:
    """A fall of ``dice`` gear dice (``fall_dice`` counts them from the height)."""

    dice: int
    name: ClassVar[str] = "fall"
    area: ClassVar[str] = "gear"

    def __post_init__(self) -> None:
        require_count("fall dice", self.dice, maximum=MAX_FALL_DICE)
        if self.dice == 0:
            raise DiceError(say("a fall too short for a die needs no fall check (just fall prone)"))

    def read(self, sheet: Sheet, face: int) -> Resolution:
        where, title = sheet.layout.label(face), sheet.layout.title(face)
        if face == 1:
            wound = wound_here(sheet, 1, "closed", say("a 1 always fails"))
            always = say("A 1 always fails a gear check.")
            return Resolution("fall", 1, where, False, "closed wound", always, (wound,))
        state = sheet.gear_slot(face)
        reasons: list[Saying] = []
        effects: list[Effect] = []
        rule = wound_rule(sheet, face)
        if rule is not None:
            reasons.append(rule[0])
            effects.extend(rule[1])
        outcome = "unharmed"
        if state.has("cushioning"):
            cushion = names(state.with_tag("cushioning"))
            reasons.append(say("%(items)s cushions the fall.", items=cushion))
            outcome = "cushioned"
        else:
            sharp, blunt = state.with_tag("sharp"), state.with_tag("blunt")
            if sharp or blunt:
                kind = "open" if sharp else "closed"
                hit = names(sharp or blunt)
                if sharp:
                    land = say("%(where)s: you land on %(items)s (sharp).", where=title, items=hit)
                else:
                    land = say("%(where)s: you land on %(items)s (blunt).", where=title, items=hit)
                reasons.append(land)
                effects.append(
                    wound_here(sheet, face, kind, say("%(items)s in the fall", items=hit))
                )
                outcome = f"{kind} wound"
            for item in state.with_tag("fragile"):
                reasons.append(say("%(item)s breaks.", item=item.name))
                broken = say("%(item)s breaks in the fall", item=item.name)
                effects.append(Effect(f"item broken:{gear(face)}", 1, broken))  # type: ignore[arg-type]
        if not reasons:
            reasons.append(
                say("%(where)s holds %(items)s: no harm.", where=title, items=state.contents())
            )
        if rule is not None and outcome in ("unharmed", "cushioned"):
            outcome = "reopened wound" if "reopen" in rule[1][0].target else "bleeding worsens"
        hurt = any(HARM.get(e.target.partition(":")[0], 0) >= HARM["closed wound"] for e in effects)
        reason = sentences(reasons)
        return Resolution("fall", face, where, not hurt, outcome, reason, tuple(effects))


@functools.lru_cache(maxsize=4096)
def read_fall_die(sheet: Sheet, face: int) -> Resolution:
    """What one fall die suggests when it shows ``face``."""
    require_face(face, sheet.layout.gear_die, "a fall check's die")
    return Fall(1).read(sheet, face)


@dataclasses.dataclass(frozen=True)
class FallResolution:
    """Every fall die read on its own; the character always ends prone."""

    check: str
    dice: tuple[Die, ...]
    readings: tuple[Resolution, ...]
    success: bool
    outcome: str
    reason: Saying | str
    effects: tuple[Effect, ...]


def die_counts(reading: Resolution) -> Saying:
    """What a fall die counted for: "gear slot 4 (lower torso): closed wound"."""
    outcome = say_in(OUTCOME, reading.outcome)
    return say("%(slot)s: %(outcome)s", slot=reading.slot, outcome=outcome)


def resolve_fall(sheet: Sheet, faces: tuple[int, ...] | list[int]) -> FallResolution:
    """Read fall dice already rolled (each face a gear die)."""
    Fall(len(faces))
    readings = tuple(read_fall_die(sheet, face) for face in faces)
    size = sheet.layout.gear_die
    dice = tuple(Die("gear-slot", size, r.face, die_counts(r)) for r in readings)  # type: ignore[arg-type]
    effects = tuple(e for r in readings for e in r.effects)
    prone = Effect("prone", 1, say("whatever the dice say, you fall prone"))  # type: ignore[arg-type]
    success = all(r.success for r in readings)
    reason = sentences(
        [
            say("Die %(n)s (%(face)s): %(reason)s", n=i, face=r.face, reason=r.reason)
            for i, r in enumerate(readings, 1)
        ]
    )
    outcome = "unharmed" if success else "hurt"
    return FallResolution("fall", dice, readings, success, outcome, reason, (*effects, prone))


def fall(rng: RNG, sheet: Sheet, check: Fall) -> FallResolution:
    """Roll every fall die at once and read each."""
    return resolve_fall(sheet, [roll(rng, sheet.layout.gear_die) for _ in range(check.dice)])
