"""How urgent a character's state is, for the GM's dashboard: every system's summary
gives alerts in words ("Strength broken", "bleeding", "jammed: M16"); the dashboard puts
the most urgent first. Pure: no Django.

An alert is a str or a saying (``say("Strength broken")``, sheets/systems/dice/words.py):
it is ranked by its English words, so a translated page keeps the same order."""

from __future__ import annotations

from sheets.systems.dice.words import put_into_words

# Most urgent first. An alert's rank is that of the first of these words it contains.
URGENCY = (
    ("dead", "dead"),
    ("dying", "dead"),
    ("unconscious", "down"),
    ("unable to act", "down"),
    ("incapacitated", "down"),
    ("broken", "hurt"),
    ("bleeding", "hurt"),
    ("lethal", "hurt"),
    ("jammed", "gear"),
    ("out of ammo", "gear"),
    ("no rounds", "gear"),
    ("encumbered", "load"),
    ("stress", "mind"),
    ("terror", "mind"),
    ("sanity", "mind"),
)
CALM = len(URGENCY)
DOWN_LEVELS = {"dead", "down"}  # who is down, in the party strip
HELP_LEVELS = {"hurt"}  # who needs help


def alert_rank(alert) -> int:
    text = put_into_words(alert).lower()
    for rank, (word, _level) in enumerate(URGENCY):
        if word in text:
            return rank
    return CALM - 1 if text else CALM  # an alert we have no word for still comes first


def alert_level(alert) -> str:
    """ "dead", "down", "hurt", "gear", "load", "mind", or "other"."""
    text = put_into_words(alert).lower()
    for word, level in URGENCY:
        if word in text:
            return level
    return "other"


def ordered_alerts(alerts) -> list[str]:
    """The alerts, most urgent first (a stable order among equals)."""
    return sorted(alerts, key=alert_rank)


def card_rank(alerts) -> tuple[int, int]:
    """Sort key of a character's card: its most urgent alert, then how many it has."""
    ranks = [alert_rank(alert) for alert in alerts]
    return (min(ranks) if ranks else CALM + 1, -len(ranks))
