"""A new group's first session (issue 32): the invite survives signing up, a new
character is made in the party, and creation starts with the game's own choices."""

import pytest
from django.urls import reverse

from sheets.models import Character, Membership
from sheets.systems.registry import all_systems
from tests.factories import PartyFactory, UserFactory, member_of

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "violet-harbour-17"


def sign_up(client, username, next_url=""):
    url = reverse("signup") + (f"?next={next_url}" if next_url else "")
    return client.post(
        url,
        {"username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )


# 1. the invite survives signing up


def test_the_log_in_page_of_an_invite_link_offers_an_account_that_keeps_the_invite(client, party):
    join = reverse("party_join_code", args=[party.invite_code])
    login_page = client.get(join, follow=True)
    assert f'href="{reverse("signup")}?next={join}"' in login_page.text


def test_the_log_in_page_never_carries_another_sites_address_to_sign_up(client):
    page = client.get(reverse("login") + "?next=https://elsewhere.example/")
    assert f'href="{reverse("signup")}"' in page.text
    assert f"{reverse('signup')}?next=" not in page.text
    assert 'name="next" value="https://elsewhere' not in page.text


def test_signing_up_from_an_invite_asks_once_to_join_then_opens_a_new_character_there(
    client, party
):
    join = reverse("party_join_code", args=[party.invite_code])
    signed_up = sign_up(client, "newcomer", join)
    assert signed_up.url == join
    confirm = client.get(join)
    assert f"Join {party.name}?" in confirm.text
    joined = client.post(reverse("party_join"), {"invite_code": party.invite_code})
    assert joined.url == reverse("character_create") + f"?party={party.pk}"
    assert Membership.objects.filter(party=party, user__username="newcomer").exists()
    form = client.get(joined.url)
    assert f'<option value="{party.pk}" selected>{party.name}</option>' in form.text


def test_sign_up_never_sends_the_new_player_to_another_site(client):
    signed_up = sign_up(client, "newcomer", "https://elsewhere.example/")
    assert signed_up.url == reverse("home")


def test_the_sign_up_page_keeps_the_invite_on_its_log_in_link(client, party):
    join = reverse("party_join_code", args=[party.invite_code])
    page = client.get(reverse("signup") + f"?next={join}")
    assert f'href="{reverse("login")}?next={join}"' in page.text


def test_a_player_with_characters_lands_on_the_party_after_joining(player_client, player, party):
    other = PartyFactory(name="The Caravan")
    Character.objects.create_with_sheet(owner=player, name="Old", system="zombie")
    joined = player_client.post(reverse("party_join"), {"invite_code": other.invite_code})
    assert joined.url == other.get_absolute_url()


# 2. a new character is made in the party


def test_the_new_character_form_starts_in_the_players_only_party(player_client, party):
    page = player_client.get(reverse("character_create"))
    assert f'<option value="{party.pk}" selected>{party.name}</option>' in page.text


def test_the_new_character_form_starts_in_the_party_it_was_opened_from(player_client, player):
    second = PartyFactory(name="The Caravan")
    member_of(second, player)
    page = player_client.get(reverse("character_create") + f"?party={second.pk}")
    assert f'<option value="{second.pk}" selected>The Caravan</option>' in page.text


def test_a_party_the_player_is_not_in_is_never_the_default(player_client, party):
    elsewhere = PartyFactory(name="Strangers")
    page = player_client.get(reverse("character_create") + f"?party={elsewhere.pk}")
    assert "Strangers" not in page.text
    assert f'<option value="{party.pk}" selected>' in page.text


def test_with_two_parties_and_none_asked_the_form_starts_with_no_party(player_client, player):
    member_of(PartyFactory(), player)
    page = player_client.get(reverse("character_create"))
    assert '<option value="" selected>No party yet</option>' in page.text


def test_the_party_page_and_the_dashboard_offer_a_character_made_here(
    player_client, gm_client, party
):
    here = f'href="{reverse("character_create")}?party={party.pk}"'
    assert here in player_client.get(party.get_absolute_url()).text
    assert here in gm_client.get(reverse("party_dashboard", args=[party.pk])).text


# 3. creation starts with the game's choices


@pytest.mark.parametrize("system", [s.slug for s in all_systems()])
def test_a_new_character_goes_to_its_games_first_creation_step(player_client, party, system):
    made = player_client.post(
        reverse("character_create"), {"name": "Fresh", "system": system, "party": party.pk}
    )
    character = Character.objects.get(name="Fresh")
    assert made.url == reverse("character_creation", args=[character.pk])
    first = player_client.get(made.url)
    steps = dict(all_systems_by_slug())[system].creation_steps
    assert first.status_code == 200
    assert f'<h1 class="h3 mt-3 mb-1">{steps[0].title}</h1>' in first.text


def all_systems_by_slug():
    return [(s.slug, s) for s in all_systems()]


def test_a_new_mutant_is_nobody_yet(player, party):
    character = Character.objects.create_with_sheet(
        owner=player, name="Fresh", system="mutant", party=party
    )
    sheet = character.sheet
    assert sheet.role == ""
    assert sheet.specialist_skill == 0


def test_a_new_agent_has_no_role_nor_ancestry_yet(player, party):
    character = Character.objects.create_with_sheet(
        owner=player, name="Fresh", system="agents", party=party
    )
    assert (character.sheet.role, character.sheet.ancestry) == ("", "")


def test_a_stranger_cannot_open_someone_elses_creation(client, stranger, player, party):
    character = Character.objects.create_with_sheet(owner=player, name="Mine", system="mutant")
    client.force_login(stranger)
    assert client.get(reverse("character_creation", args=[character.pk])).status_code == 404


def test_an_unknown_step_is_not_found(player_client, player):
    character = Character.objects.create_with_sheet(owner=player, name="Mine", system="mutant")
    url = reverse("character_creation_step", args=[character.pk, "nope"])
    assert player_client.get(url).status_code == 404


def test_the_sheet_keeps_the_creation_checks_open_until_they_are_met(player_client, player):
    character = Character.objects.create_with_sheet(owner=player, name="Mine", system="mutant")
    page = player_client.get(character.get_absolute_url() + "?all").text
    assert '<details class="alert alert-warning py-1 px-2 mb-2 small" open' in page
    assert reverse("character_creation", args=[character.pk]) in page


def test_signing_up_a_second_account_while_logged_in_goes_home(player_client):
    assert sign_up(player_client, "again").url == reverse("home")


def test_a_user_signed_up_through_the_invite_is_a_member_once(client, party):
    join = reverse("party_join_code", args=[party.invite_code])
    sign_up(client, "newcomer", join)
    client.post(reverse("party_join"), {"invite_code": party.invite_code})
    client.post(reverse("party_join"), {"invite_code": party.invite_code})
    assert Membership.objects.filter(party=party, user__username="newcomer").count() == 1
    assert UserFactory._meta.model.objects.filter(username="newcomer").count() == 1
