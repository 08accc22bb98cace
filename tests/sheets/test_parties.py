import pytest
from django.urls import reverse

from sheets.models import Character, Membership, Party
from tests.factories import CharacterFactory, PartyFactory, UserFactory, member_of

pytestmark = pytest.mark.django_db


def test_creating_a_party_makes_the_creator_its_gm(client, gm):
    client.force_login(gm)
    response = client.post(reverse("party_create"), {"name": "Ark Seven"})
    party = Party.objects.get(name="Ark Seven")
    assert party.gm == gm
    assert response.status_code == 302 and response["Location"] == party.get_absolute_url()


def test_a_party_needs_a_name(client, gm):
    client.force_login(gm)
    response = client.post(reverse("party_create"), {"name": ""})
    assert response.status_code == 200
    assert "This field is required" in response.text
    assert not Party.objects.exists()


def test_the_invite_code_joins_a_player_after_they_confirm(client, party):
    newcomer = UserFactory(username="newcomer")
    client.force_login(newcomer)
    link = client.get(reverse("party_join_code", args=[party.invite_code]))
    assert link.status_code == 200
    assert f"Join {party.name}" in link.text
    assert not party.is_member(newcomer), "following the link alone must not join"
    response = client.post(reverse("party_join"), {"invite_code": party.invite_code.lower()})
    assert response.status_code == 302
    assert Membership.objects.filter(party=party, user=newcomer).exists()


def test_a_wrong_invite_code_says_so_next_to_the_field(client, stranger):
    client.force_login(stranger)
    response = client.post(reverse("party_join"), {"invite_code": "NOPE1234"})
    assert response.status_code == 200
    assert "No party has that invite code" in response.text
    assert not Membership.objects.filter(user=stranger).exists()


def test_joining_twice_keeps_one_membership(client, party, player):
    client.force_login(player)
    client.post(reverse("party_join"), {"invite_code": party.invite_code})
    assert Membership.objects.filter(party=party, user=player).count() == 1


def test_the_party_page_lists_members_and_shows_the_invite_code_to_the_gm(gm_client, party, player):
    response = gm_client.get(party.get_absolute_url())
    assert response.status_code == 200
    assert player.username in response.text
    assert party.invite_code in response.text


def test_players_see_the_party_but_not_its_invite_code(player_client, party):
    response = player_client.get(party.get_absolute_url())
    assert response.status_code == 200
    assert party.invite_code not in response.text


def test_strangers_get_404_for_a_party(client, party, stranger):
    client.force_login(stranger)
    assert client.get(party.get_absolute_url()).status_code == 404


def test_the_gm_removes_a_member_whose_characters_leave_the_party(gm_client, party, player):
    character = CharacterFactory(owner=player, party=party)
    response = gm_client.post(reverse("party_remove_member", args=[party.pk, player.pk]))
    assert response.status_code == 302
    assert not party.is_member(player)
    character.refresh_from_db()
    assert character.party is None


def test_a_player_cannot_remove_another_member(client, party, player):
    other = member_of(party)
    client.force_login(player)
    response = client.post(reverse("party_remove_member", args=[party.pk, other.pk]))
    assert response.status_code == 404
    assert party.is_member(other)


def test_a_player_leaves_and_keeps_their_characters(player_client, party, player):
    character = CharacterFactory(owner=player, party=party)
    response = player_client.post(reverse("party_leave", args=[party.pk]))
    assert response.status_code == 302
    assert not party.is_member(player)
    character.refresh_from_db()
    assert character.party is None and character.owner == player


def test_the_gm_cannot_leave_their_own_party(gm_client, party):
    gm_client.post(reverse("party_leave", args=[party.pk]))
    assert Party.objects.filter(pk=party.pk, gm=party.gm).exists()


def test_a_player_brings_their_character_to_a_party_they_belong_to(player_client, party, player):
    character = CharacterFactory(owner=player)
    player_client.post(reverse("character_party", args=[character.pk]), {"party": party.pk})
    character.refresh_from_db()
    assert character.party == party


def test_a_character_cannot_be_brought_to_a_party_of_strangers(player_client, player):
    character = CharacterFactory(owner=player)
    elsewhere = PartyFactory()
    response = player_client.post(
        reverse("character_party", args=[character.pk]), {"party": elsewhere.pk}
    )
    assert response.status_code == 404
    assert Character.objects.get(pk=character.pk).party is None


def test_a_party_that_is_not_a_number_is_a_404_not_a_500(player_client, player):
    character = CharacterFactory(owner=player)
    response = player_client.post(reverse("character_party", args=[character.pk]), {"party": "abc"})
    assert response.status_code == 404


def test_leaving_a_party_is_recorded_in_the_character_history(player_client, party, player):
    character = CharacterFactory(owner=player, party=party)
    player_client.post(reverse("party_leave", args=[party.pk]))
    latest = character.history.first()
    assert latest.party_id is None
    assert latest.history_change_reason == "Left the party"
    assert latest.history_user == player
