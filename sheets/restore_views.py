"""Restore an earlier version of a sheet (from its history page) and undo one change
(right after a field save or a roll's effects). Owner and the party's GM only; see
``sheets.restore`` for how."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from config.moments import parse_moment
from sheets.editing.fields import build_form, resolve, shown_value, state_for
from sheets.editing.markup import field_html
from sheets.editing.saving import current_row, editable_character
from sheets.editing.views import changed
from sheets.restore import RestoreRefused, restore, restore_reason, shown_moment, undo
from sheets.signals import change_undone


@login_required
@require_POST
def character_restore(request, pk):
    """The whole sheet back as it was at ``as_of`` (a moment of its history)."""
    character = editable_character(request, pk)
    moment = parse_moment(request.POST.get("as_of", ""))
    if moment is None:
        messages.error(request, _("Pick a version of the sheet from its history to restore."))
        return redirect("character_history", pk=pk)
    try:
        count = restore(character, moment, user=request.user, reason=restore_reason(moment))
    except RestoreRefused as error:
        messages.error(request, str(error))
        return redirect("character_history", pk=pk)
    if count:
        messages.success(
            request,
            _(
                "%(name)s's sheet is back as it was on %(moment)s. "
                "The restore is in the history too: restore the version before it to undo it."
            )
            % {"name": character.name, "moment": shown_moment(moment)},
        )
    else:
        messages.info(
            request, _("The sheet already was as on %(moment)s.") % {"moment": shown_moment(moment)}
        )
    return redirect("character_history", pk=pk)


@login_required
@require_POST
def character_undo(request, pk):
    """Revert one change named by its undo token, if the sheet has not changed since.
    With ``field`` (the field's HTML name), the answer is that field, as stored now."""
    character = editable_character(request, pk)
    try:
        with transaction.atomic():
            change = undo(character, request.POST.get("undo", ""), user=request.user)
            # a roll's effects: its card says so
            change_undone.send(type(character), character=character, change=change)
    except RestoreRefused as error:
        if request.htmx:
            return render(
                request, "sheets/_undo.html", {"message": str(error), "refused": True}, status=409
            )
        messages.warning(request, str(error))
        return redirect(character)
    message = _("Undone: %(what)s.") % {"what": change.what}
    if not request.htmx:
        messages.success(request, message)
        return redirect(character)
    field_name = request.POST.get("field", "")
    if field_name:
        system = character.system_descriptor
        ref = resolve(system, field_name)
        instance = current_row(system, ref, character) if ref is not None else None
        if instance is None:
            raise Http404(_("No such field on this sheet."))
        bound = build_form(system, ref, instance, only_field=True)[ref.field]
        now = shown_value(bound.field, bound.initial)
        state = state_for(
            bound,
            character.pk,
            status="updated",
            message=_("Undone: back to %(value)s.") % {"value": now},
        )
        response = HttpResponse(field_html(state))
        return changed(reswap(retarget(response, f"#{state.dom_id}"), "outerHTML"))
    return changed(render(request, "sheets/_undo.html", {"message": message}))
