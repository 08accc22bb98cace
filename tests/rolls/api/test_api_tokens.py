"""The GM's tokens on the party's settings page: made with a name, shown once (then only
the name, the prefix, when made and last used), revoked; bad names refused next to the
field; nothing of it for anyone but the GM."""

import pytest
from django.urls import reverse

from rolls.api.token_views import MAX_ACTIVE
from rolls.api.tokens import ApiToken
from tests.rolls.api.conftest import bearer

pytestmark = pytest.mark.django_db


def settings_page(client, party):
    return client.get(reverse("party_settings", args=[party.pk])).content.decode()


def test_a_new_token_is_shown_once_then_only_by_name_and_prefix(gm_client, party):
    response = gm_client.post(
        reverse("api_token_create", args=[party.pk]), {"name": " Foundry  VTT "}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("#api-tokens")
    row = ApiToken.objects.get(party=party)
    assert row.name == "Foundry VTT"
    page = gm_client.get(response["Location"]).content.decode()
    start = page.index('id="api-token-new"')
    token = page[start:].split('value="', 1)[1].split('"', 1)[0]
    assert token.startswith(f"ts_{row.prefix}_")
    assert "never used" in page
    assert (
        gm_client.get(reverse("api:api_party", args=[party.pk]), **bearer(token)).status_code == 200
    )
    again = settings_page(gm_client, party)
    assert token not in again
    assert 'id="api-token-new"' not in again
    assert "Foundry VTT" in again
    assert f"ts_{row.prefix}_…" in again
    assert "last used" in again


def test_the_list_says_when_a_token_was_last_used(gm_client, client, party):
    row, token = ApiToken.objects.create_for(party, name="Bot", user=party.gm)
    gm_client.get(reverse("api:api_party", args=[party.pk]), **bearer(token))
    row.refresh_from_db()
    page = settings_page(gm_client, party)
    assert "last used" in page
    assert row.last_used.strftime("%Y-%m-%dT%H:%M") in page


@pytest.mark.parametrize("name", ["", "   ", "x" * 61])
def test_a_bad_name_is_refused_next_to_the_field(gm_client, party, name):
    response = gm_client.post(reverse("api_token_create", args=[party.pk]), {"name": name})
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="api-token-name-errors"' in page
    assert 'aria-invalid="true"' in page
    assert not ApiToken.objects.exists()


def test_a_party_holds_a_bounded_number_of_tokens(gm_client, party):
    for number in range(MAX_ACTIVE):
        ApiToken.objects.create_for(party, name=f"Tool {number}", user=party.gm)
    response = gm_client.post(reverse("api_token_create", args=[party.pk]), {"name": "One more"})
    assert response.status_code == 422
    assert "revoke one first" in response.content.decode()
    assert ApiToken.objects.count() == MAX_ACTIVE


def test_a_revoked_token_leaves_the_list_and_is_refused(gm_client, party):
    row, token = ApiToken.objects.create_for(party, name="Bot", user=party.gm)
    url = reverse("api:api_party", args=[party.pk])
    response = gm_client.post(reverse("api_token_revoke", args=[party.pk, row.pk]))
    assert response.status_code == 302
    page = gm_client.get(response["Location"]).content.decode()
    assert "is revoked" in page
    assert f"ts_{row.prefix}_" not in page
    gm_client.logout()
    assert gm_client.get(url, **bearer(token)).status_code == 401


def test_a_gm_cannot_revoke_another_partys_token(gm_client, party, other_party):
    other, _token = other_party
    row = ApiToken.objects.get(party=other)
    response = gm_client.post(reverse("api_token_revoke", args=[party.pk, row.pk]))
    assert response.status_code == 404
    response = gm_client.post(reverse("api_token_revoke", args=[other.pk, row.pk]))
    assert response.status_code == 404
    row.refresh_from_db()
    assert row.revoked is None


def test_players_never_see_the_tokens(player_client, party):
    ApiToken.objects.create_for(party, name="Bot", user=party.gm)
    assert player_client.get(reverse("party_settings", args=[party.pk])).status_code == 404
    response = player_client.get(reverse("party_detail", args=[party.pk]))
    assert "Bot" not in response.content.decode()


def test_staff_read_and_revoke_tokens_in_the_admin(client, party):
    from tests.factories import UserFactory

    row, token = ApiToken.objects.create_for(party, name="Bot", user=party.gm)
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    changelist = reverse("admin:rolls_apitoken_changelist")
    assert "Bot" in client.get(changelist).content.decode()
    page = client.get(reverse("admin:rolls_apitoken_change", args=[row.pk])).content.decode()
    assert row.prefix in page
    assert row.digest not in page and token not in page
    assert client.get(reverse("admin:rolls_apitoken_add")).status_code == 403
    client.post(changelist, {"action": "revoke", "_selected_action": [row.pk]})
    row.refresh_from_db()
    assert row.revoked is not None
