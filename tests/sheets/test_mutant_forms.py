"""The Mutant: Year Zero sheet forms: limits, cross-field rules, labels."""

from decimal import Decimal

import pytest
from crispy_forms.utils import render_crispy_form
from django.forms.models import model_to_dict

from sheets.systems.mutant.forms import (
    GearLineForm,
    MutantSheetForm,
    MutationForm,
    TalentForm,
    WeaponForm,
)
from tests.factories import MutantGearLineFactory, MutantSheetFactory

pytestmark = pytest.mark.django_db


def sheet_data(sheet, **changes):
    data = model_to_dict(sheet, fields=MutantSheetForm._meta.fields)
    data.update(changes)
    return {key: value for key, value in data.items() if value is not False}


def only(form, name):
    """The form narrowed to one field, as the editing views use it."""
    form.fields = {name: form.fields[name]}
    return form


def test_the_whole_sheet_form_accepts_a_legal_sheet():
    sheet = MutantSheetFactory()
    assert MutantSheetForm(sheet_data(sheet), instance=sheet).is_valid()


def test_trauma_above_its_attribute_is_refused_with_a_clear_message():
    sheet = MutantSheetFactory(agility=3)
    form = MutantSheetForm(sheet_data(sheet, fatigue=4), instance=sheet)
    assert not form.is_valid()
    assert form.errors["fatigue"] == [
        "Fatigue cannot be more than Agility (3): at 3 the attribute is broken."
    ]


def test_trauma_alone_is_checked_against_the_stored_attribute():
    sheet = MutantSheetFactory(strength=4)
    form = only(MutantSheetForm({"damage": "5"}, instance=sheet), "damage")
    assert not form.is_valid()
    assert "Damage cannot be more than Strength (4)" in form.errors["damage"][0]


def test_an_attribute_cannot_drop_below_its_stored_trauma():
    sheet = MutantSheetFactory(wits=3, confusion=2)
    form = only(MutantSheetForm({"wits": "1"}, instance=sheet), "wits")
    assert not form.is_valid()
    assert form.errors["wits"] == [
        "Wits cannot be lower than its confusion (2): heal the trauma first."
    ]


def test_trauma_equal_to_the_attribute_is_allowed_the_attribute_is_broken():
    sheet = MutantSheetFactory(empathy=3)
    assert only(MutantSheetForm({"doubt": "3"}, instance=sheet), "doubt").is_valid()


def test_temporary_and_permanent_rot_share_ten_boxes():
    sheet = MutantSheetFactory(rot_permanent=4)
    form = only(MutantSheetForm({"rot_temporary": "7"}, instance=sheet), "rot_temporary")
    assert not form.is_valid()
    assert form.errors["rot_temporary"] == [
        "Temporary and permanent rot share 10 boxes: 7 + 4 is too many."
    ]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("strength", "11"),
        ("damage", "-1"),
        ("fight", "11"),
        ("experience", "11"),
        ("mutation_points", "-1"),
        ("armor_rating", "21"),
        ("rot_suit_rating", "-2"),
        ("role", "wizard"),
        ("strength", "lots"),
    ],
)
def test_values_outside_the_sheets_limits_are_refused(name, value):
    sheet = MutantSheetFactory()
    form = only(MutantSheetForm({name: value}, instance=sheet), name)
    assert not form.is_valid()
    assert form.errors[name]


def test_number_inputs_tell_the_browser_their_range():
    form = MutantSheetForm(instance=MutantSheetFactory())
    assert 'min="0"' in str(form["experience"]) and 'max="10"' in str(form["experience"])


def test_the_specialist_skill_goes_by_the_roles_name():
    assert MutantSheetForm(instance=MutantSheetFactory(role="enforcer"))[
        "specialist_skill"
    ].label == ("Intimidate")
    assert MutantSheetForm(instance=MutantSheetFactory(role="dog_handler"))[
        "specialist_skill"
    ].label == ("Sic a Dog")


def test_trauma_fields_are_labelled_in_the_games_words():
    form = MutantSheetForm(instance=MutantSheetFactory())
    labels = [form[name].label for name in ("damage", "fatigue", "confusion", "doubt")]
    assert labels == ["Damage", "Fatigue", "Confusion", "Doubt"]


# rows


def test_a_gear_line_needs_a_name_and_a_weight_that_is_not_negative():
    form = GearLineForm({"name": "", "weight": "-1", "bonus": "0"})
    assert not form.is_valid()
    assert set(form.errors) == {"name", "weight"}


def test_a_gear_line_weighs_in_quarter_lines_and_tiny_items_are_allowed():
    form = GearLineForm({"name": "Torch", "weight": "0.25", "bonus": "0", "tiny": "on"})
    assert form.is_valid(), form.errors


def test_a_weapons_bonus_can_be_negative_but_stays_within_ten():
    assert WeaponForm(
        {"name": "Rusty pipe", "bonus": "-1", "damage": "1", "range": "arms_length", "weight": "1"}
    ).is_valid()
    form = WeaponForm(
        {"name": "Cannon", "bonus": "11", "damage": "30", "range": "far", "weight": "-2"}
    )
    assert set(form.errors) == {"bonus", "damage", "range", "weight"}


def test_talents_and_mutations_need_a_name():
    assert not TalentForm({"name": ""}).is_valid()
    assert MutationForm({"name": "Rot-Eater"}).is_valid()


def test_add_forms_render_side_by_side_fields_without_their_own_form_tag():
    html = render_crispy_form(GearLineForm(prefix="gear-new"))
    assert "<form" not in html
    assert 'class="col-12 col-md-5"' in html
    assert 'for="id_gear-new-name"' in html


def test_a_gear_lines_weight_shows_as_people_write_it():
    form = GearLineForm(instance=MutantGearLineFactory.build(weight=Decimal("0.50")))
    assert 'value="0.5"' in str(form["weight"])
