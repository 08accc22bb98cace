"""Twilight: 2000 4E roll actions: read the sheet, roll ``sheets.systems.twilight.dice``, apply
the effects to the locked sheet and its rows, in the roll's transaction.

Rolls: skill roll, attack (firearm with ammo dice, or a close combat weapon), clearing a
jam, reloading (an action without dice), opposed roll, coolness under fire and
promotion (both unpushable). ``push`` pushes any pushable one; ``choose`` allocates an
attack's extra successes and ammo 6s to damage or extra hits, then rolls a hit location
per hit and takes the armor there off.

Caps: damage and stress never pass the hit and stress capacities (at the capacity the
character is broken: more damage changes nothing on the sheet, the note says so);
reliability never goes below 0; rounds never below 0.

The package: ``sheet`` (reading the sheet, results, applying effects), ``skills``,
``combat`` (attacks, jams, reloads), ``special`` (opposed, coolness under fire,
promotion, push), ``after`` (an attack's allocation and hit locations, group rolls).
Every name is importable from ``rolls.systems.twilight.actions``.
"""

from .after import (  # noqa: F401
    LOCATION_FIELDS,
    MAX_ARMOR,
    _armor,
    _number,
    choose,
    group_part,
    group_read,
)
from .combat import (  # noqa: F401
    attack,
    clear_jam,
    reload,
)
from .sheet import (  # noqa: F401
    MAX_MODIFIER,
    PUSH_RULE,
    SUCCESS_RULE,
    UNPUSHABLE,
    Changes,
    _die,
    _payload,
    _successes,
    dice_groups,
    engine_from,
    find_weapon,
    fire_refusal,
    line_label,
    push_rows,
    short_attribute,
    skill_dice,
    skill_rows,
    stored_words,
)
from .skills import (  # noqa: F401
    _helpers,
    _lines,
    _modifier_parts,
    skill_roll,
)
from .special import (  # noqa: F401
    _group_outcome,
    _opposed_rolled,
    _unpushable,
    cuf_roll,
    group_roll,
    opposed_roll,
    promotion_roll,
    push,
)
