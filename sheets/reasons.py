"""Stored history reasons read in the reader's language.

A reason is stored in English, the language of the database. The code that stores one
marks it for the catalogue with the context ``"history reason"``:

    changes.save(pgettext_noop("history reason", "Attack with %(weapon)s") % {"weapon": name})

Marked that way, a reason needs no list of its own: ``reason_in_words`` reads the
shapes from the active language's catalogue (every message of that context), finds the
one a stored reason was made from, and fills its translation with the same parts, each
part through the catalogue as well (a skill's English label reads in Swedish too; a
name a player typed stays theirs). A reason of no known shape reads as stored.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils import translation
from django.utils.translation import gettext, pgettext, trans_real

# Django has gettext_noop but no such marker with a context: this one marks a message
# under its context (makemessages knows it: config/management/commands/makemessages.py)
# and gives it back as it is, in English, to be stored
from sheets.systems.dice.words import marked_in as pgettext_noop

__all__ = ["CONTEXT", "pgettext_noop", "reason_in_words"]

CONTEXT = "history reason"
_PART = re.compile(r"%\((\w+)\)s")


def reason_in_words(reason: str) -> str | None:
    """``reason`` in the active language, if it is a marked reason; None if not."""
    exact = pgettext(CONTEXT, reason)
    if exact != reason:
        return exact
    for shape, message in _shapes(translation.get_language() or "en"):
        found = shape.fullmatch(reason)
        if found:
            parts = {name: gettext(value) for name, value in found.groupdict().items()}
            return pgettext(CONTEXT, message) % parts
    return None


@cache
def _shapes(language: str) -> tuple[tuple[re.Pattern, str], ...]:
    """The shapes of the reasons this language's catalogue translates, the longest
    (the most particular) first."""
    prefix = f"{CONTEXT}\x04"
    catalog = trans_real.translation(language)._catalog
    messages = {
        key[len(prefix) :]
        for key in catalog.keys()  # noqa: SIM118 (Django's catalogue has no iteration)
        if isinstance(key, str) and key.startswith(prefix) and "%(" in key
    }
    shapes = [(_pattern(message), message) for message in messages]
    shapes.sort(key=lambda shape: -len(_PART.sub("", shape[1])))
    return tuple(shapes)


def _pattern(message: str) -> re.Pattern:
    """``"Attack with %(weapon)s"`` → a pattern that finds the weapon in a stored reason."""
    pieces, start = [], 0
    for part in _PART.finditer(message):
        pieces.append(re.escape(message[start : part.start()]))
        pieces.append(f"(?P<{part[1]}>.+?)")
        start = part.end()
    pieces.append(re.escape(message[start:]))
    return re.compile("".join(pieces), re.DOTALL)
