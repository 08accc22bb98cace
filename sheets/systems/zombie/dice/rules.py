"""Zombiepocalypse (Z6E) Skill Checks: a d6 that succeeds on a modified 4 or more.

API for the web layer (every roll takes the server's ``rng``):

- ``difficulty({"environment": [-1, -1], "target": [+1]}) -> Difficulty``: each level
  -1/0/+1, levels summed and capped to -3..+3 (an int -3..+3 is accepted instead).
- ``player_check(difficulty=, skill_bonus=, injury=, complexity=, task=, roller=)`` and
  ``zombie_check(ability, difficulty=, injury=, complexity=, target_number=, task=)``
  -> ``CheckSetup`` (validated; roller "human" for other survivors).
- Roll: ``roll_check(rng, setup) -> SkillCheck`` (``read_check(faces, setup)`` reads a
  stored roll's faces again) (or ``skill_check(rng, **player_args)``,
  ``monster_check(rng, ability, **zombie_args)``).
- Odds before rolling: ``odds(setup) -> CheckOdds`` (exact ``Fraction``, cached), or
  ``check_odds(modifier, complexity, target_number)``.
- No retry: ``blocked_attempt(setup, failed_before=, situation_changed=)`` -> an
  automatic failure without dice, or None (then roll).
- Player's Option: ``buy_players_option(spent_on, skill, bonus) -> effects``; bought
  after a failed roll: ``reevaluate(check, bonus, skill=, spent_on=) -> Reevaluation``.
  Z6E has no push: there is no push function and no push odds.

Decisions where the seed and rulings are silent: a level's factors are -1, 0 or +1; all
its penalties together count as -1 and all its bonuses as +1, so [-1, -1, +1] -> 0. A
zombie's target number (6, or 5 for strength/endurance) is compared with the modified
roll like a player's 4, so -1 in the dark puts a zombie's Perception out of reach.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal

import icepool

from ...dice.core import RNG, DiceError, Die, Effect, require_face, require_int, roll
from ...dice.odds import die_pmf
from ...dice.words import Saying, say

SKILL_TARGET = 4
MAX_DIFFICULTY = 3
MAX_COMPLEXITY = 3
ZOMBIE_TARGETS = {"agility": 6, "perception": 6, "cunning": 6, "strength": 5, "endurance": 5}
Roller = Literal["player", "human", "zombie"]


# --- Difficulty ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LevelModifier:
    """One level of difficulty: the factors the GM named and what they come to."""

    level: str
    factors: tuple[int, ...]
    modifier: int


@dataclasses.dataclass(frozen=True)
class Difficulty:
    """The difficulty modifier: levels summed (``uncapped``), then capped to -3..+3."""

    levels: tuple[LevelModifier, ...] = ()
    uncapped: int = 0
    total: int = 0

    @property
    def capped(self) -> bool:
        return self.total != self.uncapped


NO_DIFFICULTY = Difficulty()


def level_modifier(factors: Iterable[int]) -> int:
    """Similar factors within a level do not stack but balance: any penalties count as
    -1, any bonuses as +1. [-1, -1] -> -1, [-1, +1] -> 0, [] -> 0."""
    factors = tuple(factors)
    for factor in factors:
        if isinstance(factor, bool) or factor not in (-1, 0, 1):
            raise DiceError(
                say("a difficulty factor is -1, 0 or +1, not %(factor)s", factor=repr(factor))
            )
    return (1 if 1 in factors else 0) - (1 if -1 in factors else 0)


def difficulty(levels: Mapping[str, Iterable[int]]) -> Difficulty:
    """The difficulty of a check from its factors by level (environment, target, status,
    or any level the GM names): each level -1/0/+1, levels stack, total capped to -3..+3."""
    reduced = []
    for level, factors in levels.items():
        if not isinstance(level, str) or not level.strip():
            raise DiceError(
                say("a difficulty level needs a name, not %(level)s", level=repr(level))
            )
        factors = tuple(factors)
        reduced.append(LevelModifier(level, factors, level_modifier(factors)))
    uncapped = sum(level.modifier for level in reduced)
    total = max(-MAX_DIFFICULTY, min(MAX_DIFFICULTY, uncapped))
    return Difficulty(tuple(reduced), uncapped, total)


def _as_difficulty(value: Difficulty | int) -> Difficulty:
    if isinstance(value, Difficulty):
        return value
    rule = say("runs from -%(most)s to +%(most)s", most=MAX_DIFFICULTY)
    name = say("the difficulty modifier")
    require_int(name, value, minimum=-MAX_DIFFICULTY, maximum=MAX_DIFFICULTY, rule=rule)
    return Difficulty((), value, value)


def _require_complexity(complexity: int) -> int:
    rule = say("is 1 to %(most)s rolls", most=MAX_COMPLEXITY)
    name = say("complexity")
    return require_int(name, complexity, minimum=1, maximum=MAX_COMPLEXITY, rule=rule)


def _require_target(target: int) -> int:
    rule = say("is 2 to 6 on a d6")
    return require_int(say("a target number"), target, minimum=2, maximum=6, rule=rule)


# --- Checks --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CheckSetup:
    """What a check is rolled against (build it with ``player_check`` / ``zombie_check``).

    ``roller`` is "player", "human" (other survivors roll like players) or "zombie";
    ``ability`` names a zombie's check; ``injury`` is a penalty (0 or less).
    """

    roller: str = "player"
    task: str = ""
    ability: str = ""
    difficulty: Difficulty = NO_DIFFICULTY
    skill_bonus: int = 0
    injury: int = 0
    complexity: int = 1
    target_number: int = SKILL_TARGET

    @property
    def modifier(self) -> int:
        """Difficulty (capped) + skill bonus + injury: the total is not capped."""
        return self.difficulty.total + self.skill_bonus + self.injury


def player_check(
    *,
    difficulty: Difficulty | int = NO_DIFFICULTY,
    skill_bonus: int = 0,
    injury: int = 0,
    complexity: int = 1,
    task: str = "",
    roller: Roller = "player",
) -> CheckSetup:
    """A player character's (or another human's) check: success on a modified 4+."""
    if roller not in ("player", "human"):
        raise DiceError(
            say("a %(roller)s does not roll as a player; use zombie_check", roller=repr(roller))
        )
    return CheckSetup(
        roller,
        task,
        "",
        _as_difficulty(difficulty),
        require_int(say("the skill bonus"), skill_bonus, minimum=0),
        require_int(say("an injury modifier"), injury, maximum=0),
        _require_complexity(complexity),
    )


def zombie_target_number(ability: str, override: int | None = None) -> int:
    """What a zombie needs on the modified d6: 6 for agility, perception or cunning,
    5 for strength or endurance, or this monster's own ``override`` (2..6)."""
    if ability not in ZOMBIE_TARGETS:
        raise DiceError(
            say(
                "a zombie's check is one of %(abilities)s, not %(ability)s",
                abilities=", ".join(ZOMBIE_TARGETS),
                ability=repr(ability),
            )
        )
    if override is None:
        return ZOMBIE_TARGETS[ability]
    return _require_target(override)


def zombie_check(
    ability: str,
    *,
    difficulty: Difficulty | int = NO_DIFFICULTY,
    injury: int = 0,
    complexity: int = 1,
    target_number: int | None = None,
    task: str = "",
) -> CheckSetup:
    """A zombie's check on ``ability``; difficulty applies as for players."""
    return CheckSetup(
        "zombie",
        task,
        ability,
        _as_difficulty(difficulty),
        0,
        require_int(say("an injury modifier"), injury, maximum=0),
        _require_complexity(complexity),
        zombie_target_number(ability, target_number),
    )


@dataclasses.dataclass(frozen=True)
class CheckRoll:
    """One roll of a check: the raw die (always shown), the modified total, success."""

    number: int
    die: Die
    total: int
    success: bool


@dataclasses.dataclass(frozen=True)
class SkillCheck:
    """A Skill Check: every roll, the outcome and the effects for the sheet.

    ``outcome`` is "success" (every roll succeeded), "failure" or "automatic failure"
    (a retry of a failed task: no dice). ``partial`` marks a failed complex check with
    some successful rolls, for the GM to call a partial success. ``worst_failure_face``
    is the highest raw die among failed rolls: the higher, the worse the failure.
    ``option_skill`` names a skill bought after the roll (see ``reevaluate``).
    """

    setup: CheckSetup
    modifier: int
    rolls: tuple[CheckRoll, ...]
    successes: int
    success: bool
    partial: bool
    outcome: str
    worst_failure_face: int | None
    effects: tuple[Effect, ...]
    notes: tuple[Saying, ...]  # sayings (sheets/systems/dice/words.py): stored with the roll
    option_skill: str = ""

    @property
    def automatic(self) -> bool:
        return self.outcome == "automatic failure"


def _judge(
    faces: Iterable[int], setup: CheckSetup, *notes: Saying, option_skill: str = ""
) -> SkillCheck:
    """Read the faces of a check against its setup (rolling and re-evaluating share it)."""
    modifier, target = setup.modifier, setup.target_number
    rolls = []
    for number, face in enumerate(faces, start=1):
        require_face(face, 6, say("a check die"))
        success = face + modifier >= target
        die = Die("skill", 6, face, "success" if success else "failure")
        rolls.append(CheckRoll(number, die, face + modifier, success))
    successes = sum(r.success for r in rolls)
    success = successes == len(rolls)
    failed_faces = [r.die.face for r in rolls if not r.success]
    rules = [say("success on a modified %(target)s or more", target=target)]
    if len(rolls) > 1:
        rules.append(say("complexity %(count)s: every roll must succeed", count=len(rolls)))
    if setup.difficulty.capped:
        rules.append(
            say(
                "difficulty %(uncapped)s capped to %(total)s",
                uncapped=f"{setup.difficulty.uncapped:+d}",
                total=f"{setup.difficulty.total:+d}",
            )
        )
    if target - modifier > 6:
        rules.append(
            say(
                "%(modifier)s makes this impossible: no d6 reaches %(target)s",
                modifier=f"{modifier:+d}",
                target=target,
            )
        )
    if failed_faces:
        rules.append(say("the higher the raw die on a failure, the worse it goes"))
    failed_task = Effect(
        "failed_task",
        1,
        say("%(task)s: no retry until it changes", task=setup.task)
        if setup.task
        else say("this task: no retry until it changes"),
    )
    return SkillCheck(
        setup,
        modifier,
        tuple(rolls),
        successes,
        success,
        partial=not success and successes > 0,
        outcome="success" if success else "failure",
        worst_failure_face=max(failed_faces, default=None),
        effects=() if success else (failed_task,),
        notes=(*rules, *notes),
        option_skill=option_skill,
    )


def read_check(faces: Iterable[int], setup: CheckSetup) -> SkillCheck:
    """Read dice already rolled (a stored roll) against ``setup``: the same reading as
    ``roll_check``, for a check rebuilt from its record (the Player's Option)."""
    return _judge(tuple(faces), setup)


def roll_check(rng: RNG, setup: CheckSetup) -> SkillCheck:
    """Roll ``setup.complexity`` d6 and read them."""
    return _judge([roll(rng, 6) for _ in range(setup.complexity)], setup)


def skill_check(rng: RNG, **setup: Any) -> SkillCheck:
    """``roll_check(rng, player_check(**setup))``."""
    return roll_check(rng, player_check(**setup))


def monster_check(rng: RNG, ability: str, **setup: Any) -> SkillCheck:
    """``roll_check(rng, zombie_check(ability, **setup))``."""
    return roll_check(rng, zombie_check(ability, **setup))


# --- No retry ------------------------------------------------------------------------


def blocked_attempt(
    setup: CheckSetup, *, failed_before: bool, situation_changed: bool
) -> SkillCheck | None:
    """A new attempt at a task failed before fails automatically, without dice, until the
    GM marks the situation changed. Returns that automatic failure, or None: roll.
    Typical use: ``blocked_attempt(setup, ...) or roll_check(rng, setup)``."""
    if not failed_before or situation_changed:
        return None
    note = say("failed before: no new attempt until the GM marks the situation changed")
    check = _judge((), setup)
    return dataclasses.replace(
        check, success=False, outcome="automatic failure", effects=(), notes=(note,)
    )


# --- Player's Option -----------------------------------------------------------------


def buy_players_option(spent_on: str, skill: str, bonus: int) -> tuple[Effect, ...]:
    """Invest the character's one Player's Option point in ``skill`` (+``bonus`` to its
    checks). ``spent_on`` is the skill already bought, "" if the point is unspent."""
    if spent_on:
        raise DiceError(
            say("the Player's Option point is already invested in %(skill)s", skill=spent_on)
        )
    if not isinstance(skill, str) or not skill.strip():
        raise DiceError(say("name the skill the Player's Option point buys"))
    require_int(say("the skill bonus"), bonus, minimum=0)
    return (
        Effect("players_option", -1, say("invested in %(skill)s", skill=skill)),
        Effect(
            f"learned_skill:{skill}",
            bonus,
            say("%(skill)s %(bonus)s to its checks", skill=skill, bonus=f"{bonus:+d}"),
        ),
    )


@dataclasses.dataclass(frozen=True)
class Reevaluation:
    """A failed check read again with a skill bought after the roll: same faces."""

    skill: str
    bonus: int
    before: SkillCheck
    after: SkillCheck
    effects: tuple[Effect, ...]


def reevaluate(check: SkillCheck, bonus: int, *, skill: str, spent_on: str = "") -> Reevaluation:
    """Buy ``skill`` (+``bonus``) after ``check`` failed and read the same faces with it.
    ``effects`` are what to apply now: the point spent, the skill learned and, if the
    check now succeeds, the failed task cleared. Earlier checks are not touched."""
    if check.option_skill or check.setup.skill_bonus:
        raise DiceError(say("this character's one Player's Option point was already spent"))
    if check.setup.roller != "player":
        raise DiceError(
            say(
                "only player characters have a Player's Option, not a %(roller)s",
                roller=check.setup.roller,
            )
        )
    if check.automatic:
        raise DiceError(say("an automatic failure has no dice to re-evaluate"))
    if check.success:
        raise DiceError(say("only a failed check is re-evaluated; this one succeeded"))
    name, rule = say("a skill bought to turn a roll around"), say("gives +1 or more")
    require_int(name, bonus, minimum=1, rule=rule)
    effects = buy_players_option(spent_on, skill, bonus)
    after = _judge(
        [r.die.face for r in check.rolls],
        dataclasses.replace(check.setup, skill_bonus=bonus),
        say(
            "re-evaluated after buying %(skill)s %(bonus)s: same dice",
            skill=skill,
            bonus=f"{bonus:+d}",
        ),
        option_skill=skill,
    )
    if after.success:
        turned = say("%(skill)s turned the failure into a success", skill=skill)
        effects += (Effect("failed_task", -1, turned),)
    return Reevaluation(skill, bonus, check, after, effects)


# --- Exact odds ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CheckOdds:
    """Exact odds of a check: each roll, the whole check, and how many rolls succeed
    (``successes[n]`` = P(exactly n of the rolls succeed), n = 0..complexity)."""

    modifier: int
    target_number: int
    complexity: int
    per_roll: Fraction
    success: Fraction
    successes: tuple[Fraction, ...]

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    @property
    def partial(self) -> Fraction:
        """A failed check in which some rolls still succeeded (a possible partial success)."""
        return 1 - self.success - self.successes[0]


def check_odds(modifier: int, complexity: int = 1, target_number: int = SKILL_TARGET) -> CheckOdds:
    """Exact odds of ``complexity`` d6 rolls, each succeeding on d6 + modifier >= target."""
    require_int(say("the modifier"), modifier)
    return _check_odds(modifier, _require_complexity(complexity), _require_target(target_number))


@functools.lru_cache(maxsize=512)
def _check_odds(modifier: int, complexity: int, target_number: int) -> CheckOdds:
    one_roll = icepool.d6.map(lambda face: 1 if face + modifier >= target_number else 0)
    pmf = die_pmf(complexity @ one_roll)
    counts = tuple(pmf.get(n, Fraction(0)) for n in range(complexity + 1))
    per_roll = die_pmf(one_roll).get(1, Fraction(0))
    return CheckOdds(modifier, target_number, complexity, per_roll, counts[complexity], counts)


def odds(setup: CheckSetup) -> CheckOdds:
    """Exact odds of the check ``setup`` describes (before rolling)."""
    return _check_odds(setup.modifier, setup.complexity, setup.target_number)
