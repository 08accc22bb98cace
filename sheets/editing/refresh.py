"""After a change: one section again, or the derived values and the fields changed elsewhere."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.idempotency import reads_only
from sheets.editing.fields import ORIGINAL_PREFIX, resolve, same_value, shown_value
from sheets.editing.saving import readable_character
from sheets.editing.views import sheet_page_context

TABS = "tabs"  # every system's sheet tabs (the partial the page's first answer leaves out)


@login_required
@require_GET
def section(request, pk, name):
    """One section of the sheet (a partial of the system's sheet template)."""
    character = readable_character(request, pk)
    system = character.system_descriptor
    if name not in system.sections and name != TABS:
        raise Http404(_("No such section."))
    context = sheet_page_context(request, character)
    if name == TABS:  # the tabs after the page's first answer: some wait to be shown
        context["on_show_tabs"] = system.on_show_tabs
    return render(request, f"{system.sheet_template}#{name}", context)


@login_required
@require_POST
@reads_only  # a read sent as a POST: its Idempotency-Key is ignored, its answer not kept
def refresh(request, pk):
    """After ``sheetChanged``: the derived values, and every field or list of rows whose
    stored value differs from what the page shows (``original-*`` in the query), all
    out of band. Fields the page already shows as stored are left alone. A POST: the
    page's values travel in the body, never in a URL a proxy might cut."""
    character = readable_character(request, pk)
    system = character.system_descriptor
    context = sheet_page_context(request, character)
    fields = context.get("editable_fields", {})
    sheet = context["sheet"]

    stale = []
    page_rows: dict[str, set[int]] = {c.name: set() for c in system.collections}
    for key, raw in request.POST.items():
        if not key.startswith(ORIGINAL_PREFIX):
            continue
        ref = resolve(system, key.removeprefix(ORIGINAL_PREFIX))
        if ref is None:
            continue
        if ref.kind == "row":
            page_rows[ref.collection.name].add(ref.row_pk)
        state = fields.get(ref.html_name)
        if state is None:
            continue  # a row removed since: its list is refreshed below
        if not same_value(state.bound.field, state.bound.initial, raw):
            current = shown_value(state.bound.field, state.bound.initial)
            state.status = "updated"
            state.message = _("Now %(value)s: changed by a roll or elsewhere.") % {"value": current}
            stale.append(state)

    stale_collections = []
    for collection in system.collections:
        stored_rows = {row.pk for row in getattr(sheet, collection.related_name).all()}
        if stored_rows != page_rows[collection.name]:
            stale_collections.append(context["collections"][collection.name])
    stale = [
        state
        for state in stale
        if not any(state is f for c in stale_collections for row in c.rows for f in row.fields)
    ]
    context.update(
        {
            "stale_fields": stale,
            "stale_collections": stale_collections,
            "system_refresh": f"{system.sheet_template}#{system.refresh_partial}",
        }
    )
    return render(request, "sheets/_refresh.html", context)
