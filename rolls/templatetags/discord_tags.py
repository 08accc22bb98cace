"""The Discord section of the party settings page (sheets draws it, rolls owns it)."""

from django import template

from rolls.discord.forms import WebhookForm
from rolls.discord.models import PartyWebhook

register = template.Library()


@register.inclusion_tag("rolls/discord/_section.html", takes_context=True)
def discord_section(context, party):
    webhook = PartyWebhook.objects.filter(party=party).first()
    return {"party": party, "webhook": webhook, "form": WebhookForm(),
            "csrf_token": context.get("csrf_token")}  # fmt: skip
