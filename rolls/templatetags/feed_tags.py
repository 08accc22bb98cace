"""The feed's cards: ``{% roll_card roll %}`` (rolls.cards), with the viewer's
``is_gm``, ``is_new`` and ``oob`` and the CSRF token taken from the template's context."""

from django import template

from rolls.cards import roll_card_html, roll_dice_html

register = template.Library()


@register.simple_tag(takes_context=True)
def roll_card(context, roll):
    return roll_card_html(
        roll,
        is_gm=bool(context.get("is_gm")),
        is_new=bool(context.get("is_new")),
        oob=bool(context.get("oob")),
        csrf_token=context.get("csrf_token"),
    )


@register.simple_tag
def roll_dice(roll, small=False):
    """A roll's dice, grouped when it has several throws."""
    return roll_dice_html(roll, small=bool(small))
