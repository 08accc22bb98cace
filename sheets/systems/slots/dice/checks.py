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
from ...dice.words import Saying, say
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
    slot: Saying
    success: bool
    outcome: str  # an English word (a message id of the "Slots outcome" context)
    reason: Saying
    effects: tuple[Effect, ...] = ()

    @functools.cached_property
    def harm(self) -> int:
        return sum(HARM.get(e.target.partition(":")[0], 1) * max(e.amount, 0) for e in self.effects)

    @functools.cached_property
    def score(self) -> tuple[bool, int]:
        """Higher is better for the character: success first, then less harm."""
        return (self.success, -self.harm)


def names(items: tuple[object, ...]) -> str:
    return ", ".join(item.name for item in items)  # type: ignore[attr-defined]


def wound_rule(sheet: Sheet, number: int) -> tuple[Saying, tuple[Effect, ...]] | None:
    """A wounded slot fails the check: why (a sentence) and what follows."""
    wound = sheet.gear_slot(number).wound
    where, title = sheet.layout.label(number), sheet.layout.title(number)
    if wound == "closed":
        note = say(
            "%(where)s is marked with a closed wound: the check fails and the wound reopens",
            where=where,
        )
        reason = say(
            "%(where)s is marked with a closed wound: the check fails and the wound reopens.",
            where=title,
        )
        return reason, (Effect(f"reopen wound:{gear(number)}", 1, note),)  # type: ignore[arg-type]
    if wound == "open":
        note = say(
            "%(where)s is marked with an open wound: the check fails and the bleeding progresses",
            where=where,
        )
        reason = say(
            "%(where)s is marked with an open wound: the check fails and the bleeding progresses.",
            where=title,
        )
        return reason, (Effect(f"bleeding worsens:{gear(number)}", 1, note),)  # type: ignore[arg-type]
    return None


def wound_here(sheet: Sheet, face: int, kind: str, note: Saying) -> Effect:
    """A wound in the slot rolled when it is a body slot, else of the judge's choice."""
    if face != 1 and sheet.layout.slot(face).kind == "body":
        return Effect(f"{kind} wound:{gear(face)}", 1, note)  # type: ignore[arg-type]
    chosen = say("%(note)s, in a body slot of the judge's choice", note=note)
    return Effect(f"{kind} wound:judge's choice", 1, chosen)  # type: ignore[arg-type]


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
            return self.fail(sheet, face, say("A 1 always fails a gear check."))
        wound = wound_rule(sheet, face)
        if wound is not None:
            return self.fail(sheet, face, wound[0], wound[1])
        return self.contents(sheet, sheet.gear_slot(face))

    def result(
        self,
        sheet: Sheet,
        face: int,
        outcome: str,
        reason: Saying,
        effects: tuple[Effect, ...] = (),
    ) -> Resolution:
        return Resolution(
            self.name, face, sheet.layout.label(face), True, outcome, reason,
            effects + self.always(),
        )  # fmt: skip

    def fail(
        self, sheet: Sheet, face: int, reason: Saying, first: tuple[Effect, ...] = ()
    ) -> Resolution:
        effects = first + self.failure(sheet, face) + self.always()
        return Resolution(
            self.name, face, sheet.layout.label(face), False, self.failed, reason, effects
        )


@dataclasses.dataclass(frozen=True)
class Traverse(GearCheck):
    """Climb, leap, swim: heavy contents (or a slot marked with exhaustion) fail; always
    mark exhaustion afterwards."""

    name: ClassVar[str] = "traverse"
    failed: ClassVar[str] = "stumbles"

    def always(self) -> tuple[Effect, ...]:
        note = say("mark exhaustion after every traverse check")
        return (Effect("exhaustion", 1, note),)  # type: ignore[arg-type]

    def failure(self, sheet: Sheet, face: int) -> tuple[Effect, ...]:
        note = say(
            "you fail to reach your destination: you stumble and usually fall, as the judge decides"
        )
        return (Effect("stumble", 1, note),)  # type: ignore[arg-type]

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.title(state.number)
        if state.condition == "exhaustion":
            reason = say("%(where)s is marked with exhaustion.", where=where)
            return self.fail(sheet, state.number, reason)
        heavy = state.with_tag("heavy")
        if heavy:
            reason = say("%(where)s holds %(items)s, heavy.", where=where, items=names(heavy))
            return self.fail(sheet, state.number, reason)
        reason = say(
            "%(where)s holds %(items)s, nothing heavy: you move where you intended.",
            where=where,
            items=state.contents(),
        )
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
            raise DiceError(say("to sneak you must be obscured from view or the foes inattentive"))
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
        note = say("the creatures you sneak past notice you")
        return (Effect("noticed", 1, note),)  # type: ignore[arg-type]

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.title(state.number)
        giveaways: list[Saying] = []
        if self.can_hear:
            noisy = state.with_tag("noisy")
            if noisy:
                giveaways.append(say("%(items)s (noisy) can be heard", items=names(noisy)))
            elif sheet.clanks(state.number):
                giveaways.append(say("unwrapped rigid items clank together and can be heard"))
        if self.can_smell and state.has("smelly"):
            smelly = names(state.with_tag("smelly"))
            giveaways.append(say("%(items)s (smelly) can be smelled", items=smelly))
        sensed = [i for i in state.items if set(i.traits) & set(self.exotic_traits)]
        if sensed:
            giveaways.append(
                say("%(items)s stands out to their senses", items=names(tuple(sensed)))
            )
        if giveaways:
            given = giveaways[0]
            for more in giveaways[1:]:
                given = say("%(first)s; %(then)s", first=given, then=more)
            reason = say("%(where)s: %(giveaways)s.", where=where, giveaways=given)
            return self.fail(sheet, state.number, reason)
        reason = say(
            "%(where)s holds %(items)s: nothing they can sense; you go unnoticed.",
            where=where,
            items=state.contents(),
        )
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
        suffer = say("you suffer the attack's conditions")
        conditions = Effect("conditions of the attack", 1, suffer)  # type: ignore[arg-type]
        if face == 1 or sheet.layout.slot(face).kind != "pack":
            return (wound_here(sheet, face, "open", say("the attack lands")), conditions)
        items = sheet.gear_slot(face).items
        if not items:
            return (conditions,)
        note = say("%(items)s dropped or damaged", items=names(items))
        dropped = Effect(f"item dropped or damaged:{gear(face)}", 1, note)  # type: ignore[arg-type]
        return (dropped, conditions)

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.title(state.number)
        kind = sheet.layout.slot(state.number).kind
        if kind == "body" and state.has("heavy armor"):
            armor = names(state.with_tag("heavy armor"))
            reason = say("%(where)s: %(items)s (heavy armor) blocks.", where=where, items=armor)
            return self.result(sheet, state.number, "blocked", reason)
        if kind == "grip" and state.has("shield"):
            shield = names(state.with_tag("shield"))
            reason = say("%(where)s: %(items)s (shield) blocks.", where=where, items=shield)
            return self.result(sheet, state.number, "blocked", reason)
        if kind == "grip" and state.has("weapon") and self.attack == "strike":
            weapon = names(state.with_tag("weapon"))
            reason = say("%(where)s: %(items)s parries the strike.", where=where, items=weapon)
            return self.result(sheet, state.number, "blocked", reason)
        if kind == "body" and state.has("light armor"):
            armor = names(state.with_tag("light armor"))
            resists = say("%(items)s resists the attack", items=armor)
            wound = wound_here(sheet, state.number, "closed", resists)
            reason = say(
                "%(where)s: %(items)s (light armor) resists; a closed wound, no conditions.",
                where=where,
                items=armor,
            )
            return self.result(sheet, state.number, "resisted", reason, (wound,))
        if self.attack == "strike":
            reason = say(
                "%(where)s holds %(items)s: it neither blocks nor resists a strike.",
                where=where,
                items=state.contents(),
            )
        else:
            reason = say(
                "%(where)s holds %(items)s: it neither blocks nor resists a missile.",
                where=where,
                items=state.contents(),
            )
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
        if self.attack == "grab":
            note = say("you suffer every wound and condition of the grab")
        else:
            note = say("you suffer every wound and condition of the blast")
        return (Effect("wounds and conditions of the attack", 1, note),)  # type: ignore[arg-type]

    def contents(self, sheet: Sheet, state: GearSlot) -> Resolution:
        where = sheet.layout.title(state.number)
        heavy = state.with_tag("heavy")
        if heavy:
            reason = say("%(where)s holds %(items)s, heavy.", where=where, items=names(heavy))
            return self.fail(sheet, state.number, reason)
        if self.attack == "grab":
            reason = say(
                "%(where)s holds %(items)s, nothing heavy: you dodge the grab.",
                where=where,
                items=state.contents(),
            )
        else:
            reason = say(
                "%(where)s holds %(items)s, nothing heavy: you dodge the blast.",
                where=where,
                items=state.contents(),
            )
        return self.result(sheet, state.number, "dodged", reason)


class FocusCheck:
    """A focus check: ``failing`` says why the slot fails it (None: it succeeds) and
    ``holding`` why it passes, each a sentence about the slot ``where``."""

    name: ClassVar[str]
    area: ClassVar[str] = "focus"
    passed: ClassVar[str]
    failed: ClassVar[str]

    def situational_advantages(self) -> int:
        return 0

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        raise NotImplementedError

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        raise NotImplementedError

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        return ()

    def read(self, sheet: Sheet, face: int) -> Resolution:
        state = sheet.focus_slot(face)
        where = say("focus slot %(number)s", number=face)
        title = say("Focus slot %(number)s", number=face)
        why = self.failing(state, title)
        if why is not None:
            return Resolution(self.name, face, where, False, self.failed, why, self.failure(state))
        return Resolution(self.name, face, where, True, self.passed, self.holding(state, title))


@dataclasses.dataclass(frozen=True)
class Concentrate(FocusCheck):
    """Wounded or distracted while concentrating: rolling what you concentrate on loses it."""

    name: ClassVar[str] = "concentrate"
    passed: ClassVar[str] = "keeps concentration"
    failed: ClassVar[str] = "loses concentration"

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        if state.idea is not None and state.idea.concentrating:
            return say(
                "%(where)s holds %(idea)s, which you are concentrating on.",
                where=where,
                idea=state.idea.name,
            )
        return None

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        return say(
            "%(where)s holds %(idea)s: your concentration holds.",
            where=where,
            idea=state.contents(),
        )

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        lost = say("you lose concentration on %(idea)s", idea=state.contents())
        return (Effect(f"concentration lost:{focus(state.number)}", 1, lost),)  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True)
class Beseech(FocusCheck):
    """Asking a deity, patron or other master for help succeeds on a devotion."""

    name: ClassVar[str] = "beseech"
    passed: ClassVar[str] = "answered"
    failed: ClassVar[str] = "unanswered"

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        if state.idea is not None and state.idea.kind == "devotion":
            return None
        return say("%(where)s holds %(idea)s, not a devotion.", where=where, idea=state.contents())

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        return say(
            "%(where)s holds %(idea)s, a devotion: your plea is answered.",
            where=where,
            idea=state.contents(),
        )


@dataclasses.dataclass(frozen=True)
class Morale(FocusCheck):
    """Terror in the slot rolled: flee, surrender or cower (and the group marks terror)."""

    name: ClassVar[str] = "morale"
    passed: ClassVar[str] = "holds firm"
    failed: ClassVar[str] = "flees, surrenders or cowers"

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        if state.condition == "terror":
            return say("%(where)s is marked with terror.", where=where)
        return None

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        return say(
            "%(where)s holds %(idea)s, not marked with terror.",
            where=where,
            idea=state.contents(),
        )

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        allies = say("a member of the group failed a morale check: each ally marks terror")
        return (
            Effect("flee, surrender or cower", 1, say("terror takes hold")),  # type: ignore[arg-type]
            Effect("terror:allies", 1, allies),  # type: ignore[arg-type]
        )


@dataclasses.dataclass(frozen=True)
class Grit(FocusCheck):
    """After a wound to an already wounded slot. The seed names the check but not its
    rule; decision: it fails on a focus slot marked with terror or holding nothing (no
    idea to hold on to), and a failure means falling unconscious."""

    name: ClassVar[str] = "grit"
    passed: ClassVar[str] = "stays conscious"
    failed: ClassVar[str] = "falls unconscious"

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        if state.condition == "terror":
            return say("%(where)s is marked with terror.", where=where)
        if state.idea is None:
            return say("%(where)s is empty: nothing to hold on to.", where=where)
        return None

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        return say("%(where)s holds %(idea)s to hold on to.", where=where, idea=state.contents())

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        note = say("you fail your grit check and fall unconscious")
        return (Effect("unconscious", 1, note),)  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True)
class Insanity(FocusCheck):
    """RULINGS.md: the character acts evilly against their will when the rolled focus
    slot is corrupted."""

    name: ClassVar[str] = "insanity"
    passed: ClassVar[str] = "keeps their will"
    failed: ClassVar[str] = "acts against their will"

    def failing(self, state: FocusSlot, where: Saying) -> Saying | None:
        if state.condition == "corruption":
            return say("%(where)s is corrupted.", where=where)
        return None

    def holding(self, state: FocusSlot, where: Saying) -> Saying:
        return say("%(where)s holds %(idea)s, not corrupted.", where=where, idea=state.contents())

    def failure(self, state: FocusSlot) -> tuple[Effect, ...]:
        note = say("corruption takes over for a moment")
        return (Effect("acts against their will", 1, note),)  # type: ignore[arg-type]


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
