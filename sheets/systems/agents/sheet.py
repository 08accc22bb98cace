"""The Agents sheet page, its dashboard summary, and a new agent's sheet.

Rows are read through ``.all()`` so that, prefetched, they cost no query; the party's
clock is the one query the page adds (the dashboard summary does not read it).
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from sheets.editing import editing_context
from sheets.history_access import create_with_history
from sheets.systems.agents import rules
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import LEVEL_CHOICES, AgentClock, AgentSheet, AgentSkill
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import Summary, SummaryValue

SHEET_TABS = [
    {"slug": "gear", "label": gettext_lazy("Gear & items")},
    {"slug": "supplies", "label": gettext_lazy("Funds & supplies")},
    {"slug": "juniors", "label": gettext_lazy("Junior agents")},
    {"slug": "agent", "label": gettext_lazy("Agent & skills")},
    {"slug": "notes", "label": gettext_lazy("Notes & research")},
]


# Rolls and actions the weapons region offers as buttons (the rest are in the Roll menu).
QUICK_ACTIONS = [
    ("incoming", gettext_lazy("Take damage")),
    ("short_rest", gettext_lazy("Short rest")),
    ("stim", gettext_lazy("Stim")),
    ("spend_high", gettext_lazy("Spend High")),
    ("reload", gettext_lazy("Reload")),
]


def safe_mind(sheet) -> engine.Mind:
    """The agent's mind for the page; a sheet with more than three traumas (only the admin
    or a database edit can make one) still shows, with the limits of its first three."""
    try:
        return rules.mind(sheet)
    except DiceError:
        names = rules.traumas(sheet)
        table = [n for n in names if n in rules.TABLE_TRAUMAS.values()][: engine.MAX_TRAUMAS]
        kept = tuple(n for n in names if n in table or n in rules.CONDITIONS.values())
        return engine.Mind(sheet.stress, sheet.high, sheet.sanity, kept)


def listed_skills() -> list[AgentSkill]:
    """The seed's 56 skills, unsaved, in the table's order."""
    return [
        AgentSkill(category=category, name=name)
        for category, (_, names) in rules.SKILL_TABLE.items()
        for name in names
    ]


def clock_for(party) -> AgentClock | None:
    if party is None:
        return None
    try:
        return party.agents_clock
    except ObjectDoesNotExist:
        return None


def time_state(sheet, clock) -> dict:
    """The clock's time of day and what it does to this agent's rolls."""
    if clock is None:
        return {"clock": None, "period": "", "modifier": 0, "note": _("No party clock")}
    ancestry = rules.rules_ancestry(sheet)
    when = engine.time_of_day(ancestry, clock.hour)
    # the ancestry and the period are the engine's words, in the catalogue by their sayings
    words = {"ancestry": _(ancestry), "period": _(when.period)}
    if when.stress:
        note = _("%(ancestry)s by %(period)s: +%(stress)s stress when it begins") % {
            **words,
            "stress": when.stress,
        }
    elif when.roll_modifier:
        note = _("%(ancestry)s by %(period)s: %(modifier)s on every roll") % {
            **words,
            "modifier": f"{when.roll_modifier:+d}",
        }
    else:
        note = _("%(ancestry)s by %(period)s: normal rolls") % words
    return {
        "clock": clock,
        "period": _(when.period),
        "modifier": when.roll_modifier,
        "note": note,
        "time": _("Day %(day)s, %(time)s")
        % {"day": clock.day, "time": f"{clock.hour:02d}:{clock.minute:02d}"},
    }


def skill_groups(skills, fields) -> list[dict]:
    groups = []
    for category, (label, _stat) in rules.SKILL_TABLE.items():
        rows = []
        for skill in skills:
            if skill.category != category:
                continue
            prefix = f"skills-{skill.pk}"
            rows.append(
                {
                    "skill": skill,
                    "level": fields.get(f"{prefix}-level"),
                    "xp": fields.get(f"{prefix}-xp"),
                    "role_pick": fields.get(f"{prefix}-role_pick"),
                    "ancestry_pick": fields.get(f"{prefix}-ancestry_pick"),
                    "stat": rules.STAT_ABBR[skill.stat],
                    "query": f"skill={skill.pk}",
                }
            )
        custom = sum(row["skill"].custom for row in rows)
        groups.append(
            {
                "slug": category,
                "label": pgettext(rules.SKILL_CONTEXT, label),
                "stat": rules.STAT_ABBR[rules.CATEGORY_STAT[category]],
                "rows": rows,
                "free_slots": rules.CUSTOM_SLOTS - custom,
            }
        )
    return groups


def context(character, sheet, first_answer: bool = False) -> dict:
    edit = editing_context(character, sheet, lazy=first_answer)
    fields = edit["editable_fields"]
    skills = list(sheet.skills.all())
    derived = rules.derived(sheet, skills)
    stress_penalty = -sheet.stress
    return {
        **edit,
        # "· Novice, +1 Apprentice, ..." above the skills, which show the bonus alone
        "level_legend": ", ".join(
            f"+{level} {name}" if level else f"· {name}" for level, name in LEVEL_CHOICES
        ),
        "role_name": _(rules.ROLES[sheet.role].name) if sheet.role in rules.ROLES else "",
        "ancestry_name": (
            _(rules.ANCESTRIES[sheet.ancestry].name) if sheet.ancestry in rules.ANCESTRIES else ""
        ),
        "role": rules.ROLES.get(sheet.role),
        "ancestry": rules.ANCESTRIES.get(sheet.ancestry),
        "stat_rows": [
            {
                "name": stat,
                "label": _(rules.STAT_LABELS[stat]),
                "abbr": rules.STAT_ABBR[stat],
                "field": fields[stat],
                "bonus": rules.bonus(getattr(sheet, stat)),
            }
            for stat in rules.STATS
        ],
        "derived": derived,
        "pools": [
            {"field": fields["hp"], "max": derived.max_hp, "abbr": "HP"},
            {"field": fields["fortitude"], "max": derived.max_fortitude, "abbr": "FT"},
            {"field": fields["sanity"], "max": derived.max_sanity, "abbr": "Sanity"},
            {"field": fields["ap"], "max": derived.max_ap, "abbr": "AP"},
        ],
        "stress_penalty": stress_penalty,
        "mind": safe_mind(sheet),
        "unable_to_act": rules.unable_to_act(sheet),
        "trauma_rows": [
            {
                "field": fields[name],
                "effect": _(rules.TRAUMA_EFFECTS[name]),
                "table": name in rules.TABLE_TRAUMAS,
            }
            for name in rules.TRAUMA_FIELDS
        ],
        "trauma_names": [_(name) for name in rules.traumas(sheet)],
        "skill_groups": skill_groups(skills, fields),
        "skills": skills,
        "weapon_rows": [
            {
                "weapon": weapon,
                "query": f"weapon={weapon.pk}",
                "label": _("attack with %(weapon)s") % {"weapon": weapon.name},
            }
            for weapon in sheet.weapons.all()
        ],
        "quick_actions": QUICK_ACTIONS,
        "items": list(sheet.items.all()),
        "supplies": list(sheet.supplies.all()),
        "juniors": list(sheet.juniors.all()),
        "junior_limit": rules.junior_limit(sheet),
        "influence_bonus": rules.bonus(sheet.influence),
        "weekly_costs": sum(supply.weekly_price for supply in sheet.supplies.all()),
        "armor_fortitude": rules.armor_fortitude(sheet),
        "creation_warnings": rules.creation_warnings(sheet, skills),
        "time": time_state(sheet, clock_for(character.party)),
        "sheet_tabs": SHEET_TABS,
        "identity_fields": [
            fields[name]
            for name in (
                "character-name",
                "sex_gender",
                "role",
                "ancestry",
                "ancestry_stat_a",
                "ancestry_stat_b",
            )
        ],
        "money_fields": [fields["funds"], fields["income"]],
        "research_fields": [fields["research_topic"], fields["research_timer"]],
    }


def summary(sheet) -> Summary:
    """The GM's card: HP/FT/Sanity against max, stress and High, traumas, alerts."""
    skills = list(sheet.skills.all())
    derived = rules.derived(sheet, skills)
    values = [
        SummaryValue(_("HP"), f"{sheet.hp}/{derived.max_hp}", alert=sheet.hp <= 0),
        SummaryValue(_("FT"), f"{sheet.fortitude}/{derived.max_fortitude}"),
        SummaryValue(_("Sanity"), f"{sheet.sanity}/{derived.max_sanity}", alert=sheet.sanity == 0),
        SummaryValue(
            _("Stress"),
            _("%(stress)s (-%(stress)s on rolls)") % {"stress": sheet.stress}
            if sheet.stress
            else "0",
            alert=sheet.stress >= 5,
        ),
        SummaryValue(_("High"), str(sheet.high)),
    ]
    traumas = rules.traumas(sheet)
    values.append(
        SummaryValue(_("Traumas"), ", ".join(_(name) for name in traumas) if traumas else _("none"))
    )
    alerts = []
    if sheet.dead:
        alerts.append(_("dead for real"))
    elif rules.unable_to_act(sheet):
        alerts.append(_("unable to act"))
    if sheet.stress >= engine.MAX_STRESS:
        alerts.append(_("stress 5"))
    if sheet.sanity == 0:
        alerts.append(_("sanity 0"))
    return Summary(values=tuple(values), alerts=tuple(alerts))


def new_sheet(character, **fields) -> AgentSheet:
    """A blank agent: no role nor ancestry yet, every stat 5, the seed's 56 skills at
    Novice, the pools full (``fields``: values it starts with instead, for tests)."""
    sheet = AgentSheet(character=character, **fields)
    derived = rules.derived(sheet, [])
    sheet.hp, sheet.ap = derived.max_hp, derived.max_ap
    sheet.fortitude, sheet.sanity = derived.max_fortitude, derived.max_sanity
    sheet.save()
    skills = listed_skills()
    for skill in skills:
        skill.sheet = sheet
    # with their history rows: an undo or a restore knows they were there from the start
    create_with_history(skills, AgentSkill)
    return sheet
