"""A portrait as the pages show it: the picture, or the character's initials in its
place. Written in Python: the feed's cards (rolls/cards.py, 30 on a page) use it too."""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from sheets.portraits.images import SIZES


def initials(name: str) -> str:
    """ "Ash the Fixer" -> "AF", "Vex" -> "V": the first letters of the first and last
    words."""
    words = [word for word in name.split() if word[0].isalnum()] or name.split()
    if not words:
        return "?"
    letters = words[0][0] + (words[-1][0] if len(words) > 1 else "")
    return letters.upper()


def portrait_url(character, size: str) -> str:
    """The picture's address, with its key: a new upload is a new address."""
    url = reverse("character_portrait_image", args=[character.pk, size])
    return f"{url}?v={character.portrait}"


def portrait_html(character, size: str, *, alt: str = "", placeholder: bool = True) -> SafeString:
    """``<img>`` of ``character``'s portrait at ``size`` ("sheet", "card"), else (with
    ``placeholder``) its initials in the same box, hidden from screen readers (the name
    is beside it on every page)."""
    side = SIZES[size].side
    if character.portrait:
        return mark_safe(
            f'<img class="portrait portrait-{size}" src="{escape(portrait_url(character, size))}"'
            f' alt="{escape(alt)}" width="{side}" height="{side}" data-portrait>'
        )
    if not placeholder:
        return mark_safe("")
    return mark_safe(
        f'<span class="portrait portrait-{size} portrait-initials" aria-hidden="true"'
        f" data-portrait-initials>{escape(initials(character.name))}</span>"
    )
