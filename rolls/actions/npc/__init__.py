"""The GM's rolls for NPCs and monsters, and opposed rolls, one module per system
(``rolls/actions/npc/<system>.py``). Runners are ``run(sheet, cleaned_data, rng)``: the
sheet is the locked sheet of the character an opposed roll picks, else None. Pushes are
``push(sheet, roll, rng)`` (the registry's ``npc_push``)."""

from __future__ import annotations

from sheets.systems.dice.core import DiceError

ACTIVE_CHARACTER, ACTIVE_NPC = "character", "npc"


def refuse_other_character(sheet, roll) -> None:
    if sheet is not None and roll.character_id != sheet.character_id:
        raise DiceError("This roll belongs to another character.")


def opposed_outcome(active_name: str, passive_name: str, won: bool, net: int,
                    mine: int, theirs: int) -> str:  # fmt: skip
    if won:
        return f"{active_name} wins by {net} against {passive_name}"
    return f"{active_name} loses to {passive_name} ({mine} against {theirs})"
