"""A roll of the log as JSON: what the party's export file and the API both write
(docs/export-format.md, docs/api.md), so one description holds for both."""

from __future__ import annotations


def roll_entry(roll) -> dict:
    """The roll's fields (``roll`` read with its character and user)."""
    return {
        "at": roll.created.isoformat(),
        "character": roll.character.name if roll.character_id else None,
        "npc": roll.npc_name if roll.character_id is None else "",
        "by": roll.user.username if roll.user else None,
        "system": roll.system,
        "kind": roll.kind,
        "label": roll.label,
        "inputs": roll.inputs,
        "result": roll.result,
        "outcome": roll.outcome,
        "effects": roll.effects,
        "secret": roll.secret,
    }
