"""A sixth system is additive: the test-only toy system (tests/toy/: one attribute, one
roll with exact odds, one effect on the sheet), registered by a setting alone, with no
generic module naming it, gets every generic page and path a real system gets."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from rolls.models import Roll
from sheets.models import Character
from sheets.systems.registry import all_systems
from tests.factories import UserFactory, member_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def toy(settings):
    """The toy system, registered the way a host adds one: a setting."""
    settings.TABLESIDE_EXTRA_SYSTEMS = ["tests.toy.system.TOY"]
    return all_systems()[-1]


@pytest.fixture
def brave(toy, party, player):
    """A player's toy character at the GM's table: Nerve 3, no Frights yet."""
    character = Character.objects.create(owner=player, party=party, name="Pip", system="toy")
    toy.call("new_sheet", character)
    return character


def as_user(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_toy_system_is_registered_by_the_setting_alone(toy):
    assert [system.slug for system in all_systems()][-1] == "toy"
    assert len(all_systems()) == 6


def test_a_player_creates_a_toy_character_from_the_new_character_choice(toy, party, player):
    client = as_user(player)
    page = client.get(reverse("character_create")).content.decode()
    assert '<option value="toy">Toy</option>' in page
    response = client.post(
        reverse("character_create"), {"name": "Pip", "system": "toy", "party": party.pk}
    )
    character = Character.objects.get(name="Pip")
    assert response.status_code == 302 and response["Location"] == character.get_absolute_url()
    assert (character.system, character.sheet.nerve, character.sheet.frights) == ("toy", 3, 0)


def test_the_toy_sheet_page_shows_its_attribute_and_its_roll(brave, player):
    page = as_user(player).get(brave.get_absolute_url() + "?all").content.decode()
    assert 'name="nerve"' in page
    assert reverse("roll_form", args=[brave.pk, "nerve"]) in page
    assert "data-frights>0<" in page


def test_the_roll_shows_its_exact_odds_and_a_failure_frightens_the_sheet(
    brave, player, scripted_dice
):
    client = as_user(player)
    url = reverse("roll_form", args=[brave.pk, "nerve"])
    odds = client.get(reverse("roll_odds", args=[brave.pk, "nerve"]), headers=HTMX)
    assert 'Holds</th><td class="text-end">50.0%' in odds.content.decode()  # 3 in 6
    scripted_dice(5)  # over Nerve 3: a Fright
    response = client.post(url, {}, headers=HTMX)
    assert response.status_code == 200
    roll = Roll.objects.get(character=brave)
    assert (roll.system, roll.outcome, roll.result["dice"][0]["face"]) == ("toy", "a Fright", 5)
    brave.sheet.refresh_from_db()
    assert brave.sheet.frights == 1
    scripted_dice(2)  # at or under Nerve: it holds, nothing changes
    client.post(url, {}, headers=HTMX)
    brave.sheet.refresh_from_db()
    assert brave.sheet.frights == 1
    assert Roll.objects.filter(character=brave, outcome="held").exists()


def test_the_roll_reaches_the_feed_and_the_gms_dashboard_card(
    brave, party, player, gm, scripted_dice
):
    scripted_dice(6, 6, 6)
    for _ in range(3):
        as_user(player).post(reverse("roll_form", args=[brave.pk, "nerve"]), {}, headers=HTMX)
    feed = as_user(member_of(party)).get(reverse("party_log", args=[party.pk])).content.decode()
    assert feed.count("Nerve") >= 3 and "a Fright" in feed
    dashboard = as_user(gm).get(reverse("party_dashboard", args=[party.pk])).content.decode()
    assert "Pip" in dashboard and "Frights" in dashboard and "frightened" in dashboard


def test_the_toy_sheet_is_exported_and_imported_whole(brave, player):
    brave.sheet.nerve, brave.sheet.frights = 5, 2
    brave.sheet.save()
    client = as_user(player)
    exported = client.get(reverse("character_export", args=[brave.pk]))
    doc = json.loads(exported.content)
    assert doc["system"] == "toy" and doc["sheet"]["nerve"] == 5
    importer = UserFactory(username="importer")
    upload = SimpleUploadedFile("pip.json", exported.content, "application/json")
    response = as_user(importer).post(reverse("character_import"), {"file": upload})
    assert response.status_code == 200
    copy = Character.objects.get(owner=importer)
    assert (copy.name, copy.system, copy.sheet.nerve, copy.sheet.frights) == ("Pip", "toy", 5, 2)


def test_the_toy_sheets_history_shows_what_the_roll_did(brave, player, scripted_dice):
    scripted_dice(6)
    client = as_user(player)
    client.post(reverse("roll_form", args=[brave.pk, "nerve"]), {}, headers=HTMX)
    history = client.get(reverse("character_history", args=[brave.pk])).content.decode()
    assert "Nerve failed: a Fright" in history
