"""What each endpoint answers: the party, the sheets as their export files (equal to what
the sheet's Export gives), the roll log after an id page by page, no secret roll until
revealed; every answer valid against the served OpenAPI description."""

import json

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.transfer.spec import SCHEMA
from tests.rolls.api.conftest import bearer, roll
from tests.rolls.api.openapi import check_answer

pytestmark = pytest.mark.django_db


def get(client, url, token, **params):
    response = client.get(url, params, **bearer(token))
    check_answer(client, url, response)
    return response


def test_the_party_names_its_gm_systems_and_characters(client, api_table):
    party = api_table.party
    answer = get(client, reverse("api:api_party", args=[party.pk]), api_table.token).json()
    assert answer["id"] == party.pk
    assert (answer["name"], answer["gm"]) == ("The Ark", "gm")
    assert answer["systems"] == ["mutant", "twilight", "slots"]
    characters = {c["name"]: c for c in answer["characters"]}
    assert characters["Krin"] == {
        "id": api_table.mutant.character.pk, "name": "Krin", "system": "mutant",
        "player": "player",
    }  # fmt: skip
    assert len(characters) == 3


def _without_moment(doc):
    return {key: value for key, value in doc.items() if key != "exported"}


def test_a_character_is_its_export_file_exactly(client, api_table):
    """The same document as the sheet's Export button (schema 1), bar the moment."""
    character = api_table.mutant.character
    url = reverse("api:api_character", args=[api_table.party.pk, character.pk])
    answer = get(client, url, api_table.token).json()
    client.force_login(api_table.party.gm)
    exported = json.loads(client.get(reverse("character_export", args=[character.pk])).content)
    assert answer["schema"] == SCHEMA == 1
    assert answer["gear"][0]["name"] == "Rope"
    assert _without_moment(answer) == _without_moment(exported)


def test_every_character_comes_with_its_export_file(client, api_table):
    url = reverse("api:api_characters", args=[api_table.party.pk])
    answer = get(client, url, api_table.token).json()["characters"]
    assert [c["system"] for c in answer] == [c["export"]["system"] for c in answer]
    client.force_login(api_table.party.gm)
    for entry in answer:
        exported = json.loads(client.get(reverse("character_export", args=[entry["id"]])).content)
        assert _without_moment(entry["export"]) == _without_moment(exported)
    slots = next(c for c in answer if c["system"] == "slots")
    assert any(item["name"] == "Lantern" for item in slots["export"]["items"])


def test_a_character_of_another_party_is_not_found(client, api_table, other_party):
    other, _token = other_party
    from tests.factories import MutantSheetFactory

    outsider = MutantSheetFactory(character__party=other).character
    url = reverse("api:api_character", args=[api_table.party.pk, outsider.pk])
    assert get(client, url, api_table.token).status_code == 404


def test_the_log_leaves_out_secret_rolls_and_names_pushes_by_id(client, api_table):
    url = reverse("api:api_rolls", args=[api_table.party.pk])
    answer = get(client, url, api_table.token).json()
    first, push, npc, later = api_table.rolls
    assert [r["id"] for r in answer["rolls"]] == [first.pk, push.pk, npc.pk, later.pk]
    assert answer["next"] is None
    assert answer["rolls"][1]["push_of"] == first.pk
    assert answer["rolls"][0]["label"] == "Fight"
    assert answer["rolls"][0]["character"] == "Krin"
    assert answer["rolls"][2]["character"] is None
    assert answer["rolls"][2]["npc"] == "Zone ghoul"
    assert "Ambush" not in json.dumps(answer)


def test_a_revealed_secret_roll_shows(client, api_table):
    Roll.objects.filter(pk=api_table.secret.pk).update(secret=False)
    url = reverse("api:api_rolls", args=[api_table.party.pk])
    labels = [r["label"] for r in get(client, url, api_table.token).json()["rolls"]]
    assert "Ambush" in labels


def test_the_log_comes_page_by_page_after_an_id(client, api_table):
    url = reverse("api:api_rolls", args=[api_table.party.pk])
    first, push, npc, later = api_table.rolls
    page = get(client, url, api_table.token, limit=2).json()
    assert [r["id"] for r in page["rolls"]] == [first.pk, push.pk]
    assert page["next"] == push.pk
    page = get(client, url, api_table.token, limit=2, after=page["next"]).json()
    assert [r["id"] for r in page["rolls"]] == [npc.pk, later.pk]  # the secret one skipped
    assert page["next"] is None
    newer = roll(api_table.party, api_table.mutant.character, label="Sneak")
    page = get(client, url, api_table.token, limit=2, after=later.pk).json()
    assert [r["id"] for r in page["rolls"]] == [newer.pk]
    assert page["next"] is None


@pytest.mark.parametrize(
    "params", [{"limit": 0}, {"limit": 201}, {"after": -1}, {"after": "x"}, {"limit": "٣"}]
)
def test_a_bad_page_is_refused_with_a_reason(client, api_table, params):
    url = reverse("api:api_rolls", args=[api_table.party.pk])
    response = get(client, url, api_table.token, **params)
    assert response.status_code == 422
    assert response.json()["detail"]


def test_another_partys_rolls_never_show(client, api_table, other_party):
    other, token = other_party
    roll(other, None, npc_name="Stranger", label="Elsewhere")
    url = reverse("api:api_rolls", args=[other.pk])
    labels = [r["label"] for r in get(client, url, token).json()["rolls"]]
    assert labels == ["Elsewhere"]


def test_the_party_file_and_the_api_write_a_roll_alike(client, api_table):
    """The GM's party export (with an NPC's roll) and the API share each roll's fields:
    the API adds ids, and names a push by the pushed roll's id, not its position."""
    client.force_login(api_table.party.gm)
    exported = json.loads(client.get(reverse("party_export", args=[api_table.party.pk])).content)
    client.logout()
    url = reverse("api:api_rolls", args=[api_table.party.pk])
    served = {r["id"]: r for r in get(client, url, api_table.token).json()["rolls"]}
    by_label = {r["label"]: r for r in exported["rolls"]}
    assert by_label["Claws"]["character"] is None
    assert by_label["Claws"]["npc"] == "Zone ghoul"
    for logged in api_table.rolls:
        theirs, ours = by_label[logged.label], served[logged.pk]
        shared = set(theirs) - {"push_of", "secret", "at"}
        assert {key: theirs[key] for key in shared} == {key: ours[key] for key in shared}
