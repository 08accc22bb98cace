import pytest
from django.urls import reverse

from sheets.models import Character, Party
from sheets.systems.registry import all_systems
from tests.factories import CharacterFactory, PartyFactory, UserFactory, member_of

pytestmark = pytest.mark.django_db


def test_home_shows_anonymous_visitors_the_landing_page_with_log_in_and_sign_up(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert f'href="{reverse("login")}"' in response.text
    assert f'href="{reverse("signup")}"' in response.text
    assert "<title>Character sheets and live dice for your table · Tableside</title>" in (
        response.text
    )


def test_a_character_card_shows_its_system_party_last_roll_and_alerts(player_client, mutant_sheet):
    from rolls.models import Roll

    mutant_sheet.damage = mutant_sheet.strength
    mutant_sheet.save()
    Roll.objects.create(
        character=mutant_sheet.character, party=mutant_sheet.character.party,
        system="mutant", kind="d6", label="D6", outcome="Total 5",
    )  # fmt: skip
    page = player_client.get(reverse("home")).text
    assert "Mutant: Year Zero · The Ark" in page
    assert "Last roll: D6, <strong>Total 5</strong>" in page
    assert "Strength broken" in page


def test_home_lists_my_characters_and_parties_but_not_others(player_client, player, party):
    mine = CharacterFactory(owner=player, name="Krin", party=party)
    CharacterFactory(name="Someone Else")
    response = player_client.get(reverse("home"))
    assert mine.name in response.text
    assert party.name in response.text
    assert "Someone Else" not in response.text


def test_a_party_on_home_counts_every_player_not_only_me(player_client, player, party):
    """The party's line counts all its players and characters, as the GM's would."""
    other = member_of(party, UserFactory(username="bob"))
    CharacterFactory(owner=player, party=party)
    CharacterFactory(owner=other, party=party)
    CharacterFactory(owner=other, party=party)
    response = player_client.get(reverse("home"))
    assert "2 players · 3 characters" in response.text
    assert list(Party.objects.for_user(player)) == [party]


def test_home_has_a_helpful_empty_state(client, stranger):
    client.force_login(stranger)
    response = client.get(reverse("home"))
    assert "No characters yet." in response.text
    assert f'href="{reverse("character_create")}">Create a character' in response.text
    assert "Not in a party yet." in response.text


def test_the_new_character_form_offers_every_registered_system(player_client):
    response = player_client.get(reverse("character_create"))
    for system in all_systems():
        assert system.name in response.text


def test_creating_a_character_makes_its_blank_sheet(player_client, player, party):
    response = player_client.post(
        reverse("character_create"), {"name": "Vanja", "system": "mutant", "party": party.pk}
    )
    character = Character.objects.get(name="Vanja")
    creation = reverse("character_creation", args=[character.pk])
    assert response.status_code == 302 and response["Location"] == creation
    assert character.owner == player and character.party == party
    assert character.sheet.pk == character.pk


def test_a_character_cannot_be_created_in_a_party_of_strangers(player_client):
    elsewhere = PartyFactory()
    response = player_client.post(
        reverse("character_create"), {"name": "Spy", "system": "mutant", "party": elsewhere.pk}
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.text
    assert not Character.objects.filter(name="Spy").exists()


def test_an_unknown_system_is_refused_next_to_the_field(player_client):
    response = player_client.post(reverse("character_create"), {"name": "X", "system": "gurps"})
    assert "Select a valid choice" in response.text
    assert not Character.objects.exists()
