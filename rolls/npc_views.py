"""The GM's own rolls from the dashboard: NPCs and monsters by dice pool, and opposed
rolls against a character. Each system offers them in its registry entry
(``System.npc_actions``); no view here names a system.

A roll without a character is recorded for the party (``Roll.character`` empty,
``Roll.npc_name``), streamed to the party's feed like any roll, secret if the GM says so.
An opposed roll is recorded for the character it opposes: the form picks the character,
whose sheet is locked while the run reads it (and a push may change it).
"""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rolls.models import error_words
from rolls.rng import server_rng
from rolls.views import _page, _record, _result_response, odds_context
from sheets.models import Party
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import get_system


def _gm_party(request, pk):
    """The party if this user is its GM; a member who is not gets 403, anyone else 404."""
    party = get_object_or_404(Party.objects.for_user(request.user).select_related("gm"), pk=pk)
    if not party.is_gm(request.user):
        raise PermissionDenied(_("Only the GM rolls for NPCs."))
    return party


def _npc_action(system_slug, slug):
    try:
        system = get_system(system_slug)
        return system, system.npc_action(slug)
    except (LookupError, KeyError):
        raise Http404(f"No GM roll called {slug}.") from None


def _context(party, system, action, form):
    return {
        "party": party,
        "system": system,
        "character": None,
        "action": action,
        "form": form,
        "roll": None,
        "is_gm": True,
        "form_url": reverse("npc_roll", args=[party.pk, system.slug, action.slug]),
        "odds_url": reverse("npc_roll_odds", args=[party.pk, system.slug, action.slug]),
    }


@login_required
def npc_roll(request, pk, system, action):
    """GET: the GM roll's form with its exact odds. POST: roll it for the party."""
    party = _gm_party(request, pk)
    system, npc_action = _npc_action(system, action)
    data = request.POST if request.method == "POST" else None
    form = npc_action.form_class(party, data=data, initial=request.GET.dict())
    context = _context(party, system, npc_action, form)
    if request.method != "POST":
        return _page(request, "roll-form", context)
    if not form.is_valid():
        return _page(request, "roll-form", context, status=422)
    cleaned = form.cleaned_data
    character = cleaned.get("character")
    try:
        roll = _record(
            character, request.user,
            lambda locked: npc_action.runner(locked, cleaned, server_rng()),
            secret=request.POST.get("secret") == "on", party=party,
            npc_name=(cleaned.get("npc_name") or "").strip(), system=system,
        )  # fmt: skip
    except DiceError as error:
        form.add_error(None, error_words(error))
        return _page(request, "roll-form", context, status=422)
    context["roll"] = roll
    return _result_response(request, context)


@login_required
@require_GET
def npc_roll_odds(request, pk, system, action):
    """The exact odds for the inputs currently in the GM roll's form."""
    party = _gm_party(request, pk)
    system, npc_action = _npc_action(system, action)
    form = npc_action.form_class(party, data=request.GET or None)
    context = _context(party, system, npc_action, form)
    return render(request, "rolls/roll_page.html#odds", {**context, **odds_context(form)})
