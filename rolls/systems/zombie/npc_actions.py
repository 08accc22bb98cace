"""Zombiepocalypse GM rolls: a zombie's check, from the dashboard (no sheet behind it)."""

from __future__ import annotations

from rolls.actions import Rolled
from rolls.systems.zombie import actions as sheet_rolls


def zombie_check(sheet, cleaned, rng) -> Rolled:
    """The zombie kind's target number (6, or 5 for strength and endurance, as the admin
    keeps them), the GM's difficulty levels, d6 per roll of the complexity."""
    rolled = sheet_rolls.monster_check(None, cleaned, rng)
    kind = cleaned["kind"].name
    rolled.outcome = f"{cleaned['npc_name']}: {rolled.outcome}"
    rolled.label = rolled.label.removeprefix(f"{kind}: ")  # the card names the zombie
    if cleaned["npc_name"] != kind:
        rolled.label += f" ({kind})"
    return rolled
