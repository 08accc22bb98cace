"""Zombiepocalypse (Z6E) sheet rules: pure values the sheet, the forms and the rolls share.

The dice themselves live in ``sheets/systems/zombie/dice/rules.py``; this module only says what a
sheet brings to a check (its injuries, its status effects, its Player's Option) and how
the sheet's words read.

Decisions where the seed and RULINGS.md are silent (also noted where they apply):

- Injuries are penalties (-3..0) added on top of the capped difficulty, like a skill
  bonus; several injuries add up (the seed gives no cap for them).
- Status effects (tied up, blinded...) are factors of the third difficulty level, the
  character's status: -1 or +1 each, and they do not stack with each other or with the
  status factors the GM names for the check, but they may cancel.
- The Player's Option bonus runs 1..3 (the seed only shows +1; three is the most any
  one difficulty level set can give, so a bought skill never outweighs a whole check).
- Only the character's latest Skill Check can be turned around by buying the option
  after the roll ("any completed actions will not be changed").
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

LEVELS = (
    ("environment", _("Environment"), _("darkness, fog, wet, noise...")),
    ("target", _("Target or opponent"), _("a large man, a heavy object, a helper, a pulley...")),
    ("status", _("Character's status"), _("tied up, blinded, rested...")),
)
LEVEL_LABELS = {slug: label for slug, label, _ in LEVELS}
MAX_FACTORS = 5  # factors named per level and direction: they count as one anyway
MAX_OPTION_BONUS = 3
MAX_INJURY = 3  # one injury's penalty: -3..0
ABILITIES = (
    ("agility", _("Agility")),
    ("perception", _("Perception")),
    ("cunning", _("Cunning")),
    ("strength", _("Strength")),
    ("endurance", _("Endurance")),
)
ABILITY_LABELS = dict(ABILITIES)

FAILED_REFUSAL = _("failed: it cannot be tried again until the situation changes")
BASIC_NOTE = _("a basic action: no roll is needed, it simply succeeds")


def injury_total(conditions: Iterable) -> int:
    """The injuries' penalties added up (each -3..0): they stack, on top of the cap."""
    return sum(c.modifier for c in conditions if c.kind == "injury")


def status_factors(conditions: Iterable) -> list[int]:
    """The status effects' factors (-1/+1) for the character's-status level."""
    return [c.modifier for c in conditions if c.kind == "status" and c.modifier]


def factors(hindering: int, helping: int) -> list[int]:
    """A level's factors as the dice engine reads them: -1 each against, +1 each for."""
    return [-1] * hindering + [1] * helping


def option_label(skill: str, bonus: int, scope: str = "") -> str:
    """ "Strong +1", "Pilot (automobile) +1", "Hacker" (no bonus: a learned skill that
    makes an action possible)."""
    label = skill
    if scope:
        label += f" ({scope})"
    if bonus:
        label += f" {bonus:+d}"
    return label
