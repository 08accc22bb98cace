"""Agents roll actions: read the sheet, roll ``sheets.systems.agents.dice``, apply the effects.

Each ``run(sheet, cleaned_data, rng) -> Rolled`` is called with the AgentSheet row locked,
inside the transaction that writes the Roll. It saves what it changes (with
``_change_reason`` for the history). Actions without dice (damage taken, long rest,
reload, raise a skill, the clock...) are rolls without dice: the table sees them in the
feed like any roll.

The party's clock: the basic roll reads its hour for the time-of-day modifier; rests,
research, a month of rest and the GM's clock action move it on, and every Vampire of the
party whose Day begins meanwhile takes +5 stress (sheets.systems.agents.dice.sheet.time_passes).

The package: ``sheet`` (reading an agent's sheet, applying effects, the party's clock),
``basic`` (the basic roll and attacks), ``recovery`` (damage, sanity, rests, stims, High,
research), ``advances`` (reloads, raising a skill, reviving, traumas, the GM's clock, the
steps after a roll). Every name is importable from ``rolls.systems.agents.actions``.
"""

from .advances import (  # noqa: F401
    choose,
    clock,
    high_options,
    raise_skill,
    reload,
    remove_trauma,
    revive,
)
from .basic import (  # noqa: F401
    _attack,
    basic_roll,
    engine_weapon,
)
from .recovery import (  # noqa: F401
    _maxima,
    incoming_damage,
    long_rest,
    research,
    sanity_damage,
    short_rest,
    spend_high,
    use_stim,
)
from .sheet import (  # noqa: F401
    AMMUNITION_RELOADS,
    ATTACK_SKILL,
    BASIC_RULE,
    POOL_LABELS,
    Changes,
    _dice,
    _distinct,
    _pk,
    advance_clock,
    ammunition,
    attack_kind,
    attack_skill,
    attack_stat,
    build_check,
    cannot_act,
    check_high_on_stress,
    check_modifiers,
    clock_of,
    current_hour,
    find_named_skill,
    find_skill,
    find_weapon,
    locked_skill,
    read_skills,
    stims,
    total_modifier,
    vampire_days,
)
