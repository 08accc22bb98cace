"""The party's settings page (the GM's only): its name, the invite (copied, revoked,
regenerated), the members (a player removed keeps their characters, outside the party),
and each system's party-level settings (the clock, the sector's rot level...), looped
over the registry. A change to a system's settings reaches every open sheet and the
dashboard through the party's feed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from sheets import party_settings
from sheets.forms import PartyNameForm
from sheets.models import Party, new_invite_code
from sheets.signals import party_settings_changed
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import get_system


def _gm_party(request, pk):
    """The party, for its GM; anyone else (players too) gets 404."""
    return get_object_or_404(Party.objects.select_related("gm"), pk=pk, gm=request.user)


def _page(request, party, *, name_form=None, bound=None, status=200):
    forms = party_settings.forms_for(party)
    if bound is not None:
        forms = [bound if f.system.slug == bound.system.slug else f for f in forms]
    context = {
        "party": party,
        "is_gm": True,
        "name_form": name_form or PartyNameForm(instance=party),
        "invite_url": request.build_absolute_uri(
            reverse("party_join_code", args=[party.invite_code])
        ),
        "memberships": _members(party),
        "system_forms": forms,
    }
    return render(request, "sheets/party_settings.html", context, status=status)


def _members(party):
    """The players, each with their characters at this table."""
    theirs: dict[int, list] = {}
    for character in party.characters.order_by("name"):
        theirs.setdefault(character.owner_id, []).append(character)
    memberships = list(party.memberships.select_related("user"))
    for membership in memberships:
        membership.party_characters = theirs.get(membership.user_id, [])
    return memberships


@login_required
def settings_page(request, pk):
    """GET: the page. POST: the party's name."""
    party = _gm_party(request, pk)
    if request.method != "POST":
        return _page(request, party)
    form = PartyNameForm(request.POST, instance=party)
    if not form.is_valid():
        return _page(request, party, name_form=form, status=422)
    form.save()
    messages.success(request, _("The party is now called %(name)s.") % {"name": party.name})
    return redirect("party_settings", pk=party.pk)


@login_required
@require_POST
def invite(request, pk):
    """``do=revoke``: nobody joins with the code; ``do=regenerate``: a new code (the old
    one stops working) that works at once."""
    party = _gm_party(request, pk)
    action = request.POST.get("do", "")
    if action == "revoke":
        party.invite_open = False
        party.save(update_fields=["invite_open"])
        messages.success(request, _("The invite is revoked: nobody can join with it now."))
    elif action == "regenerate":
        code = new_invite_code()
        while Party.objects.filter(invite_code=code).exists():
            code = new_invite_code()
        party.invite_code, party.invite_open = code, True
        party.save(update_fields=["invite_code", "invite_open"])
        messages.success(
            request, _("New invite code %(code)s: the old one no longer works.") % {"code": code}
        )
    else:
        raise Http404(_("No such invite action."))
    return redirect(f"{reverse('party_settings', args=[party.pk])}#invite")


def settings_form(request, pk, system):
    """The GM's party and ``system``'s settings form bound to the POST (404: not the GM,
    no such system, or no settings for it at this table)."""
    party = _gm_party(request, pk)
    try:
        descriptor = get_system(system)
    except LookupError:
        raise Http404(_("No such game system.")) from None
    forms = party_settings.forms_for(party, request.POST, only=descriptor.slug)
    form = next((f for f in forms if f.system.slug == descriptor.slug), None)
    if form is None:
        raise Http404(_("This party keeps no settings for that game."))
    return party, form


def apply_settings(request, party, form, act):
    """Validate ``form``, then ``act()`` (in a transaction; it returns the GM's sentence)
    and announce the party's settings. A refused value or rule: the page again, 422."""
    if not form.is_valid():
        return _page(request, party, bound=form, status=422)
    try:
        with transaction.atomic():
            message = act()
            party_settings_changed.send(Party, party=party)
    except DiceError as error:
        form.add_error(None, str(error))
        return _page(request, party, bound=form, status=422)
    messages.success(request, message)
    return redirect(f"{reverse('party_settings', args=[party.pk])}#settings-{form.system.slug}")


@login_required
@require_POST
def system_settings(request, pk, system):
    """One system's party-level settings (the clock, the rot level...), from its form.
    Its buttons that pass time post to ``rolls.time_views.party_time`` instead."""
    party, form = settings_form(request, pk, system)
    if form.button in form.time_buttons:
        raise Http404(_("Time passes through the rolls: this button posts there."))
    return apply_settings(request, party, form, lambda: form.save(request.user, form.button))
