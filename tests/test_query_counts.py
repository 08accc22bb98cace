"""The sheet page and the GM dashboard run a fixed number of SQL queries, however many
characters, gear lines and rolls there are."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rolls.models import Roll
from tests.factories import (
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    MutantTalentFactory,
    MutantWeaponFactory,
    UserFactory,
    member_of,
)

pytestmark = pytest.mark.django_db


def fill_table(party, characters, rows):
    """``characters`` MYZ characters in the party, each with ``rows`` of every list and
    as many rolls."""
    sheets = []
    for n in range(characters):
        owner = member_of(party, UserFactory())
        sheet = MutantSheetFactory(character__owner=owner, character__party=party)
        for _ in range(rows):
            MutantGearLineFactory(sheet=sheet)
            MutantWeaponFactory(sheet=sheet)
            MutantTalentFactory(sheet=sheet, name=f"Talent {n}")
            MutantMutationFactory(sheet=sheet, name=f"Mutation {n}")
            Roll.objects.create(
                character=sheet.character, party=party, user=owner, system="mutant",
                kind="skill", label="Fight", outcome="1 success",
                result={"dice": [{"kind": "base", "size": 6, "face": 6, "counts": "success",
                                  "rerolled": False}]},
            )  # fmt: skip
        sheets.append(sheet)
    return sheets


def count_queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize("many", [20])
def test_the_dashboard_runs_the_same_queries_for_1_and_for_20_characters(
    client, gm, party, django_user_model, many
):
    from sheets.models import Party

    client.force_login(gm)
    fill_table(party, 1, rows=1)
    few = count_queries(client, reverse("party_dashboard", args=[party.pk]))

    crowded = Party.objects.create(name="Crowded Ark", gm=gm)
    fill_table(crowded, many, rows=3)
    crowd = count_queries(client, reverse("party_dashboard", args=[crowded.pk]))
    assert crowd == few, f"{few} queries for 1 character, {crowd} for {many}"


def test_the_sheet_page_runs_the_same_queries_for_1_and_for_20_rows(client, gm, party):
    client.force_login(gm)
    small = fill_table(party, 1, rows=1)[0]
    big = fill_table(party, 1, rows=20)[0]
    few = count_queries(client, small.character.get_absolute_url())
    many = count_queries(client, big.character.get_absolute_url())
    assert many == few, f"{few} queries with 1 row of each list, {many} with 20"
