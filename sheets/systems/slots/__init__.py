"""Slots, the slot-inventory game (seed ``slots.md``, RULINGS.md "Slots").

The sheet IS the dice table: a d4 reads a focus slot, a d12 a gear slot (for a human).

- Peoples are data (``SlotsPeople`` + ``SlotsPeopleSlot``, admin-editable). Human (the
  rulings' layout) and an example Goblin are created by ``rules.ensure_peoples()``, an
  idempotent function called from ``sheet.new_sheet`` and the demo (chosen over a data
  migration because the lead regenerates migrations when merging); an admin's edits to
  an existing people are never overwritten.
- ``rules.engine_sheet`` turns the stored sheet into the dice engine's ``Sheet``
  (``sheets.systems.slots.dice``); ``rules.store`` writes the engine's marks back, one
  ``SlotsMark`` row per marked slot (unique per slot: never two conditions in a slot).
- The grid's own endpoints (items, ideas, pack, marks) are in ``views``/``urls``,
  mounted at ``characters/<pk>/slots/``; rolls (checks, fall, corruption, group check,
  time) in the package ``rolls/systems/slots/actions/`` with their forms in
  ``rolls/systems/slots/forms.py``.

Decisions where the seed is silent are noted where they are coded; the main ones:
disease and poison mark body slots and worsen like any condition; either the player or
the GM confirms a check's suggested outcome (the roll records who); without a party GM
the owner picks the die for the judge; "item dropped or damaged" flags the items as
damaged; a dropped pack's items stay on the sheet but count as empty for every check.
"""
