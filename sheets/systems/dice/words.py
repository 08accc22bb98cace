"""What a roll says, kept as data and put into words when it is read (issue 30).

A roll's stored result (its label, outcome, lines, rule and effect notes) is read back
for years, by players who read other languages. So the engines and actions never store
finished English: they store a *saying*, an English message id with its values, and
the page renders it in the reader's language (``rolls.templatetags.words``).

    say("%(count)s successes", count=3)         -> {"say": "...", "with": {"count": 3}}
    say_n("%(n)s success", "%(n)s successes", 3) -> {"say": ..., "plural": ..., "n": 3}
    say_in("Mutant: Year Zero attribute", "Agility") -> {"say": "Agility", "in": "..."}

``say_in`` gives the message a context, as ``pgettext`` does: the same English word can
need two translations (MYZ's Agility is "Kyla" in Swedish, Twilight's "Smidighet").

Values may be numbers, plain text (a character's own words, a name) or sayings again
(an attribute's name inside a line). Text stored before sayings existed stays a plain
string and is shown as it was.

``say``, ``say_n`` and ``say_in`` are the extraction keywords (``manage.py makemessages`` knows
them: config/management/commands/makemessages.py); the message must be a literal.
This module imports no Django: the engines are pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Saying = dict[str, Any]


def say(message: str, /, **values: Any) -> Saying:
    """A message to be put into the reader's words, with its named values."""
    saying: Saying = {"say": message}
    if values:
        saying["with"] = values
    return saying


def say_n(singular: str, plural: str, n: int, /, **values: Any) -> Saying:
    """A message whose words depend on the count ``n`` (given to the message as ``n``)."""
    return {"say": singular, "plural": plural, "n": n, "with": {"n": n, **values}}


def say_in(context: str, message: str, /, **values: Any) -> Saying:
    """A message read within ``context`` (a game's attribute, say), with its values."""
    saying = say(message, **values)
    saying["in"] = context
    return saying


def marked(message: str, /) -> str:
    """Marks a word for the catalogue and gives it back in English: a pure module's
    names (a game's attributes, skills) imported as ``_`` so that makemessages reads
    ``_("...")``; the Django side translates them when they are shown."""
    return message


def marked_in(context: str, message: str, /) -> str:
    """As ``marked``, with a context: imported as ``pgettext`` (makemessages reads
    ``pgettext("context", "...")``)."""
    return message


def sentences(parts: list) -> Saying | str:
    """Sayings (or text) one after the other, a space between, as one saying."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    # Translators: two sentences one after the other; keep as is unless the order differs
    return say("%(first)s %(then)s", first=parts[0], then=sentences(parts[1:]))


def is_saying(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("say"), str)


def put_into_words(
    value: Any,
    gettext: Callable[[str], str] = lambda message: message,
    ngettext: Callable[[str, str, int], str] | None = None,
    pgettext: Callable[[str, str], str] | None = None,
) -> str:
    """``value`` as text: a saying translated by ``gettext``/``ngettext`` (English when
    none are given) with its values put into words the same way; a list joined with
    ", "; anything else as ``str()``. A saying with a context is looked up with
    ``pgettext`` (``gettext`` without it when none is given). A message whose values
    do not fit it is shown untranslated rather than failing (a catalogue's mistake
    must not hide a roll)."""
    if is_saying(value):
        values = {
            key: put_into_words(inner, gettext, ngettext, pgettext)
            if is_saying(inner) or isinstance(inner, list)
            else inner
            for key, inner in (value.get("with") or {}).items()
        }
        if "plural" in value:
            count = int(value.get("n", 0))
            if ngettext is not None:
                text = ngettext(value["say"], value["plural"], count)
            else:
                text = value["say"] if count == 1 else value["plural"]
        elif isinstance(value.get("in"), str) and pgettext is not None:
            text = pgettext(value["in"], value["say"])
        else:
            text = gettext(value["say"])
        if not values:
            return text
        try:
            return text % values
        except (KeyError, TypeError, ValueError):
            english = (
                value["say"] if "plural" not in value or value.get("n") == 1 else value["plural"]
            )
            try:
                return english % values
            except (KeyError, TypeError, ValueError):
                return english
    if isinstance(value, list):
        return ", ".join(put_into_words(item, gettext, ngettext, pgettext) for item in value)
    if value is None:
        return ""
    return str(value)
