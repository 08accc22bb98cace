"""Agents (DPI/TFE homebrew): the agent's sheet. Stress, High and sanity with their limits,
time of day, derived values, skill XP, rests, traumas, death and the afterlife. Pure Python,
no Django; ``sheets.systems.agents.dice.rules`` builds the basic roll, damage and research on it.

Dice (every roll takes ``rng`` first; results are frozen dataclasses and
``core.as_data(result)`` stores them; ``effects`` are what the sheet must receive now):

    short_rest(rng, *, luck, hours, hp, max_hp, fortitude, max_fortitude) -> ShortRest
    resurrection(rng, mind: Mind, stats=None) -> Resurrection   death: stress 5, High 0, d6s
    trauma_roll(rng, traumas, stats=None) -> TraumaRoll; afterlife_roll(rng) -> Die

Sheet bookkeeping, no dice:

    Mind(stress, high, sanity, traumas)                 the part of a sheet the rolls change
    change_mind(mind, *, stress=0, high=0, reason="") -> MindChange   stress/High with the
                                                        limits, trauma floors and sanity loss
    spend_high_on_stress(mind, high) -> MindChange; require_spendable(mind, high) -> int
    time_of_day(ancestry, hour) -> TimeOfDay; time_passes(mind, ancestry, hour, hours) -> MindChange
    period_of(hour) -> str; rules_ancestry(ancestry) -> str; stat_bonus(score) -> int
    max_hp(str, agi), action_points(agi, stamina), fortitude(lck, agi, dodging, armor=0),
    max_sanity(edu, inf, psychology); skill_advance(level, xp); buy_skill_level(skill, level, xp)
    ARMOR_FORTITUDE (FT by armor), SKILL_LEVELS, TRAUMA_TABLE, CONDITIONS, AFTERLIFE_TABLE

Exact odds (``sheets.systems.agents.dice.odds``): interruption_odds(luck).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ...dice.core import RNG, DiceError, Die, Effect, require_count, require_int, roll
from ...dice.words import say

# --- the sheet's tables -------------------------------------------------------------------

STAT_BONUS = (-3, -2, -2, -1, -1, 0, 1, 1, 2, 2, 3)  # indexed by the stat score 0..10
SKILL_LEVELS = ("Novice", "Apprentice", "Journeyman", "Craftsman", "Artisan", "Master")
XP_TO_REACH = {1: 10, 2: 50, 3: 100, 4: 250, 5: 500}
MAX_STRESS, MAX_HIGH, MAX_TRAUMAS = 5, 3, 3

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
ARMOR_FORTITUDE = {"Light Armor": 2, "Medium Armor": 4, "Heavy Armor": 6}


def _score(name: str, value: int, maximum: int | None) -> int:
    return require_count(name, value, maximum=maximum)


def stat_bonus(score: int) -> int:
    """The roll bonus of a stat score (0..10) from the seed's table."""
    return STAT_BONUS[_score("a stat score", score, 10)]


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


def rules_ancestry(ancestry: str) -> str:
    """The ancestry whose rules apply (Extranormal Humans as Humans); unknown ones raise."""
    if ancestry not in ANCESTRIES:
        raise DiceError(f"an ancestry is one of {', '.join(ANCESTRIES)}, not {ancestry!r}")
    return "Human" if ancestry == "Extranormal Human" else ancestry


def time_of_day(ancestry: str, hour: int) -> TimeOfDay:
    period = period_of(hour)
    rules_as = rules_ancestry(ancestry)
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
    notes: list = []  # sayings
    new_high = mind.high + high
    if new_high > mind.high_ceiling:
        ceiling = say("Anhedonia") if mind.high_ceiling == 0 else say("the most an agent holds")
        notes.append(say("High stays at %(high)s (%(why)s)", high=mind.high_ceiling, why=ceiling))
    elif new_high < mind.high_floor:
        notes.append(say("Lady Luck's Curse: High never falls below 1."))
    new_high = min(max(new_high, mind.high_floor), mind.high_ceiling)
    new_stress = mind.stress + stress
    if new_stress < mind.stress_floor:
        notes.append(say("Cracked Intellect: stress never falls below 2."))
    new_stress = max(new_stress, mind.stress_floor)
    sanity_lost = hp_lost = 0
    if new_stress > MAX_STRESS:
        sanity_lost = min(new_stress - MAX_STRESS, mind.sanity)
        hp_lost = new_stress - MAX_STRESS - sanity_lost
        notes.append(
            say(
                "stress over 5: %(lost)s sanity lost, stress back to 5",
                lost=new_stress - MAX_STRESS,
            )
        )
        if hp_lost:
            notes.append(say("sanity at 0: %(hp)s HP lost instead", hp=hp_lost))
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


def require_spendable(mind: Mind, high: int) -> int:
    """``high`` if the agent can spend that much High now, else a DiceError."""
    if require_count("High spent", high) > mind.spendable_high:
        kept = f" (Lady Luck's Curse keeps {mind.high_floor})" if mind.high_floor else ""
        raise DiceError(
            f"cannot spend {high} High: the agent can spend {mind.spendable_high}{kept}"
        )
    return high


def spend_high_on_stress(mind: Mind, high: int) -> MindChange:
    """Each High spent removes 1 stress; Cracked Intellect's floor of 2 is respected."""
    if require_spendable(mind, high) < 1:
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


# --- rests, traumas, death ----------------------------------------------------------------


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
    require_int("HP", hp, maximum=require_count("max HP", max_hp))
    rested, hp_now, ft_now = [], hp, fortitude
    for _ in range(hours):
        face = roll(rng, 6)
        if face + bonus <= 4:
            rested.append(RestHour((Die("interruption", 6, face, say("interrupted")),), True, 0, 0))
            break
        healing = roll(rng, 6)
        hp_gain = min(max(healing + bonus, 0), max(max_hp - hp_now, 0))
        ft_gain = min(1, max_fortitude - ft_now)
        hp_now, ft_now = hp_now + hp_gain, ft_now + ft_gain
        dice = (
            Die("interruption", 6, face, say("undisturbed")),
            Die("healing", 6, healing, say("HP")),
        )
        rested.append(RestHour(dice, False, hp_gain, ft_gain))
    changes = (("hp", hp_now - hp), ("fortitude", ft_now - fortitude))
    effects = tuple(
        Effect(target, amount, say("short rest")) for target, amount in changes if amount
    )
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
        return TraumaRoll(None, None, True, (), (say("a fourth trauma: the agent dies for real"),))
    face = roll(rng, 6)
    trauma = TRAUMA_TABLE[face]
    effects = [Effect(f"trauma:{trauma}", 1, say("trauma d6"))]
    notes = [say("gain a skill level in a sphere of magic (the player picks the sphere)")]
    stat = TRAUMA_STAT.get(trauma)
    if stat and stats is not None and stats.get(stat, 0) >= 10:
        notes.append(say("%(stat)s is already 10", stat=say(stat.capitalize())))
    elif stat:
        effects.append(Effect(f"stat:{stat}", 1, say(trauma)))
    gain = TRAUMA_GAINS.get(trauma)
    if gain and gain not in traumas:
        effects.append(Effect(f"trauma:{gain}", 1, say(trauma)))
    return TraumaRoll(
        Die("trauma", 6, face, say(trauma)), trauma, False, tuple(effects), tuple(notes)
    )


def afterlife_roll(rng: RNG) -> Die:
    face = roll(rng, 6)
    return Die("afterlife", 6, face, say(AFTERLIFE_TABLE[face]))


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
        revived, stress=MAX_STRESS - mind.stress, high=-mind.high, reason=say("resurrection")
    )
    dice = (afterlife, trauma.die) if trauma.die else (afterlife,)
    return Resurrection(
        dice, AFTERLIFE_TABLE[afterlife.face], trauma, False, reset.after,
        trauma.effects + reset.effects, trauma.notes + reset.notes,
    )  # fmt: skip
