"""Roll actions: read a sheet, call the pure dice in ``sheets.systems.dice``, apply the effects.

Every system's actions (``rolls/systems/<system>/actions``) offer its roll actions as
``run(sheet, cleaned_data, rng) -> Rolled`` (listed in the system's registry
descriptor) and, for pushable rolls, ``push(sheet, roll, rng) -> Rolled``. They are
called with the sheet row locked, inside the transaction that writes the Roll, so
they may change the sheet (and its rows) directly and must save what they change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheets.systems.dice.core import Effect, as_data


@dataclass
class Rolled:
    """What a roll action hands back to the roll path, all JSON-ready.

    ``result`` holds ``dice`` (every die: kind, size, face, counts, rerolled), ``lines``
    ([label, value] pairs such as ["Successes", "2"]), ``rule`` (a short rule note),
    and, for a pushable roll, ``push_odds`` ([label, percentage] pairs).
    ``effects`` lists what was applied to the sheet.
    """

    kind: str
    label: str
    outcome: str
    inputs: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    pushable: bool = False


def effects_data(effects) -> list[dict[str, Any]]:
    """Effects (``sheets.systems.dice.core.Effect``) as JSON-ready dicts for the Roll row."""
    return [as_data(effect) if isinstance(effect, Effect) else dict(effect) for effect in effects]
