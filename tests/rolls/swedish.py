"""A few Swedish catalogue entries for the tests of stored rolls read in the reader's
language (no catalogue is compiled in a test run): the ``swedish`` fixture adds them to
Django's Swedish translation and makes Swedish active."""

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from rolls.templatetags.dice_tags import forget_drawn

SWEDISH = {
    "%(count)s successes": "%(count)s lyckanden",
    ("%(n)s success", 0): "%(n)s lyckande",
    ("%(n)s success", 1): "%(n)s lyckanden",
    "Strength": "Styrka",
    "%(attribute)s trauma": "trauma på %(attribute)s",
    "Fight": "Slåss",
    "%(skill)s roll": "slag för %(wrong)s",  # a translator's mistake
    "Undone: %(what)s.": "Ångrat: %(what)s.",
    "the effects of %(roll)s": "effekterna av %(roll)s",
    "Round %(round)s begins.": "Runda %(round)s börjar.",
    "left out: the GM read the results first": "utelämnad: SL läste resultatet först",
}


@pytest.fixture
def swedish():
    """Swedish active, with a few catalogue entries of its own (none compiled here)."""
    catalog = trans_real.translation("sv")._catalog
    saved = {key: catalog.get(key) for key in SWEDISH}
    for key, text in SWEDISH.items():
        catalog[key] = text
    forget_drawn()  # dice drawn in Swedish before these entries
    with translation.override("sv"):
        yield
    for key, text in saved.items():
        if text is None:
            del catalog._catalogs[0][key]
        else:
            catalog[key] = text
    forget_drawn()
