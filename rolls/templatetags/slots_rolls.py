"""The Slots rolls still waiting for a step, shown above the grid:
``{% pending_rolls character as pending_rolls %}`` (sheets never import rolls)."""

from django import template

from rolls.models import Roll

register = template.Library()

PENDING_LOOKBACK = 10  # the character's latest rolls searched for an open step


@register.simple_tag
def pending_rolls(character) -> list:
    """The character's latest Slots rolls that still wait for a die to be picked or the
    reading to be confirmed (one query)."""
    latest = Roll.objects.filter(character=character, system="slots").order_by("-pk")
    return [
        roll
        for roll in latest[:PENDING_LOOKBACK]
        if (roll.result.get("reading") is not None and not roll.result.get("confirmed"))
        or (roll.result.get("chooser") and roll.result.get("read_index") is None)
    ]
