"""Ids (and slot numbers) read from a request: ASCII digits only, parsed here alone.

``str.isdigit()`` says yes to "²" (which ``int()`` then refuses: a 500) and to "٣" or a
fullwidth 3 (which ``int()`` reads as 3: a row the page never named). Every id a view, a form or
a roll reads from a URL's query, a form or a roll's step goes through ``parse_id``; the
caller answers 404 for an id in the URL or its query (``id_or_404``) and 422 with a
message for a form's value. Path ids need nothing: ``<int:pk>`` matches ASCII digits.
"""

from __future__ import annotations

from django import forms
from django.http import Http404

MAX_ID = 2**63 - 1  # a BigAutoField's largest value


def parse_id(value) -> int | None:
    """``value`` (a str of ASCII digits, or an int) as a whole number up to ``MAX_ID``;
    None for anything else: empty, signed, spaced, other digits, too large."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value <= MAX_ID else None
    if not isinstance(value, str) or not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if number <= MAX_ID else None


def id_or_404(value, message: str = "No such page.") -> int:
    """An id from the URL's query: unreadable is as unknown, a 404."""
    number = parse_id(value)
    if number is None:
        raise Http404(message)
    return number


class IdChoiceField(forms.ModelChoiceField):
    """A ModelChoiceField that reads its pk as ``parse_id`` does (Django's own turns "٣"
    into 3)."""

    def to_python(self, value):
        if value in self.empty_values or hasattr(value, "pk"):
            return super().to_python(value)
        if parse_id(str(value)) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)
