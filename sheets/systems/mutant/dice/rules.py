"""Mutant: Year Zero dice (RULINGS.md, Mutant: Year Zero): pure, every roll takes ``rng``.

- ``skill_roll(rng, base, skill, gear, negative) -> SkillRoll``; ``skill_dice(level,
  modifier)`` turns a skill level and modifiers into (skill dice, negative dice).
  A 6 on a base, skill or gear die is a success; a 6 on a negative die cancels one.
- ``opposed(active, opponent) -> OpposedRoll``: T2K's rule (RULINGS, "Opposed rolls"):
  each of the opponent's successes cancels one of the active side's; the active side
  wins with more (a tie loses); only the active side may push, even after the opponent
  has rolled (``push_opposed``); the opponent's roll is never pushed.
- ``push(rng, roll) -> SkillRoll``: once; re-rolls every die except 6s and base/gear 1s.
  After the push each base-die 1 is 1 trauma (and 1 mutation point), each gear-die 1
  lowers the gear bonus by 1 (``SkillRoll.trauma`` / ``gear_damage``).
  ``SkillRoll.from_data(dice)`` rebuilds a stored roll for its push.
- ``armor_roll(rng, rating, incoming, natural)``: cannot be pushed.
- ``rot_event(rng, points, rot_total, resistant, suit_rating, rot_eater)``: protection
  per point, then one rot roll of the new total. Cannot be pushed.
- ``decontaminate(rng, temporary, method)``: "wash" or "day"; 1s stay as permanent points.
- ``mutation_roll(rng, points)``: any 1 is a misfire.
- ``d6(rng, count)`` (summed) and ``d66(rng)`` (green tens, yellow ones).

Exact odds live in ``sheets.systems.mutant.dice.odds``; ``push_odds_for(roll)`` gives a roll's
push odds. Die kinds are "base" (yellow), "skill" (green), "gear" (black) and
"negative"; ``Die.counts`` says what a die counted for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from ...dice.core import (
    RNG,
    DiceError,
    Die,
    Effect,
    require_count,
    require_face,
    require_int,
    roll,
)
from ...dice.words import say_n
from . import odds as mutant_odds

BASE, SKILL, GEAR, NEGATIVE = "base", "skill", "gear", "negative"
KINDS = (BASE, SKILL, GEAR, NEGATIVE)
SIDES = 6
MAX_DICE = mutant_odds.MAX_DICE
BOXES = mutant_odds.BOXES
ROT_RESISTANT_DICE = mutant_odds.ROT_RESISTANT_DICE

# What a die counted for.
SUCCESS = "success"
CANCELS = "cancels a success"
TRAUMA = "trauma"
GEAR_DAMAGE = "gear damage"
ABSORBS = "absorbs"
RATING_LOSS = "rating loss"
DAMAGE = "damage"
NO_DAMAGE_ROT_EATER = "no damage: Rot-Eater"
PERMANENT = "stays: permanent"
LEAVES = "leaves"
MISFIRE = "misfire"
TENS = "tens"
ONES = "ones"

WASH, DAY = "wash", "day"
METHODS = (WASH, DAY)


def _dice_count(name: str, count: int) -> int:
    return require_count(name, count, maximum=MAX_DICE)


def _faces(rng: RNG, count: int) -> list[int]:
    return [roll(rng, SIDES) for _ in range(count)]


def skill_dice(level: int, modifier: int = 0) -> tuple[int, int]:
    """(skill dice, negative dice) for a skill level and a total modifier: when the
    modifier brings the skill dice below zero, that many negative dice are rolled."""
    dice = require_count("a skill level", level) + require_int("a modifier", modifier)
    return (dice, 0) if dice >= 0 else (0, -dice)


def attack_damage(weapon_damage: int, successes: int) -> int:
    """Fight/Shoot: a hit deals the weapon's damage plus 1 per extra success."""
    return weapon_damage + successes - 1 if successes >= 1 else 0


# --- Skill rolls and pushes ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SkillRoll:
    """A skill roll's dice in order base, skill, gear, negative, each marked with what
    it counted for. ``successes`` is net of the negative dice; ``trauma`` and
    ``gear_damage`` are the base- and gear-die 1s that count after a push (0 before)."""

    dice: tuple[Die, ...]
    successes: int
    sixes: int
    cancelled: int
    pushed: bool
    trauma: int
    gear_damage: int
    rerollable: int

    @property
    def pushable(self) -> bool:
        return not self.pushed and self.rerollable > 0

    def count(self, kind: str) -> int:
        return sum(1 for die in self.dice if die.kind == kind)

    def effects(self, attribute: str) -> tuple[Effect, ...]:
        """What a push gives the sheet, before any cap (the action caps and says so)."""
        effects = []
        if self.trauma:
            note = say_n(
                "%(n)s base-die 1 after the push", "%(n)s base-die 1s after the push", self.trauma
            )
            effects.append(Effect(f"trauma:{attribute}", self.trauma, note))
            effects.append(Effect("mutation_points", self.trauma, note))
        if self.gear_damage:
            note = say_n(
                "%(n)s gear-die 1 after the push",
                "%(n)s gear-die 1s after the push",
                self.gear_damage,
            )
            effects.append(Effect("gear_bonus", -self.gear_damage, note))
        return tuple(effects)

    @classmethod
    def from_data(cls, dice: Iterable[Mapping[str, Any]], pushed: bool = False) -> SkillRoll:
        """Rebuild a stored roll (``as_data`` of its dice) to push it."""
        rebuilt = []
        for data in dice:
            kind, face = data.get("kind"), data.get("face")
            if kind not in KINDS:
                raise DiceError(f"not a Mutant: Year Zero skill die: {kind!r}")
            require_face(face, SIDES, f"a {kind} die")
            rebuilt.append((kind, face, bool(data.get("rerolled", False))))
        return _score(rebuilt, pushed)


def _stays(kind: str, face: int) -> bool:
    """A push keeps the 6s and the 1s on base and gear dice."""
    return face == 6 or (face == 1 and kind in (BASE, GEAR))


_KIND_ORDER = {kind: index for index, kind in enumerate(KINDS)}


def _score(thrown: Iterable[tuple[str, int, bool]], pushed: bool) -> SkillRoll:
    """Mark what each (kind, face, rerolled) die counted for and total the roll."""
    thrown = sorted(thrown, key=lambda die: _KIND_ORDER[die[0]])
    sixes = negative_sixes = trauma = gear_damage = rerollable = 0
    for kind, face, _ in thrown:
        if face == 6:
            if kind == NEGATIVE:
                negative_sixes += 1
            else:
                sixes += 1
    cancelled = to_cancel = min(sixes, negative_sixes)
    marked = []
    for kind, face, rerolled in thrown:
        counts = ""
        if face == 6:
            if kind != NEGATIVE:
                counts = SUCCESS
            elif to_cancel:
                counts, to_cancel = CANCELS, to_cancel - 1
        elif face == 1 and pushed and kind == BASE:
            counts, trauma = TRAUMA, trauma + 1
        elif face == 1 and pushed and kind == GEAR:
            counts, gear_damage = GEAR_DAMAGE, gear_damage + 1
        if not pushed and not _stays(kind, face):
            rerollable += 1
        marked.append(Die(kind, SIDES, face, counts, rerolled))
    return SkillRoll(
        dice=tuple(marked),
        successes=sixes - cancelled,
        sixes=sixes,
        cancelled=cancelled,
        pushed=pushed,
        trauma=trauma,
        gear_damage=gear_damage,
        rerollable=rerollable,
    )


def skill_roll(rng: RNG, base: int, skill: int = 0, gear: int = 0, negative: int = 0) -> SkillRoll:
    """Roll base, skill, gear and negative dice together."""
    counts = {BASE: base, SKILL: skill, GEAR: gear, NEGATIVE: negative}
    for kind, count in counts.items():
        _dice_count(f"{kind} dice", count)
    thrown = [(kind, face, False) for kind, count in counts.items() for face in _faces(rng, count)]
    return _score(thrown, pushed=False)


def _require_pushable(previous: SkillRoll) -> None:
    if not isinstance(previous, SkillRoll):
        raise DiceError("only skill rolls can be pushed: armor and rot rolls cannot")
    if previous.pushed:
        raise DiceError("a roll can be pushed only once")


def push(rng: RNG, previous: SkillRoll) -> SkillRoll:
    """Push once: re-roll every die but the 6s and the base- and gear-die 1s."""
    _require_pushable(previous)
    thrown = [
        (die.kind, die.face, False) if _stays(die.kind, die.face)
        else (die.kind, roll(rng, SIDES), True)
        for die in previous.dice
    ]  # fmt: skip
    return _score(thrown, pushed=True)


@dataclasses.dataclass(frozen=True)
class OpposedRoll:
    """An opposed roll by T2K's rule (RULINGS: the MYZ seed has none): each of the
    opponent's successes cancels one of the active side's; the active side wins with
    more. Only the active side may push, even after the opponent has rolled."""

    active: SkillRoll
    opponent: SkillRoll
    net_successes: int
    won: bool
    outcome: str  # "win" or "lose" (a tie loses)
    can_push: bool  # the active side's push: the opponent never pushes


def opposed(active: SkillRoll, opponent: SkillRoll) -> OpposedRoll:
    """Compare the active side's roll with the opponent's."""
    net = max(0, active.successes - opponent.successes)
    return OpposedRoll(
        active=active, opponent=opponent, net_successes=net, won=net > 0,
        outcome="win" if net > 0 else "lose", can_push=active.pushable,
    )  # fmt: skip


def push_opposed(rng: RNG, contest: OpposedRoll) -> OpposedRoll:
    """The active side pushes, having seen the opponent's roll; the opponent's dice stay."""
    if not contest.can_push:
        raise DiceError("only the active side pushes an opposed roll, once")
    return opposed(push(rng, contest.active), contest.opponent)


def push_odds_for(previous: SkillRoll) -> mutant_odds.PushOdds:
    """Exact odds of pushing ``previous`` (its 6s and base/gear 1s stay)."""
    _require_pushable(previous)
    reroll = dict.fromkeys(KINDS, 0)
    for die in previous.dice:
        if not _stays(die.kind, die.face):
            reroll[die.kind] += 1
    faces = [(die.kind, die.face) for die in previous.dice]
    return mutant_odds.push_odds(
        reroll[BASE],
        reroll[SKILL],
        reroll[GEAR],
        reroll[NEGATIVE],
        kept_sixes=previous.sixes,
        kept_negative_sixes=faces.count((NEGATIVE, 6)),
        kept_base_ones=faces.count((BASE, 1)),
        kept_gear_ones=faces.count((GEAR, 1)),
    )


# --- Armor -----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ArmorRoll:
    dice: tuple[Die, ...]
    incoming: int
    absorbed: int
    damage: int  # what gets through
    rating_loss: int
    natural: bool


def armor_roll(rng: RNG, rating: int, incoming: int, natural: bool = False) -> ArmorRoll:
    """One gear die per point of armor rating; each 6 absorbs 1 damage. Unless every
    point is absorbed, each 1 lowers the rating by 1 (natural armor never does)."""
    _dice_count("armor rating", rating)
    require_int("incoming damage", incoming, minimum=1)
    rolled = _faces(rng, rating)
    absorbed = min(rolled.count(6), incoming)
    damage = incoming - absorbed
    wears = damage > 0 and not natural
    marked, to_absorb = [], absorbed
    for face in rolled:
        counts = ""
        if face == 6 and to_absorb:
            counts, to_absorb = ABSORBS, to_absorb - 1
        elif face == 1 and wears:
            counts = RATING_LOSS
        marked.append(Die(GEAR, SIDES, face, counts))
    return ArmorRoll(
        dice=tuple(marked),
        incoming=incoming,
        absorbed=absorbed,
        damage=damage,
        rating_loss=sum(1 for die in marked if die.counts == RATING_LOSS),
        natural=natural,
    )


# --- Rot -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ProtectionRoll:
    """The protection roll for one new rot point: Rot Resistant skill dice and rot suit
    gear dice."""

    point: int
    dice: tuple[Die, ...]
    absorbed: bool
    suit_rating_before: int
    suit_rating_after: int


@dataclasses.dataclass(frozen=True)
class RotEvent:
    points: int  # new rot points the event brings
    protection: tuple[ProtectionRoll, ...]
    absorbed: int
    gained: int  # unabsorbed points that found a box on the sheet
    lost_over_boxes: int  # unabsorbed points beyond the ten boxes
    total_before: int
    total_after: int
    rot_roll: tuple[Die, ...]  # base dice = total_after, rolled when a point got through
    damage: int
    rot_eater: bool
    suit_rating_before: int
    suit_rating_after: int

    @property
    def through(self) -> int:
        return self.points - self.absorbed

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(die for p in self.protection for die in p.dice) + self.rot_roll


def rot_event(
    rng: RNG,
    points: int,
    rot_total: int = 0,
    resistant: bool = False,
    suit_rating: int = 0,
    rot_eater: bool = False,
) -> RotEvent:
    """A rot event (RULINGS order of operations):

    1. for each new point, roll 3 skill dice (Rot Resistant) and gear dice equal to the
       suit's current rating; any 6 absorbs the point; each gear-die 1 lowers the suit's
       rating before the next point's roll;
    2. the unabsorbed points are added (up to the ten boxes);
    3. if any point got through, roll base dice equal to the new total; each 1 is 1
       damage (none with Rot-Eater).
    """
    mutant_odds.require_rot_event_points(points)
    require_count("rot points", rot_total, maximum=BOXES)
    _dice_count("rot suit rating", suit_rating)
    suit = suit_rating
    protection = []
    for point in range(1, points + 1):
        thrown = [(SKILL, face) for face in _faces(rng, ROT_RESISTANT_DICE if resistant else 0)]
        thrown += [(GEAR, face) for face in _faces(rng, suit)]
        marked, absorbed, worn = [], False, 0
        for kind, face in thrown:
            counts = ""
            if face == 6 and not absorbed:
                counts, absorbed = ABSORBS, True
            elif face == 1 and kind == GEAR:
                counts, worn = RATING_LOSS, worn + 1
            marked.append(Die(kind, SIDES, face, counts))
        protection.append(ProtectionRoll(point, tuple(marked), absorbed, suit, suit - worn))
        suit -= worn
    absorbed = sum(1 for p in protection if p.absorbed)
    through = points - absorbed
    gained = min(through, BOXES - rot_total)
    total_after = rot_total + gained
    rot_roll: list[Die] = []
    if through:
        ones_count = NO_DAMAGE_ROT_EATER if rot_eater else DAMAGE
        rot_roll = [
            Die(BASE, SIDES, face, ones_count if face == 1 else "")
            for face in _faces(rng, total_after)
        ]
    return RotEvent(
        points=points,
        protection=tuple(protection),
        absorbed=absorbed,
        gained=gained,
        lost_over_boxes=through - gained,
        total_before=rot_total,
        total_after=total_after,
        rot_roll=tuple(rot_roll),
        damage=sum(1 for die in rot_roll if die.counts == DAMAGE),
        rot_eater=rot_eater,
        suit_rating_before=suit_rating,
        suit_rating_after=suit,
    )


# --- Decontamination ---------------------------------------------------------------------


def points_leaving(temporary: int, method: str) -> int:
    """A wash removes half the temporary points, rounded up; a day removes one."""
    require_count("temporary rot points", temporary, maximum=BOXES)
    if method == WASH:
        return (temporary + 1) // 2
    if method == DAY:
        return min(1, temporary)
    raise DiceError(f"decontamination is a wash or a day in a rot-free place, not {method!r}")


@dataclasses.dataclass(frozen=True)
class Decontamination:
    method: str
    temporary_before: int
    leaving: int  # points about to leave, one base die each
    dice: tuple[Die, ...]
    removed: int
    made_permanent: int

    @property
    def temporary_after(self) -> int:
        return self.temporary_before - self.leaving


def decontaminate(rng: RNG, temporary: int, method: str) -> Decontamination:
    """For every point about to leave roll a base die: on a 1 it stays, permanent."""
    leaving = points_leaving(temporary, method)
    if leaving == 0:
        raise DiceError("there are no temporary rot points to wash away")
    dice = tuple(
        Die(BASE, SIDES, face, PERMANENT if face == 1 else LEAVES) for face in _faces(rng, leaving)
    )
    permanent = sum(1 for die in dice if die.counts == PERMANENT)
    return Decontamination(method, temporary, leaving, dice, leaving - permanent, permanent)


# --- Mutations, D6, D66 --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class MutationRoll:
    points: int
    dice: tuple[Die, ...]
    misfires: int  # 1s rolled

    @property
    def misfire(self) -> bool:
        return self.misfires > 0


def mutation_roll(rng: RNG, points: int) -> MutationRoll:
    """One base die per mutation point spent; any 1 is a misfire."""
    mutant_odds.require_mutation_points(points)
    dice = tuple(
        Die(BASE, SIDES, face, MISFIRE if face == 1 else "") for face in _faces(rng, points)
    )
    return MutationRoll(points, dice, sum(1 for die in dice if die.face == 1))


@dataclasses.dataclass(frozen=True)
class D6Roll:
    dice: tuple[Die, ...]
    total: int


def d6(rng: RNG, count: int = 1) -> D6Roll:
    """``count`` green dice, summed."""
    mutant_odds.require_d6_count(count)
    dice = tuple(Die(SKILL, SIDES, face) for face in _faces(rng, count))
    return D6Roll(dice, sum(die.face for die in dice))


@dataclasses.dataclass(frozen=True)
class D66Roll:
    dice: tuple[Die, ...]  # the green tens die, then the yellow ones die
    value: int


def d66(rng: RNG) -> D66Roll:
    """Green die for the tens, yellow die for the ones: 11..66."""
    tens = Die(SKILL, SIDES, roll(rng, SIDES), TENS)
    ones = Die(BASE, SIDES, roll(rng, SIDES), ONES)
    return D66Roll((tens, ones), tens.face * 10 + ones.face)
