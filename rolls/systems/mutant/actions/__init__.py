"""Mutant: Year Zero roll actions: read the sheet, roll ``sheets.systems.mutant.dice.rules``,
apply effects.

Each ``run(sheet, cleaned_data, rng) -> Rolled`` is called by the roll views inside
``transaction.atomic()`` with the MutantSheet row already locked; it changes the sheet
(and a weapon or gear row for a push) itself and saves only the fields it changed, with
``sheet._change_reason`` for the sheet's history.

Caps (RULINGS): trauma never goes above the attribute score, counters stay in 0..10 and
temporary + permanent rot fits the ten boxes; a capped effect says so in its note.

Which attribute a skill rolls with, the skills' and attributes' names and the base dice
an attribute gives come from the sheet's rules (``sheets/systems/mutant/rules.py``):
the sheet page, the dashboard and the rolls read one definition.

The package: ``sheet`` (the sheet's words, skill pools, applying effects), ``skills``
(skill rolls and pushes), ``armor_rot``, ``mutations`` (and D6/D66), ``upkeep`` (healing,
the daily ration, Rot-Eater). Every public name is importable from
``rolls.systems.mutant.actions``; the helpers the modules share (``_Changes``...) stay
in their own module.
"""

from .armor_rot import (  # noqa: F401
    armor_roll,
    decontaminate,
    rot_event,
    rot_protection,
)
from .mutations import (  # noqa: F401
    choose,
    d6_roll,
    d66_roll,
    mutation_roll,
)
from .sheet import (  # noqa: F401
    ATTACK_SKILLS,
    METHODS,
    MISFIRE_ATTRIBUTE,
    MISFIRE_CHOICES,
    PUSH_RULE,
    ROT_SOURCE_NAMES,
    ROT_SOURCES,
    SKILL_RULE,
    SKILLS,
    UNARMED_DAMAGE,
    SkillPool,
    broken_message,
    find_item,
    has_mutation,
    has_talent,
    item_value,
    skill_attribute,
    skill_name,
    skill_pool,
)
from .skills import (  # noqa: F401
    push,
    skill_roll,
)
from .upkeep import (  # noqa: F401
    ARMS_LENGTH,
    NO_RATION_LEFT,
    ROT_EATER_LABELS,
    ROT_EATER_RANGES,
    ROT_EATER_RULE,
    ROT_EATER_USES,
    daily_ration,
    emit_range_refusal,
    heal_trauma,
    rot_eater,
)
