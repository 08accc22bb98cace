"""A moment typed into a form (ISO 8601, as the history page's restore buttons send it),
read in one place: an aware datetime, or None for anything that names no real moment.

``parse_datetime`` raises ValueError for a well-formed impossible date ("2024-02-30",
"25:61"), and a moment at the edge of the calendar ("0001-01-01T00:00:00+05:00",
"9999-12-31T23:59:59-05:00") parses, then overflows once turned into UTC for the
database or the local time for a message (OverflowError)."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime
from django.utils.timezone import is_naive, localtime, make_aware


def parse_moment(text) -> datetime | None:
    """``text`` (ASCII) as an aware datetime (naive: the site's time zone) that UTC and
    the local time can both hold; None otherwise."""
    if not isinstance(text, str) or not text.isascii():
        return None  # the page writes moments in ASCII; "٢٠٢٤" is no year of ours
    try:
        moment = parse_datetime(text.strip())
        if moment is None:
            return None
        if is_naive(moment):
            moment = make_aware(moment)
        moment.astimezone(UTC)
        localtime(moment)
    except (ValueError, OverflowError):
        return None
    return moment
