"""Agents (DPI/TFE homebrew): the 2d6 basic roll against the referee's 2d12, its modifiers
and outcomes, High spent on it, damage and research. Pure Python, no Django. The sheet
(stress, High, time of day, derived values, XP, rests, traumas, death) is in agents.sheet.

API for the web layer (every roll takes ``rng`` first; results are frozen dataclasses and
``core.as_data(result)`` stores them; ``effects`` are what the sheet must receive now):

    basic_roll(rng, check: Check) -> BasicRoll          the basic roll, consequences included
    spend_high_after_roll(earlier, high) -> BasicRoll   +1 per High spent once the dice are
                                                        seen (the Agents' answer to a push)
    high_options(result) -> ((high, Outcome), ...)      what 1, 2, 3 more High would make of it
    BasicRoll.from_data(data) -> BasicRoll              rebuild a stored roll (same faces)
    check_modifiers(check) -> tuple[Modifier, ...]; read_outcome(faces, beaten) -> Outcome
    damage_roll(rng, weapon: Weapon, outcome) -> DamageRoll   Crit x2, Cost halved, Failure none
    research_roll(rng, check: Check, timer: int) -> ResearchRoll
    WEAPONS / WEAPONS_BY_NAME (the seed's list, Weapon records)

Exact odds are in ``sheets.systems.agents.dice.odds``: outcome_odds(modifier, difficulty),
check_odds(check), referee_dice_beaten_odds(...), damage_odds(weapon, outcome),
research_progress_odds(modifier).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
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
from ...dice.words import put_into_words, say, say_in, say_n
from .sheet import (
    SKILL_LEVELS,
    Mind,
    change_mind,
    period_of,
    require_spendable,
    rules_ancestry,
    stat_bonus,
    time_of_day,
)

# --- the game's tables -------------------------------------------------------------------


class Outcome(StrEnum):
    """The six results of the seed's table, worst first."""

    FAILURE = "Failure"
    COST_MINUS = "Cost (-1)"
    COST = "Cost"
    COST_PLUS = "Cost (+1)"
    SUCCESS = "Success"
    CRIT = "Crit"

    @property
    def rank(self) -> int:
        return list(Outcome).index(self)


# (2d6 doubles?, referee dice beaten) -> outcome
OUTCOME_TABLE = {
    (False, 0): Outcome.FAILURE,
    (True, 0): Outcome.COST_MINUS,
    (False, 1): Outcome.COST,
    (True, 1): Outcome.COST_PLUS,
    (False, 2): Outcome.SUCCESS,
    (True, 2): Outcome.CRIT,
}
DIFFICULTIES = {"Trivial": 0, "Normal": 2, "Difficult": 4, "Hard": 6, "Impossible": 8}
MAX_WEAPON_LEVEL = 10

DAMAGE_DIE = {"Light": 4, "Medium": 6, "Heavy": 8, "Tech": 10}


@dataclasses.dataclass(frozen=True)
class Weapon:
    """A weapon: its damage tag and level X (Xd4/Xd6/Xd8/Xd10) plus its extra dice."""

    name: str
    tag: str
    level: int = 1
    extra_dice: int = 0
    extra_die: int = 0
    reload: int | None = None
    ranges: tuple[str, ...] = ("Melee",)
    tags: tuple[str, ...] = ()
    requires: str = ""
    price: int = 0
    per: int = 1  # price for this many (grenades come four for $1,000)
    note: str = ""

    def __post_init__(self) -> None:
        if self.tag not in DAMAGE_DIE:
            raise DiceError(f"a weapon tag is one of {', '.join(DAMAGE_DIE)}, not {self.tag!r}")
        if require_count("weapon level", self.level, maximum=MAX_WEAPON_LEVEL) < 1:
            raise DiceError("a weapon level is at least 1")
        require_count("extra dice", self.extra_dice, maximum=MAX_WEAPON_LEVEL)
        if self.extra_dice and self.extra_die not in DAMAGE_DIE.values():
            raise DiceError(f"extra dice are d4, d6, d8 or d10, not d{self.extra_die}")


WEAPONS = (
    Weapon("Unarmed", "Light"),
    Weapon("Knife", "Light", extra_dice=1, extra_die=4, price=500),
    Weapon("Baseball Bat", "Medium", price=500),
    Weapon(
        "Shotgun", "Medium", extra_dice=1, extra_die=6, reload=2, ranges=("Room", "Field"),
        tags=("Arc",), price=2500, note="Room/Field (Light)",
    ),
    Weapon("Pistol", "Light", reload=10, ranges=("Room",), price=1000),
    Weapon("Revolver", "Medium", reload=6, ranges=("Room",), price=1000),
    Weapon("Assault Rifle", "Medium", reload=4, ranges=("Field",), price=3000),
    Weapon("Battle Rifle", "Heavy", reload=3, ranges=("Field",), price=3500),
    Weapon("Sniper Rifle", "Tech", reload=1, ranges=("Far",), tags=("Piercing",), price=5000),
    Weapon(
        "Flame Thrower", "Tech", reload=1, ranges=("Room",), tags=("Arc",),
        requires="Mechanics (3)", price=6000,
        note="Burn: 1 damage per round for 1d6 rounds on each target within range.",
    ),
    Weapon("Grenade", "Light", ranges=("Field",), tags=("Explosive",), price=1000, per=4),
)  # fmt: skip
WEAPONS_BY_NAME = {weapon.name: weapon for weapon in WEAPONS}


def difficulty_value(difficulty: str | int) -> int:
    """What a difficulty adds to each referee d12 (a name, or the number itself)."""
    if isinstance(difficulty, int) and not isinstance(difficulty, bool):
        if difficulty in DIFFICULTIES.values():
            return difficulty
    elif isinstance(difficulty, str):
        for name, value in DIFFICULTIES.items():
            if name.lower() == difficulty.strip().lower():
                return value
    raise DiceError(f"a difficulty is one of {', '.join(DIFFICULTIES)} (0-8), not {difficulty!r}")


def read_outcome(player_faces: Sequence[int], beaten: int) -> Outcome:
    """The seed's table: doubles and referee dice beaten; natural 2 fails, natural 12 crits."""
    first, second = player_faces
    if first + second == 2:
        return Outcome.FAILURE
    if first + second == 12:
        return Outcome.CRIT
    return OUTCOME_TABLE[(first == second, beaten)]


# --- the basic roll ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Modifier:
    label: str
    amount: int


@dataclasses.dataclass(frozen=True)
class Check:
    """What the player rolls with: 2d6 + stat bonus + skill (Luck bonus at Novice) - stress
    + High spent + time of day + situational, against 2d12 + difficulty."""

    stat: int
    skill: str
    skill_level: int
    luck: int = 5
    mind: Mind = dataclasses.field(default_factory=Mind)
    stat_name: str = "Stat"
    high_spent: int = 0
    ancestry: str = "Human"
    hour: int | None = None
    situational: int = 0
    difficulty: str = "Normal"
    combat: bool = False

    def __post_init__(self) -> None:
        stat_bonus(self.stat)
        stat_bonus(self.luck)
        require_count("a skill level", self.skill_level, maximum=5)
        if not self.skill.strip():
            raise DiceError("a roll names the skill rolled")
        require_int("the situational modifier", self.situational)
        require_spendable(self.mind, self.high_spent)
        rules_ancestry(self.ancestry)
        if self.hour is not None:
            period_of(self.hour)
        difficulty_value(self.difficulty)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Check:
        mind = data["mind"]
        fields = {**data, "mind": Mind(**{**mind, "traumas": tuple(mind["traumas"])})}
        return cls(**fields)


# The game's words the modifiers name, as sayings (their messages are extracted from here).
TERMS = {
    word["say"]: word
    for word in (
        say("Strength"), say("Agility"), say("Intelligence"), say("Education"),
        say("Influence"), say("Luck"), say("Stat"),
        say("Novice"), say("Apprentice"), say("Journeyman"), say("Craftsman"),
        say("Artisan"), say("Master"),
        say("Night"), say("Morning"), say("Day"), say("Evening"),
        say("Human"), say("Vampire"), say("Sasquatch"), say("Extranormal Human"),
    )
}  # fmt: skip


def term(word: str) -> Any:
    """One of the game's words as a saying; other text (a name) as it is."""
    return TERMS.get(word, word)


def skill_term(name: str) -> Any:
    """A skill's name as a saying in the skills' context (a seed skill reads in the
    reader's words; one a player named stays as typed: the catalogue lacks it)."""
    return say_in("Agents skill", name) if name else name


def check_modifier_sayings(check: Check) -> tuple[tuple[Any, int], ...]:
    """Every modifier on the player's 2d6 as (saying, amount), for the result panel."""
    mods = [(say("%(stat)s %(score)s", stat=term(check.stat_name), score=check.stat),
             stat_bonus(check.stat))]  # fmt: skip
    if check.skill_level:
        title = term(SKILL_LEVELS[check.skill_level])
        mods.append((say("%(skill)s (%(title)s)", skill=skill_term(check.skill), title=title),
                     check.skill_level))  # fmt: skip
    else:
        mods.append(
            (say("Luck %(luck)s (Novice %(skill)s)", luck=check.luck,
                 skill=skill_term(check.skill)),
             stat_bonus(check.luck))
        )  # fmt: skip
    if check.mind.stress:
        mods.append((say("Stress %(stress)s", stress=check.mind.stress), -check.mind.stress))
    if check.high_spent:
        mods.append((say("High spent"), check.high_spent))
    if check.hour is not None:
        when = time_of_day(check.ancestry, check.hour)
        if when.roll_modifier:
            mods.append(
                (say("%(period)s, %(ancestry)s", period=term(when.period),
                     ancestry=term(check.ancestry)), when.roll_modifier)
            )  # fmt: skip
    if check.situational:
        mods.append((say("Situational"), check.situational))
    return tuple(mods)


def check_modifiers(check: Check) -> tuple[Modifier, ...]:
    """Every modifier on the player's 2d6, labelled (in English) for the result panel."""
    return tuple(Modifier(put_into_words(label), amount)
                 for label, amount in check_modifier_sayings(check))  # fmt: skip


@dataclasses.dataclass(frozen=True)
class BasicRoll:
    check: Check
    dice: tuple[Die, ...]  # two "player" d6, then two "referee" d12
    modifiers: tuple[Modifier, ...]
    total: int
    difficulty: int
    beaten: int
    doubles: bool
    outcome: Outcome
    mind_after: Mind
    effects: tuple[Effect, ...]
    notes: tuple[str, ...]
    spent_after: int = 0  # High spent once the dice were seen (effects are then the change)

    @property
    def player_faces(self) -> tuple[int, int]:
        return self.dice[0].face, self.dice[1].face

    @property
    def referee_faces(self) -> tuple[int, int]:
        return self.dice[2].face, self.dice[3].face

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BasicRoll:
        faces = [die["face"] for die in data["dice"]]
        check = Check.from_data(data["check"])
        return resolve_basic_roll(check, faces[:2], faces[2:], spent_after=data["spent_after"])


def _consequences(check: Check, outcome: Outcome) -> tuple[Mind, list[Effect], list[str]]:
    mind, effects, notes = check.mind, [], []
    steps = []
    if check.high_spent:
        high = check.high_spent
        steps.append(({"high": -high}, say("%(high)s High spent on the roll", high=high)))
    if outcome is Outcome.FAILURE:
        steps.append(({"stress": 1}, "Failure"))
        if check.combat:
            notes.append(say("a failed combat roll gives no XP"))
        else:
            effects.append(Effect(f"xp:{check.skill}", 1, "Failure"))
    if outcome is Outcome.CRIT:
        steps.append(({"high": 1}, "Crit"))
    for change, reason in steps:
        step = change_mind(mind, **change, reason=reason)
        mind = step.after
        effects.extend(step.effects)
        notes.extend(step.notes)
    return mind, effects, notes


def _net(effects: Sequence[Effect]) -> Counter[str]:
    net: Counter[str] = Counter()
    for effect in effects:
        net[effect.target] += effect.amount
    return net


def _read(
    check: Check, player_faces: Sequence[int], referee_faces: Sequence[int]
) -> tuple[tuple[Modifier, ...], int, int, tuple[bool, ...], Outcome]:
    modifiers = check_modifiers(check)
    total = sum(player_faces) + sum(mod.amount for mod in modifiers)
    difficulty = difficulty_value(check.difficulty)
    beats = tuple(total > face + difficulty for face in referee_faces)
    return modifiers, total, difficulty, beats, read_outcome(player_faces, sum(beats))


def resolve_basic_roll(
    check: Check, player_faces: Sequence[int], referee_faces: Sequence[int], *, spent_after: int = 0
) -> BasicRoll:
    """Read a basic roll from its faces (basic_roll, the High spend and from_data use it).

    With ``spent_after`` (High spent once the dice were seen, included in
    ``check.high_spent``) the effects are the change from the roll as it stood before."""
    if len(player_faces) != 2 or len(referee_faces) != 2:
        raise DiceError("a basic roll is two player d6 and two referee d12")
    for face in player_faces:
        require_face(face, 6, "a player die")
    for face in referee_faces:
        require_face(face, 12, "a referee die")
    modifiers, total, difficulty, beats, outcome = _read(check, player_faces, referee_faces)
    natural, doubles = sum(player_faces), player_faces[0] == player_faces[1]
    player_counts = {2: "natural 2", 12: "natural 12"}.get(natural, "doubles" if doubles else "")
    dice = tuple(Die("player", 6, face, player_counts) for face in player_faces) + tuple(
        Die("referee", 12, face, "beaten" if beat else "holds")
        for face, beat in zip(referee_faces, beats, strict=True)
    )
    targets = [f"{face} + {difficulty}" for face in referee_faces]
    notes: list = [
        say_n(
            "%(total)s against %(first)s and %(second)s: %(n)s referee die beaten",
            "%(total)s against %(first)s and %(second)s: %(n)s referee dice beaten",
            sum(beats),
            total=total,
            first=targets[0],
            second=targets[-1],
        )
    ]
    if natural == 2:
        notes.append(say("a natural 2 is always a Failure"))
    elif natural == 12:
        notes.append(say("a natural 12 is always a success, and as doubles a Crit"))
    if check.hour is not None and time_of_day(check.ancestry, check.hour).stress:
        notes.append(say("Vampire by Day: +5 stress when the Day begins, not a roll modifier"))
    mind, effects, more_notes = _consequences(check, outcome)
    notes.extend(more_notes)
    if require_count("High spent after the roll", spent_after, maximum=check.high_spent):
        before = dataclasses.replace(check, high_spent=check.high_spent - spent_after)
        earlier = _read(before, player_faces, referee_faces)[-1]
        change = _net(effects)
        change.subtract(_net(_consequences(before, earlier)[1]))
        reason = f"{spent_after} High spent after the roll: {earlier} -> {outcome}"
        effects = [Effect(target, amount, reason) for target, amount in change.items() if amount]
    return BasicRoll(
        check, dice, modifiers, total, difficulty, sum(beats), doubles, outcome, mind,
        tuple(effects), tuple(notes), spent_after,
    )  # fmt: skip


def basic_roll(rng: RNG, check: Check) -> BasicRoll:
    """Roll the player's 2d6 and the referee's 2d12 (in that order) and read the outcome."""
    player = [roll(rng, 6), roll(rng, 6)]
    referee = [roll(rng, 12), roll(rng, 12)]
    return resolve_basic_roll(check, player, referee)


def spend_high_after_roll(earlier: BasicRoll, high: int) -> BasicRoll:
    """Spend High once the dice are seen ("at any moment", +1 each): the same faces are read
    again; the effects turn the sheet into what it would be had the High been spent before."""
    if require_count("High spent", high) < 1:
        raise DiceError("spend at least 1 High")
    if sum(earlier.player_faces) == 2:
        raise DiceError("a natural 2 is always a Failure: High cannot change it")
    if earlier.outcome in (Outcome.CRIT, Outcome.SUCCESS):
        raise DiceError(f"a {earlier.outcome} cannot get better by spending High")
    require_spendable(earlier.mind_after, high)
    check = dataclasses.replace(earlier.check, high_spent=earlier.check.high_spent + high)
    return resolve_basic_roll(check, earlier.player_faces, earlier.referee_faces, spent_after=high)


def high_options(result: BasicRoll) -> tuple[tuple[int, Outcome], ...]:
    """What spending 1, 2, ... more High would make of this roll (empty if nothing can)."""
    options = []
    for high in range(1, result.mind_after.spendable_high + 1):
        try:
            options.append((high, spend_high_after_roll(result, high).outcome))
        except DiceError:
            break
    return tuple(options)


# --- damage and research -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DamageRoll:
    weapon: str
    outcome: Outcome
    dice: tuple[Die, ...]
    rolled: int
    damage: int
    rule: str


def _outcome(outcome: Outcome | str) -> Outcome:
    try:
        return Outcome(outcome)
    except ValueError:
        raise DiceError(f"unknown outcome {outcome!r}") from None


def damage_from(rolled: int, outcome: Outcome | str) -> tuple[int, str]:
    """Damage dealt for a damage-dice sum: Crit x2, any Cost halved (down), Failure none."""
    outcome = _outcome(outcome)
    if outcome is Outcome.FAILURE:
        return 0, "Failure: no damage"
    if outcome is Outcome.CRIT:
        return rolled * 2, "Crit: damage x2"
    if outcome is Outcome.SUCCESS:
        return rolled, "Success: full damage"
    return rolled // 2, f"{outcome}: half damage, rounded down"


def damage_roll(rng: RNG, weapon: Weapon, outcome: Outcome | str) -> DamageRoll:
    """Roll a weapon's damage for an attack's outcome (a Failure rolls no dice)."""
    outcome = _outcome(outcome)
    if outcome is Outcome.FAILURE:
        return DamageRoll(weapon.name, outcome, (), 0, 0, damage_from(0, outcome)[1])
    sizes = [("damage", DAMAGE_DIE[weapon.tag])] * weapon.level
    sizes += [("extra damage", weapon.extra_die)] * weapon.extra_dice
    dice = tuple(Die(kind, size, roll(rng, size), "damage") for kind, size in sizes)
    rolled = sum(die.face for die in dice)
    damage, rule = damage_from(rolled, outcome)
    return DamageRoll(weapon.name, outcome, dice, rolled, damage, rule)


@dataclasses.dataclass(frozen=True)
class ResearchRoll:
    check: Check
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]
    total: int
    timer_before: int
    timer_after: int
    done: bool
    mind_after: Mind
    effects: tuple[Effect, ...]


def research_roll(rng: RNG, check: Check, timer: int) -> ResearchRoll:
    """2d6 + the check's modifiers comes off the research timer (never below 0; done at 0).
    The check's difficulty and combat flag play no part; High spent is paid."""
    if require_count("the research timer", timer) == 0:
        raise DiceError("this research is already done (its timer is at 0)")
    faces = (roll(rng, 6), roll(rng, 6))
    modifiers = check_modifiers(check)
    total = sum(faces) + sum(mod.amount for mod in modifiers)
    after = max(timer - max(total, 0), 0)
    spent = change_mind(check.mind, high=-check.high_spent, reason="High spent on research")
    effects = (*spent.effects, Effect("research_timer", after - timer, "research roll"))
    dice = tuple(Die("player", 6, face, "research") for face in faces)
    return ResearchRoll(
        check, dice, modifiers, total, timer, after, after == 0, spent.after, effects
    )
