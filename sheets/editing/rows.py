"""Rows of a list added, removed and restored (undo) in place."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from sheets.editing.saving import editable_character, row_model_and_fk, sheet_lookup
from sheets.editing.state import CollectionState, new_row_form, row_state
from sheets.editing.views import changed, render_sheet, row_gone_response
from sheets.history_access import in_english
from sheets.reasons import pgettext_noop

# the history reasons of a row added, removed and put back ("Added gear line")
ADDED = pgettext_noop("history reason", "Added %(what)s")
REMOVED = pgettext_noop("history reason", "Removed %(what)s")
RESTORED = pgettext_noop("history reason", "Restored %(what)s (undo)")


def _collection_or_404(system, name):
    try:
        return system.collection(name)
    except KeyError:
        raise Http404(_("No such list on this sheet.")) from None


def _sheet_for(system, character, *, lock=False):
    queryset = system.model().objects
    if lock:
        queryset = queryset.select_for_update()
    return get_object_or_404(queryset, **sheet_lookup(system, character))


def _row_context(character, collection, row):
    return {"row": row_state(character.pk, collection, row), "character": character}


@login_required
@require_POST
def row_add(request, pk, collection):
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    sheet = _sheet_for(system, character)
    form = new_row_form(found, sheet, request.POST)
    if not form.is_valid():
        if request.htmx:
            state = CollectionState(
                found, [], form, reverse("sheet_row_add", args=[pk, found.name]),
                reverse("sheet_save", args=[pk]),
            )  # fmt: skip
            response = render(request, "sheets/_row_add.html", {"collection": state}, status=422)
            return reswap(retarget(response, f"#{state.add_id}"), "outerHTML")
        messages.error(
            request,
            _("The new %(item)s was not added: see the form.") % {"item": found.item_label},
        )
        return render_sheet(request, pk, add_forms={found.name: form}, status=422)
    form.instance._change_reason = ADDED % {"what": in_english(found.item_label)}
    row = form.save()
    if not request.htmx:
        messages.success(
            request, _("Added %(item)s “%(name)s”.") % {"item": found.item_label, "name": row}
        )
        return redirect("character_sheet", pk=pk)
    fresh = CollectionState(
        found, [], new_row_form(found, sheet), reverse("sheet_row_add", args=[pk, found.name]),
        reverse("sheet_save", args=[pk]),
    )  # fmt: skip
    context = {**_row_context(character, found, row), "collection": fresh}
    return changed(render(request, "sheets/_row_added.html", context))


@login_required
@require_POST
def row_remove(request, pk, collection, row_pk):
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    row_model, fk_name = row_model_and_fk(system, found)
    dom_id = f"row-{found.name}-{row_pk}"
    with transaction.atomic():
        sheet = _sheet_for(system, character, lock=True)
        row = row_model.objects.select_for_update().filter(pk=row_pk, **{fk_name: sheet}).first()
        if row is None:
            message = _("This %(item)s was already removed.") % {"item": found.item_label}
            if request.htmx:
                return row_gone_response(request, dom_id, message)
            messages.warning(request, message)
            return redirect("character_sheet", pk=pk)
        label = str(row)
        row._change_reason = REMOVED % {"what": in_english(found.item_label)}
        row.delete()
    message = _("Removed %(item)s “%(name)s”.") % {"item": found.item_label, "name": label}
    if not request.htmx:
        messages.success(request, message)
        return redirect("character_sheet", pk=pk)
    context = {
        "dom_id": dom_id,
        "message": message,
        "restore_url": reverse("sheet_row_restore", args=[pk, found.name, row_pk])
        if hasattr(row_model, "history")
        else "",
        "item_label": found.item_label,
    }
    return changed(render(request, "sheets/_row_removed.html", context))


@login_required
@require_POST
def row_restore(request, pk, collection, row_pk):
    """Undo a removal: the row comes back as it was, from its history."""
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    row_model, fk_name = row_model_and_fk(system, found)
    if not hasattr(row_model, "history"):
        raise Http404(_("This list keeps no history."))
    fk_attname = row_model._meta.get_field(fk_name).attname
    dom_id = f"row-{found.name}-{row_pk}"
    with transaction.atomic():
        sheet = _sheet_for(system, character, lock=True)
        existing = row_model.objects.filter(pk=row_pk).first()
        if existing is not None:
            if getattr(existing, fk_attname) != sheet.pk:
                raise Http404(_("No such row on this sheet."))
            row, restored = existing, False  # already back (a second click on Undo)
        else:
            record = (
                row_model.history.filter(**{row_model._meta.pk.name: row_pk})
                .order_by("-history_date", "-history_id")
                .first()
            )
            if record is None or getattr(record, fk_attname) != sheet.pk:
                raise Http404(_("No such row on this sheet."))
            if record.history_type != "-":
                message = _("This %(item)s cannot be brought back.") % {"item": found.item_label}
                if request.htmx:
                    return row_gone_response(request, dom_id, message)
                messages.warning(request, message)
                return redirect("character_sheet", pk=pk)
            row = record.instance
            row._change_reason = RESTORED % {"what": in_english(found.item_label)}
            row.save(force_insert=True)
            restored = True
    if not request.htmx:
        if restored:
            messages.success(
                request,
                _("%(item)s “%(name)s” is back.")
                % {"item": str(found.item_label).capitalize(), "name": row},
            )
        return redirect("character_sheet", pk=pk)
    response = render(request, "sheets/_row.html", _row_context(character, found, row))
    return changed(response) if restored else response
