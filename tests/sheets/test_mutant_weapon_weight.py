"""A Mutant: Year Zero weapon has its weight (issue 32, item 5): counted once in the
encumbrance, shown and edited on the weapon's row, written to the export file and read
back (an older file without it still imports), in the admin; migration 0009 gives the
weapons already listed as gear 0 so nothing counts twice."""

import importlib
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.urls import reverse

from sheets.models import Character, MutantWeapon
from sheets.systems.mutant import rules
from sheets.systems.mutant.sheet import encumbrance, summary
from sheets.transfer import reading
from sheets.transfer.export import character_document
from sheets.transfer.importing import import_document
from tests.factories import MutantGearLineFactory, MutantWeaponFactory, UserFactory

migration = importlib.import_module("sheets.migrations.0009_mutant_weapon_weight")
HTMX = {"HX-Request": "true"}


def line(name, weight, tiny=False):
    return SimpleNamespace(name=name, weight=Decimal(weight), tiny=tiny)


def prefetched(sheet):
    return Character.objects.with_sheets().get(pk=sheet.pk).sheet


# ----------------------------------------------------------------------- rules


def test_a_weapon_weighs_its_weight_once_with_the_gear_lines():
    gear = [line("Rope", "1"), line("Lucky cap", "0", tiny=True)]
    weapons = [line("Spiked bat", "1"), line("Slingshot", "0.5")]
    assert rules.carried_weight(gear, weapons) == Decimal("2.5")
    assert rules.carried_weight(gear) == 1


def test_a_weapon_also_listed_as_gear_is_named_as_weighed_twice():
    gear = [line("Spiked bat", "1"), line("Rope", "1")]
    weapons = [line("spiked-bat", "1"), line("Slingshot", "0.5")]
    assert rules.weighed_twice(gear, weapons) == ["spiked-bat"]
    assert rules.weighed_twice(gear, [line("Spiked bat", "0")]) == []  # its line carries it


@pytest.mark.django_db
def test_the_encumbrance_and_the_gms_card_count_the_weapons(mutant_sheet):
    mutant_sheet.strength = 2  # 4 lines
    mutant_sheet.damage = 0
    mutant_sheet.save()
    MutantGearLineFactory(sheet=mutant_sheet, name="Rope", weight=3)
    MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat", weight="1.5")
    load = encumbrance(prefetched(mutant_sheet))
    assert (load["carried_text"], load["weapons_weight_text"]) == ("4.5", "1.5")
    assert load["encumbered"]
    card = {value.label: value.value for value in summary(prefetched(mutant_sheet)).values}
    assert card["Carried"] == "4.5/4 lines"


# ----------------------------------------------------------------------- the page


@pytest.mark.django_db
def test_the_weapon_row_shows_its_weight_and_saving_it_moves_the_encumbrance(
    player_client, mutant_sheet
):
    bat = MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat", weight=1)
    page = player_client.get(mutant_sheet.character.get_absolute_url() + "?all").text
    name = f"weapons-{bat.pk}-weight"
    assert f'name="{name}"' in page
    assert "Weapons also take their weight as lines of gear" in page
    response = player_client.post(
        reverse("sheet_field_save", args=[mutant_sheet.pk, name]),
        {name: "2.5", f"original-{name}": "1"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert MutantWeapon.objects.get(pk=bat.pk).weight == Decimal("2.5")
    refused = player_client.post(
        reverse("sheet_field_save", args=[mutant_sheet.pk, name]),
        {name: "-1", f"original-{name}": "2.5"},
        headers=HTMX,
    )
    assert refused.status_code == 422
    assert MutantWeapon.objects.get(pk=bat.pk).weight == Decimal("2.5")
    page = player_client.get(mutant_sheet.character.get_absolute_url() + "?all").text
    assert "Carrying 2.5 of" in page and "weapons (2.5)" in page


@pytest.mark.django_db
def test_a_weapon_added_on_the_page_takes_the_weight_given(player_client, mutant_sheet):
    url = reverse("sheet_row_add", args=[mutant_sheet.pk, "weapons"])
    data = {"weapons-new-name": "Slingshot", "weapons-new-bonus": "1",
            "weapons-new-damage": "1", "weapons-new-range": "short",
            "weapons-new-weight": "0.5"}  # fmt: skip
    assert player_client.post(url, data, headers=HTMX).status_code == 200
    assert MutantWeapon.objects.get(sheet=mutant_sheet).weight == Decimal("0.5")


@pytest.mark.django_db
def test_the_sheet_says_when_a_weapon_is_also_weighed_as_gear(player_client, mutant_sheet):
    MutantGearLineFactory(sheet=mutant_sheet, name="Spiked bat", weight=1)
    MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat", weight=1)
    page = player_client.get(mutant_sheet.character.get_absolute_url() + "?all").text
    assert "Counted twice: Spiked bat is both a weapon and a gear line" in page


# ----------------------------------------------------------------------- the migration


@pytest.mark.django_db
def test_the_migration_gives_a_weapon_already_listed_as_gear_no_weight_of_its_own(mutant_sheet):
    MutantGearLineFactory(sheet=mutant_sheet, name="Spiked bat", weight=1)
    listed = MutantWeaponFactory(sheet=mutant_sheet, name="Spiked Bat")
    alone = MutantWeaponFactory(sheet=mutant_sheet, name="Slingshot")
    before = MutantWeapon.objects.count()
    migration.weigh_weapons(apps, None)
    assert MutantWeapon.objects.count() == before
    assert MutantWeapon.objects.get(pk=listed.pk).weight == 0
    assert MutantWeapon.objects.get(pk=alone.pk).weight == 1
    assert {h.weight for h in MutantWeapon.history.filter(id=listed.pk)} == {0}
    assert encumbrance(prefetched(mutant_sheet))["carried"] == 2  # the bat's line + slingshot


# ----------------------------------------------------------------------- the file


def imported(doc):
    user = UserFactory()
    return import_document(reading.document(doc), user)


@pytest.mark.django_db
def test_the_weapon_weight_goes_out_in_the_file_and_comes_back(mutant_sheet):
    MutantWeaponFactory(sheet=mutant_sheet, name="Slingshot", weight="0.5")
    doc = character_document(mutant_sheet.character)
    assert doc["weapons"][0]["weight"] == 0.5
    done = imported(doc)
    assert not done.errors
    assert done.character.sheet.weapons.get().weight == Decimal("0.5")


@pytest.mark.django_db
def test_an_older_file_without_weapon_weights_still_imports_and_counts_each_once(mutant_sheet):
    MutantGearLineFactory(sheet=mutant_sheet, name="Spiked bat", weight=1)
    MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat")
    MutantWeaponFactory(sheet=mutant_sheet, name="Slingshot")
    doc = character_document(mutant_sheet.character)
    for weapon in doc["weapons"]:
        del weapon["weight"]
    done = imported(doc)
    assert not done.errors, done.errors
    weights = dict(done.character.sheet.weapons.values_list("name", "weight"))
    assert weights == {"Spiked bat": 0, "Slingshot": 1}


# ----------------------------------------------------------------------- the admin


@pytest.mark.django_db
def test_the_admin_edits_a_weapons_weight(client, mutant_sheet):
    staff = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(staff)
    bat = MutantWeaponFactory(sheet=mutant_sheet, weight=1)
    page = client.get(reverse("admin:sheets_mutantsheet_change", args=[mutant_sheet.pk])).text
    assert 'name="weapons-0-weight"' in page
    page = client.get(reverse("admin:sheets_mutantweapon_change", args=[bat.pk])).text
    assert 'name="weight"' in page
