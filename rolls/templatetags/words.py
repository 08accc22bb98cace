"""STAND-IN (branch i18n-others): the ``words`` filter the i18n-rolls helper owns."""

from django import template
from django.utils.translation import gettext, ngettext

from sheets.systems.dice.words import put_into_words

register = template.Library()


@register.filter
def words(value):
    return put_into_words(value, gettext, ngettext)
