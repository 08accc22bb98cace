"""Who reads the API: every endpoint refuses a missing, malformed, unknown or revoked
token (401) and another party's token (404, the party is not said to exist); the right
token reads. No session: a logged-in GM without a token is refused too. Throttled per
token (429 with Retry-After)."""

import pytest
from django.urls import reverse

from rolls.api.tokens import ApiToken
from tests.rolls.api.conftest import bearer
from tests.rolls.api.openapi import api_patterns, check_answer

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("api_party", lambda t: [t.party.pk]),
    ("api_characters", lambda t: [t.party.pk]),
    ("api_character", lambda t: [t.party.pk, t.mutant.character.pk]),
    ("api_rolls", lambda t: [t.party.pk]),
]
WHO = ["none", "not_bearer", "bad", "unknown", "revoked", "other_party", "session_only", "right"]
EXPECTED = {
    "none": 401, "not_bearer": 401, "bad": 401, "unknown": 401, "revoked": 401,
    "other_party": 404, "session_only": 401, "right": 200,
}  # fmt: skip


def headers_for(who, table, other_token, client):
    if who == "not_bearer":
        return {"HTTP_AUTHORIZATION": f"Token {table.token}"}
    if who == "bad":
        return bearer("not-a-token")
    if who == "unknown":  # the right shape and prefix, a wrong secret
        return bearer(table.token[:-4] + "AAAA")
    if who == "revoked":
        table.row.revoke()
        return bearer(table.token)
    if who == "other_party":
        return bearer(other_token)
    if who == "session_only":
        client.force_login(table.party.gm)
        return {}
    if who == "right":
        return bearer(table.token)
    return {}


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(("name", "args"), ENDPOINTS, ids=[name for name, _ in ENDPOINTS])
def test_every_endpoint_admits_exactly_its_partys_token(
    client, api_table, other_party, name, args, who
):
    url = reverse(f"api:{name}", args=args(api_table))
    response = client.get(url, **headers_for(who, api_table, other_party[1], client))
    assert response.status_code == EXPECTED[who], (who, url, response.content)
    check_answer(client, url, response)
    if response.status_code == 401:
        assert response["WWW-Authenticate"].startswith("Bearer")
        if who == "revoked":
            assert "revoked" in response.json()["detail"]


def test_the_matrix_covers_every_endpoint_of_the_api():
    names = {p.name for p in api_patterns()}
    assert names - PUBLIC == {name for name, _ in ENDPOINTS}


# open to anyone: the description, and the API's root (django-ninja's: always 404)
PUBLIC = {"openapi-json", "api-root"}


def test_the_description_is_open_to_anyone_and_the_root_is_empty(client):
    assert client.get(reverse("api:openapi-json")).status_code == 200
    assert client.get(reverse("api:api-root")).status_code == 404


def test_a_revoked_token_stays_refused_and_a_new_one_works(client, api_table):
    url = reverse("api:api_party", args=[api_table.party.pk])
    api_table.row.revoke()
    assert client.get(url, **bearer(api_table.token)).status_code == 401
    _row, fresh = ApiToken.objects.create_for(api_table.party, name="Again", user=None)
    assert client.get(url, **bearer(fresh)).status_code == 200


def test_a_request_notes_when_the_token_was_last_used(client, api_table):
    assert api_table.row.last_used is None
    client.get(reverse("api:api_party", args=[api_table.party.pk]), **bearer(api_table.token))
    api_table.row.refresh_from_db()
    assert api_table.row.last_used is not None


def test_the_token_is_stored_as_a_digest_only(api_table):
    row = ApiToken.objects.get(pk=api_table.row.pk)
    secret = api_table.token.rsplit("_", 1)[1]
    stored = " ".join(str(getattr(row, f.attname)) for f in ApiToken._meta.concrete_fields)
    assert secret not in stored
    assert api_table.token.startswith(f"ts_{row.prefix}_")
    assert len(row.digest) == 64


def test_each_token_has_its_own_allowance(client, api_table, other_party, settings):
    """At the limit, 429 with Retry-After (whole seconds); another token still reads."""
    settings.TABLESIDE_API_RATE = "3/min"
    url = reverse("api:api_party", args=[api_table.party.pk])
    for _ in range(3):
        assert client.get(url, **bearer(api_table.token)).status_code == 200
    refused = client.get(url, **bearer(api_table.token))
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    check_answer(client, url, refused)
    other, token = other_party
    assert client.get(reverse("api:api_party", args=[other.pk]), **bearer(token)).status_code == 200
