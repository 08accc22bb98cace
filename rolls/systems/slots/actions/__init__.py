"""Slots roll actions: read the slot grid, roll the engine's dice, apply what is confirmed.

A check is three steps on one Roll: the roll (every die with the slot it reads); with
advantage the player, with disadvantage the GM, picks the die that counts (``choose``
with ``step=pick``); the suggested outcome is then confirmed (``step=confirm``) and its
effects are applied to the sheet in the one transaction the choose view opens.

The package: ``sheet`` (what a die reads, the suggested reading, applying effects),
``checks`` (the plain check), ``confirming`` (picking the die that counts, confirming),
``falling``, ``exposure`` (corruption), ``time_passes`` (rounds and tries),
``cooperation`` (the group check). Every public name is importable from
``rolls.systems.slots.actions``.
"""

from sheets.systems.slots.dice import condition_candidates

from .checks import CHECK_PARAMS, PICK_RULE, check
from .confirming import choose
from .cooperation import (
    COOPERATION_RULE,
    cooperation_part,
    cooperation_read,
    cooperation_swap,
)
from .exposure import corruption
from .falling import fall
from .sheet import apply
from .time_passes import time

__all__ = [
    "CHECK_PARAMS",
    "COOPERATION_RULE",
    "PICK_RULE",
    "apply",
    "check",
    "choose",
    "condition_candidates",
    "cooperation_part",
    "cooperation_read",
    "cooperation_swap",
    "corruption",
    "fall",
    "time",
]
