"""``{{ value|words }}``: a stored roll's words in the reader's language (issue 30).

A roll's label, outcome, lines, rule and effect notes are stored as *sayings*
(``sheets.systems.dice.words``): an English message id with its values. This filter
puts one into the words of the language active for the request (Django's catalogues);
text stored before sayings existed is shown as it was, a list is joined with ", ", and
a catalogue entry whose placeholders do not fit falls back to the English.
"""

from django import template
from django.utils.translation import gettext, ngettext, pgettext

from sheets.systems.dice.words import put_into_words

register = template.Library()


def in_words(value) -> str:
    """``value`` (a saying, a list, plain text) in the active language."""
    return put_into_words(value, gettext, ngettext, pgettext)


@register.filter
def words(value):
    return in_words(value)
