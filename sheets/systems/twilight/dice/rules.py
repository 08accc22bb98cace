"""Twilight: 2000 4E dice: skill rolls, firearm attacks with ammo dice, pushes, opposed
rolls, hits with location and armor. Pure Python: every roll takes an ``rng``.

API for the web layer (``rolls/systems/twilight/actions/``)
-----------------------------------------------------
From ``sheets.systems.twilight.dice.stepdice`` (the sheet's levels and derived values):
    base_dice(attribute, skill=None, *, modifier=0, helpers=0) -> tuple[int, ...]
        the base dice to roll, die sizes largest first; levels "A".."D" or sizes 6..12;
        ``modifier`` is the sum of every modifier, ``helpers`` 0..3 add one step each.
    ammo_dice_limit(rate_of_fire, rounds_left) -> int   (the form's maximum)
    hit_capacity(strength, agility) -> int; stress_capacity(intelligence, empathy) -> int

From this module (each roll returns a ``SkillRoll``; ``roll.effects`` is what the
roller's sheet receives now, ``roll.can_push`` whether to offer a push):
    roll_skill(rng, dice, attribute, *, gear=False, passive=False) -> SkillRoll
    roll_attack(rng, dice, attribute, *, ammo_dice, rate_of_fire, rounds_left) -> SkillRoll
    push(rng, roll) -> SkillRoll
        once, active rolls only; its effects come on top of the first roll's: damage,
        stress or reliability, a jam, and a rounds correction when re-rolled ammo dice
        change the ammo spent.
    roll_opposed(rng, dice, attribute, opponent_dice, opponent_attribute, *, gear=False)
        -> OpposedRoll;  push_opposed(rng, contest) -> OpposedRoll (the active party
        pushes, even after the opponent rolled);  opposed(active, opponent) compares two
        rolls already made (the opponent's is passive).
    allocate_hits(attack, *, base_damage, primary_target, extra_successes, primary_bonus,
        additional) -> HitAllocation: spends extra base successes and ammo 6s
        (``attack.ammo_sixes`` of them) on damage and additional hits.
    resolve_hit(rng, hit, *, armor, armor_modifier, crit_threshold) -> HitResult: rolls
        the hit location and takes the armor there off the damage.

From ``sheets.systems.twilight.dice.odds`` (exact ``Fraction``s, cached per configuration):
    skill_odds(dice) -> SkillOdds
    attack_odds(dice, ammo_dice, *, rate_of_fire, rounds_left) -> AttackOdds
    push_odds_for(roll) -> PushOdds      (the push of a roll in hand, given the dice kept)
    opposed_odds(dice, opponent_dice) -> OpposedOdds

Die kinds: "base", "ammo", "hit location". A die counts for "success", "2 successes",
"bullet" (a 6 on an ammo die), "explosion" (a 1), a location, or nothing. Effect targets:
"damage", "stress", "reliability", "rounds", "jammed" on the roller's sheet; "damage"
in a ``HitResult`` goes to the target's sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ...dice.core import RNG, DiceError, Die, Effect, require_count, roll
from ...dice.words import Saying, say
from .stepdice import (
    LOCATIONS,
    check_ammo_dice,
    check_base_dice,
    hit_location,
    rerolled_by_push,
    successes_on,
)

ATTRIBUTES = ("STR", "AGL", "INT", "EMP")
PHYSICAL = ("STR", "AGL")


@dataclasses.dataclass(frozen=True)
class Firearm:
    """The weapon as it fired: its rate of fire and the rounds left before the attack."""

    rate_of_fire: int
    rounds_left: int


@dataclasses.dataclass(frozen=True)
class SkillRoll:
    """A skill roll or an attack, as first rolled or after its push."""

    attribute: str  # "STR", "AGL", "INT" or "EMP"
    base_dice: tuple[Die, ...]
    ammo_dice: tuple[Die, ...]
    successes: int  # on the base dice only
    extra_successes: int  # successes beyond the first (each can add +1 damage to a hit)
    success: bool  # at least one success (for an attack: a hit)
    outcome: str  # "success"/"failure", or "hit"/"miss" for an attack
    gear: bool  # a tool, weapon or vehicle was used
    passive: bool
    pushed: bool
    can_push: bool
    firearm: Firearm | None
    bullets: int  # 6s on the ammo dice
    ammo_sixes: int  # 6s to spend on damage or extra hits: the bullets, on a hit only
    suppression: bool  # a miss with ammo 6s: the target can still be suppressed
    ammo_spent: int  # sum of the ammo dice + 1, as rolled and shown (0 without a firearm)
    rounds_taken: int  # what the magazine loses: the ammo spent, at most the rounds left
    magazine_emptied: bool
    jammed: bool
    effects: tuple[Effect, ...]
    notes: tuple[Saying | str, ...]  # sayings (``dice.words``); plain text in old rows


@dataclasses.dataclass(frozen=True)
class OpposedRoll:
    """An opposed roll: each of the opponent's successes cancels one of yours."""

    active: SkillRoll
    opponent: SkillRoll
    net_successes: int  # your successes left after cancelling (0 when you do not win)
    won: bool  # you rolled more successes than the opponent
    outcome: str  # "win" or "lose"
    can_push: bool  # only the active party may push, even after the opponent rolled


@dataclasses.dataclass(frozen=True)
class Hit:
    """One hit to resolve, with its damage before armor."""

    target: str
    damage: int
    primary: bool
    note: Saying | str


@dataclasses.dataclass(frozen=True)
class HitAllocation:
    hits: tuple[Hit, ...]
    extra_successes_used: int
    ammo_sixes_used: int
    ammo_sixes_unused: int


@dataclasses.dataclass(frozen=True)
class HitResult:
    target: str
    location_die: Die
    location: str  # "legs", "torso", "arms" or "head"
    damage_before_armor: int
    armor: int  # the location's armor with the weapon's armor modifier, never below 0
    damage: int  # after armor, never below 0
    critical: bool  # damage at or above the weapon's crit threshold, when one was given
    effects: tuple[Effect, ...]


# -- dice -------------------------------------------------------------------------------


def _base_die(size: int, face: int, rerolled: bool = False) -> Die:
    successes = successes_on(face)
    counts = "2 successes" if successes == 2 else "success" if successes else ""
    return Die("base", size, face, counts or ("explosion" if face == 1 else ""), rerolled)


def _ammo_die(face: int, rerolled: bool = False) -> Die:
    counts = "bullet" if face == 6 else "explosion" if face == 1 else ""
    return Die("ammo", 6, face, counts, rerolled)


def _attribute(attribute: str) -> str:
    name = attribute.strip().upper() if isinstance(attribute, str) else attribute
    if name not in ATTRIBUTES:
        raise DiceError(f"the attribute must be STR, AGL, INT or EMP, not {attribute!r}")
    return name


# -- rolls ------------------------------------------------------------------------------


def roll_skill(
    rng: RNG, dice: Sequence[int], attribute: str, *, gear: bool = False, passive: bool = False
) -> SkillRoll:
    """Roll base dice for a skill. ``gear``: a tool was used (on STR/AGL push damage goes
    to its reliability); ``passive``: an unaware or resisting roll, which cannot be pushed."""
    sizes = check_base_dice(dice)
    name = _attribute(attribute)
    rolled = tuple(_base_die(size, roll(rng, size)) for size in sizes)
    return _read(name, rolled, (), gear=gear, passive=passive, firearm=None, before=None)


def roll_attack(
    rng: RNG,
    dice: Sequence[int],
    attribute: str,
    *,
    ammo_dice: int,
    rate_of_fire: int,
    rounds_left: int,
) -> SkillRoll:
    """A firearm attack (RANGED COMBAT on AGL, HEAVY WEAPONS on STR): base dice plus
    0..min(RoF, rounds left - 1) ammo dice. The weapon is the gear of the roll."""
    sizes = check_base_dice(dice)
    name = _attribute(attribute)
    if name not in PHYSICAL:
        raise DiceError(f"a firearm attack is a STR or AGL roll, not {name}")
    check_ammo_dice(ammo_dice, rate_of_fire=rate_of_fire, rounds_left=rounds_left)
    rolled = tuple(_base_die(size, roll(rng, size)) for size in sizes)
    ammo = tuple(_ammo_die(roll(rng, 6)) for _ in range(ammo_dice))
    firearm = Firearm(rate_of_fire, rounds_left)
    return _read(name, rolled, ammo, gear=True, passive=False, firearm=firearm, before=None)


def push(rng: RNG, rolled: SkillRoll) -> SkillRoll:
    """Push a roll: re-roll every base and ammo die showing neither a success nor a 1."""
    if rolled.passive:
        raise DiceError(say("a passive roll cannot be pushed"))
    if rolled.pushed:
        raise DiceError(say("a roll can be pushed only once"))
    if not rolled.can_push:
        raise DiceError(say("nothing to re-roll: every die shows a success or a 1"))
    again = rerolled_by_push
    base = tuple(
        _base_die(die.size, roll(rng, die.size), True) if again(die.face) else die
        for die in rolled.base_dice
    )
    ammo = tuple(
        _ammo_die(roll(rng, 6), True) if again(die.face) else die for die in rolled.ammo_dice
    )
    return _read(
        rolled.attribute,
        base,
        ammo,
        gear=rolled.gear,
        passive=False,
        firearm=rolled.firearm,
        before=rolled,
    )


def _read(
    attribute: str,
    base: tuple[Die, ...],
    ammo: tuple[Die, ...],
    *,
    gear: bool,
    passive: bool,
    firearm: Firearm | None,
    before: SkillRoll | None,
) -> SkillRoll:
    """Count successes and bullets and work out the effects of a roll or of its push."""
    successes = sum(successes_on(die.face) for die in base)
    bullets = sum(die.face == 6 for die in ammo)
    hit = successes > 0
    pushed = before is not None
    effects: list[Effect] = []
    notes: list[Saying] = []
    spent, taken, emptied = 0, 0, False
    if firearm is not None:
        # RULINGS: ammo spent is always the sum + 1; the magazine loses what it holds
        spent = sum(die.face for die in ammo) + 1
        taken, emptied = min(spent, firearm.rounds_left), spent >= firearm.rounds_left
        change = taken - (before.rounds_taken if before else 0)
        if change:
            why = say("ammo spent: sum of the ammo dice + 1")
            if emptied:
                why = say(
                    "ammo spent: sum of the ammo dice + 1; the magazine's last %(rounds)s rounds "
                    "(magazine emptied)",
                    rounds=firearm.rounds_left,
                )
            if before:
                why = say(
                    "rounds taken from the magazine recounted after the push "
                    "(%(before)s -> %(after)s)",
                    before=before.rounds_taken,
                    after=taken,
                )
            effects.append(Effect("rounds", -change, why))
        if bullets and not hit:
            notes.append(
                say("The attack missed, but the ammo 6s mean the target can be suppressed.")
            )
    jammed = False
    if pushed:
        explosions = sum(die.face == 1 for die in base)
        if firearm is not None:
            explosions += sum(die.face == 1 for die in ammo)
            jammed = explosions >= 2
            if explosions:
                effects.append(Effect("reliability", -explosions, say("1s on base and ammo dice")))
                notes.append(say("If the weapon breaks, it does so after the attack is resolved."))
            if jammed:
                effects.append(Effect("jammed", 1, say("two or more 1s after the push")))
                notes.append(say("The weapon jams after the attack; its successes still count."))
        elif explosions and gear and attribute in PHYSICAL:
            effects.append(Effect("reliability", -explosions, say("1s on base dice, gear used")))
        elif explosions:
            target = "damage" if attribute in PHYSICAL else "stress"
            effects.append(Effect(target, explosions, say("1s on base dice when pushing")))
            notes.append(
                say("If this damage incapacitates you, it happens after the action.")
                if target == "damage"
                else say("If this stress incapacitates you, it happens after the action.")
            )
    can_push = not pushed and not passive and any(rerolled_by_push(d.face) for d in base + ammo)
    outcome = ("hit" if hit else "miss") if firearm else ("success" if hit else "failure")
    return SkillRoll(
        attribute=attribute,
        base_dice=base,
        ammo_dice=ammo,
        successes=successes,
        extra_successes=max(0, successes - 1),
        success=hit,
        outcome=outcome,
        gear=gear,
        passive=passive,
        pushed=pushed,
        can_push=can_push,
        firearm=firearm,
        bullets=bullets,
        ammo_sixes=bullets if hit else 0,
        suppression=bullets > 0 and not hit,
        ammo_spent=spent,
        rounds_taken=taken,
        magazine_emptied=emptied,
        jammed=jammed,
        effects=tuple(effects),
        notes=tuple(notes),
    )


# -- opposed rolls ----------------------------------------------------------------------


def opposed(active: SkillRoll, opponent: SkillRoll) -> OpposedRoll:
    """Compare an active roll with the opponent's passive roll."""
    if active.passive:
        raise DiceError("the active party's roll cannot be passive")
    if not opponent.passive:
        raise DiceError("the opponent's roll in an opposed roll is passive (it cannot be pushed)")
    net = max(0, active.successes - opponent.successes)
    return OpposedRoll(
        active=active,
        opponent=opponent,
        net_successes=net,
        won=net > 0,
        outcome="win" if net > 0 else "lose",
        can_push=active.can_push,
    )


def roll_opposed(
    rng: RNG,
    dice: Sequence[int],
    attribute: str,
    opponent_dice: Sequence[int],
    opponent_attribute: str,
    *,
    gear: bool = False,
) -> OpposedRoll:
    """The active party rolls, then the opponent (passively)."""
    active = roll_skill(rng, dice, attribute, gear=gear)
    opponent = roll_skill(rng, opponent_dice, opponent_attribute, passive=True)
    return opposed(active, opponent)


def push_opposed(rng: RNG, contest: OpposedRoll) -> OpposedRoll:
    """The active party pushes after seeing the opponent's roll."""
    return opposed(push(rng, contest.active), contest.opponent)


# -- hits -------------------------------------------------------------------------------


def allocate_hits(
    attack: SkillRoll,
    *,
    base_damage: int,
    primary_target: str = "primary target",
    extra_successes: int | None = None,
    primary_bonus: int = 0,
    additional: Sequence[tuple[str, int]] = (),
) -> HitAllocation:
    """Spend a hit's extra successes and ammo 6s, as the player chooses.

    The primary hit deals ``base_damage`` + ``extra_successes`` (base successes beyond
    the first, all of them by default) + ``primary_bonus`` ammo 6s. Each entry of
    ``additional`` is (target, bonus): an extra hit on the same or a secondary target in
    the same hex (one ammo 6) dealing base damage + bonus (one more ammo 6 per +1).
    A secondary target must not be harder to hit than the primary one: the caller checks.
    """
    if not attack.success:
        raise DiceError(say("the attack missed: there is no hit to allocate"))
    require_count("base damage", base_damage)
    available = attack.extra_successes
    extra = available if extra_successes is None else extra_successes
    require_count("extra successes spent on damage", extra, maximum=available)
    require_count("ammo 6s on the primary hit", primary_bonus)
    for _, bonus in additional:
        require_count("ammo 6s on an additional hit's damage", bonus)
    used = primary_bonus + sum(1 + bonus for _, bonus in additional)
    if used > attack.ammo_sixes:
        raise DiceError(
            say(
                "this allocation needs %(used)s ammo 6s; the attack has %(sixes)s",
                used=used,
                sixes=attack.ammo_sixes,
            )
        )
    primary = Hit(
        primary_target,
        base_damage + extra + primary_bonus,
        primary=True,
        note=say(
            "base damage %(damage)s + %(extra)s extra successes + %(bonus)s ammo 6s",
            damage=base_damage,
            extra=extra,
            bonus=primary_bonus,
        ),
    )
    hits = [primary] + [
        Hit(
            target,
            base_damage + bonus,
            primary=False,
            note=say("ammo 6: extra hit, +%(bonus)s", bonus=bonus),
        )
        for target, bonus in additional
    ]
    return HitAllocation(tuple(hits), extra, used, attack.ammo_sixes - used)


def resolve_hit(
    rng: RNG,
    hit: Hit,
    *,
    armor: Mapping[str, int] | None = None,
    armor_modifier: int = 0,
    crit_threshold: int | None = None,
) -> HitResult:
    """Roll the hit location (d6) and take the armor there off the damage.

    ``armor`` maps locations ("legs", "torso", "arms", "head") to armor ratings (absent:
    0). The weapon's ``armor_modifier`` is added to that rating (never below 0).
    """
    armor = dict(armor or {})
    for location, rating in armor.items():
        if location not in LOCATIONS.values():
            raise DiceError(f"armor locations are legs, torso, arms and head, not {location!r}")
        require_count(f"armor on {location}", rating)
    face = roll(rng, 6)
    location = hit_location(face)
    protection = max(0, armor.get(location, 0) + armor_modifier)
    damage = max(0, hit.damage - protection)
    critical = crit_threshold is not None and damage >= crit_threshold
    note = say(
        "%(location)s hit, %(damage)s damage - armor %(armor)s",
        location=say(location), damage=hit.damage, armor=protection,
    )  # fmt: skip
    return HitResult(
        target=hit.target,
        location_die=Die("hit location", 6, face, location),
        location=location,
        damage_before_armor=hit.damage,
        armor=protection,
        damage=damage,
        critical=critical,
        effects=(Effect("damage", damage, note),) if damage else (),
    )
