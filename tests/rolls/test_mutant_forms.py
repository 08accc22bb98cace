"""Mutant: Year Zero roll forms: validation against the sheet, and the odds they show."""

from fractions import Fraction

import pytest
from django.template import Context, Template

from rolls.systems.mutant import actions
from rolls.systems.mutant.forms import (
    ArmorRollForm,
    D6Form,
    D66Form,
    DecontaminationForm,
    MutationRollForm,
    RotEventForm,
    SkillRollForm,
)
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import put_into_words
from tests.factories import MutantGearLineFactory, MutantMutationFactory, MutantWeaponFactory


def english(rows):
    """Odds rows with their labels (sayings) in English."""
    return [[put_into_words(label), chance] for label, chance in rows]


def odds(form):
    return dict(english(form.odds()))


# --- Skill rolls -----------------------------------------------------------------------------


def test_a_skill_roll_form_offers_every_skill_and_the_roles_specialist(mutant_sheet):
    form = SkillRollForm(mutant_sheet)
    values = [value for value, _ in form.fields["skill"].choices]
    assert values == [*actions.SKILLS, "specialist_skill"]
    labels = dict(form.fields["skill"].choices)
    assert labels["specialist_skill"] == "Intimidate (Strength, specialist): 5 base + 3 skill dice"
    assert labels["fight"] == "Fight (Strength): 5 base + 3 skill dice"


def test_a_skill_choice_says_when_its_attribute_is_broken(mutant_sheet):
    mutant_sheet.agility, mutant_sheet.fatigue = 3, 3
    labels = dict(SkillRollForm(mutant_sheet).fields["skill"].choices)
    assert labels["move"] == "Move (Agility): 0 base + 0 skill dice (broken)"


def test_a_skill_roll_form_offers_this_sheets_weapons_and_gear_with_a_bonus(mutant_sheet):
    bat = MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat", bonus=2, damage=2)
    crowbar = MutantGearLineFactory(sheet=mutant_sheet, name="Crowbar", bonus=1)
    MutantGearLineFactory(sheet=mutant_sheet, name="Torch", bonus=0)
    MutantWeaponFactory(name="Someone else's rifle")
    choices = dict(SkillRollForm(mutant_sheet).fields["gear"].choices)
    assert choices == {
        "": "No gear",
        actions.item_value(bat): "Spiked bat: weapon, bonus +2, damage 2",
        actions.item_value(crowbar): "Crowbar: gear bonus +1",
    }


def test_a_weapon_of_another_sheet_is_refused(mutant_sheet):
    other = MutantWeaponFactory(name="Someone else's rifle")
    form = SkillRollForm(
        mutant_sheet, data={"skill": "shoot", "modifier": "0", "gear": actions.item_value(other)}
    )
    assert not form.is_valid()
    assert form.errors["gear"] == ["Choose a weapon or gear from this character's sheet."]


def test_a_gear_line_of_another_sheet_is_refused(mutant_sheet):
    other = MutantGearLineFactory(name="Borrowed crowbar", bonus=2)
    data = {"skill": "force", "modifier": "0", "gear": actions.item_value(other)}
    assert "gear" in SkillRollForm(mutant_sheet, data=data).errors


def test_a_broken_attribute_is_refused_without_insist_with_the_reason(mutant_sheet):
    mutant_sheet.wits, mutant_sheet.confusion = 3, 3
    form = SkillRollForm(mutant_sheet, data={"skill": "scout", "modifier": "0"})
    assert not form.is_valid()
    assert form.errors["insist"] == [
        "Wits is broken (confusion 3 of 3): 0 base dice. "
        "Tick \u201croll anyway\u201d to roll with skill and gear dice only."
    ]
    insisting = SkillRollForm(
        mutant_sheet, data={"skill": "scout", "modifier": "0", "insist": "on"}
    )
    assert insisting.is_valid(), insisting.errors


def test_a_modifier_outside_minus_three_to_plus_three_is_refused(mutant_sheet):
    form = SkillRollForm(mutant_sheet, data={"skill": "fight", "modifier": "5"})
    assert form.errors["modifier"] == ["Modifier runs from -3 to +3."]
    form = SkillRollForm(mutant_sheet, data={"skill": "fight", "modifier": "lots"})
    assert form.errors["modifier"] == ["Modifier must be a whole number."]


def test_an_unknown_skill_is_refused(mutant_sheet):
    assert "skill" in SkillRollForm(mutant_sheet, data={"skill": "fly", "modifier": "0"}).errors


def test_skill_odds_follow_the_chosen_skill_modifier_and_weapon(mutant_sheet):
    bat = MutantWeaponFactory(sheet=mutant_sheet, bonus=2, damage=2)
    data = {"skill": "fight", "modifier": "+1", "gear": actions.item_value(bat)}
    form = SkillRollForm(mutant_sheet, data=data)
    # Strength 5 + Fight 3 + 1 + bat 2 = 11 dice
    assert odds(form)["At least one success"] == percent(1 - Fraction(5, 6) ** 11)
    rows = english(form.odds())
    assert [label for label, _ in rows] == [
        "At least one success",
        "0 successes (failure)",
        "1 success",
        "2 successes",
        "3+ successes",
    ]


def test_skill_odds_fall_back_to_the_defaults_field_by_field(mutant_sheet):
    unbound = SkillRollForm(mutant_sheet)  # Endure: Strength 5 + 2 dice
    assert odds(unbound)["At least one success"] == percent(1 - Fraction(5, 6) ** 7)
    bad_modifier = SkillRollForm(mutant_sheet, data={"skill": "fight", "modifier": "9"})
    assert odds(bad_modifier)["At least one success"] == percent(1 - Fraction(5, 6) ** 8)


def test_skill_odds_of_a_broken_attribute_are_shown_before_insisting(mutant_sheet):
    mutant_sheet.wits, mutant_sheet.confusion, mutant_sheet.scout = 3, 3, 1
    form = SkillRollForm(mutant_sheet, data={"skill": "scout", "modifier": "0"})
    assert odds(form)["At least one success"] == percent(Fraction(1, 6))


def test_the_form_renders_with_crispy_without_a_form_tag_and_with_labels(mutant_sheet):
    form = SkillRollForm(mutant_sheet)
    assert form.helper.form_tag is False
    html = Template("{% load crispy_forms_tags %}{% crispy form %}").render(Context({"form": form}))
    assert "<form" not in html
    for field in ("skill", "modifier", "gear", "insist"):
        assert f'for="id_{field}"' in html


# --- Armor, rot, decontamination -----------------------------------------------------------------


def test_incoming_damage_must_be_at_least_one(mutant_sheet):
    form = ArmorRollForm(mutant_sheet, data={"incoming": "0"})
    assert form.errors["incoming"] == ["Incoming damage runs from 1 to 20."]


def test_armor_odds_show_absorption_and_rating_loss(mutant_sheet):
    mutant_sheet.armor_rating = 1
    form = ArmorRollForm(mutant_sheet, data={"incoming": "1", "apply_damage": "on"})
    assert form.is_valid()
    assert english(form.odds()) == [
        ["Absorb 0 of 1", "83.3%"],
        ["Absorb all 1", "16.7%"],
        ["Armor rating drops", "16.7%"],
    ]


@pytest.mark.parametrize(
    "data,field",
    [
        ({"points": "0", "source": "level1"}, "points"),
        ({"points": "11", "source": "level1"}, "points"),
        ({"points": "1", "source": "level9"}, "source"),
    ],
)
def test_rot_events_bring_one_to_ten_points_from_a_known_source(mutant_sheet, data, field):
    assert field in RotEventForm(mutant_sheet, data=data).errors


def test_rot_odds_account_for_the_points_already_carried(mutant_sheet):
    mutant_sheet.rot_temporary = 1
    form = RotEventForm(mutant_sheet, data={"points": "1", "source": "attack"})
    assert form.is_valid()
    # two base dice on the rot roll
    assert odds(form)["No damage"] == percent(Fraction(25, 36))
    assert "Every point absorbed" not in odds(form)


def test_rot_odds_show_protection_when_the_sheet_has_some(mutant_sheet):
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    mutant_sheet.rot_suit_rating = 3
    form = RotEventForm(mutant_sheet)
    assert odds(form)["Every point absorbed"] == percent(1 - Fraction(125, 216))
    assert odds(form)["No damage"] == "100%"
    assert "Rot-Eater" in form.fields["points"].help_text


def test_decontamination_needs_temporary_rot_points(mutant_sheet):
    mutant_sheet.rot_permanent = 2
    form = DecontaminationForm(mutant_sheet, data={"method": "wash"})
    assert form.errors["method"] == [
        "No temporary rot points to lose: permanent rot points never leave."
    ]
    assert form.odds() == []


def test_decontamination_odds_roll_one_die_per_point_leaving(mutant_sheet):
    mutant_sheet.rot_temporary = 4
    form = DecontaminationForm(mutant_sheet, data={"method": "wash"})
    assert form.is_valid()
    assert odds(form)["No point becomes permanent"] == percent(Fraction(25, 36))
    day = DecontaminationForm(mutant_sheet, data={"method": "day"})
    assert odds(day)["No point becomes permanent"] == percent(Fraction(5, 6))


# --- Mutations, D6, D66 ------------------------------------------------------------------------


def test_mutation_points_to_spend_run_from_one_to_what_the_sheet_has(mutant_sheet):
    mutant_sheet.mutation_points = 2
    assert MutationRollForm(mutant_sheet, data={"points": "2"}).is_valid()
    form = MutationRollForm(mutant_sheet, data={"points": "3"})
    assert form.errors["points"] == ["Spend 1 to 2 mutation points."]
    assert "points" in MutationRollForm(mutant_sheet, data={"points": "0"}).errors


def test_a_sheet_without_mutation_points_cannot_roll_a_mutation(mutant_sheet):
    form = MutationRollForm(mutant_sheet, data={"points": "1"})
    assert form.errors["points"] == ["No mutation points to spend."]


def test_mutation_odds_show_the_misfire_chance(mutant_sheet):
    mutant_sheet.mutation_points = 3
    MutantMutationFactory(sheet=mutant_sheet, name="Pathokinesis")
    form = MutationRollForm(mutant_sheet, data={"points": "2", "mutation": "Pathokinesis"})
    assert form.is_valid()
    assert odds(form)["Misfire"] == percent(Fraction(11, 36))
    assert (
        "mutation" in MutationRollForm(mutant_sheet, data={"points": "1", "mutation": "X"}).errors
    )


def test_d6_rolls_one_to_ten_dice(mutant_sheet):
    assert "count" in D6Form(mutant_sheet, data={"count": "11"}).errors
    form = D6Form(mutant_sheet, data={"count": "2"})
    assert form.is_valid()
    assert odds(form)["Average"] == "7.0"


def test_d66_shows_each_result_equally_likely(mutant_sheet):
    form = D66Form(mutant_sheet, data={})
    assert form.is_valid()
    assert english(form.odds())[0] == ["Any one result (11 to 66, 36 equally likely)", "2.8%"]


def test_the_skill_form_draws_its_dice_before_rolling(mutant_sheet):
    from rolls.systems.mutant.forms import SkillRollForm

    # Krin: Strength 5, Fight 3; -3 takes every skill die away, +2 adds two.
    form = SkillRollForm(mutant_sheet, data={"skill": "fight", "modifier": "-3", "gear": ""})
    assert [die["kind"] for die in form.pool_dice()] == ["base"] * 5
    form = SkillRollForm(mutant_sheet, data={"skill": "fight", "modifier": "2", "gear": ""})
    assert [die["kind"] for die in form.pool_dice()] == ["base"] * 5 + ["skill"] * 5
