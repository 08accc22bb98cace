"""Cooperation: the GM opens a group check; all dice roll at once; each character may
exchange one die with another; then every result is read against its own sheet."""

import pytest
from django.test import Client
from django.urls import reverse

from rolls.models import Roll
from tests.factories import UserFactory, member_of
from tests.factories_slots import SlotsItemFactory, SlotsSheetFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(gm, party, player):
    ann = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo = SlotsSheetFactory(
        character__owner=member_of(party, UserFactory()), character__party=party,
        character__name="Bo",
    )  # fmt: skip
    cy = SlotsSheetFactory(
        character__owner=member_of(party, UserFactory()), character__party=party,
        character__name="Cy",
    )  # fmt: skip
    SlotsItemFactory(sheet=ann, slot=11, name="Anvil", tags="heavy")
    gm_client = Client()
    gm_client.force_login(gm)
    return gm_client, ann, bo, cy


def choose(client, row, **data):
    return client.post(reverse("roll_choose", args=[row.pk]), data, headers=HTMX)


def test_a_group_traverse_with_one_exchange_then_read(table, scripted_dice):
    gm_client, ann, bo, cy = table
    url = reverse("roll_form", args=[ann.character.pk, "group"])
    scripted_dice(11, 4, 9)  # Ann, Bo, Cy in name order
    response = gm_client.post(
        url, {"check": "traverse", "members": [ann.pk, bo.pk, cy.pk]}, headers=HTMX
    )
    assert response.status_code == 200
    row = Roll.objects.get()
    assert [g["dice"][0]["face"] for g in row.result["dice_groups"]] == [11, 4, 9]
    # Ann's 11 reads her heavy anvil: she exchanges with Bo
    assert choose(gm_client, row, step="swap", first=ann.pk, second=bo.pk).status_code == 200
    row.refresh_from_db()
    assert [g["dice"][0]["face"] for g in row.result["dice_groups"]] == [4, 11, 9]
    # each character takes part in one exchange at most
    response = choose(gm_client, row, step="swap", first=bo.pk, second=cy.pk)
    assert response.status_code == 422 and "Bo has already exchanged a die" in response.text
    choose(gm_client, row, step="read")
    row.refresh_from_db()
    assert row.outcome == "Ann succeeds, Bo succeeds, Cy succeeds"
    assert choose(gm_client, row, step="swap", first=cy.pk, second=ann.pk).status_code == 422


def test_only_the_gm_opens_a_group_check_and_it_needs_two(table, player_client):
    gm_client, ann, bo, _ = table
    url = reverse("roll_form", args=[ann.character.pk, "group"])
    assert player_client.post(url, {"check": "grit", "members": [ann.pk, bo.pk]}).status_code == 404
    response = gm_client.post(url, {"check": "grit", "members": [ann.pk]}, headers=HTMX)
    assert response.status_code == 422 and "at least two" in response.text
