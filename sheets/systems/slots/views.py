"""The slot grid's own endpoints (not fields, not rolls): items and ideas added, removed
and moved; the pack dropped and picked up; wounds and conditions marked, treated and
removed. Each checks that the user may edit the character, changes the locked sheet,
and answers with the grid again (HTMX) or the sheet page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from config.ids import parse_id
from sheets.editing import editable_character, readable_character, sheet_page_context
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots import reasons
from sheets.systems.slots.dice import (
    focus,
    gear,
    ignite,
    mark_condition,
    remove_mark,
    take_wound,
    treat_wound,
)
from sheets.systems.slots.forms import IdeaForm, ItemForm
from sheets.systems.slots.models import SlotsIdea, SlotsItem, SlotsSheet
from sheets.systems.slots.rules import engine_sheet, store


class Refused(Exception):
    """A change the rules or the form refuse, in a sentence for the player."""


def _grid_response(request, pk, error="", status=200):
    if not request.htmx:
        if error:
            character = readable_character(request, pk)
            context = sheet_page_context(request, character)
            context["grid_error"] = error
            return render(request, "sheets/slots/sheet.html", context, status=status)
        return redirect("character_sheet", pk=pk)
    character = readable_character(request, pk)
    context = sheet_page_context(request, character)
    context.update(grid_error=error, grid_only=True)
    return render(request, "sheets/slots/sheet.html#grid", context, status=status)


@login_required
@require_GET
def grid(request, pk):
    """The grid again (after a roll or a change elsewhere), with the state badges."""
    editable_character(request, pk)
    return _grid_response(request, pk) if request.htmx else redirect("character_sheet", pk=pk)


def _edit(request, pk, change):
    """Run ``change(sheet)`` on the locked sheet; a refusal changes nothing."""
    character = editable_character(request, pk)
    try:
        with transaction.atomic():
            sheet = (
                SlotsSheet.objects.select_for_update()
                .select_related("people")
                .get(character=character)
            )
            change(sheet)
    except Refused as error:
        return _grid_response(request, pk, str(error), status=422)
    except DiceError as error:
        said = put_into_words(error.saying or str(error), _, ngettext, pgettext)
        return _grid_response(request, pk, said, status=422)
    except ValidationError as error:
        return _grid_response(request, pk, " ".join(error.messages), status=422)
    return _grid_response(request, pk)


def _gear_numbers(sheet) -> list[int]:
    return list(sheet.people.slots.values_list("number", flat=True))


def _errors(form) -> str:
    return " ".join(f"{form.fields[name].label}: {' '.join(errs)}" if name in form.fields
                    else " ".join(errs) for name, errs in form.errors.items())  # fmt: skip


def _save(row, reason):
    row.full_clean()
    row._change_reason = reason
    row.save()


@login_required
@require_POST
def item_add(request, pk):
    def change(sheet):
        form = ItemForm(_gear_numbers(sheet), request.POST)
        if not form.is_valid():
            raise Refused(_errors(form))
        data = form.cleaned_data
        item = SlotsItem(
            sheet=sheet, slot=data["slot"], name=data["name"], tags=", ".join(data["tags"]),
            free_tags=data["free_tags"], wrapped=data["wrapped"],
        )  # fmt: skip
        _save(item, reasons.ITEM_ADDED)

    return _edit(request, pk, change)


@login_required
@require_POST
def item_remove(request, pk, item_pk):
    def change(sheet):
        item = get_object_or_404(SlotsItem, sheet=sheet, pk=item_pk)
        item._change_reason = reasons.ITEM_REMOVED
        item.delete()

    return _edit(request, pk, change)


def _target(request, numbers) -> int:
    number = parse_id(request.POST.get("to", ""))
    if number not in numbers:
        raise Refused(
            _("Move it to one of the slots %(first)s-%(last)s.")
            % {"first": numbers[0], "last": numbers[-1]}
        )
    return number


@login_required
@require_POST
def item_move(request, pk, item_pk):
    def change(sheet):
        item = get_object_or_404(SlotsItem, sheet=sheet, pk=item_pk)
        item.slot = _target(request, _gear_numbers(sheet))
        item.damaged = item.damaged
        _save(item, reasons.ITEM_MOVED % {"slot": item.slot})

    return _edit(request, pk, change)


@login_required
@require_POST
def idea_add(request, pk):
    def change(sheet):
        form = IdeaForm(list(range(1, sheet.people.focus_slots + 1)), request.POST)
        if not form.is_valid():
            raise Refused(_errors(form))
        data = form.cleaned_data
        if SlotsIdea.objects.filter(sheet=sheet, slot=data["slot"]).exists():
            raise Refused(
                _("Focus slot %(number)s already holds an idea: one idea per slot.")
                % {"number": data["slot"]}
            )
        _save(SlotsIdea(sheet=sheet, **data), reasons.IDEA_ADDED)

    return _edit(request, pk, change)


@login_required
@require_POST
def idea_remove(request, pk, idea_pk):
    def change(sheet):
        idea = get_object_or_404(SlotsIdea, sheet=sheet, pk=idea_pk)
        idea._change_reason = reasons.IDEA_REMOVED
        idea.delete()

    return _edit(request, pk, change)


@login_required
@require_POST
def idea_move(request, pk, idea_pk):
    """Move an idea to another focus slot; an idea already there swaps places."""

    def change(sheet):
        idea = get_object_or_404(SlotsIdea, sheet=sheet, pk=idea_pk)
        to = _target(request, list(range(1, sheet.people.focus_slots + 1)))
        other = SlotsIdea.objects.filter(sheet=sheet, slot=to).exclude(pk=idea.pk).first()
        if other is None:
            idea.slot = to
            _save(idea, reasons.IDEA_MOVED % {"slot": to})
            return
        # one idea per focus slot: the two ideas swap what they hold
        fields = ("kind", "name", "target", "concentrating")
        mine = {f: getattr(idea, f) for f in fields}
        for f in fields:
            setattr(idea, f, getattr(other, f))
            setattr(other, f, mine[f])
        _save(idea, reasons.IDEAS_SWAPPED % {"slot": to})
        _save(other, reasons.IDEAS_SWAPPED % {"slot": idea.slot})

    return _edit(request, pk, change)


@login_required
@require_POST
def pack(request, pk):
    """Drop the pack (it counts as empty for every check) or pick it up again."""

    def change(sheet):
        sheet.pack_dropped = request.POST.get("dropped") == "1"
        sheet._change_reason = (
            reasons.PACK_DROPPED if sheet.pack_dropped else reasons.PACK_PICKED_UP
        )
        sheet.save()

    return _edit(request, pk, change)


def _ref(text: str):
    area, _dash, number = text.partition("-")
    number = parse_id(number)
    if area not in ("gear", "focus") or number is None:
        raise Refused(_("Pick a slot from the list."))
    return gear(number) if area == "gear" else focus(number)


def _apply(sheet, change, reason):
    store(sheet, change.sheet)
    for effect in change.effects:
        if effect.target == "dead" and effect.amount > 0:
            sheet.dead = True
        if effect.target == "unconscious" and effect.amount > 0:
            sheet.unconscious = True
    sheet._change_reason = reason
    sheet.save()


@login_required
@require_POST
def mark(request, pk):
    """Mark a condition in a legal slot (a first mark or a worsening): the engine refuses
    any other slot, naming the allowed ones."""

    def change(sheet):
        condition = request.POST.get("condition", "")
        state = engine_sheet(sheet)
        ref = _ref(request.POST.get("slot", ""))
        if condition == "fire":
            if ref.area != "gear":
                raise Refused(_("Fire marks a gear slot holding something flammable."))
            result = ignite(state, ref.number)
        elif condition == "bleeding":
            raise Refused(_("Bleeding comes from an open wound: mark the wound."))
        else:
            result = mark_condition(state, condition, ref)
        _apply(sheet, result, reasons.CONDITION_MARKED[condition])

    return _edit(request, pk, change)


@login_required
@require_POST
def wound(request, pk):
    """An open or closed wound in a body slot (an open one bleeds)."""

    def change(sheet):
        kind = request.POST.get("kind", "")
        ref = _ref(request.POST.get("slot", ""))
        if ref.area != "gear":
            raise Refused(_("Wounds go in body slots only."))
        result = take_wound(engine_sheet(sheet), ref.number, kind)
        _apply(sheet, result, reasons.WOUND_TAKEN[kind])

    return _edit(request, pk, change)


@login_required
@require_POST
def treat(request, pk):
    """A healing kit closes an open wound."""

    def change(sheet):
        ref = _ref(request.POST.get("slot", ""))
        if ref.area != "gear":
            raise Refused(_("Only wounds in body slots can be treated."))
        _apply(sheet, treat_wound(engine_sheet(sheet), ref.number), reasons.WOUND_TREATED)

    return _edit(request, pk, change)


@login_required
@require_POST
def unmark(request, pk):
    """Remove a slot's condition (``what=condition``) or a healed wound (``what=wound``),
    or wake the character (``what=unconscious``)."""

    def change(sheet):
        what = request.POST.get("what", "condition")
        if what == "unconscious":
            sheet.unconscious = False
            sheet._change_reason = reasons.WAKES_UP
            sheet.save()
            return
        ref = _ref(request.POST.get("slot", ""))
        state = engine_sheet(sheet)
        if what == "wound":
            if ref.area != "gear" or state.gear_slot(ref.number).wound is None:
                raise Refused(_("That slot has no wound."))
            _apply(sheet, _healed(state, ref.number), reasons.WOUND_HEALED)
        else:
            _apply(sheet, remove_mark(state, ref), reasons.CONDITION_REMOVED)

    return _edit(request, pk, change)


def _healed(state, number):
    from sheets.systems.slots.dice import Change

    return Change(state.with_gear(number, wound=None))
