"""Mutant: Year Zero derived values (sheets/systems/mutant/rules.py): pure, no database."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.systems.mutant import rules
from sheets.systems.mutant.models import BASE_SKILLS, Role


def legal_enforcer(**changes):
    """A sheet-like object for a legal starting Enforcer (Strength 5, 14 and 10 points)."""
    values = dict.fromkeys(BASE_SKILLS, 0)
    values.update(
        role="enforcer", strength=5, agility=3, wits=3, empathy=3,
        damage=0, fatigue=0, confusion=0, doubt=0,
        fight=3, shoot=2, endure=2, specialist_skill=3, rot_temporary=0, rot_permanent=0,
    )  # fmt: skip
    values.update(changes)
    return SimpleNamespace(**values)


def line(weight, tiny=False):
    return SimpleNamespace(weight=Decimal(weight), tiny=tiny)


# dice available, broken


def test_dice_available_are_the_score_minus_the_trauma():
    assert rules.dice_available(4, 1) == 3


def test_dice_available_never_go_below_zero():
    assert rules.dice_available(2, 5) == 0


def test_an_attribute_is_broken_when_trauma_takes_every_die():
    assert rules.is_broken(3, 3)
    assert not rules.is_broken(3, 2)


@given(score=st.integers(0, 10), trauma=st.integers(0, 10))
def test_broken_means_exactly_no_dice_left(score, trauma):
    assert rules.is_broken(score, trauma) == (rules.dice_available(score, trauma) == 0)


def test_attribute_states_pair_each_attribute_with_its_own_trauma():
    sheet = legal_enforcer(damage=2, fatigue=3, confusion=1, doubt=0)
    states = {state.name: state for state in rules.attribute_states(sheet)}
    assert (states["strength"].trauma_label, states["strength"].available) == ("Damage", 3)
    assert (states["agility"].trauma_label, states["agility"].broken) == ("Fatigue", True)
    assert (states["wits"].trauma_label, states["wits"].available) == ("Confusion", 2)
    assert (states["empathy"].trauma_label, states["empathy"].available) == ("Doubt", 3)


def test_base_dice_for_a_roll_come_from_the_attribute_after_trauma():
    assert rules.base_dice(legal_enforcer(damage=1), "strength") == 4


# roles, skills


def test_every_role_of_the_game_is_known_with_its_key_attribute():
    assert set(rules.ROLES) == set(Role.values)
    assert {slug: rules.key_attribute(slug) for slug in rules.ROLES} == {
        "enforcer": "strength",
        "gearhead": "wits",
        "stalker": "agility",
        "fixer": "empathy",
        "dog_handler": "agility",
        "chronicler": "empathy",
        "boss": "wits",
        "grunt": "strength",
    }


def test_each_role_has_its_specialist_skill_and_its_attribute():
    assert rules.specialist_skill("enforcer") == ("Intimidate", "strength")
    assert rules.specialist_skill("gearhead") == ("Jury Rig", "wits")
    assert rules.specialist_skill("stalker") == ("Find the Path", "agility")
    assert rules.specialist_skill("fixer") == ("Make a Deal", "empathy")
    assert rules.specialist_skill("dog_handler") == ("Sic a Dog", "agility")
    assert rules.specialist_skill("chronicler") == ("Inspire", "empathy")
    assert rules.specialist_skill("boss") == ("Command", "wits")
    assert rules.specialist_skill("grunt") == ("Shake It Off", "strength")


def test_the_twelve_base_skills_roll_with_the_seeds_attributes():
    assert set(rules.SKILL_ATTRIBUTES) == set(BASE_SKILLS)
    by_attribute = {
        attribute: {s for s, a in rules.SKILL_ATTRIBUTES.items() if a == attribute}
        for attribute in rules.ATTRIBUTES
    }
    assert by_attribute == {
        "strength": {"endure", "force", "fight"},
        "agility": {"sneak", "move", "shoot"},
        "wits": {"scout", "comprehend", "know_the_zone"},
        "empathy": {"sense_emotion", "manipulate", "heal"},
    }


def test_the_specialist_skill_rolls_with_the_roles_attribute():
    assert rules.skill_attribute("specialist_skill", "fixer") == "empathy"
    assert rules.skill_label("specialist_skill", "fixer") == "Make a Deal"
    with pytest.raises(ValueError):
        rules.skill_attribute("specialist_skill")


# carrying


def test_carry_capacity_is_twice_the_strength_score():
    assert rules.carry_capacity(4) == 8


def test_carried_weight_adds_the_lines_and_tiny_items_weigh_nothing():
    gear = [line("1"), line("0.5"), line("0.25"), line("3", tiny=True)]
    assert rules.carried_weight(gear) == Decimal("1.75")


def test_carrying_exactly_the_capacity_is_not_encumbered_but_more_is():
    assert not rules.is_encumbered(Decimal(8), Decimal(8))
    assert rules.is_encumbered(Decimal("8.25"), Decimal(8))


def test_weights_read_as_people_write_them():
    assert rules.format_lines(Decimal("7.50")) == "7.5"
    assert rules.format_lines(Decimal("10.00")) == "10"
    assert rules.format_lines(Decimal("0.25")) == "0.25"


# creation checks


def test_a_legal_starting_character_has_no_warnings():
    assert rules.sheet_creation_warnings(legal_enforcer()) == []


def test_attribute_points_other_than_fourteen_are_a_warning():
    warnings = rules.sheet_creation_warnings(legal_enforcer(empathy=4))
    assert warnings == ["Attributes add up to 15; a new character spreads 14 points."]


def test_the_key_attribute_starts_at_five_at_most():
    warnings = rules.sheet_creation_warnings(legal_enforcer(strength=6, agility=2))
    assert "Strength is the Enforcer's key attribute: it starts between 2 and 5 (now 6)." in (
        warnings
    )


def test_the_key_attribute_may_start_below_five():
    assert rules.sheet_creation_warnings(legal_enforcer(strength=4, agility=4)) == []


def test_a_sheet_without_a_role_is_told_to_choose_one():
    warnings = rules.sheet_creation_warnings(legal_enforcer(role=""))
    assert warnings[0] == "Choose a role: it gives the key attribute and the specialist skill."


def test_other_attributes_start_between_two_and_four():
    warnings = rules.sheet_creation_warnings(legal_enforcer(agility=1, wits=5))
    assert any(w.startswith("Agility starts between 2 and 4 (now 1)") for w in warnings)
    assert any(w.startswith("Wits starts between 2 and 4 (now 5)") for w in warnings)


def test_skill_points_other_than_ten_are_a_warning():
    warnings = rules.sheet_creation_warnings(legal_enforcer(heal=1))
    assert warnings == ["Skills add up to 11; a new character spreads 10 points."]


def test_no_skill_starts_above_three():
    warnings = rules.sheet_creation_warnings(legal_enforcer(fight=4, shoot=1))
    assert warnings == ["Fight is 4; skills start at 3 at most."]


def test_the_specialist_skill_needs_a_point_and_is_named_after_the_role():
    warnings = rules.sheet_creation_warnings(
        legal_enforcer(role="gearhead", strength=3, wits=5, specialist_skill=0, heal=3)
    )
    assert warnings == ["Jury Rig (the Gearhead's specialist skill) needs at least 1 point."]


def test_rot_total_adds_temporary_and_permanent_points():
    assert rules.rot_total(legal_enforcer(rot_temporary=3, rot_permanent=2)) == 5
