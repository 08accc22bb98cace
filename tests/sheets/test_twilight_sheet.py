"""Twilight: 2000 sheet: database constraints, field and row forms, derived values, the
GM dashboard summary, history, demo data."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.db import IntegrityError, transaction

from sheets.models import Character, TwilightSheet
from sheets.systems.dice.words import put_into_words
from sheets.systems.twilight import rules
from sheets.systems.twilight.forms import MagazineForm, TwilightSheetForm, WeaponForm
from sheets.systems.twilight.sheet import summary
from tests.factories import UserFactory
from tests.factories_twilight import (
    TwilightArmorFactory,
    TwilightGearFactory,
    TwilightInjuryFactory,
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightWeaponFactory,
)

pytestmark = pytest.mark.django_db


def levels(**values):
    base = {"strength": "C", "agility": "C", "intelligence": "C", "empathy": "C"}
    return SimpleNamespace(**{**base, **values})


# --- rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "agility", "capacity"),
    [("A", "A", 6), ("A", "B", 6), ("C", "C", 4), ("D", "D", 3), ("C", "D", 4)],
)
def test_hit_capacity_is_the_str_and_agl_dice_over_four_rounded_up(strength, agility, capacity):
    assert rules.hit_capacity(levels(strength=strength, agility=agility)) == capacity


def test_base_dice_of_a_skill_read_like_the_paper_sheet():
    sheet = SimpleNamespace(**vars(levels(intelligence="B")), recon="C", tech="")
    assert rules.dice_text(rules.base_dice(sheet, "recon")) == "D10 + D8"
    assert rules.dice_text(rules.base_dice(sheet, "tech")) == "D10"


def test_broken_and_incapacitated_states():
    hurt = rules.Condition(damage=4, hit_capacity=4, stress=1, stress_capacity=4)
    assert hurt.incapacitated and not hurt.broken_by_stress
    assert hurt.labels == ["Incapacitated"]
    shaken = rules.Condition(damage=0, hit_capacity=4, stress=4, stress_capacity=4)
    assert shaken.labels == ["Broken by stress"] and shaken.broken


def test_armor_rows_say_which_locations_they_cover():
    assert TwilightArmorFactory().locations == ["Torso", "Arms"]


def test_armor_by_location_takes_the_best_layer():
    flak = SimpleNamespace(rating=2, covers_head=False, covers_torso=True, covers_arms=True,
                           covers_legs=False)  # fmt: skip
    helmet = SimpleNamespace(rating=3, covers_head=True, covers_torso=False, covers_arms=False,
                             covers_legs=False)  # fmt: skip
    assert rules.armor_by_location([flak, helmet]) == {
        "legs": 0, "torso": 2, "arms": 2, "head": 3,
    }  # fmt: skip


def test_rad_points_show_the_sickness_roll_modifier():
    sheet = SimpleNamespace(radiation=2, radiation_permanent=1)
    line = put_into_words(rules.rad_effects(sheet)[0])  # a saying: the page translates it
    assert "STAMINA roll against radiation sickness at +1" in line


# --- database ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("strength", "E"), ("recon", "X"), ("damage", 7), ("radiation", 11), ("age", 5)],
)
def test_the_database_refuses_values_outside_the_rules(field, value):
    sheet = TwilightSheetFactory()
    setattr(sheet, field, value)
    with pytest.raises(IntegrityError), transaction.atomic():
        sheet.save()


def test_rounds_never_pass_the_magazine_nor_reliability_its_maximum():
    weapon = TwilightWeaponFactory()
    for field, value in (("rounds_loaded", 201), ("reliability", 6)):
        setattr(weapon, field, value)
        with pytest.raises(IntegrityError), transaction.atomic():
            weapon.save()
        weapon.refresh_from_db()


def test_every_change_is_in_the_history():
    weapon = TwilightWeaponFactory()
    weapon.rounds_loaded = 100
    weapon.save()
    assert weapon.history.count() == 2
    assert weapon.sheet.history.count() == 1


def test_a_new_twilight_character_gets_its_blank_sheet():
    character = Character.objects.create(owner=UserFactory(), name="Kasia", system="twilight")
    sheet = character.sheet
    assert isinstance(sheet, TwilightSheet)
    assert sheet.coolness_under_fire == "D" and sheet.recon == ""


# --- forms ------------------------------------------------------------------------------


def only(form_class, instance, name, value):
    form = form_class({name: value}, instance=instance)
    form.fields = {name: form.fields[name]}
    return form


def test_damage_above_the_hit_capacity_is_refused():
    sheet = TwilightSheetFactory(strength="C", agility="C")  # capacity 4
    form = only(TwilightSheetForm, sheet, "damage", 5)
    assert not form.is_valid()
    assert "cannot pass the hit capacity (4)" in form.errors["damage"][0]


def test_lowering_an_attribute_below_the_damage_taken_is_refused():
    sheet = TwilightSheetFactory(strength="A", agility="A", damage=6)
    form = only(TwilightSheetForm, sheet, "strength", "D")
    assert not form.is_valid()
    assert "heal it first" in form.errors["strength"][0]


def test_rads_share_ten_boxes():
    sheet = TwilightSheetFactory(radiation_permanent=4)
    form = only(TwilightSheetForm, sheet, "radiation", 7)
    assert not form.is_valid() and "share 10 boxes" in form.errors["radiation"][0]


def test_weapon_form_refuses_more_rounds_than_the_magazine_holds():
    weapon = TwilightWeaponFactory()
    form = WeaponForm({"rounds_loaded": 250}, instance=weapon, prefix=None)
    form.fields = {"rounds_loaded": form.fields["rounds_loaded"]}
    assert not form.is_valid()
    assert "holds no more rounds" in str(form.errors)


def test_a_spare_fits_only_this_sheets_firearms():
    sheet = TwilightSheetFactory()
    mine = TwilightWeaponFactory(sheet=sheet, magazine_capacity=30, rounds_loaded=30)
    other = TwilightWeaponFactory()
    spare = TwilightMagazineFactory(sheet=sheet, rounds=30)
    assert not MagazineForm({"weapon": other.pk, "kind": "magazine", "rounds": 30},
                            instance=spare).is_valid()  # fmt: skip
    too_many = MagazineForm({"weapon": mine.pk, "kind": "magazine", "rounds": 40}, instance=spare)
    assert not too_many.is_valid() and "holds 30 rounds" in str(too_many.errors)


# --- summary ----------------------------------------------------------------------------


def test_the_dashboard_summary_shows_condition_weapons_and_rads():
    sheet = TwilightSheetFactory(damage=6, stress=1, radiation=2, radiation_permanent=3)
    TwilightWeaponFactory(sheet=sheet, rounds_loaded=17, jammed=True)
    TwilightInjuryFactory(sheet=sheet, name="Gut shot", lethal=True)
    TwilightGearFactory(sheet=sheet, weight=20)
    values = {v.label: (v.value, v.alert) for v in summary(sheet).values}
    alerts = summary(sheet).alerts
    assert values["Damage"] == ("6/6", True)
    assert values["Stress"] == ("1/4", False)
    assert values["M249 SAW"] == ("17/200 rounds, jammed", True)
    assert values["Rads"] == ("2 + 3 permanent", True)
    assert values["Carried"][1] is True
    assert {"Incapacitated", "M249 SAW jammed", "lethal: Gut shot", "over capacity"} <= set(alerts)


def test_carried_weight_counts_gear_weapons_and_spares():
    sheet = TwilightSheetFactory()
    TwilightGearFactory(sheet=sheet, weight=Decimal("0.5"))
    weapon = TwilightWeaponFactory(sheet=sheet, weight=2)
    TwilightMagazineFactory(sheet=sheet, weapon=weapon, kind="magazine", rounds=30)
    TwilightMagazineFactory(sheet=sheet, weapon=weapon, kind="belt")
    carried = rules.carried_weight(sheet.gear.all(), sheet.weapons.all(), sheet.magazines.all())
    assert carried == Decimal("3.75")  # 0.5 + 2 + a magazine 0.25 + a belt 1


def test_demo_fills_ronson(db):
    from sheets.systems.twilight.demo import fill

    character = Character.objects.create(owner=UserFactory(), name="x", system="twilight")
    sheet = fill(character, 0)
    assert character.name == "Ronson" and sheet.weapons.count() == 3
    assert sheet.magazines.filter(weapon__name="M249 SAW").exists()
