"""Agents (DPI homebrew) sheet rules in the game's words. Pure Python: no Django.

The numbers themselves (stat bonus, HP, AP, Fortitude, Sanity, XP thresholds, trauma
limits) come from the dice engine's sheet helpers, ``sheets.systems.agents.dice.sheet``; this
module says which stat, skill and trauma of a sheet they read, and checks a new agent
against the creation rules (as warnings: an experienced agent may break them).
Everything reads any object with the sheet's attribute names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sheets.systems.agents.dice import sheet as engine
from sheets.systems.dice.words import marked as _
from sheets.systems.dice.words import marked_in as pgettext
from sheets.systems.dice.words import say, say_in, say_n

# The skills' and their categories' names are read within this context: some are other
# games' words too (T2K keeps "Stamina" and "Survival" in English; Agents does not).
SKILL_CONTEXT = "Agents skill"


STATS = ("strength", "agility", "intelligence", "education", "influence", "luck")
STAT_LABELS = {
    "strength": _("Strength"),
    "agility": _("Agility"),
    "intelligence": _("Intelligence"),
    "education": _("Education"),
    "influence": _("Influence"),
    "luck": _("Luck"),
}
STAT_ABBR = {
    "strength": "STR",
    "agility": "AGI",
    "intelligence": "INT",
    "education": "EDU",
    "influence": "INF",
    "luck": "LCK",
}
STAT_START, STAT_MAX, STAT_FLOOR = 5, 10, 3
CREATION_STAT_POINTS = 10
CREATION_STAT_REMOVED = 2  # "you may remove up to two points to distribute to other stats"
CREATION_SKILL_POINTS = 16
MAX_SKILL = 5
CUSTOM_SLOTS = 4  # custom skills per category

# The seed's skill table, category by category. "Interigation" in the seed is spelled
# Interrogation here; Leadership is listed twice (Command and Social) and is two skills.
SKILL_TABLE = {
    "physical": (
        pgettext("Agents skill", "Physical"),
        (
            pgettext("Agents skill", "Endurance"),
            pgettext("Agents skill", "Stamina"),
            pgettext("Agents skill", "Balance"),
            pgettext("Agents skill", "Reflexes"),
            pgettext("Agents skill", "Adaptability"),
            pgettext("Agents skill", "Flexibility"),
            pgettext("Agents skill", "Sprinting"),
        ),
    ),
    "acrobatics": (
        pgettext("Agents skill", "Acrobatics"),
        (
            pgettext("Agents skill", "Dodging"),
            pgettext("Agents skill", "Stealth"),
            pgettext("Agents skill", "Parkour"),
            pgettext("Agents skill", "Precision"),
            pgettext("Agents skill", "Vaulting"),
            pgettext("Agents skill", "Tumbling"),
            pgettext("Agents skill", "Climbing"),
        ),
    ),
    "technical": (
        pgettext("Agents skill", "Technical"),
        (
            pgettext("Agents skill", "Crafting"),
            pgettext("Agents skill", "Firearms"),
            pgettext("Agents skill", "Design"),
            pgettext("Agents skill", "Research"),
            pgettext("Agents skill", "Carpentry"),
            pgettext("Agents skill", "Explosives"),
            pgettext("Agents skill", "Forensics"),
        ),
    ),
    "humanities": (
        pgettext("Agents skill", "Humanities"),
        (
            pgettext("Agents skill", "Psychology"),
            pgettext("Agents skill", "Theology"),
            pgettext("Agents skill", "Philosophy"),
            pgettext("Agents skill", "Mythology"),
            pgettext("Agents skill", "Archeology"),
            pgettext("Agents skill", "Anthropology"),
            pgettext("Agents skill", "History"),
        ),
    ),
    "command": (
        pgettext("Agents skill", "Command"),
        (
            pgettext("Agents skill", "Overwatch"),
            pgettext("Agents skill", "Logistics"),
            pgettext("Agents skill", "Strategy"),
            pgettext("Agents skill", "Tactics"),
            pgettext("Agents skill", "Organization"),
            pgettext("Agents skill", "Planning"),
            pgettext("Agents skill", "Leadership"),
        ),
    ),
    "social": (
        pgettext("Agents skill", "Social"),
        (
            pgettext("Agents skill", "Interrogation"),
            pgettext("Agents skill", "Negotiation"),
            pgettext("Agents skill", "Leadership"),
            pgettext("Agents skill", "Diplomacy"),
            pgettext("Agents skill", "Networking"),
            pgettext("Agents skill", "Persuasion"),
            pgettext("Agents skill", "Etiquette"),
        ),
    ),
    "sciences": (
        pgettext("Agents skill", "Sciences"),
        (
            pgettext("Agents skill", "Medicine"),
            pgettext("Agents skill", "Technology"),
            pgettext("Agents skill", "Chemistry"),
            pgettext("Agents skill", "Mechanics"),
            pgettext("Agents skill", "Meteorology"),
            pgettext("Agents skill", "Robotics"),
            pgettext("Agents skill", "Electronics"),
        ),
    ),
    "survival": (
        pgettext("Agents skill", "Survival"),
        (
            pgettext("Agents skill", "Navigation"),
            pgettext("Agents skill", "First Aid"),
            pgettext("Agents skill", "Foraging"),
            pgettext("Agents skill", "Hunting"),
            pgettext("Agents skill", "Botany"),
            pgettext("Agents skill", "Construction"),
            pgettext("Agents skill", "Farming"),
        ),
    ),
}
CATEGORY_LABELS = {slug: label for slug, (label, _) in SKILL_TABLE.items()}

# The stat a category rolls with, from the seed's Stats table: Physical skills with
# Strength, Acrobatics with Agility, Technical with Intelligence, Survival and the
# academic ones (Humanities, Sciences) with Education, Social and Command with Influence.
# Custom skills are "non-standard": Luck. The roll form lets the player pick another.
CATEGORY_STAT = {
    "physical": "strength",
    "acrobatics": "agility",
    "technical": "intelligence",
    "humanities": "education",
    "sciences": "education",
    "survival": "education",
    "command": "influence",
    "social": "influence",
}
CUSTOM_STAT = "luck"

# The skills the derived values read: (category, name)
STAMINA = ("physical", "Stamina")
DODGING = ("acrobatics", "Dodging")
PSYCHOLOGY = ("humanities", "Psychology")


@dataclass(frozen=True)
class Role:
    slug: str
    name: str
    categories: tuple[str, ...]
    picks: int = 6


ROLES = {
    "researcher": Role("researcher", _("Researcher"), ("sciences", "humanities", "technical")),
    "operator": Role("operator", _("Operator"), ("command", "physical", "acrobatics")),
}


@dataclass(frozen=True)
class Ancestry:
    slug: str
    name: str  # as the dice engine knows it
    fixed: tuple[tuple[str, int], ...] = ()  # stat adjustments every such agent has
    picks: tuple[int, ...] = ()  # adjustments the player picks a stat for (+1, +1)
    skill_picks: int = 0
    skill_bonus: tuple[str, str] | None = None  # (category, name) of a fixed +1 skill
    starting_trauma: str = ""


ANCESTRIES = {
    "human": Ancestry("human", _("Human"), picks=(1, 1), skill_picks=3),
    "vampire": Ancestry(
        "vampire",
        _("Vampire"),
        fixed=(("influence", 1), ("agility", 1), ("strength", -1)),
        starting_trauma="vampirism",
    ),
    "sasquatch": Ancestry(
        "sasquatch",
        _("Sasquatch"),
        fixed=(("strength", 2), ("agility", -2)),
        skill_bonus=("survival", pgettext("Agents skill", "Nature Lore")),
        starting_trauma="thaumaturgy",
    ),
    "extranormal": Ancestry(
        "extranormal", _("Extranormal Human"), picks=(2, -2), starting_trauma="thaumaturgy"
    ),
}

# Sheet fields of the traumas: the six of the d6 table, then the conditions (ancestries'
# and traumas' own, which do not count toward the three).
TABLE_TRAUMAS = {
    "cracked_intellect": _("Cracked Intellect"),
    "shadow_touched": _("Shadow Touched"),
    "braid_touched": _("Braid Touched"),
    "hunters_call": _("Hunter's Call"),
    "lady_lucks_curse": _("Lady Luck's Curse"),
    "anhedonia": _("Anhedonia"),
}
CONDITIONS = {
    "vampirism": _("Vampirism"),
    "thaumaturgy": _("Thaumaturgy"),
    "lycanthropy": _("Lycanthropy"),
}
TRAUMA_FIELDS = {**TABLE_TRAUMAS, **CONDITIONS}
TRAUMA_FIELD_BY_NAME = {name: field for field, name in TRAUMA_FIELDS.items()}
TRAUMA_EFFECTS = {
    "cracked_intellect": _("+1 Intelligence (up to 10); stress never below 2"),
    "shadow_touched": _("+1 Agility (up to 10); Vampirism"),
    "braid_touched": _("Thaumaturgy"),
    "hunters_call": _("+1 Strength (up to 10); Lycanthropy"),
    "lady_lucks_curse": _("+1 Luck (up to 10); High never below 1"),
    "anhedonia": _("High never above 0"),
    "vampirism": _("Vampire's time of day"),
    "thaumaturgy": _("Thaumaturgy"),
    "lycanthropy": _("Lycanthropy"),
}

ARMOR = {  # armor: (label, Fortitude, movement)
    "none": (_("No armor"), 0, 0),
    "light": ("Light Armor", engine.ARMOR_FORTITUDE["Light Armor"], 1),
    "medium": ("Medium Armor", engine.ARMOR_FORTITUDE["Medium Armor"], 0),
    "heavy": ("Heavy Armor", engine.ARMOR_FORTITUDE["Heavy Armor"], -2),
}

# AP to fire a weapon by its damage tag (the seed's AP list); Use Item 3, Reload 5.
FIRE_AP = {"Light": 1, "Medium": 3, "Heavy": 5, "Tech": 7}
USE_ITEM_AP, RELOAD_AP, MOVE_AP = 3, 5, 1
STARTING_FUNDS = 4200


# --- stats and derived values -----------------------------------------------------------


def bonus(score: int) -> int:
    """The roll bonus of a stat score (the seed's table)."""
    return engine.stat_bonus(max(0, min(score, STAT_MAX)))


def skill_level(skills: Iterable[Any], key: tuple[str, str]) -> int:
    category, name = key
    for skill in skills:
        if skill.category == category and skill.name == name:
            return skill.level
    return 0


def armor_fortitude(sheet: Any) -> int:
    return ARMOR.get(sheet.armor, ARMOR["none"])[1]


@dataclass(frozen=True)
class Derived:
    max_hp: int
    max_ap: int
    max_fortitude: int
    max_sanity: int
    movement: int  # armor's movement modifier


def derived(sheet: Any, skills: Iterable[Any]) -> Derived:
    """HP = 4 + (STR + AGI) x 2; AP = AGI x 2 + Stamina; Fortitude = LCK + AGI + Dodging +
    armor FT; Sanity = EDU + INF + Psychology (RULINGS)."""
    skills = list(skills)
    return Derived(
        max_hp=engine.max_hp(sheet.strength, sheet.agility),
        max_ap=engine.action_points(sheet.agility, skill_level(skills, STAMINA)),
        max_fortitude=engine.fortitude(
            sheet.luck, sheet.agility, skill_level(skills, DODGING), armor_fortitude(sheet)
        ),
        max_sanity=engine.max_sanity(
            sheet.education, sheet.influence, skill_level(skills, PSYCHOLOGY)
        ),
        movement=ARMOR.get(sheet.armor, ARMOR["none"])[2],
    )


def traumas(sheet: Any) -> tuple[str, ...]:
    """The names of the sheet's traumas and conditions, as the dice engine knows them."""
    return tuple(name for field, name in TRAUMA_FIELDS.items() if getattr(sheet, field))


def table_trauma_count(sheet: Any) -> int:
    return sum(bool(getattr(sheet, field)) for field in TABLE_TRAUMAS)


def mind(sheet: Any) -> engine.Mind:
    """Stress, High, sanity and traumas as the dice engine reads them."""
    return engine.Mind(sheet.stress, sheet.high, sheet.sanity, traumas(sheet))


def rules_ancestry(sheet: Any) -> str:
    """The ancestry whose time-of-day rules apply: a Vampire, or anyone with Vampirism
    (Shadow Touched), rolls as a Vampire (the seed gives vampirism its own effects)."""
    if sheet.vampirism:
        return "Vampire"
    # an agent whose ancestry is not chosen yet rolls as a Human
    return ANCESTRIES.get(sheet.ancestry, ANCESTRIES["human"]).name


def unable_to_act(sheet: Any) -> bool:
    return sheet.hp <= 0


def junior_limit(sheet: Any) -> int:
    """How many junior agents the influence bonus allows (never fewer than none)."""
    return max(bonus(sheet.influence), 0)


def skill_stat(category: str, custom: bool) -> str:
    return CUSTOM_STAT if custom else CATEGORY_STAT[category]


def xp_threshold(level: int) -> int | None:
    """XP that buys the next level (10/50/100/250/500), None at Master."""
    return engine.XP_TO_REACH.get(level + 1)


# --- creation checks ---------------------------------------------------------------------


def ancestry_adjustments(sheet: Any) -> dict[str, int]:
    """Stat changes the ancestry made: its fixed ones and the player's picks."""
    found = ANCESTRIES.get(sheet.ancestry)
    changes = dict.fromkeys(STATS, 0)
    if found is None:
        return changes
    for stat, amount in found.fixed:
        changes[stat] += amount
    picked = (sheet.ancestry_stat_a, sheet.ancestry_stat_b)
    for stat, amount in zip(picked, found.picks, strict=False):
        if stat in changes:
            changes[stat] += amount
    return changes


def trauma_adjustments(sheet: Any) -> dict[str, int]:
    changes = dict.fromkeys(STATS, 0)
    for trauma, stat in engine.TRAUMA_STAT.items():
        if getattr(sheet, TRAUMA_FIELD_BY_NAME[trauma]):
            changes[stat] += 1
    return changes


def creation_warnings(sheet: Any, skills: Iterable[Any]) -> list[dict]:
    """What a new agent breaks of the creation rules, as sayings for the player (put into
    their words by the page)."""
    skills = list(skills)
    warnings = []
    ancestry = ANCESTRIES.get(sheet.ancestry)
    if sheet.role not in ROLES:
        warnings.append(say("Choose a role: it gives six +1 skill picks."))
    if ancestry is None:
        warnings.append(say("Choose an ancestry: it changes stats and skills."))
    adjust = ancestry_adjustments(sheet)
    traumas_adjust = trauma_adjustments(sheet)
    assigned = {s: getattr(sheet, s) - adjust[s] - traumas_adjust[s] for s in STATS}
    for stat in STATS:
        if getattr(sheet, stat) < STAT_FLOOR:
            warnings.append(
                say(
                    "%(stat)s is %(score)s: no stat below 3.",
                    stat=say(STAT_LABELS[stat]),
                    score=getattr(sheet, stat),
                )
            )
    removed = sum(max(STAT_START - value, 0) for value in assigned.values())
    spent = sum(value - STAT_START for value in assigned.values())
    if spent != CREATION_STAT_POINTS:
        warnings.append(
            say(
                "Stats spend %(spent)s points beyond 5 each (before the ancestry); "
                "a new agent spreads %(points)s.",
                spent=spent,
                points=CREATION_STAT_POINTS,
            )
        )
    if removed > CREATION_STAT_REMOVED:
        warnings.append(
            say(
                "%(removed)s points were taken from stats below 5; at most %(most)s.",
                removed=removed,
                most=CREATION_STAT_REMOVED,
            )
        )
    if ancestry and ancestry.picks:
        picked = [sheet.ancestry_stat_a, sheet.ancestry_stat_b][: len(ancestry.picks)]
        if not all(picked):
            amounts = [f"{amount:+d}" for amount in ancestry.picks]
            warnings.append(
                say(
                    "%(ancestry)s: pick the stats for %(first)s and %(second)s.",
                    ancestry=say(ancestry.name),
                    first=amounts[0],
                    second=amounts[-1],
                )
            )
        elif len(set(picked)) < len(picked):
            warnings.append(
                say(
                    "%(ancestry)s: the picks go to two different stats.",
                    ancestry=say(ancestry.name),
                )
            )
    if ancestry and ancestry.starting_trauma and not getattr(sheet, ancestry.starting_trauma):
        warnings.append(
            say(
                "A %(ancestry)s starts with %(condition)s.",
                ancestry=say(ancestry.name),
                condition=say(CONDITIONS[ancestry.starting_trauma]),
            )
        )
    total = sum(skill.level for skill in skills)
    picks = sum(skill.role_pick for skill in skills)
    ancestry_picks = sum(skill.ancestry_pick for skill in skills)
    expected_total = CREATION_SKILL_POINTS + picks + ancestry_picks
    if total != expected_total:
        warnings.append(
            say(
                "Skills add up to %(total)s; a new agent has %(points)s skill points "
                "plus the role's and ancestry's +1s (%(expected)s).",
                total=total,
                points=CREATION_SKILL_POINTS,
                expected=expected_total,
            )
        )
    role = ROLES.get(sheet.role)
    if role:
        if picks != role.picks:
            warnings.append(
                say(
                    "%(role)s: take +1 in %(picks)s skills (%(picked)s picked).",
                    role=say(role.name),
                    picks=role.picks,
                    picked=picks,
                )
            )
        wrong = [s.name for s in skills if s.role_pick and s.category not in role.categories]
        if wrong:
            warnings.append(
                say(
                    "%(role)s picks come from %(allowed)s, not %(wrong)s.",
                    role=say(role.name),
                    allowed=[say_in(SKILL_CONTEXT, CATEGORY_LABELS[c]) for c in role.categories],
                    wrong=[say_in(SKILL_CONTEXT, name) for name in sorted(wrong)],
                )
            )
    wanted = ancestry.skill_picks if ancestry else 0
    if ancestry and ancestry.skill_bonus:
        wanted = 1
        category, name = ancestry.skill_bonus
        if not any(s.ancestry_pick and s.name == name for s in skills):
            warnings.append(
                say(
                    "A %(ancestry)s takes +1 %(skill)s (a custom %(category)s skill).",
                    ancestry=say(ancestry.name),
                    skill=say_in(SKILL_CONTEXT, name),
                    category=say_in(SKILL_CONTEXT, CATEGORY_LABELS[category]),
                )
            )
    if ancestry_picks != wanted:
        warnings.append(
            say_n(
                "%(ancestry)s gives +1 in %(n)s skill (%(picked)s picked).",
                "%(ancestry)s gives +1 in %(n)s skills (%(picked)s picked).",
                wanted,
                ancestry=say(ancestry.name) if ancestry else say("The ancestry"),
                picked=ancestry_picks,
            )
        )
    for skill in skills:
        if skill.level < skill.role_pick + skill.ancestry_pick:
            warnings.append(
                say(
                    "%(skill)s has a +1 pick but is only %(level)s.",
                    skill=skill.name if skill.custom else say_in(SKILL_CONTEXT, skill.name),
                    level=skill.level,
                )
            )
    return warnings


# --- damage taken ------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageTaken:
    incoming: int
    after_cover: int
    hp_lost: int
    fortitude_lost: int
    notes: tuple[dict, ...]  # sayings


def incoming_damage(damage: int, cover: str, fortitude: int) -> DamageTaken:
    """Cover first (half: halved, rounded down; full: none, and Fortitude blocked nothing),
    then each point of Fortitude takes 1 off; blocking all of it costs 1 FT (RULINGS)."""
    if cover == "full":
        return DamageTaken(damage, 0, 0, 0, (say("full cover: no damage, Fortitude untouched"),))
    notes = []
    after = damage
    if cover == "half":
        after = damage // 2
        notes.append(say("half cover: %(damage)s halved to %(after)s", damage=damage, after=after))
    if after == 0:
        return DamageTaken(damage, 0, 0, 0, (*notes, say("nothing gets through")))
    through = max(after - fortitude, 0)
    lost_ft = 1 if through == 0 and fortitude > 0 else 0
    if lost_ft:
        notes.append(say("Fortitude %(ft)s blocks all %(after)s: FT -1", ft=fortitude, after=after))
    else:
        notes.append(
            say(
                "Fortitude %(ft)s blocks %(blocked)s of %(after)s",
                ft=fortitude,
                blocked=after - through,
                after=after,
            )
        )
    return DamageTaken(damage, after, through, lost_ft, tuple(notes))


def sanity_damage(damage: int, sanity: int) -> tuple[int, int]:
    """(sanity lost, HP lost): sanity damage at 0 Sanity comes off HP."""
    lost = min(damage, sanity)
    return lost, damage - lost
