"""Group checks where one character rolls for everyone and the others help (a T2K group
roll, a Zombiepocalypse team lift): help is declared from each helper's own page before
the roll, and the roller's result is the group's. Shared by those systems' group parts.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy, gettext_noop

from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import is_saying, say

TOO_LATE = gettext_lazy("Help is declared before the roll: it has been rolled.")


def declared_helpers(others) -> list:
    """The participants who declared their help (a help part done without a note)."""
    return [p for p in others if p.role == "help" and p.done and not p.note]


def declare_help(others, limit: int | None = None, limit_message: str = "") -> None:
    """A helper's part (no dice): refused once the roller has rolled, or past ``limit``."""
    if limit is not None and len(declared_helpers(others)) >= limit:
        raise DiceError(limit_message)
    roller = next((p for p in others if p.role == "roll"), None)
    if roller is not None and roller.done:
        raise DiceError(TOO_LATE)


def close_the_rest(others, note: str = gettext_noop("no help declared before the roll")) -> None:
    """The roller rolls: whoever has not declared help by now is closed with ``note``."""
    for other in others:
        if not other.done:
            other.done, other.note = True, note


def roller_reading(participants, verb=None):
    """The group's reading: its roller's outcome, and who helped. None before the roll."""
    from rolls.groups import Reading

    roller = next((p for p in participants if p.role == "roll" and p.roll_id), None)
    if roller is None:
        return None
    helpers = [p.character.name for p in declared_helpers(participants)]
    outcome = ((roller.roll.result or {}).get("words") or {}).get("outcome", roller.roll.outcome)
    lines = [
        [
            say("Rolled by") if verb is None else verb if is_saying(verb) else say(verb),
            roller.character.name,
        ],
        [say("Helped by"), ", ".join(helpers) or say("nobody")],
        [say("Result"), outcome],
    ]
    return Reading(outcome=outcome, lines=lines)
