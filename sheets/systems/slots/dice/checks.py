"""Slots: what a check suggests from the slot rolled (the judge confirms).

Each check is a small frozen dataclass (hashable, so odds are cached per check):
``Traverse()``, ``Sneak(...)``, ``Block(attack)``, ``Dodge(attack)`` read gear slots
with the gear die (d12 for a human); ``Concentrate()``, ``Beseech()``, ``Morale()``,
``Grit()`` read focus slots with the focus die (d4). Falls are in ``slots.fall``.
``resolve(sheet, check, face)`` returns a ``Resolution``: success, an outcome word,
a reason the judge can read out, and the suggested effects (targets such as
``"open wound:gear 4"``, ``"open wound:judge's choice"``, ``"reopen wound:gear 3"``,
``"bleeding worsens:gear 5"``, ``"exhaustion"``, ``"prone"``, ``"noticed"``...).

Every gear check: a 1 always fails and names no slot; a slot marked with a wound fails
(a closed wound reopens, an open one makes the bleeding progress) and the check's own
failure follows. Decisions where the seed is silent are noted on each check.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from ...dice.core import DiceError, Effect, require_face
from .sheet import FocusSlot, GearSlot, Sheet, focus, gear

ATTACKS = {"block": ("strike", "missile"), "dodge": ("grab", "blast")}

# How bad an effect is, for the player's best pick and the judge's worst pick.
HARM = {
    "dead": 1000,
    "unconscious": 500,
    "wounds and conditions of the attack": 40,
    "open wound": 40,
    "reopen wound": 40,
    "bleeding worsens": 30,
    "closed wound": 20,
    "conditions of the attack": 10,
    "stumble": 10,
    "noticed": 10,
    "concentration lost": 10,
    "flee, surrender or cower": 10,
    "item dropped or damaged": 5,
    "item broken": 5,
    "acts against their will": 10,
}


@dataclasses.dataclass(frozen=True)
class Resolution:
    """A check read from one die: the suggested outcome, why, and its effects."""

    check: str
    face: int
    slot: str
    success: bool
    outcome: str
    reason: str
    effects: tuple[Effect, ...] = ()

    @functools.cached_property
    def harm(self) -> int:
        return sum(HARM.get(e.target.partition(":")[0], 1) * max(e.amount, 0) for e in self.effects)

    @functools.cached_property
    def score(self) -> tuple[bool, int]:
        """Higher is better for the character: success first, then less harm."""
        return (self.success, -self.harm)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def names(items: tuple[object, ...]) -> str:
    return ", ".join(item.name for item in items)  # type: ignore[attr-defined]


def wound_rule(sheet: Sheet, number: int) -> tuple[str, tuple[Effect, ...]] | None:
    wound = sheet.gear_slot(number).wound
    where = sheet.layout.label(number)
    if wound == "closed":
        note = f"{where} is marked with a closed wound: the check fails and the wound reopens"
        return note, (Effect(f"reopen wound:{gear(number)}", 1, note),)
    if wound == "open":
        note = f"{where} is marked with an open wound: the check fails and the bleeding progresses"
        return note, (Effect(f"bleeding worsens:{gear(number)}", 1, note),)
    return None


def wound_here(sheet: Sheet, face: int, kind: str, note: str) -> Effect:
    """A wound in the slot rolled when it is a body slot, else of the judge's choice."""
    if face != 1 and sheet.layout.slot(face).kind == "body":
        return Effect(f"{kind} wound:{gear(face)}", 1, note)
    return Effect(
        f"{kind} wound:judge's choice", 1, f"{note}, in a body slot of the judge's choice"
    )


class GearCheck:
    """A gear check: ``failure`` says what failing costs, ``contents`` reads the slot."""

    name: ClassVar[str]
    area: ClassVar[str] = "gear"
    failed: ClassVar[str] = "fails"

    def situational_advantages(self) -> int:
        return 0

    def always(self) -> tuple[Effect, ...]:
        return ()

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        raise NotImplementedError

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        raise NotImplementedError

    def read(self, sheet: Sheet, face: int) -> Resolution:
        if face == 1:
            return self.fail(sheet, face, "A 1 always fails a gear check.")
        wound = wound_rule(sheet, face)
        if wound is not None:
            return self.fail(sheet, face, wound[0] + ".", wound[1])
        return self.contents(sheet, sheet.gear_slot(face))

    def result(
        self, sheet: Sheet, face: int, outcome: str, reason: str, effects: tuple[Effect, ...] = ()
    ) -> Resolution:
        return Resolution(
            self.name,
            face,
            sheet.layout.label(face),
            True,
            outcome,
            sentence(reason),
            effects + self.always(),
        )

    def fail(
        self, sheet: Sheet, face: int, reason: str, first: tuple[Effect, ...] = ()
    ) -> Resolution:
        effects = first + self.failure(sheet, face) + self.always()
        return Resolution(
            self.name,
            face,
            sheet.layout.label(face),
            False,
            self.failed,
            sentence(reason),
            effects,
        )


@dataclasses.dataclass(frozen=True)
class Traverse(GearCheck):
    """Climb, leap, swim: heavy contents (or a slot marked with exhaustion) fail; always
    mark exhaustion afterwards."""

    name: ClassVar[str] = "traverse"
    failed: ClassVar[str] = "stumbles"

    def always(self) -> tuple[Effect, ...]:
        return (Effect("exhaustion", 1, "mark exhaustion after every traverse check"),)

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        note = (
            "you fail to reach your destination: you stumble and usually fall, as the judge decides"
        )
        return (Effect("stumble", 1, note),)

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.label(state.number)
        if state.condition == "exhaustion":
            return self.fail(sheet, state.number, f"{where} is marked with exhaustion.")
        heavy = state.with_tag("heavy")
        if heavy:
            return self.fail(sheet, state.number, f"{where} holds {names(heavy)}, heavy.")
        reason = f"{where} holds {state.contents()}, nothing heavy: you move where you intended."
        return self.result(sheet, state.number, "moves safely", reason)


@dataclasses.dataclass(frozen=True)
class Sneak(GearCheck):
    """Move past a foe unnoticed. Needs cover or inattentive foes (both: advantage).
    Decision: ambient noise (smell) gives advantage only against foes that hear (smell);
    advantages beyond 2 do not stack."""

    can_hear: bool = True
    can_smell: bool = False
    exotic_traits: tuple[str, ...] = ()
    obscured: bool = False
    inattentive: bool = False
    ambient_noisy: bool = False
    ambient_smelly: bool = False
    name: ClassVar[str] = "sneak"
    failed: ClassVar[str] = "noticed"

    def __post_init__(self) -> None:
        if not (self.obscured or self.inattentive):
            raise DiceError("to sneak you must be obscured from view or the foes inattentive")
        object.__setattr__(
            self, "exotic_traits", tuple(sorted({t.lower() for t in self.exotic_traits}))
        )

    def situational_advantages(self) -> int:
        return (
            int(self.obscured and self.inattentive)
            + int(self.ambient_noisy and self.can_hear)
            + int(self.ambient_smelly and self.can_smell)
        )

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        return (Effect("noticed", 1, "the creatures you sneak past notice you"),)

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.label(state.number)
        giveaways = []
        if self.can_hear:
            noisy = state.with_tag("noisy")
            if noisy:
                giveaways.append(f"{names(noisy)} (noisy) can be heard")
            elif sheet.clanks(state.number):
                giveaways.append("unwrapped rigid items clank together and can be heard")
        if self.can_smell and state.has("smelly"):
            giveaways.append(f"{names(state.with_tag('smelly'))} (smelly) can be smelled")
        sensed = [i for i in state.items if set(i.traits) & set(self.exotic_traits)]
        if sensed:
            giveaways.append(f"{names(tuple(sensed))} stands out to their senses")
        if giveaways:
            return self.fail(sheet, state.number, f"{where}: " + "; ".join(giveaways) + ".")
        reason = f"{where} holds {state.contents()}: nothing they can sense; you go unnoticed."
        return self.result(sheet, state.number, "unnoticed", reason)


@dataclasses.dataclass(frozen=True)
class Block(GearCheck):
    """Against a strike (melee) or a missile: heavy armor donned, a shield in grip, or a
    weapon in grip (strikes only) block; light armor donned resists with a closed wound.
    Decision: a failure on an empty pack slot costs nothing but the attack's conditions."""

    attack: str = "strike"
    name: ClassVar[str] = "block"

    def __post_init__(self) -> None:
        if self.attack not in ATTACKS["block"]:
            raise DiceError(f"block answers a strike or a missile, not {self.attack!r}")

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        conditions = Effect("conditions of the attack", 1, "you suffer the attack's conditions")
        if face == 1 or sheet.layout.slot(face).kind != "pack":
            return (wound_here(sheet, face, "open", "the attack lands"), conditions)
        items = sheet.gear_slot(face).items
        if not items:
            return (conditions,)
        note = f"{names(items)} dropped or damaged"
        return (Effect(f"item dropped or damaged:{gear(face)}", 1, note), conditions)

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.label(state.number)
        kind = sheet.layout.slot(state.number).kind
        if kind == "body" and state.has("heavy armor"):
            armor = names(state.with_tag("heavy armor"))
            return self.result(
                sheet, state.number, "blocked", f"{where}: {armor} (heavy armor) blocks."
            )
        if kind == "grip" and state.has("shield"):
            shield = names(state.with_tag("shield"))
            return self.result(
                sheet, state.number, "blocked", f"{where}: {shield} (shield) blocks."
            )
        if kind == "grip" and state.has("weapon") and self.attack == "strike":
            weapon = names(state.with_tag("weapon"))
            return self.result(
                sheet, state.number, "blocked", f"{where}: {weapon} parries the strike."
            )
        if kind == "body" and state.has("light armor"):
            armor = names(state.with_tag("light armor"))
            wound = wound_here(sheet, state.number, "closed", f"{armor} resists the attack")
            reason = f"{where}: {armor} (light armor) resists; a closed wound, no conditions."
            return self.result(sheet, state.number, "resisted", reason, (wound,))
        reason = f"{where} holds {state.contents()}: it neither blocks nor resists a {self.attack}."
        return self.fail(sheet, state.number, reason)


@dataclasses.dataclass(frozen=True)
class Dodge(GearCheck):
    """Against a grab or blast: not heavy dodges; a 1 or heavy contents suffer it all."""

    attack: str = "grab"
    name: ClassVar[str] = "dodge"

    def __post_init__(self) -> None:
        if self.attack not in ATTACKS["dodge"]:
            raise DiceError(f"dodge answers a grab or a blast, not {self.attack!r}")

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        note = f"you suffer every wound and condition of the {self.attack}"
        return (Effect("wounds and conditions of the attack", 1, note),)

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.label(state.number)
        heavy = state.with_tag("heavy")
        if heavy:
            return self.fail(sheet, state.number, f"{where} holds {names(heavy)}, heavy.")
        reason = f"{where} holds {state.contents()}, nothing heavy: you dodge the {self.attack}."
        return self.result(sheet, state.number, "dodged", reason)


class FocusCheck:
    """A focus check: ``failing`` says why the slot fails it (None: it succeeds)."""

    name: ClassVar[str]
    area: ClassVar[str] = "focus"
    passed: ClassVar[str]
    failed: ClassVar[str]
    holds: ClassVar[str]

    def situational_advantages(self) -> int:
        return 0

    def failing(self, state: FocusSlot) -> str | None:
        raise NotImplementedError

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        return ()

    def read(self, sheet: Sheet, face: int) -> Resolution:
        state = sheet.focus_slot(face)
        where = f"focus slot {face}"
        why = self.failing(state)
        if why is not None:
            reason = sentence(f"{where} {why}.")
            return Resolution(
                self.name, face, where, False, self.failed, reason, self.failure(state)
            )
        reason = sentence(f"{where} holds {state.contents()}{self.holds}.")
        return Resolution(self.name, face, where, True, self.passed, reason)


@dataclasses.dataclass(frozen=True)
class Concentrate(FocusCheck):
    """Wounded or distracted while concentrating: rolling what you concentrate on loses it."""

    name: ClassVar[str] = "concentrate"
    passed: ClassVar[str] = "keeps concentration"
    failed: ClassVar[str] = "loses concentration"
    holds: ClassVar[str] = ": your concentration holds"

    def failing(self, state: FocusSlot) -> str | None:
        if state.idea is not None and state.idea.concentrating:
            return f"holds {state.idea.name}, which you are concentrating on"
        return None

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        lost = f"you lose concentration on {state.contents()}"
        return (Effect(f"concentration lost:{focus(state.number)}", 1, lost),)


@dataclasses.dataclass(frozen=True)
class Beseech(FocusCheck):
    """Asking a deity, patron or other master for help succeeds on a devotion."""

    name: ClassVar[str] = "beseech"
    passed: ClassVar[str] = "answered"
    failed: ClassVar[str] = "unanswered"
    holds: ClassVar[str] = ", a devotion: your plea is answered"

    def failing(self, state: FocusSlot) -> str | None:
        if state.idea is not None and state.idea.kind == "devotion":
            return None
        return f"holds {state.contents()}, not a devotion"


@dataclasses.dataclass(frozen=True)
class Morale(FocusCheck):
    """Terror in the slot rolled: flee, surrender or cower (and the group marks terror)."""

    name: ClassVar[str] = "morale"
    passed: ClassVar[str] = "holds firm"
    failed: ClassVar[str] = "flees, surrenders or cowers"
    holds: ClassVar[str] = ", not marked with terror"

    def failing(self, state: FocusSlot) -> str | None:
        return "is marked with terror" if state.condition == "terror" else None

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        allies = "a member of the group failed a morale check: each ally marks terror"
        return (
            Effect("flee, surrender or cower", 1, "terror takes hold"),
            Effect("terror:allies", 1, allies),
        )


@dataclasses.dataclass(frozen=True)
class Grit(FocusCheck):
    """After a wound to an already wounded slot. The seed names the check but not its
    rule; decision: it fails on a focus slot marked with terror or holding nothing (no
    idea to hold on to), and a failure means falling unconscious."""

    name: ClassVar[str] = "grit"
    passed: ClassVar[str] = "stays conscious"
    failed: ClassVar[str] = "falls unconscious"
    holds: ClassVar[str] = " to hold on to"

    def failing(self, state: FocusSlot) -> str | None:
        if state.condition == "terror":
            return "is marked with terror"
        return "is empty: nothing to hold on to" if state.idea is None else None

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        return (Effect("unconscious", 1, "you fail your grit check and fall unconscious"),)


@dataclasses.dataclass(frozen=True)
class Insanity(FocusCheck):
    """RULINGS.md: the character acts evilly against their will when the rolled focus
    slot is corrupted."""

    name: ClassVar[str] = "insanity"
    passed: ClassVar[str] = "keeps their will"
    failed: ClassVar[str] = "acts against their will"
    holds: ClassVar[str] = ", not corrupted"

    def failing(self, state: FocusSlot) -> str | None:
        return "is corrupted" if state.condition == "corruption" else None

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        return (Effect("acts against their will", 1, "corruption takes over for a moment"),)


Check = Traverse | Sneak | Block | Dodge | Concentrate | Beseech | Morale | Grit | Insanity
CHECKS: dict[str, type] = {
    cls.name: cls
    for cls in (Traverse, Sneak, Block, Dodge, Concentrate, Beseech, Morale, Grit, Insanity)
}


def die_size(sheet: Sheet, check: Check) -> int:
    return sheet.layout.gear_die if check.area == "gear" else sheet.layout.focus_die


@functools.lru_cache(maxsize=8192)
def resolve(sheet: Sheet, check: Check, face: int) -> Resolution:
    """What the check suggests when ``face`` is the die read."""
    require_face(face, die_size(sheet, check), f"a {check.name} check's die")
    return check.read(sheet, face)
