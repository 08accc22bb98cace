"""The field-save endpoints (htmx and no-JavaScript) and the sheet page's context."""

from __future__ import annotations

from contextlib import suppress

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget, trigger_client_event

from sheets import party_settings
from sheets.editing.fields import CHANGED_EVENT, resolve
from sheets.editing.markup import field_html, saved_html, status_html
from sheets.editing.saving import (
    FieldResult,
    SystemUnknown,
    changed_fields,
    character_system,
    editable_character,
    readable_character,
    remember_system,
    save_field,
    save_field_of,
)
from sheets.systems.registry import get_system


def sheet_page_context(request, character, defer: bool = False) -> dict:
    """The sheet page's context (the same keys as ``sheets.views.character_sheet``).

    ``defer``: the page's first answer, what a player reads first (the header and the
    first view). The tabs follow from the section endpoint (``tabs``) and the feed's
    cards from its catch-up, both asked for as soon as the page is up; the lists of
    rows only the tabs show are then never built (``editing_context(lazy=True)``)."""
    system = character.system_descriptor
    sheet = character.sheet
    is_gm = character.party is not None and character.party.gm_id == request.user.pk
    context = {
        "character": character,
        "sheet": sheet,
        "system": system,
        "can_edit": character.can_edit(request.user),
        "is_gm": is_gm,
        "party": character.party,
        "actions": system.actions_for(character, request.user),
        # the tabs and the feed's cards follow; the side column (the party's feed, or
        # outside a party the character's own rolls) reads them with rolls' feed_tags
        "first_answer": defer,
        **system.call("context", character, sheet, first_answer=defer),
    }
    # what the party's settings (the clock, the rot level) mean for this sheet
    context["party_state"] = party_settings.sheet_state(character, sheet)
    # a system may leave out rolls this sheet cannot make (Rot-Eater without the mutation)
    hidden = set(context.pop("hidden_actions", ()))
    context["actions"] = tuple(a for a in context["actions"] if a.slug not in hidden)
    return context


def render_sheet(request, pk, *, results=(), add_forms=None, status=200):
    """The whole sheet again (no JavaScript), showing each result next to its field."""
    character = readable_character(request, pk)
    context = sheet_page_context(request, character)
    fields = context.get("editable_fields", {})
    for result in results:
        if result.state is not None and result.ref.html_name in fields:
            fields[result.ref.html_name].take(result.state)
    for name, form in (add_forms or {}).items():
        context["collections"][name].add_form = form
    return render(request, character.system_descriptor.sheet_template, context, status=status)


def changed(response):
    """Tell the page its sheet changed, once the answer is in place."""
    return trigger_client_event(response, CHANGED_EVENT, after="swap")


def htmx_field_response(request, result: FieldResult):
    if result.outcome in {"saved", "unchanged"}:
        response = HttpResponse(saved_html(result.state))
        return changed(response) if result.outcome == "saved" else response
    if result.outcome == "error":
        return HttpResponse(status_html(result.state), status=422)
    if result.outcome == "conflict":
        response = HttpResponse(field_html(result.state), status=409)
        return reswap(retarget(response, f"#{result.state.dom_id}"), "outerHTML")
    # gone: the whole row was removed elsewhere
    ref = result.ref
    return row_gone_response(request, f"row-{ref.collection.name}-{ref.row_pk}", result.message)


def row_gone_response(request, dom_id: str, message: str):
    """409: the row this request was about is no longer there (or cannot come back);
    the message replaces the row on the page."""
    response = render(
        request, "sheets/_row_removed.html", {"dom_id": dom_id, "message": message}, status=409
    )
    return reswap(retarget(response, f"#{dom_id}"), "outerHTML")


def finish_without_js(request, pk, results):
    """Redirect to the sheet with a message, or show it again with the problems."""
    for result in results:
        if result.outcome == "gone":
            messages.warning(request, result.message)
    problems = [r for r in results if r.outcome in {"error", "conflict"}]
    if problems:
        status = 422 if any(r.outcome == "error" for r in problems) else 409
        messages.error(
            request,
            _("Some values were not saved: see the messages next to the fields."),
        )
        return render_sheet(request, pk, results=results, status=status)
    saved = [r for r in results if r.outcome == "saved"]
    if saved:
        labels = ", ".join(str(r.state.label) for r in saved)  # labels may be lazy (issue 30)
        messages.success(request, _("Saved: %(fields)s.") % {"fields": labels})
    elif not any(r.outcome == "gone" for r in results):
        messages.info(request, _("Nothing to save: no value changed."))
    return redirect("character_sheet", pk=pk)


@login_required
@require_POST
def field_save(request, pk, name):
    """Save one field (htmx: on change); its answer is that field's partial.

    The character's system is remembered (``character_system``): the character is then
    read with the field's row, locked, in one query (``save_field_of``). Where the
    remembered system does not know the field or finds no sheet (the character's pk
    taken again by one of another system), the character is read first, as it tells."""
    result = None
    try:
        system = get_system(character_system(pk) or "")
    except LookupError:  # no such character, or of a system no longer served
        system = None
    ref = resolve(system, name) if system is not None else None
    if ref is not None:
        with suppress(SystemUnknown):  # then the character tells, below
            result = save_field_of(request, pk, system, ref, request.POST)
    if result is None:
        character = editable_character(request, pk)
        remember_system(character)
        system = character.system_descriptor
        ref = resolve(system, name)
        if ref is None:
            raise Http404(_("No such field on this sheet."))
        result = save_field(system, character, ref, request.POST)
    if request.htmx:
        return htmx_field_response(request, result)
    return finish_without_js(request, pk, [result])


@login_required
@require_POST
def sheet_save(request, pk):
    """A section of the sheet submitted as a normal form (no JavaScript)."""
    character = editable_character(request, pk)
    system = character.system_descriptor
    results = [
        save_field(system, character, ref, request.POST)
        for ref in changed_fields(system, request.POST)
    ]
    return finish_without_js(request, pk, results)
