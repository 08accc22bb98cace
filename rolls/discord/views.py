"""The GM's Discord section of the party settings: set, replace or remove the webhook.
The form is drawn on the settings page ({% discord_section %}); a refused URL comes
back on this page with the message next to the field (422). GM only: anyone else 404."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from rolls.discord.forms import WebhookForm
from rolls.discord.models import PartyWebhook
from rolls.stream import reader_language
from sheets.models import Party


def _back(party):
    return redirect(reverse("party_settings", args=[party.pk]) + "#discord")


@login_required
def discord_settings(request, pk):
    """GET: the section alone. POST ``do=save`` with ``url``, or ``do=remove``."""
    party = get_object_or_404(Party, pk=pk, gm=request.user)
    webhook = PartyWebhook.objects.filter(party=party).first()
    form = WebhookForm()
    status = 200
    if request.method == "POST":
        if request.POST.get("do") == "remove":
            if webhook is not None:
                webhook.delete()
                messages.success(request, _("Rolls are no longer posted to Discord."))
            return _back(party)
        form = WebhookForm(request.POST)
        if form.is_valid():
            url = form.cleaned_data["url"]
            # the posts are written in the GM's language (docs/i18n.md)
            language = reader_language()
            if webhook is None:
                PartyWebhook.objects.create(party=party, url=url, language=language)
            elif webhook.url != url:  # a new address: its history starts anew
                PartyWebhook.objects.filter(pk=webhook.pk).delete()
                PartyWebhook.objects.create(party=party, url=url, language=language)
            else:
                PartyWebhook.objects.filter(pk=webhook.pk).update(language=language)
            messages.success(request, _("Rolls the party sees are now posted to Discord."))
            return _back(party)
        status = 422
    context = {"party": party, "webhook": webhook, "form": form}
    return render(request, "rolls/discord/settings.html", context, status=status)
