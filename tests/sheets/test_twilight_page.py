"""The Twilight: 2000 sheet page: first view (condition, attributes and skills as dice
with a roll control each, weapons with ammo and reliability), tabs, refresh."""

import pytest
from django.urls import reverse

from tests.factories_twilight import (
    TwilightArmorFactory,
    TwilightInjuryFactory,
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightSpecialtyFactory,
    TwilightWeaponFactory,
)
from tests.pages import whole_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def ronson(player, party):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party, damage=1)
    TwilightWeaponFactory(sheet=sheet, rounds_loaded=124, reliability=4)
    TwilightMagazineFactory(sheet=sheet)
    TwilightArmorFactory(sheet=sheet)
    TwilightSpecialtyFactory(sheet=sheet)
    TwilightInjuryFactory(sheet=sheet)
    return sheet


def test_the_first_view_shows_condition_dice_and_weapons(player_client, ronson):
    page = whole_sheet(player_client, ronson.character)
    # STR A + AGL B: hit capacity (12 + 10) / 4 -> 6; INT C + EMP C: (8 + 8) / 4 -> 4
    assert "1/6" in page
    assert "0/4" in page
    assert 'id="dice-heavy_weapons">D12 + D10<' in page
    assert 'id="dice-close_combat">D12<' in page  # no skill level: the attribute die alone
    assert "124/200" in page and "4/5" in page
    url = reverse("roll_form", args=[ronson.character.pk, "skill"])
    assert f'href="{url}?skill=recon"' in page
    attack = reverse("roll_form", args=[ronson.character.pk, "attack"])
    assert f'href="{attack}?weapon={ronson.weapons.get().pk}"' in page
    for tab in ("gear", "weapons-edit", "specialties", "injuries", "notes"):
        assert f'id="{tab}"' in page
    assert "<title>Ronson · T2K" in page


def test_a_jammed_weapon_offers_clearing_not_attacking(player_client, ronson):
    weapon = ronson.weapons.get()
    weapon.jammed = True
    weapon.save()
    page = whole_sheet(player_client, ronson.character)
    assert "M249 SAW jammed" in page
    assert reverse("roll_form", args=[ronson.character.pk, "clear_jam"]) in page
    assert f"{reverse('roll_form', args=[ronson.character.pk, 'attack'])}?weapon" not in page


def test_the_refresh_resends_the_derived_blocks(player_client, ronson):
    response = player_client.post(reverse("sheet_refresh", args=[ronson.character.pk]))
    text = response.text
    assert response.status_code == 200
    assert 'id="t2k-condition" hx-swap-oob="true"' in text
    assert 'id="t2k-weapon-table" hx-swap-oob="true"' in text
    assert 'id="dice-recon" hx-swap-oob="true"' in text


def test_a_skill_level_saved_changes_its_dice(player_client, ronson):
    url = reverse("sheet_field_save", args=[ronson.character.pk, "recon"])
    response = player_client.post(
        url, {"recon": "A", "original-recon": ""}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    ronson.refresh_from_db()
    assert ronson.recon == "A"
    page = whole_sheet(player_client, ronson.character)
    assert 'id="dice-recon">D12 + D8<' in page
