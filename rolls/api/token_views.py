"""The GM's API tokens, from the party's settings page (``{% api_tokens party %}``,
rolls/templatetags/api_tags.py): make one (shown once, on the page the GM lands on) and
revoke one (a request with it gets 401 at once)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from rolls.api.tokens import ApiToken
from sheets import settings_views
from sheets.models import Party

MAX_ACTIVE = 20  # tokens a party may hold at once


def new_token_key(party) -> str:
    """The session key that keeps a new token until the settings page shows it once."""
    return f"api-token-new-{party.pk}"


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=60,
        help_text=gettext_lazy("What you give it to, e.g. “Foundry” or “Discord bot”."),
        error_messages={"required": gettext_lazy("Give the token a name: what it is for.")},
    )

    def __init__(self, *args, party, **kwargs):
        self.party = party
        super().__init__(*args, **kwargs)

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Give the token a name: what it is for."))
        if self.party.api_tokens.active().count() >= MAX_ACTIVE:
            raise forms.ValidationError(
                _("This party already has %(count)s tokens: revoke one first.")
                % {"count": MAX_ACTIVE}
            )
        return name


def _section(party) -> str:
    return f"{reverse('party_settings', args=[party.pk])}#api-tokens"


@login_required
@require_POST
def token_create(request, pk):
    """A new token: the settings page shows it once, then only its name and prefix."""
    party = get_object_or_404(Party.objects.select_related("gm"), pk=pk, gm=request.user)
    form = ApiTokenForm(request.POST, party=party)
    if not form.is_valid():
        request.api_token_form = form  # {% api_tokens %} draws it with its message
        return settings_views._page(request, party, status=422)
    row, token = ApiToken.objects.create_for(
        party, name=form.cleaned_data["name"], user=request.user
    )
    request.session[new_token_key(party)] = {"id": row.pk, "token": token}
    return redirect(_section(party))


@login_required
@require_POST
def token_revoke(request, pk, token_pk):
    party = get_object_or_404(Party.objects.select_related("gm"), pk=pk, gm=request.user)
    row = get_object_or_404(party.api_tokens.active(), pk=token_pk)
    row.revoke()
    messages.success(
        request,
        _("The token “%(name)s” is revoked: tools using it are refused from now on.")
        % {"name": row.name},
    )
    return redirect(_section(party))
