"""Slots: a people's layout of slots, the items and ideas in them, and the sheet state.

A people is data: how many focus slots it has (the focus die is that size) and its
numbered gear slots, each a body, grip or pack slot with a name. Gear slots are
numbered from 2 (a gear roll of 1 names no slot), so the gear die has one side more
than the people has gear slots. Adjacency, the head slot and the extremities (where
ice starts) are part of the layout too, so a judge can describe goblins or ogres.

The sheet state is a frozen dataclass (hashable, so odds can be cached per state):
every gear slot with its items, wound and condition, every focus slot with its idea
and condition. Items carry the tags the checks read; ideas carry their kind.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable

from ...dice.core import DiceError
from ...dice.words import Saying, say, say_in

# The contexts of the game's own words inside stored sayings (a slot's name, a
# condition, a tag, an idea's kind, a check's name). The catalogue gets them from
# sheets/systems/slots/words.py, which spells the same contexts (this module is pure).
SLOT_NAME = "Slots slot name"
CONDITION = "Slots condition"
TAG = "Slots gear tag"
IDEA_KIND = "Slots idea kind"
CHECK_NAME = "Slots check"
OUTCOME = "Slots outcome"

GEAR_TAGS = (
    "heavy",
    "noisy",
    "smelly",
    "rigid",
    "flammable",
    "blunt",
    "sharp",
    "cushioning",
    "fragile",
    "heavy armor",
    "light armor",
    "shield",
    "weapon",
)
SLOT_KINDS = ("body", "grip", "pack")
IDEA_KINDS = ("spell", "bond", "devotion", "interest")
WOUNDS = ("open", "closed")
# Where each condition may be marked: body slots, any gear slot, or focus slots.
CONDITION_AREAS: dict[str, tuple[str, ...]] = {
    "bleeding": ("body",),
    "exhaustion": ("body",),
    "hunger": ("body",),
    "ice": ("body",),
    "suffocation": ("body",),
    "fire": ("body", "grip", "pack"),
    "corruption": ("body", "focus"),
    "terror": ("focus",),
    # The seed's Disease and Poison sections are empty: decision, they mark body slots
    # and worsen to an adjacent free body slot like any condition, with no extra rule.
    "disease": ("body",),
    "poison": ("body",),
}
CONDITIONS = tuple(CONDITION_AREAS)


def _pairs(pairs: Iterable[Iterable[int]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted({tuple(sorted(pair)) for pair in pairs}))  # type: ignore[misc]


def _touching(pairs: tuple[tuple[int, int], ...], number: int) -> tuple[int, ...]:
    return tuple(sorted(b if a == number else a for a, b in pairs if number in (a, b)))


@dataclasses.dataclass(frozen=True)
class Slot:
    """One gear slot of a layout: its number on the sheet, kind and name."""

    number: int
    kind: str
    name: str

    def __post_init__(self) -> None:
        if self.kind not in SLOT_KINDS:
            raise DiceError(f"a gear slot is a body, grip or pack slot, not {self.kind!r}")


@dataclasses.dataclass(frozen=True)
class Layout:
    """A people's sheet: focus slots 1..``focus_slots`` and gear slots 2..N."""

    people: str
    focus_slots: int
    gear_slots: tuple[Slot, ...]
    adjacent: tuple[tuple[int, int], ...]
    focus_adjacent: tuple[tuple[int, int], ...]
    head: int
    extremities: tuple[int, ...]

    def __post_init__(self) -> None:
        set_field = functools.partial(object.__setattr__, self)
        set_field("gear_slots", tuple(self.gear_slots))
        set_field("adjacent", _pairs(self.adjacent))
        set_field("focus_adjacent", _pairs(self.focus_adjacent))
        set_field("extremities", tuple(self.extremities))
        if self.focus_slots < 1:
            raise DiceError(f"the {self.people} needs at least one focus slot")
        numbers = [slot.number for slot in self.gear_slots]
        if numbers != list(range(2, 2 + len(numbers))) or not numbers:
            raise DiceError(f"the {self.people}'s gear slots must be numbered 2, 3, 4... in order")
        for a, b in self.adjacent:
            if a == b or a not in numbers or b not in numbers:
                raise DiceError(f"gear slots {a} and {b} cannot be adjacent on this sheet")
        for a, b in self.focus_adjacent:
            if a == b or not (1 <= a <= self.focus_slots and 1 <= b <= self.focus_slots):
                raise DiceError(f"focus slots {a} and {b} cannot be adjacent on this sheet")
        body = self.body_slots
        if self.head not in body:
            raise DiceError(f"the head must be a body slot, not gear slot {self.head}")
        if not self.extremities or any(number not in body for number in self.extremities):
            raise DiceError("the extremities (where ice starts) must be body slots")

    @property
    def focus_die(self) -> int:
        return self.focus_slots

    @property
    def gear_die(self) -> int:
        return 1 + len(self.gear_slots)

    @property
    def body_slots(self) -> tuple[int, ...]:
        return tuple(slot.number for slot in self.gear_slots if slot.kind == "body")

    def slot(self, number: int) -> Slot:
        if not 2 <= number <= self.gear_die:
            raise DiceError(say("this sheet has no gear slot %(number)s", number=number))
        return self.gear_slots[number - 2]

    def neighbours(self, number: int) -> tuple[int, ...]:
        """Gear slots adjacent to gear slot ``number``."""
        return _touching(self.adjacent, number)

    def focus_neighbours(self, number: int) -> tuple[int, ...]:
        return _touching(self.focus_adjacent, number)

    def steps_from_head(self, number: int) -> int:
        """How many adjacent steps gear slot ``number`` is from the head (-1: not joined)."""
        seen, frontier, steps = {self.head}, {self.head}, 0
        while frontier:
            if number in frontier:
                return steps
            frontier = {n for f in frontier for n in self.neighbours(f)} - seen
            seen |= frontier
            steps += 1
        return -1

    def label(self, number: int) -> Saying:
        """ "gear slot 4 (lower torso)", or "no slot" for the 1 that names none (a saying)."""
        if number == 1:
            return say("no slot (a 1)")
        name = say_in(SLOT_NAME, self.slot(number).name)
        return say("gear slot %(number)s (%(name)s)", number=number, name=name)

    def title(self, number: int) -> Saying:
        """``label`` to begin a sentence: "Gear slot 4 (lower torso)"."""
        if number == 1:
            return say("No slot (a 1)")
        name = say_in(SLOT_NAME, self.slot(number).name)
        return say("Gear slot %(number)s (%(name)s)", number=number, name=name)


HUMAN = Layout(
    people="human",
    focus_slots=4,
    gear_slots=(
        Slot(2, "body", "head"),
        Slot(3, "body", "upper torso"),
        Slot(4, "body", "lower torso"),
        Slot(5, "body", "legs and feet"),
        Slot(6, "body", "arm and hand"),
        Slot(7, "grip", "grip"),
        Slot(8, "grip", "grip"),
        Slot(9, "pack", "pack"),
        Slot(10, "pack", "pack"),
        Slot(11, "pack", "pack"),
        Slot(12, "pack", "pack"),
    ),
    # RULINGS.md: the body from head to feet, the arm on the upper torso, both grips in
    # the hand, the pack 9-10-11-12 in a row with 9 on the upper torso (worn on the back).
    adjacent=((2, 3), (3, 4), (4, 5), (3, 6), (6, 7), (6, 8), (9, 10), (10, 11), (11, 12), (3, 9)),
    focus_adjacent=((1, 2), (2, 3), (3, 4)),
    head=2,
    extremities=(5, 6),
)


@dataclasses.dataclass(frozen=True)
class Ref:
    """A slot anywhere on the sheet: ``Ref("gear", 4)`` or ``Ref("focus", 2)``."""

    area: str
    number: int

    def __str__(self) -> str:
        return f"{self.area} {self.number}"


def gear(number: int) -> Ref:
    return Ref("gear", number)


def focus(number: int) -> Ref:
    return Ref("focus", number)


@dataclasses.dataclass(frozen=True)
class Item:
    """Something carried: its tags (from ``GEAR_TAGS``) are what the checks read.

    ``traits`` are free words for exotic senses ("magical", "hot", "shaking");
    ``wrapped`` rigid items do not clank against their neighbours.
    """

    name: str
    tags: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    wrapped: bool = False

    def __post_init__(self) -> None:
        tags = tuple(sorted(set(self.tags)))
        unknown = [tag for tag in tags if tag not in GEAR_TAGS]
        if unknown:
            raise DiceError(f"{self.name}: unknown item tag {unknown[0]!r}")
        object.__setattr__(self, "tags", tags)
        object.__setattr__(self, "traits", tuple(sorted({t.lower() for t in self.traits})))

    def has(self, tag: str) -> bool:
        return tag in self.tags


@dataclasses.dataclass(frozen=True)
class Idea:
    """Something held in mind: a spell, bond, devotion or interest (aiming, heeding)."""

    name: str
    kind: str
    concentrating: bool = False

    def __post_init__(self) -> None:
        if self.kind not in IDEA_KINDS:
            raise DiceError(f"{self.name}: an idea is a spell, bond, devotion or interest")


@dataclasses.dataclass(frozen=True)
class GearSlot:
    """A gear slot's state. ``burning_rounds`` counts full rounds on fire."""

    number: int
    items: tuple[Item, ...] = ()
    wound: str | None = None
    condition: str | None = None
    burning_rounds: int = 0

    def has(self, tag: str) -> bool:
        return any(item.has(tag) for item in self.items)

    def with_tag(self, tag: str) -> tuple[Item, ...]:
        return tuple(item for item in self.items if item.has(tag))

    def contents(self) -> Saying | str:
        return ", ".join(item.name for item in self.items) or say("nothing")


@dataclasses.dataclass(frozen=True)
class FocusSlot:
    number: int
    idea: Idea | None = None
    condition: str | None = None

    def contents(self) -> Saying | str:
        return self.idea.name if self.idea else say("nothing")


@dataclasses.dataclass(frozen=True)
class Sheet:
    """A character's slots: ``gear`` in slot order from 2, ``focus`` from 1."""

    layout: Layout
    gear: tuple[GearSlot, ...]
    focus: tuple[FocusSlot, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "gear", tuple(self.gear))
        object.__setattr__(self, "focus", tuple(self.focus))
        layout = self.layout
        if [s.number for s in self.gear] != [s.number for s in layout.gear_slots]:
            raise DiceError(f"a {layout.people} sheet has gear slots 2-{layout.gear_die}")
        if [s.number for s in self.focus] != list(range(1, layout.focus_slots + 1)):
            raise DiceError(f"a {layout.people} sheet has focus slots 1-{layout.focus_slots}")
        for state in self.gear:
            kind = layout.slot(state.number).kind
            if state.wound is not None and (state.wound not in WOUNDS or kind != "body"):
                raise DiceError(f"gear slot {state.number} ({kind}) cannot hold that wound")
            if state.condition is not None and kind not in CONDITION_AREAS.get(state.condition, ()):
                raise DiceError(f"{state.condition} cannot be marked in a {kind} slot")
            if state.burning_rounds and state.condition != "fire":
                raise DiceError(f"gear slot {state.number} is not on fire")
        for state in self.focus:
            if state.condition is not None and "focus" not in CONDITION_AREAS.get(
                state.condition, ()
            ):
                raise DiceError(f"{state.condition} cannot be marked in a focus slot")

    def __hash__(self) -> int:
        # Hashed on every odds-cache lookup: computed on demand it costs ~7 us (50x) and
        # halves the slots bench's rolls per second, so it is computed once per sheet.
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash((self.layout, self.gear, self.focus))
            self.__dict__["_hash"] = value
            return value

    @classmethod
    def empty(cls, layout: Layout = HUMAN) -> Sheet:
        return cls(
            layout,
            tuple(GearSlot(slot.number) for slot in layout.gear_slots),
            tuple(FocusSlot(n) for n in range(1, layout.focus_slots + 1)),
        )

    def gear_slot(self, number: int) -> GearSlot:
        self.layout.slot(number)
        return self.gear[number - 2]

    def focus_slot(self, number: int) -> FocusSlot:
        if not 1 <= number <= self.layout.focus_slots:
            raise DiceError(say("this sheet has no focus slot %(number)s", number=number))
        return self.focus[number - 1]

    def with_gear(self, number: int, **changes: object) -> Sheet:
        updated = dataclasses.replace(self.gear_slot(number), **changes)  # type: ignore[arg-type]
        gear_slots = (*self.gear[: number - 2], updated, *self.gear[number - 1 :])
        return dataclasses.replace(self, gear=gear_slots)

    def with_focus(self, number: int, **changes: object) -> Sheet:
        updated = dataclasses.replace(self.focus_slot(number), **changes)  # type: ignore[arg-type]
        focus_slots = (*self.focus[: number - 1], updated, *self.focus[number:])
        return dataclasses.replace(self, focus=focus_slots)

    def holding(self, number: int, *items: Item) -> Sheet:
        """The sheet with gear slot ``number`` holding exactly ``items``."""
        return self.with_gear(number, items=tuple(items))

    def thinking(self, number: int, idea: Idea | None) -> Sheet:
        """The sheet with focus slot ``number`` holding ``idea``."""
        return self.with_focus(number, idea=idea)

    def condition_at(self, ref: Ref) -> str | None:
        if ref.area == "gear":
            return self.gear_slot(ref.number).condition
        if ref.area == "focus":
            return self.focus_slot(ref.number).condition
        raise DiceError(f"a slot is a gear or focus slot, not {ref.area!r}")

    def marked(self, condition: str) -> tuple[Ref, ...]:
        """Every slot marked with ``condition``, gear slots first."""
        return tuple(gear(s.number) for s in self.gear if s.condition == condition) + tuple(
            focus(s.number) for s in self.focus if s.condition == condition
        )

    def clanks(self, number: int) -> bool:
        """Whether an unwrapped rigid item in gear slot ``number`` knocks against another
        unwrapped rigid item in the same slot or an adjacent one (so it counts as noisy)."""
        here = [item for item in self.gear_slot(number).items if _loose_rigid(item)]
        if not here:
            return False
        if len(here) > 1:
            return True
        return any(
            _loose_rigid(item)
            for neighbour in self.layout.neighbours(number)
            for item in self.gear_slot(neighbour).items
        )

    def where(self, ref: Ref) -> Saying:
        """A slot in words: "gear slot 4 (lower torso)", "focus slot 2" (a saying)."""
        if ref.area == "gear":
            return self.layout.label(ref.number)
        self.focus_slot(ref.number)
        return say("focus slot %(number)s", number=ref.number)


def _loose_rigid(item: Item) -> bool:
    return item.has("rigid") and not item.wrapped
