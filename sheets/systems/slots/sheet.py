"""The Slots sheet page (the slot grid), its dashboard summary, and a new blank sheet.

Rows are read through ``.all()`` so that, prefetched, the page runs a fixed number of
queries however many items, ideas and marks the sheet holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from sheets.editing import editing_context
from sheets.systems.registry import Summary, SummaryValue
from sheets.systems.slots import rules, words
from sheets.systems.slots.dice.sheet import CONDITION_AREAS, GEAR_TAGS, IDEA_KINDS
from sheets.systems.slots.models import SlotsSheet

# Translators: the Slots sheet's check buttons (a verb: roll this check)
GEAR_CHECKS = (
    ("traverse", pgettext_lazy("Slots check button", "Traverse")),
    ("sneak", pgettext_lazy("Slots check button", "Sneak")),
    ("block", pgettext_lazy("Slots check button", "Block")),
    ("dodge", pgettext_lazy("Slots check button", "Dodge")),
)
FOCUS_CHECKS = (
    ("concentrate", pgettext_lazy("Slots check button", "Concentrate")),
    ("beseech", pgettext_lazy("Slots check button", "Beseech")),
    ("morale", pgettext_lazy("Slots check button", "Morale")),
    ("grit", pgettext_lazy("Slots check button", "Grit")),
    ("insanity", pgettext_lazy("Slots check button", "Insanity")),
)
KIND_LABELS = words.KINDS
PACK_DOWN = gettext_lazy("pack down")


@dataclass(frozen=True)
class SlotsSummary(Summary):
    """The dashboard card: values and alerts, plus the mini grid."""

    grid: dict = field(default_factory=dict)


def _cell(number, area, mark, **extra) -> dict:
    condition = mark.condition if mark else ""
    return {
        "number": number,
        "area": area,
        "wound": mark.wound if mark else "",
        "condition": condition,
        "letter": rules.LEGEND.get(condition, ""),
        "condition_words": words.condition(condition),
        "burning": mark.burning_rounds if mark else 0,
        **extra,
    }


def grid(sheet) -> dict:
    """The slot grid as drawn: focus slots, then gear slots grouped body / grip / pack."""
    people = sheet.people
    marks = {(m.area, m.number): m for m in sheet.marks.all()}
    items: dict[int, list] = {}
    for item in sheet.items.all():
        items.setdefault(item.slot, []).append(item)
    ideas = {idea.slot: idea for idea in sheet.ideas.all()}
    focus = [
        _cell(n, "focus", marks.get(("focus", n)), idea=ideas.get(n), kind="focus", name="")
        for n in range(1, people.focus_slots + 1)
    ]
    groups: dict[str, list] = {"body": [], "grip": [], "pack": []}
    for slot in people.slots.all():
        groups[slot.kind].append(
            _cell(
                slot.number,
                "gear",
                marks.get(("gear", slot.number)),
                kind=slot.kind,
                name=slot.name,
                name_words=words.slot_name(slot.name),
                items=items.get(slot.number, []),
                dropped=sheet.pack_dropped and slot.kind == "pack",
            )
        )
    gear_die = 1 + sum(len(g) for g in groups.values())
    return {
        "focus": focus,
        "groups": [
            {"kind": kind, "label": str(KIND_LABELS[kind]), "cells": cells}
            for kind, cells in groups.items()
            if cells
        ],
        "focus_die": people.focus_slots,
        "gear_die": gear_die,
    }


def status(sheet, state) -> dict:
    """Counts and states the header, the summary and the dashboard read."""
    marks = list(sheet.marks.all())
    exhaustion = sum(1 for m in marks if m.condition == "exhaustion")
    terror = sum(1 for m in marks if m.condition == "terror")
    open_wounds = sum(1 for m in marks if m.wound == "open")
    closed_wounds = sum(1 for m in marks if m.wound == "closed")
    conditions = sorted({m.condition for m in marks if m.condition})
    return {
        "dead": sheet.dead,
        "unconscious": sheet.unconscious or rules.is_unconscious_now(state),
        "exhaustion": exhaustion,
        "terror": terror,
        "open_wounds": open_wounds,
        "closed_wounds": closed_wounds,
        "conditions": conditions,
        "condition_words": [(c, words.condition(c)) for c in conditions],
    }


def mark_options(state) -> list[dict]:
    """For each condition, the slots where marking it now is legal (first mark or
    worsening), so the sheet offers nothing else. Bleeding comes from open wounds and
    fire from igniting flammable contents, so both are offered through their own causes."""
    options = []
    for condition in CONDITION_AREAS:
        if condition == "bleeding":
            continue
        if condition == "fire":
            refs = [
                ("gear", s.number) for s in state.gear if s.condition is None and s.has("flammable")
            ]
        else:
            refs = rules.candidates(state, condition)
        options.append(
            {
                "condition": condition,
                "name": words.condition(condition),
                "letter": rules.LEGEND[condition],
                "worsens": bool(state.marked(condition)),
                "slots": [{"value": f"{a}-{n}", "label": _slot_option(a, n)} for a, n in refs],
            }
        )
    return options


def _slot_option(area: str, number: int) -> str:
    if area == "gear":
        return _("gear %(number)s") % {"number": number}
    return _("focus %(number)s") % {"number": number}


def context(character, sheet, first_answer: bool = False) -> dict:
    edit = editing_context(character, sheet, lazy=first_answer)
    state = rules.engine_sheet(sheet)
    the_grid = grid(sheet)
    body = [c for g in the_grid["groups"] if g["kind"] == "body" for c in g["cells"]]
    return {
        **edit,
        "people": sheet.people,
        "grid": the_grid,
        "state": status(sheet, state),
        "legend": [(name, letter, words.condition(name)) for name, letter in rules.LEGEND.items()],
        "people_name": words.people(sheet.people),
        "mark_options": mark_options(state),
        "body_cells": body,
        "open_wound_cells": [c for c in body if c["wound"] == "open"],
        "gear_checks": GEAR_CHECKS,
        "focus_checks": FOCUS_CHECKS,
        "gear_tags": [(t, words.tag(t)) for t in GEAR_TAGS],
        "idea_kinds": [(k, words.idea_kind(k)) for k in IDEA_KINDS],
        "gear_numbers": [s.number for s in sheet.people.slots.all()],
        "focus_numbers": list(range(1, sheet.people.focus_slots + 1)),
        "notes_field": edit["editable_fields"]["notes"],
        "name_field": edit["editable_fields"]["character-name"],
        "sheet_tabs": [{"slug": "notes", "label": _("Notes")}],
    }


def summary(sheet) -> SlotsSummary:
    state = rules.engine_sheet(sheet)
    now = status(sheet, state)
    values = [
        SummaryValue(_("People"), words.people(sheet.people)),
        SummaryValue(
            _("Wounds"),
            _("%(open)s open, %(closed)s closed")
            % {"open": now["open_wounds"], "closed": now["closed_wounds"]},
            alert=bool(now["open_wounds"]),
        ),
        SummaryValue(_("Exhaustion"), str(now["exhaustion"]), alert=bool(now["exhaustion"])),
        SummaryValue(_("Terror in focus"), str(now["terror"]), alert=bool(now["terror"])),
    ]
    alerts = []
    if now["dead"]:
        alerts.append(_("dead"))
    elif now["unconscious"]:
        alerts.append(_("unconscious"))
    if sheet.pack_dropped:
        alerts.append(_("pack dropped"))
    alerts.extend(
        words.condition(c) for c in now["conditions"] if c in ("bleeding", "fire", "suffocation")
    )
    return SlotsSummary(values=tuple(values), alerts=tuple(alerts), grid=grid(sheet))


def new_sheet(character) -> SlotsSheet:
    """A blank human sheet (Human is created first if missing)."""
    return SlotsSheet.objects.create(character=character, people=rules.ensure_peoples())
