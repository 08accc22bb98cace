"""A few Swedish catalogue entries for the tests of stored rolls read in the reader's
language (no catalogue is compiled in a test run): the ``swedish`` fixture adds them to
Django's Swedish translation and makes Swedish active."""

import contextlib

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


@contextlib.contextmanager
def swedish_words(words):
    """``words`` (catalogue key: Swedish) in Django's Swedish catalogue meanwhile; the
    dice drawn before or with them forgotten (``forget_drawn``)."""
    catalog = trans_real.translation("sv")._catalog
    saved = {key: catalog.get(key) for key in words}
    for key, text in words.items():
        catalog[key] = text
    forget_drawn()
    try:
        yield
    finally:
        for key, text in saved.items():
            if text is None:
                del catalog._catalogs[0][key]
            else:
                catalog[key] = text
        forget_drawn()


@pytest.fixture
def swedish():
    """Swedish active, with a few catalogue entries of its own (none compiled here)."""
    with swedish_words(SWEDISH), translation.override("sv"):
        yield
