"""The feed's cards: ``{% roll_card roll %}`` (rolls.cards), with the viewer's
``is_gm``, ``is_new`` and ``oob`` and the CSRF token taken from the template's context.

The rolls a sheets page shows come from here (sheets never import rolls), as the
admin's ``{% get_admin_log %}`` reads its log: ``{% party_feed party as rolls %}``,
``{% own_rolls character as recent_rolls %}``, ``{% with_last_rolls cards as cards %}``.
"""

from django import template
from django.db.models import JSONField, OuterRef, Subquery

from rolls.cards import roll_card_html, roll_dice_html
from rolls.models import Roll, in_words
from sheets.models import Character

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


@register.simple_tag
def party_feed(party):
    """The party's latest rolls, newest first, as its feed shows them."""
    return Roll.objects.feed_for(party)


@register.simple_tag
def own_rolls(character, count=10):
    """A character's latest rolls (its sheet page outside a party)."""
    return Roll.objects.filter(character=character).for_log().with_push_state()[:count]


@register.simple_tag
def with_last_rolls(cards):
    """The home page's character cards, each with ``last_roll`` (its label, outcome and
    ``created``, or None), read in one query."""
    last = Roll.objects.filter(character=OuterRef("pk")).order_by("-created", "-pk")
    pks = [card["character"].pk for card in cards]
    rows = Character.objects.filter(pk__in=pks).annotate(
        last_label=Subquery(last.values("label")[:1]),
        last_outcome=Subquery(last.values("outcome")[:1]),
        last_created=Subquery(last.values("created")[:1]),
        last_words=Subquery(last.values("result__words")[:1], output_field=JSONField()),
    )
    found = {
        pk: {
            # in the reader's language when the roll kept its words (models.KeepsWords)
            "label": in_words((words or {}).get("label", label)),
            "outcome": in_words((words or {}).get("outcome", outcome)),
            "created": created,
        }
        for pk, label, outcome, created, words in rows.values_list(
            "pk", "last_label", "last_outcome", "last_created", "last_words"
        )
        if label is not None
    }
    return [{**card, "last_roll": found.get(pk)} for card, pk in zip(cards, pks, strict=True)]
