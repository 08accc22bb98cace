"""Agents sheet rules: derived values from the seed's formulas, the creation checks,
damage taken with cover and Fortitude, sanity damage at 0."""

from types import SimpleNamespace

import pytest

from sheets.systems.agents import rules
from sheets.systems.agents.sheet import listed_skills
from sheets.systems.dice.words import put_into_words


def agent(**fields):
    base = dict.fromkeys(rules.STATS, 5)
    base.update(
        role="operator",
        ancestry="human",
        ancestry_stat_a="",
        ancestry_stat_b="",
        armor="none",
        stress=0,
        high=0,
        sanity=10,
        hp=10,
        **dict.fromkeys(rules.TRAUMA_FIELDS, False),
    )
    base.update(fields)
    return SimpleNamespace(**base)


def skills(**levels):
    """The seed's skills, the named ones at a level; role/ancestry picks as given."""
    found = []
    for skill in listed_skills():
        level = levels.get(skill.name.replace(" ", "_"), 0)
        found.append(
            SimpleNamespace(
                category=skill.category,
                name=skill.name,
                level=level,
                role_pick=False,
                ancestry_pick=False,
                custom=False,
            )
        )
    return found


def test_the_derived_values_follow_the_seeds_formulas():
    sheet = agent(strength=7, agility=8, luck=6, education=6, influence=4, armor="medium")
    values = rules.derived(sheet, skills(Stamina=2, Dodging=3, Psychology=1))
    assert values.max_hp == 4 + (7 + 8) * 2
    assert values.max_ap == 8 * 2 + 2
    assert values.max_fortitude == 6 + 8 + 3 + 4  # LCK + AGI + Dodging + medium armor
    assert values.max_sanity == 6 + 4 + 1
    assert values.movement == 0


@pytest.mark.parametrize(("armor", "ft", "movement"), [("light", 2, 1), ("heavy", 6, -2)])
def test_armor_adds_fortitude_and_changes_movement(armor, ft, movement):
    plain = rules.derived(agent(), skills())
    armored = rules.derived(agent(armor=armor), skills())
    assert armored.max_fortitude - plain.max_fortitude == ft
    assert armored.movement == movement


@pytest.mark.parametrize(
    ("score", "bonus"), [(0, -3), (2, -2), (3, -1), (4, -1), (5, 0), (7, 1), (9, 2), (10, 3)]
)
def test_the_stat_bonus_table(score, bonus):
    assert rules.bonus(score) == bonus


def test_every_category_of_the_seed_has_its_seven_skills():
    assert len(rules.SKILL_TABLE) == 8
    assert all(len(names) == 7 for _, names in rules.SKILL_TABLE.values())
    assert len(listed_skills()) == 56


def legal_human():
    """10 points beyond 5 (STR 9, AGI 7, INT 6, EDU 6, INF 6, LCK 6: 4+2+1+1+1+1) with the
    Human's +1 to AGI and LCK, and 16 + 6 + 3 skill points."""
    sheet = agent(
        strength=9,
        agility=8,
        intelligence=6,
        education=6,
        influence=6,
        luck=7,
        ancestry_stat_a="agility",
        ancestry_stat_b="luck",
    )
    found = skills()
    picks = {
        "Dodging": "role",
        "Stealth": "role",
        "Parkour": "role",
        "Stamina": "role",
        "Balance": "role",
        "Tactics": "role",
        "Firearms": "ancestry",
        "Medicine": "ancestry",
        "History": "ancestry",
    }
    for skill in found:
        kind = picks.get(skill.name)
        if kind:
            skill.level = 2 if kind == "role" else 3
            skill.role_pick, skill.ancestry_pick = kind == "role", kind == "ancestry"
    found[-1].level = 4  # 6 x 2 + 3 x 3 + 4 = 25 = 16 + 9
    return sheet, found


def test_a_legal_new_human_passes_the_creation_checks():
    sheet, found = legal_human()
    assert rules.creation_warnings(sheet, found) == []


def test_stats_with_the_wrong_points_a_stat_below_3_and_missing_picks_are_warned():
    sheet, found = legal_human()
    sheet.strength, sheet.education, sheet.ancestry_stat_b = 10, 2, ""
    warnings = " ".join(map(put_into_words, rules.creation_warnings(sheet, found)))
    assert "Education is 2: no stat below 3." in warnings
    assert "a new agent spreads 10" in warnings
    assert "points were taken from stats below 5; at most 2" in warnings
    assert "Human: pick the stats for +1 and +1." in warnings


def test_a_vampires_adjustments_count_and_vampirism_is_expected():
    # before the ancestry: STR 8, AGI 7, INT 6, EDU 6, INF 6, LCK 7 = 10 points beyond 5
    sheet = agent(
        ancestry="vampire", strength=7, agility=8, intelligence=6, education=6, influence=7, luck=7
    )
    warnings = [put_into_words(w) for w in rules.creation_warnings(sheet, skills())]
    assert not any("points beyond 5" in w for w in warnings)
    assert "A Vampire starts with Vampirism." in warnings


def test_role_picks_outside_the_roles_categories_are_warned():
    sheet, found = legal_human()
    sheet.role = "researcher"
    warnings = " ".join(map(put_into_words, rules.creation_warnings(sheet, found)))
    assert "Researcher picks come from Sciences, Humanities, Technical" in warnings


@pytest.mark.parametrize(
    ("damage", "cover", "fortitude", "hp_lost", "ft_lost"),
    [
        (10, "none", 4, 6, 0),  # each FT point takes 1 off
        (3, "none", 4, 0, 1),  # blocked it all: FT -1
        (10, "half", 4, 1, 0),  # halved to 5 first, then FT
        (7, "half", 3, 0, 1),  # halved to 3 (rounded down), all blocked
        (50, "full", 0, 0, 0),  # full cover: nothing, FT untouched
        (5, "none", 0, 5, 0),  # no FT left: it all gets through
        (1, "half", 4, 0, 0),  # halved to 0: nothing to block, FT untouched
    ],
)
def test_incoming_damage_with_cover_and_fortitude(damage, cover, fortitude, hp_lost, ft_lost):
    taken = rules.incoming_damage(damage, cover, fortitude)
    assert (taken.hp_lost, taken.fortitude_lost) == (hp_lost, ft_lost)


@pytest.mark.parametrize(
    ("damage", "sanity", "lost"), [(3, 5, (3, 0)), (4, 1, (1, 3)), (2, 0, (0, 2))]
)
def test_sanity_damage_at_0_sanity_comes_off_hp(damage, sanity, lost):
    assert rules.sanity_damage(damage, sanity) == lost


def test_vampirism_makes_anyone_roll_as_a_vampire():
    assert rules.rules_ancestry(agent(ancestry="extranormal")) == "Extranormal Human"
    assert rules.rules_ancestry(agent(ancestry="human", vampirism=True)) == "Vampire"


@pytest.mark.parametrize(("influence", "juniors"), [(3, 0), (5, 0), (6, 1), (9, 2), (10, 3)])
def test_the_influence_bonus_allows_junior_agents(influence, juniors):
    assert rules.junior_limit(agent(influence=influence)) == juniors
