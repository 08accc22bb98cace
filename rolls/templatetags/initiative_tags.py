"""The combat order on a sheet page (docs/initiative.md): ``{% initiative_strip party
character %}`` draws the strip as the viewer may see it, already filled; it is fetched
again whenever the party's feed says the order changed (rolls/_initiative_listen.html,
inside the feed). Sheets load this tag; they never import rolls."""

from django import template

from rolls import initiative
from rolls.initiative_views import order_rows

register = template.Library()


@register.inclusion_tag("rolls/_initiative_strip_slot.html", takes_context=True)
def initiative_strip(context, party, character):
    user = context["request"].user
    is_gm = party.is_gm(user)
    conflict = initiative.running(party)
    rows = order_rows(conflict, user, is_gm) if conflict else []
    return {
        "party": party,
        "page_character": character,
        "conflict": conflict,
        "rows": rows,
        "acting": next((row for row in rows if row["acting"]), None),
        "is_gm": is_gm,
        "view": "strip",
        "csrf_token": context.get("csrf_token"),
    }
