"""Issue 8, item 9: the Character admin links to the live sheet, and ``Character.updated``
moves on every change of the sheet or its rows, for every system in the registry."""

import datetime

import pytest
from django.urls import reverse

from sheets.models import Character
from sheets.signals import touched_once, watched_models
from sheets.systems.registry import all_systems
from tests.factories import (
    MutantArtifactFactory,
    MutantCriticalInjuryFactory,
    MutantGearLineFactory,
    MutantSheetFactory,
)

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
LONG_AGO = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)


def age(character):
    """Set ``updated`` far in the past (without a save, which would move it)."""
    Character.objects.filter(pk=character.pk).update(updated=LONG_AGO)


def updated(character):
    return Character.objects.get(pk=character.pk).updated


def test_every_sheet_and_row_model_of_every_system_is_watched():
    watched = set(watched_models())
    for system in all_systems():
        sheet_model = system.model()
        assert sheet_model in watched
        for collection in system.collections:
            row_model = sheet_model._meta.get_field(collection.related_name).related_model
            assert row_model in watched, f"{row_model.__name__} of {system.slug}"
    assert not any(model.__name__.startswith("Historical") for model in watched)


def test_a_sheet_save_moves_updated():
    sheet = MutantSheetFactory()
    age(sheet.character)
    sheet.grub = 2
    sheet.save()
    assert updated(sheet.character) > LONG_AGO


@pytest.mark.parametrize(
    "factory", [MutantGearLineFactory, MutantArtifactFactory, MutantCriticalInjuryFactory]
)
def test_adding_changing_and_removing_a_row_moves_updated(factory):
    sheet = MutantSheetFactory()
    age(sheet.character)
    row = factory(sheet=sheet)
    assert updated(sheet.character) > LONG_AGO
    age(sheet.character)
    row.name = "Renamed"
    row.save()
    assert updated(sheet.character) > LONG_AGO
    age(sheet.character)
    row.delete()
    assert updated(sheet.character) > LONG_AGO


def test_only_the_sheets_own_character_moves():
    sheet, other = MutantSheetFactory(), MutantSheetFactory()
    age(other.character)
    MutantGearLineFactory(sheet=sheet)
    assert updated(other.character) == LONG_AGO


def test_a_field_saved_on_the_page_and_a_roll_move_updated(player_client, mutant_sheet,
                                                           scripted_dice):  # fmt: skip
    character = mutant_sheet.character
    age(character)
    url = reverse("sheet_field_save", args=[mutant_sheet.pk, "water"])
    player_client.post(url, {"water": "3", "original-water": "0"}, headers=HTMX)
    assert updated(character) > LONG_AGO
    age(character)
    response = player_client.post(
        reverse("roll_form", args=[mutant_sheet.pk, "ration"]), {"water": "on"}, headers=HTMX
    )
    assert response.status_code == 200
    assert updated(character) > LONG_AGO
    assert character.history.count() == 1, "no history row for the character per sheet change"


def test_saves_inside_touched_once_move_updated_once_at_the_end():
    sheet = MutantSheetFactory()
    line = MutantGearLineFactory(sheet=sheet)
    age(sheet.character)
    with touched_once():
        sheet.grub = 1
        sheet.save(update_fields=["grub"])
        line.name = "Rope"
        line.save(update_fields=["name"])
        assert updated(sheet.character) == LONG_AGO, "not yet"
    assert updated(sheet.character) > LONG_AGO


def test_nothing_is_touched_when_the_block_fails():
    sheet = MutantSheetFactory()
    age(sheet.character)
    with pytest.raises(RuntimeError), touched_once():
        sheet.save()
        raise RuntimeError
    assert updated(sheet.character) == LONG_AGO
    sheet.save()  # and the next save outside the block touches at once
    assert updated(sheet.character) > LONG_AGO


def test_deleting_a_character_with_its_sheet_and_rows_still_works():
    sheet = MutantSheetFactory()
    MutantGearLineFactory(sheet=sheet)
    sheet.character.delete()
    assert not Character.objects.filter(pk=sheet.pk).exists()


def test_the_character_admin_links_to_the_live_sheet(admin_client):
    sheet = MutantSheetFactory()
    url = sheet.character.get_absolute_url()
    change = admin_client.get(reverse("admin:sheets_character_change", args=[sheet.pk]))
    assert change.status_code == 200
    assert f'<a href="{url}">Open the sheet</a>' in change.text
    listing = admin_client.get(reverse("admin:sheets_character_changelist"))
    assert f'<a href="{url}">Open the sheet</a>' in listing.text
