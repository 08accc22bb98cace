"""Slots: checks read from the slot a die names; wounds and conditions fill the slots.

API for the web layer (import everything from ``sheets.systems.slots.dice``; every roll takes
the server's ``rng``; results are frozen dataclasses, ``as_data(result)`` is JSON):

Sheet state (``slots.sheet``)
- ``HUMAN``: the human ``Layout`` (4 focus slots; gear 2 head, 3 upper torso,
  4 lower torso, 5 legs and feet, 6 arm and hand, 7-8 grip, 9-12 pack). Other peoples:
  ``Layout(people, focus_slots, gear_slots=(Slot(number, kind, name), ...), adjacent,
  focus_adjacent, head, extremities)``.
- ``Sheet.empty(layout)``, then ``.holding(n, Item(name, tags, traits, wrapped), ...)``,
  ``.thinking(n, Idea(name, kind, concentrating))``, ``.with_gear(n, wound=, condition=)``.

Checks (``slots.checks``): ``Traverse()``, ``Sneak(can_hear, can_smell, exotic_traits,
obscured, inattentive, ambient_noisy, ambient_smelly)``, ``Block("strike"|"missile")``,
``Dodge("grab"|"blast")``, ``Concentrate()``, ``Beseech()``, ``Morale()``, ``Grit()``;
falls: ``Fall(dice)`` or ``Fall(fall_dice(feet, "solid"|"soft"|"water"))``.

Rolls (``slots.roll``)
- ``roll_check(rng, sheet, check, advantages=0, disadvantages=0) -> CheckRoll``
  (1 + |net| dice; ``.chooser`` is "player", "judge" or None when one die counts).
- ``suggest_die(roll, sheet, check) -> face``: the player's best / the judge's worst.
- ``choose_die(roll, face, by="player"|"judge") -> CheckRoll``.
- ``resolve_roll(sheet, check, roll) -> Resolution`` (success, outcome, reason, effects);
  ``resolve(sheet, check, face)`` reads one face.
- Falls (``slots.fall``): ``fall(rng, sheet, Fall(n)) -> FallResolution`` (every die
  read, always prone); ``resolve_fall(sheet, faces)`` reads dice already rolled.
- Cooperation: ``cooperate({"Ann": roll, "Bo": roll}) -> Cooperation``,
  ``swap_dice(group, "Ann", face, "Bo", face)`` (one exchange per character),
  ``read_results(group)``, then ``group.roll_of("Ann")`` is picked and resolved as usual.

Odds (``slots.odds``, exact ``Fraction``, cached)
- ``check_odds(sheet, check, advantages=0, disadvantages=0) -> CheckOdds``
  (success, each outcome, ``slot_read``: which face counts).
- ``fall_odds(sheet, dice) -> FallOdds`` (unharmed, 0/1/2/3+ dice that hurt, open wounds).
  Slots has no push, so there are no push odds.

Applying what the judge confirms (``slots.conditions``; each returns ``Change(sheet,
effects)``): ``apply_effects(sheet, resolution.effects, choices={"open wound:judge's
choice": 4})``, or directly ``take_wound``, ``reopen_wound``, ``treat_wound``, ``bleed``,
``bleed_every_open_wound``, ``mark_condition(sheet, condition, at=gear(n)|focus(n))``,
``condition_candidates``, ``remove_mark``, ``clear_condition``, ``ignite``,
``fire_round``, ``extinguish``. Effects such as "dead", "unconscious", "grit check",
"morale check" and "prone" are for the sheet and the judge to act on.

Decisions where the seed and rulings are silent (each also noted where it is coded):
- Human adjacency (RULINGS.md): 2-3, 3-4, 4-5 (head to feet), 3-6 (the arm on the upper
  torso), 6-7 and 6-8 (both grips in the hand); the pack 9-10-11-12 in a row, 9 next to
  3 (worn on the back); focus slots in a row 1-2-3-4. It is layout data.
- Grit fails on a focus slot marked with terror or holding no idea; failing = unconscious.
- A 1 on a fall die is a closed wound in a body slot of the judge's choice; a blunt or
  sharp item outside the body wounds a body slot of the judge's choice; a cushioning
  item spares its whole die (fragile items with it too).
- A wounded slot fails every gear check and that check's own failure follows (a failed
  block on a wounded body slot is a second wound there: a grit check).
- Sneak: ambient noise (smell) gives advantage only against foes that hear (smell);
  situational and granted advantages together never exceed 2 (more are accepted and
  add nothing; the roll says how many were set aside).
- Bleeding first marks the wound's own slot, else a free body slot with a lower number
  next to the wound or to another bleeding slot; none: dead.
- Cooperation: a character takes part in at most one exchange, given or received.
- The suggested die and the odds break ties between equally good faces by the lowest.
"""

from __future__ import annotations

from .checks import (
    CHECKS,
    Beseech,
    Block,
    Check,
    Concentrate,
    Dodge,
    Grit,
    Insanity,
    Morale,
    Resolution,
    Sneak,
    Traverse,
    resolve,
)
from .conditions import (
    Change,
    apply_effect,
    apply_effects,
    bleed,
    bleed_every_open_wound,
    bleeding_candidates,
    clear_condition,
    condition_candidates,
    extinguish,
    fire_round,
    ignite,
    mark_condition,
    remove_mark,
    reopen_wound,
    take_wound,
    treat_wound,
)
from .fall import (
    MAX_FALL_DICE,
    Fall,
    FallResolution,
    fall,
    fall_dice,
    resolve_fall,
)
from .odds import CheckOdds, FallOdds, check_odds, clear_caches, fall_odds
from .roll import (
    CheckRoll,
    Cooperation,
    Member,
    Swap,
    choose_die,
    cooperate,
    read_results,
    resolve_roll,
    roll_check,
    suggest_die,
    swap_dice,
)
from .sheet import (
    CONDITIONS,
    GEAR_TAGS,
    HUMAN,
    IDEA_KINDS,
    FocusSlot,
    GearSlot,
    Idea,
    Item,
    Layout,
    Ref,
    Sheet,
    Slot,
    focus,
    gear,
)

__all__ = [
    "CHECKS",
    "CONDITIONS",
    "GEAR_TAGS",
    "HUMAN",
    "IDEA_KINDS",
    "MAX_FALL_DICE",
    "Beseech",
    "Block",
    "Change",
    "Check",
    "CheckOdds",
    "CheckRoll",
    "Concentrate",
    "Cooperation",
    "Dodge",
    "Fall",
    "FallOdds",
    "FallResolution",
    "FocusSlot",
    "GearSlot",
    "Grit",
    "Idea",
    "Insanity",
    "Item",
    "Layout",
    "Member",
    "Morale",
    "Ref",
    "Resolution",
    "Sheet",
    "Slot",
    "Sneak",
    "Swap",
    "Traverse",
    "apply_effect",
    "apply_effects",
    "bleed",
    "bleed_every_open_wound",
    "bleeding_candidates",
    "check_odds",
    "choose_die",
    "clear_caches",
    "clear_condition",
    "condition_candidates",
    "cooperate",
    "extinguish",
    "fall",
    "fall_dice",
    "fall_odds",
    "fire_round",
    "focus",
    "gear",
    "ignite",
    "mark_condition",
    "read_results",
    "remove_mark",
    "reopen_wound",
    "resolve",
    "resolve_fall",
    "resolve_roll",
    "roll_check",
    "suggest_die",
    "swap_dice",
    "take_wound",
    "treat_wound",
]
