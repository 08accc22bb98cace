"""Agents (DPI/TFE homebrew): the 2d6 basic roll against the referee's 2d12, stress and
High, damage, rests, traumas, the afterlife and research. Pure Python, no Django.

API for the web layer (every roll takes ``rng`` first; results are frozen dataclasses and
``core.as_data(result)`` stores them; ``effects`` are what the sheet must receive now):

    basic_roll(rng, check: Check) -> BasicRoll          the basic roll, consequences included
    spend_high_after_roll(earlier: BasicRoll, high: int) -> BasicRoll
                                                        +1 per High spent once the dice are seen
                                                        (the Agents' answer to a push)
    high_options(result: BasicRoll) -> tuple[tuple[int, Outcome], ...]
                                                        what 1, 2, 3 more High would make of it
    BasicRoll.from_data(data) -> BasicRoll              rebuild a stored roll (same faces)
    damage_roll(rng, weapon: Weapon, outcome) -> DamageRoll   Crit x2, Cost halved, Failure none
    research_roll(rng, check: Check, timer: int) -> ResearchRoll
    short_rest(rng, *, luck, hours, hp, max_hp, fortitude, max_fortitude) -> ShortRest
    resurrection(rng, mind: Mind, stats=None) -> Resurrection   death: stress 5, High 0, d6s
    trauma_roll(rng, traumas, stats=None) -> TraumaRoll; afterlife_roll(rng) -> Die

Sheet bookkeeping, no dice:

    change_mind(mind, *, stress=0, high=0, reason="") -> MindChange   stress/High with the
                                                        limits, trauma floors and sanity loss
    spend_high_on_stress(mind, high) -> MindChange
    time_of_day(ancestry, hour) -> TimeOfDay; time_passes(mind, ancestry, hour, hours) -> MindChange
    check_modifiers(check) -> tuple[Modifier, ...]; stat_bonus(score) -> int
    max_hp(str, agi), action_points(agi, stamina), fortitude(lck, agi, dodging, armor=0),
    max_sanity(edu, inf, psychology); skill_advance(level, xp); buy_skill_level(skill, level, xp)
    WEAPONS / WEAPONS_BY_NAME (the seed's list, Weapon records), ARMOR_FORTITUDE (FT by armor)

Exact odds are in ``rolls.dice.agents_odds``: outcome_odds(modifier, difficulty),
check_odds(check), referee_dice_beaten_odds(...), damage_odds(weapon, outcome),
research_progress_odds(modifier), interruption_odds(luck).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from rolls.dice.core import RNG, DiceError, Die, Effect, require_count, roll

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
STAT_BONUS = (-3, -2, -2, -1, -1, 0, 1, 1, 2, 2, 3)  # indexed by the stat score 0..10
SKILL_LEVELS = ("Novice", "Apprentice", "Journeyman", "Craftsman", "Artisan", "Master")
XP_TO_REACH = {1: 10, 2: 50, 3: 100, 4: 250, 5: 500}
MAX_STRESS, MAX_HIGH, MAX_TRAUMAS, MAX_WEAPON_LEVEL = 5, 3, 3, 10

PERIODS = ("Night", "Morning", "Day", "Evening")
ANCESTRIES = ("Human", "Vampire", "Sasquatch", "Extranormal Human")
# roll modifier by ancestry and period; Extranormal Humans roll as Humans (the seed is silent)
TIME_MODIFIERS = {
    "Human": {"Night": -2, "Morning": 0, "Day": 1, "Evening": 0},
    "Vampire": {"Night": 0, "Morning": -3, "Day": 0, "Evening": 0},
    "Sasquatch": {"Night": 1, "Morning": 0, "Day": -1, "Evening": 1},
}
VAMPIRE_DAY_STRESS = 5

TRAUMA_TABLE = {
    1: "Cracked Intellect",
    2: "Shadow Touched",
    3: "Braid Touched",
    4: "Hunter's Call",
    5: "Lady Luck's Curse",
    6: "Anhedonia",
}
TRAUMA_STAT = {
    "Cracked Intellect": "intelligence",
    "Shadow Touched": "agility",
    "Hunter's Call": "strength",
    "Lady Luck's Curse": "luck",
}
# conditions a table trauma brings; with the ancestries' own, they do not count toward three
TRAUMA_GAINS = {
    "Shadow Touched": "Vampirism",
    "Braid Touched": "Thaumaturgy",
    "Hunter's Call": "Lycanthropy",
}
CONDITIONS = ("Vampirism", "Thaumaturgy", "Lycanthropy")
AFTERLIFE_TABLE = {
    1: "The Eternal Ballroom",
    2: "The Library of Almina",
    3: "The White Halls",
    4: "The Forest",
    5: "The Farms",
    6: "The Waiting Room",
}

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
ARMOR_FORTITUDE = {"Light Armor": 2, "Medium Armor": 4, "Heavy Armor": 6}


def _score(name: str, value: int, maximum: int | None) -> int:
    return require_count(name, value, maximum=maximum)


def stat_bonus(score: int) -> int:
    """The roll bonus of a stat score (0..10) from the seed's table."""
    return STAT_BONUS[_score("a stat score", score, 10)]


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


# --- time of day -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TimeOfDay:
    period: str
    roll_modifier: int
    stress: int  # stress the period brings when it begins (a Vampire by Day: +5)


def period_of(hour: int) -> str:
    """Night 21-04, Morning 05-08, Day 09-16, Evening 17-20 (24 h clock)."""
    hour = _score("the hour", hour, 23)
    if 5 <= hour <= 8:
        return "Morning"
    if 9 <= hour <= 16:
        return "Day"
    if 17 <= hour <= 20:
        return "Evening"
    return "Night"


def _ancestry(ancestry: str) -> str:
    if ancestry not in ANCESTRIES:
        raise DiceError(f"an ancestry is one of {', '.join(ANCESTRIES)}, not {ancestry!r}")
    return "Human" if ancestry == "Extranormal Human" else ancestry


def time_of_day(ancestry: str, hour: int) -> TimeOfDay:
    period = period_of(hour)
    rules_as = _ancestry(ancestry)
    stress = VAMPIRE_DAY_STRESS if (rules_as, period) == ("Vampire", "Day") else 0
    return TimeOfDay(period, TIME_MODIFIERS[rules_as][period], stress)


# --- stress, High and sanity ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Mind:
    """The part of a sheet the rolls change: stress 0..5, High 0..3, sanity, traumas."""

    stress: int = 0
    high: int = 0
    sanity: int = 0
    traumas: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _score("stress", self.stress, MAX_STRESS)
        _score("High", self.high, MAX_HIGH)
        _score("sanity", self.sanity, None)
        for trauma in self.traumas:
            if trauma not in TRAUMA_TABLE.values() and trauma not in CONDITIONS:
                raise DiceError(f"unknown trauma {trauma!r}")
        if self.table_traumas > MAX_TRAUMAS:
            raise DiceError(f"an agent has at most {MAX_TRAUMAS} traumas; the next is death")

    @property
    def table_traumas(self) -> int:
        return sum(trauma in TRAUMA_TABLE.values() for trauma in self.traumas)

    @property
    def high_ceiling(self) -> int:
        return 0 if "Anhedonia" in self.traumas else MAX_HIGH

    @property
    def high_floor(self) -> int:  # Anhedonia's ceiling wins over Lady Luck's floor
        return min(1 if "Lady Luck's Curse" in self.traumas else 0, self.high_ceiling)

    @property
    def stress_floor(self) -> int:
        return 2 if "Cracked Intellect" in self.traumas else 0

    @property
    def spendable_high(self) -> int:
        """High that can be spent: a floor (Lady Luck's Curse) keeps its point."""
        return max(min(self.high, self.high_ceiling) - self.high_floor, 0)


@dataclasses.dataclass(frozen=True)
class MindChange:
    before: Mind
    after: Mind
    effects: tuple[Effect, ...]
    notes: tuple[str, ...] = ()


def change_mind(mind: Mind, *, stress: int = 0, high: int = 0, reason: str = "") -> MindChange:
    """Add (signed) stress and High, then apply the limits: High within 0..3 and the trauma
    floor/ceiling; stress never below Cracked Intellect's 2; stress above 5 costs 1 sanity per
    point above and resets to 5; sanity damage at sanity 0 comes off HP instead."""
    notes: list[str] = []
    new_high = mind.high + high
    if new_high > mind.high_ceiling:
        ceiling = "Anhedonia" if mind.high_ceiling == 0 else "the most an agent holds"
        notes.append(f"High stays at {mind.high_ceiling} ({ceiling})")
    elif new_high < mind.high_floor:
        notes.append("Lady Luck's Curse: High never falls below 1")
    new_high = min(max(new_high, mind.high_floor), mind.high_ceiling)
    new_stress = mind.stress + stress
    if new_stress < mind.stress_floor:
        notes.append("Cracked Intellect: stress never falls below 2")
    new_stress = max(new_stress, mind.stress_floor)
    sanity_lost = hp_lost = 0
    if new_stress > MAX_STRESS:
        sanity_lost = min(new_stress - MAX_STRESS, mind.sanity)
        hp_lost = new_stress - MAX_STRESS - sanity_lost
        notes.append(f"stress over 5: {new_stress - MAX_STRESS} sanity lost, stress back to 5")
        if hp_lost:
            notes.append(f"sanity at 0: {hp_lost} HP lost instead")
        new_stress = MAX_STRESS
    after = Mind(new_stress, new_high, mind.sanity - sanity_lost, mind.traumas)
    changes = (
        ("stress", after.stress - mind.stress),
        ("high", after.high - mind.high),
        ("sanity", -sanity_lost),
        ("hp", -hp_lost),
    )
    effects = tuple(Effect(target, amount, reason) for target, amount in changes if amount)
    return MindChange(mind, after, effects, tuple(notes))


def _spend_check(mind: Mind, high: int) -> int:
    if require_count("High spent", high) > mind.spendable_high:
        kept = f" (Lady Luck's Curse keeps {mind.high_floor})" if mind.high_floor else ""
        raise DiceError(
            f"cannot spend {high} High: the agent can spend {mind.spendable_high}{kept}"
        )
    return high


def spend_high_on_stress(mind: Mind, high: int) -> MindChange:
    """Each High spent removes 1 stress; Cracked Intellect's floor of 2 is respected."""
    if _spend_check(mind, high) < 1:
        raise DiceError("spend at least 1 High")
    removable = mind.stress - mind.stress_floor
    if high > removable:
        floor = " (Cracked Intellect keeps it at 2 or more)" if mind.stress_floor else ""
        raise DiceError(f"only {removable} stress can be removed{floor}")
    return change_mind(mind, stress=-high, high=-high, reason="High spent to remove stress")


def time_passes(mind: Mind, ancestry: str, hour: int, hours: int) -> MindChange:
    """The clock moves on ``hours`` from ``hour``: each Day that begins for a Vampire brings
    +5 stress (once per Day, when it begins; a roll modifier it is not)."""
    start, hours = _score("the hour", hour, 23), require_count("hours passed", hours)
    days = (start + hours - 9) // 24 - (start - 9) // 24  # times the clock strikes 09:00
    stress = days * time_of_day(ancestry, 9).stress
    if not stress:
        return MindChange(mind, mind, ())
    return change_mind(mind, stress=stress, reason="Vampire by Day")


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
        _score("a skill level", self.skill_level, 5)
        if not self.skill.strip():
            raise DiceError("a roll names the skill rolled")
        if isinstance(self.situational, bool) or not isinstance(self.situational, int):
            raise DiceError(f"the situational modifier is a whole number, not {self.situational!r}")
        _spend_check(self.mind, self.high_spent)
        _ancestry(self.ancestry)
        if self.hour is not None:
            period_of(self.hour)
        difficulty_value(self.difficulty)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Check:
        mind = data["mind"]
        fields = {**data, "mind": Mind(**{**mind, "traumas": tuple(mind["traumas"])})}
        return cls(**fields)


def check_modifiers(check: Check) -> tuple[Modifier, ...]:
    """Every modifier on the player's 2d6, labelled for the result panel."""
    mods = [Modifier(f"{check.stat_name} {check.stat}", stat_bonus(check.stat))]
    if check.skill_level:
        title = SKILL_LEVELS[check.skill_level]
        mods.append(Modifier(f"{check.skill} ({title})", check.skill_level))
    else:
        mods.append(Modifier(f"Luck {check.luck} (Novice {check.skill})", stat_bonus(check.luck)))
    if check.mind.stress:
        mods.append(Modifier(f"Stress {check.mind.stress}", -check.mind.stress))
    if check.high_spent:
        mods.append(Modifier("High spent", check.high_spent))
    if check.hour is not None:
        when = time_of_day(check.ancestry, check.hour)
        if when.roll_modifier:
            mods.append(Modifier(f"{when.period}, {check.ancestry}", when.roll_modifier))
    if check.situational:
        mods.append(Modifier("Situational", check.situational))
    return tuple(mods)


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
        steps.append(({"high": -check.high_spent}, f"{check.high_spent} High spent on the roll"))
    if outcome is Outcome.FAILURE and check.combat:
        notes.append("a failed combat roll gives no stress and no XP")
    elif outcome is Outcome.FAILURE:
        steps.append(({"stress": 1}, "Failure"))
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
    for face, size in [*((f, 6) for f in player_faces), *((f, 12) for f in referee_faces)]:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= size:
            raise DiceError(f"{face!r} cannot come up on a d{size}")
    modifiers, total, difficulty, beats, outcome = _read(check, player_faces, referee_faces)
    natural, doubles = sum(player_faces), player_faces[0] == player_faces[1]
    player_counts = {2: "natural 2", 12: "natural 12"}.get(natural, "doubles" if doubles else "")
    dice = tuple(Die("player", 6, face, player_counts) for face in player_faces) + tuple(
        Die("referee", 12, face, "beaten" if beat else "holds")
        for face, beat in zip(referee_faces, beats, strict=True)
    )
    targets = " and ".join(f"{face} + {difficulty}" for face in referee_faces)
    beaten = f"{sum(beats)} referee {'die' if sum(beats) == 1 else 'dice'} beaten"
    notes = [f"{total} against {targets}: {beaten}"]
    if natural == 2:
        notes.append("a natural 2 is always a Failure")
    elif natural == 12:
        notes.append("a natural 12 is always a success, and as doubles a Crit")
    if check.hour is not None and time_of_day(check.ancestry, check.hour).stress:
        notes.append("Vampire by Day: +5 stress when the Day begins, not a roll modifier")
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
    _spend_check(earlier.mind_after, high)
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


# --- damage --------------------------------------------------------------------------------


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


# --- derived values and experience ---------------------------------------------------------


def _stat(value: int) -> int:
    return _score("a stat score", value, 10)


def _skill(value: int) -> int:
    return _score("a skill level", value, 5)


def max_hp(strength: int, agility: int) -> int:
    return 4 + (_stat(strength) + _stat(agility)) * 2


def action_points(agility: int, stamina: int) -> int:
    return _stat(agility) * 2 + _skill(stamina)


def fortitude(luck: int, agility: int, dodging: int, armor: int = 0) -> int:
    return _stat(luck) + _stat(agility) + _skill(dodging) + require_count("armor FT", armor)


def max_sanity(education: int, influence: int, psychology: int) -> int:
    return _stat(education) + _stat(influence) + _skill(psychology)


@dataclasses.dataclass(frozen=True)
class SkillAdvance:
    level: int
    xp: int
    next_level: int | None
    title: str | None  # the next level's name ("Journeyman")
    cost: int | None
    can_buy: bool


def skill_advance(level: int, xp: int) -> SkillAdvance:
    """Whether the next skill level can be bought with this skill's XP, and its cost."""
    level, xp = _skill(level), require_count("XP", xp)
    if level == len(SKILL_LEVELS) - 1:
        return SkillAdvance(level, xp, None, None, None, False)
    cost = XP_TO_REACH[level + 1]
    return SkillAdvance(level, xp, level + 1, SKILL_LEVELS[level + 1], cost, xp >= cost)


def buy_skill_level(skill: str, level: int, xp: int) -> tuple[Effect, ...]:
    """Buy the next level: skill +1 and the XP counter back to 0 (spare XP is lost)."""
    advance = skill_advance(level, xp)
    if advance.next_level is None:
        raise DiceError(f"{skill} is already at Master")
    if not advance.can_buy:
        raise DiceError(f"{skill} needs {advance.cost} XP to reach {advance.title}, not {xp}")
    return (
        Effect(f"skill:{skill}", 1, f"{advance.title} for {advance.cost} XP"),
        Effect(f"xp:{skill}", -xp, "the XP counter resets to 0"),
    )


# --- rests, traumas, death, research --------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RestHour:
    dice: tuple[Die, ...]  # the "interruption" d6, then the "healing" d6 if undisturbed
    interrupted: bool
    hp: int
    fortitude: int


@dataclasses.dataclass(frozen=True)
class ShortRest:
    hours: tuple[RestHour, ...]
    interrupted: bool
    effects: tuple[Effect, ...]


def short_rest(
    rng: RNG, *, luck: int, hours: int, hp: int, max_hp: int, fortitude: int, max_fortitude: int
) -> ShortRest:
    """Rest hour by hour: 1d6 + LCK bonus <= 4 interrupts (that hour heals nothing and the
    rest ends); an undisturbed hour heals 1d6 + LCK bonus HP and 1 FT, up to the maximums."""
    bonus = stat_bonus(luck)
    require_count("hours of rest", hours, maximum=24)
    if hours < 1:
        raise DiceError("a short rest lasts at least one hour")
    require_count("fortitude", fortitude, maximum=require_count("max fortitude", max_fortitude))
    if isinstance(hp, bool) or not isinstance(hp, int) or hp > require_count("max HP", max_hp):
        raise DiceError(f"HP {hp!r} must be a whole number no higher than max HP {max_hp}")
    rested, hp_now, ft_now = [], hp, fortitude
    for _ in range(hours):
        face = roll(rng, 6)
        if face + bonus <= 4:
            rested.append(RestHour((Die("interruption", 6, face, "interrupted"),), True, 0, 0))
            break
        healing = roll(rng, 6)
        hp_gain = min(max(healing + bonus, 0), max(max_hp - hp_now, 0))
        ft_gain = min(1, max_fortitude - ft_now)
        hp_now, ft_now = hp_now + hp_gain, ft_now + ft_gain
        dice = (Die("interruption", 6, face, "undisturbed"), Die("healing", 6, healing, "HP"))
        rested.append(RestHour(dice, False, hp_gain, ft_gain))
    changes = (("hp", hp_now - hp), ("fortitude", ft_now - fortitude))
    effects = tuple(Effect(target, amount, "short rest") for target, amount in changes if amount)
    return ShortRest(tuple(rested), rested[-1].interrupted, effects)


@dataclasses.dataclass(frozen=True)
class TraumaRoll:
    die: Die | None
    trauma: str | None
    dead_for_real: bool
    effects: tuple[Effect, ...]
    notes: tuple[str, ...]


def trauma_roll(
    rng: RNG, traumas: Sequence[str], stats: Mapping[str, int] | None = None
) -> TraumaRoll:
    """A new trauma from the d6 table; with three already, the agent dies for real.
    ``stats`` (e.g. {"intelligence": 10}) keeps a trauma's +1 from going above 10."""
    mind = Mind(traumas=tuple(traumas))
    if mind.table_traumas >= MAX_TRAUMAS:
        return TraumaRoll(None, None, True, (), ("a fourth trauma: the agent dies for real",))
    face = roll(rng, 6)
    trauma = TRAUMA_TABLE[face]
    effects = [Effect(f"trauma:{trauma}", 1, "trauma d6")]
    notes = ["gain a skill level in a sphere of magic (the player picks the sphere)"]
    stat = TRAUMA_STAT.get(trauma)
    if stat and stats is not None and stats.get(stat, 0) >= 10:
        notes.append(f"{stat} is already 10")
    elif stat:
        effects.append(Effect(f"stat:{stat}", 1, trauma))
    gain = TRAUMA_GAINS.get(trauma)
    if gain and gain not in traumas:
        effects.append(Effect(f"trauma:{gain}", 1, trauma))
    return TraumaRoll(Die("trauma", 6, face, trauma), trauma, False, tuple(effects), tuple(notes))


def afterlife_roll(rng: RNG) -> Die:
    face = roll(rng, 6)
    return Die("afterlife", 6, face, AFTERLIFE_TABLE[face])


@dataclasses.dataclass(frozen=True)
class Resurrection:
    dice: tuple[Die, ...]  # the "afterlife" d6, then the "trauma" d6
    afterlife: str | None
    trauma: TraumaRoll
    dead_for_real: bool
    mind_after: Mind
    effects: tuple[Effect, ...]
    notes: tuple[str, ...]


def resurrection(rng: RNG, mind: Mind, stats: Mapping[str, int] | None = None) -> Resurrection:
    """HP reached 0: stress 5, High 0 (within the new traumas' limits), an afterlife d6 and
    a trauma d6; an agent who already has three traumas dies for real (no dice)."""
    if mind.table_traumas >= MAX_TRAUMAS:
        final = trauma_roll(rng, mind.traumas, stats)
        return Resurrection((), None, final, True, mind, (), final.notes)
    afterlife = afterlife_roll(rng)
    trauma = trauma_roll(rng, mind.traumas, stats)
    gained = tuple(
        effect.target.removeprefix("trauma:")
        for effect in trauma.effects
        if effect.target.startswith("trauma:")
    )
    revived = dataclasses.replace(mind, traumas=mind.traumas + gained)
    reset = change_mind(
        revived, stress=MAX_STRESS - mind.stress, high=-mind.high, reason="resurrection"
    )
    return Resurrection(
        (afterlife, trauma.die) if trauma.die else (afterlife,), afterlife.counts, trauma,
        False, reset.after, trauma.effects + reset.effects, trauma.notes + reset.notes,
    )  # fmt: skip


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


# --- make bench ------------------------------------------------------------------------------

_BENCH_CHECK = Check(
    stat=7, skill="Firearms", skill_level=2, luck=6, mind=Mind(stress=1, high=2, sanity=12),
    stat_name="Agility", high_spent=1, hour=22, difficulty="Difficult", combat=True,
)  # fmt: skip


def bench_roll(rng: RNG) -> DamageRoll:
    """A typical attack: a basic roll with a High spent, then the shotgun's damage."""
    return damage_roll(rng, WEAPONS_BY_NAME["Shotgun"], basic_roll(rng, _BENCH_CHECK).outcome)


def bench_largest_odds() -> None:
    """Clears the odds caches, then computes every outcome table and the largest damage."""
    from rolls.dice import agents_odds  # agents_odds builds on this module

    agents_odds.largest_odds()
