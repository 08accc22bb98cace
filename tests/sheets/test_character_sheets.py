"""Every character has its system's sheet, however it was made."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from sheets.models import Character, MutantSheet
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


def test_a_character_added_in_the_admin_gets_its_blank_sheet(client, player, party):
    staff = get_user_model().objects.create_superuser("staff", "staff@example.test", "pw-12345")
    client.force_login(staff)
    response = client.post(
        reverse("admin:sheets_character_add"),
        {"owner": player.pk, "party": party.pk, "system": "mutant", "name": "Vanja"},
    )
    assert response.status_code == 302, response.text[:2000]
    character = Character.objects.get(name="Vanja")
    assert MutantSheet.objects.filter(character=character).exists()


def test_the_admin_refuses_a_system_it_does_not_know(client, player):
    staff = get_user_model().objects.create_superuser("staff", "staff@example.test", "pw-12345")
    client.force_login(staff)
    response = client.post(
        reverse("admin:sheets_character_add"),
        {"owner": player.pk, "system": "gurps", "name": "Nope"},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.text
    assert not Character.objects.filter(name="Nope").exists()


def test_a_character_saved_without_a_sheet_still_opens_and_shows_on_the_dashboard(
    client, player, party, gm
):
    character = CharacterFactory(owner=player, party=party, name="Bare")
    client.force_login(player)
    assert client.get(character.get_absolute_url()).status_code == 200
    assert MutantSheet.objects.filter(character=character).exists()
    client.force_login(gm)
    response = client.get(reverse("party_dashboard", args=[party.pk]))
    assert response.status_code == 200 and "Bare" in response.text
