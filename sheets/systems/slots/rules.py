"""Slots: the built-in peoples, and the bridge between the database and the dice engine.

``engine_sheet(sheet)`` turns the stored sheet into ``sheets.systems.slots.dice.Sheet`` (what every
check reads); ``store(sheet, state)`` writes an engine state's marks back (one row per
marked slot). Pure rules live in ``sheets.systems.slots.dice``; nothing here rolls.
"""

from __future__ import annotations

from django.db import transaction

from sheets.systems.slots import reasons
from sheets.systems.slots.dice import (
    CONDITIONS,
    FocusSlot,
    GearSlot,
    Idea,
    Item,
    Layout,
    Sheet,
    Slot,
    condition_candidates,
)

# One letter and colour per condition, as the seed suggests marking them on paper.
LEGEND = {
    "bleeding": "B",
    "corruption": "C",
    "disease": "D",
    "exhaustion": "E",
    "fire": "F",
    "hunger": "H",
    "ice": "I",
    "poison": "P",
    "suffocation": "S",
    "terror": "T",
}

# Peoples shipped as data. Human: RULINGS.md. Goblin: an example layout (not from the
# seed, which only names goblins) proving the grid is drawn from data: 3 focus slots,
# a head, torso and limbs, one grip, a small pack.
PEOPLES = {
    "Human": {
        "focus_slots": 4,
        "head": 2,
        "extremities": "5, 6",
        "adjacency": "2-3, 3-4, 4-5, 3-6, 6-7, 6-8, 9-10, 10-11, 11-12, 3-9",
        "focus_adjacency": "1-2, 2-3, 3-4",
        "slots": [
            (2, "body", "head"),
            (3, "body", "upper torso"),
            (4, "body", "lower torso"),
            (5, "body", "legs and feet"),
            (6, "body", "arm and hand"),
            (7, "grip", "grip"),
            (8, "grip", "grip"),
            (9, "pack", "pack"),
            (10, "pack", "pack"),
            (11, "pack", "pack"),
            (12, "pack", "pack"),
        ],
    },
    "Goblin": {
        "focus_slots": 3,
        "head": 2,
        "extremities": "4, 5",
        "adjacency": "2-3, 3-4, 3-5, 5-6, 7-8, 3-7",
        "focus_adjacency": "1-2, 2-3",
        "slots": [
            (2, "body", "head"),
            (3, "body", "torso"),
            (4, "body", "legs"),
            (5, "body", "arms"),
            (6, "grip", "grip"),
            (7, "pack", "sack"),
            (8, "pack", "sack"),
        ],
    },
}


def ensure_peoples():
    """Create the built-in peoples that are missing (idempotent; an admin's edits to an
    existing people are kept). Called by ``new_sheet`` and the demo. Returns Human."""
    from sheets.systems.slots.models import SlotsPeople, SlotsPeopleSlot

    human = None
    with transaction.atomic():
        for name, data in PEOPLES.items():
            fields = {k: v for k, v in data.items() if k != "slots"}
            people, created = SlotsPeople.objects.get_or_create(name=name, defaults=fields)
            if created:
                SlotsPeopleSlot.objects.bulk_create(
                    SlotsPeopleSlot(people=people, number=n, kind=k, name=slot_name)
                    for n, k, slot_name in data["slots"]
                )
            if name == "Human":
                human = people
    return human


def layout_of(people) -> Layout:
    """The engine's layout of a people (its slots read through ``.all()``)."""
    return Layout(
        people=people.name.lower(),
        focus_slots=people.focus_slots,
        gear_slots=tuple(Slot(s.number, s.kind, s.name) for s in people.slots.all()),
        adjacent=people.adjacent_pairs(),
        focus_adjacent=people.focus_pairs(),
        head=people.head,
        extremities=people.extremity_numbers(),
    )


def engine_item(item) -> Item:
    return Item(item.name, tuple(item.tag_list()), tuple(item.free_tag_list()), item.wrapped)


def engine_sheet(sheet) -> Sheet:
    """The stored sheet as the dice engine reads it. A dropped pack counts as empty."""
    layout = layout_of(sheet.people)
    kinds = {slot.number: slot.kind for slot in layout.gear_slots}
    items: dict[int, list[Item]] = {}
    for item in sheet.items.all():
        if sheet.pack_dropped and kinds.get(item.slot) == "pack":
            continue
        items.setdefault(item.slot, []).append(engine_item(item))
    ideas = {idea.slot: idea for idea in sheet.ideas.all()}
    marks = {(mark.area, mark.number): mark for mark in sheet.marks.all()}
    gear = []
    for slot in layout.gear_slots:
        mark = marks.get(("gear", slot.number))
        gear.append(
            GearSlot(
                slot.number,
                tuple(items.get(slot.number, ())),
                (mark.wound or None) if mark else None,
                (mark.condition or None) if mark else None,
                mark.burning_rounds if mark else 0,
            )
        )
    focus = []
    for number in range(1, layout.focus_slots + 1):
        idea = ideas.get(number)
        mark = marks.get(("focus", number))
        focus.append(
            FocusSlot(
                number,
                Idea(idea.name, idea.kind, idea.concentrating) if idea else None,
                (mark.condition or None) if mark else None,
            )
        )
    return Sheet(layout, tuple(gear), tuple(focus))


def store(sheet, state: Sheet) -> list[str]:
    """Write ``state``'s wounds and conditions to ``sheet``'s mark rows; return what
    changed in words. Items are not touched (see ``remove_items``)."""
    from sheets.systems.slots.models import SlotsMark

    marks = {(mark.area, mark.number): mark for mark in SlotsMark.objects.filter(sheet=sheet)}
    wanted = {}
    for slot in state.gear:
        wanted[("gear", slot.number)] = (
            slot.wound or "",
            slot.condition or "",
            slot.burning_rounds,
        )
    for slot in state.focus:
        wanted[("focus", slot.number)] = ("", slot.condition or "", 0)
    changes = []
    for key, (wound, condition, burning) in wanted.items():
        mark = marks.get(key)
        current = (mark.wound, mark.condition, mark.burning_rounds) if mark else ("", "", 0)
        if current == (wound, condition, burning):
            continue
        changes.append(f"{key[0]} {key[1]}: {wound or 'no'} wound, {condition or 'no condition'}")
        if not wound and not condition:
            mark.delete()
        elif mark is None:
            SlotsMark.objects.create(
                sheet=sheet, area=key[0], number=key[1], wound=wound, condition=condition,
                burning_rounds=burning,
            )  # fmt: skip
        else:
            mark.wound, mark.condition, mark.burning_rounds = wound, condition, burning
            mark._change_reason = reasons.BY_THE_RULES
            mark.save()
    return changes


def candidates(state: Sheet, condition: str) -> list[tuple[str, int]]:
    """The legal slots for marking ``condition`` now, as (area, number)."""
    return [(ref.area, ref.number) for ref in condition_candidates(state, condition)]


def is_unconscious_now(state: Sheet) -> bool:
    """The marks alone say so: every body slot exhausted or iced, or suffocation at the head."""
    body = [state.gear_slot(n).condition for n in state.layout.body_slots]
    if any(all(mark == c for mark in body) for c in ("exhaustion", "ice")):
        return True
    return state.gear_slot(state.layout.head).condition == "suffocation"


__all__ = [
    "CONDITIONS",
    "LEGEND",
    "PEOPLES",
    "engine_sheet",
    "ensure_peoples",
    "layout_of",
    "store",
]
