"""``{% portrait character "sheet" %}``: the portrait, or the initials in its place
(sheets/portraits/markup.py). ``alt``: the picture's text, when the name is not beside it."""

from django import template

from sheets.portraits.markup import portrait_html

register = template.Library()


@register.simple_tag
def portrait(character, size="card", alt="", placeholder=True):
    return portrait_html(character, size, alt=alt, placeholder=placeholder)
