"""Zombiepocalypse GM rolls: a zombie's check, from the dashboard (no sheet behind it)."""

from __future__ import annotations

from rolls.actions import Rolled
from rolls.systems.zombie import actions as sheet_rolls
from sheets.systems.dice.words import say


def zombie_check(sheet, cleaned, rng) -> Rolled:
    """The zombie kind's target number (6, or 5 for strength and endurance, as the admin
    keeps them), the GM's difficulty levels, d6 per roll of the complexity."""
    rolled = sheet_rolls.monster_check(None, cleaned, rng)
    kind = cleaned["kind"].name
    rolled.outcome = say("%(npc)s: %(outcome)s", npc=cleaned["npc_name"], outcome=rolled.outcome)
    # the card names the zombie: the label is the ability (and what it tries)
    ability = sheet_rolls.ability_saying(cleaned["ability"])
    what = (cleaned.get("what") or "").strip()
    label = say("%(ability)s (%(what)s)", ability=ability, what=what) if what else ability
    if cleaned["npc_name"] != kind:
        label = say("%(label)s (%(zombie)s)", label=label, zombie=kind)
    rolled.label = label
    return rolled
