"""``{% api_tokens party %}``: the party's API tokens on its settings page (the GM's
only), drawn by the rolls app since sheets never import rolls (rolls/api/)."""

from django import template
from django.urls import reverse

from rolls.api.token_views import ApiTokenForm, new_token_key

register = template.Library()


@register.inclusion_tag("rolls/_api_tokens.html", takes_context=True)
def api_tokens(context, party):
    request = context["request"]
    form = getattr(request, "api_token_form", None) or ApiTokenForm(party=party)
    new = request.session.pop(new_token_key(party), None)  # shown this once
    tokens = list(party.api_tokens.active())
    for token in tokens:
        token.is_new = bool(new) and token.pk == new["id"]
    return {
        "party": party,
        "tokens": tokens,
        "new_token": new["token"] if new and any(t.is_new for t in tokens) else "",
        "form": form,
        "csrf_token": context.get("csrf_token"),
        "api_url": request.build_absolute_uri(reverse("api:api_party", args=[party.pk])),
        "openapi_url": reverse("api:openapi-json"),
    }
