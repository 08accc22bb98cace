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
from tests.factories_slots import SlotsIdeaFactory, SlotsItemFactory, SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory

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


def fill_twilight(party, characters, rows):
    """``characters`` T2K characters in the party, each with ``rows`` of every list."""
    from tests.factories_twilight import (
        TwilightArmorFactory,
        TwilightGearFactory,
        TwilightInjuryFactory,
        TwilightMagazineFactory,
        TwilightSpecialtyFactory,
    )

    sheets = []
    for _ in range(characters):
        owner = member_of(party, UserFactory())
        sheet = TwilightSheetFactory(character__owner=owner, character__party=party)
        for _ in range(rows):
            weapon = TwilightWeaponFactory(sheet=sheet)
            TwilightMagazineFactory(sheet=sheet, weapon=weapon)
            TwilightArmorFactory(sheet=sheet)
            TwilightGearFactory(sheet=sheet)
            TwilightSpecialtyFactory(sheet=sheet)
            TwilightInjuryFactory(sheet=sheet)
        sheets.append(sheet)
    return sheets


def test_the_twilight_sheet_page_runs_the_same_queries_for_1_and_for_20_rows(client, gm, party):
    client.force_login(gm)
    small = fill_twilight(party, 1, rows=1)[0]
    big = fill_twilight(party, 1, rows=20)[0]
    few = count_queries(client, small.character.get_absolute_url())
    many = count_queries(client, big.character.get_absolute_url())
    assert many == few, f"{few} queries with 1 row of each list, {many} with 20"


def test_the_dashboard_runs_the_same_queries_for_1_and_for_20_twilight_characters(
    client, gm, party
):
    from sheets.models import Party

    client.force_login(gm)
    fill_twilight(party, 1, rows=1)
    few = count_queries(client, reverse("party_dashboard", args=[party.pk]))
    crowded = Party.objects.create(name="Crowded convoy", gm=gm)
    fill_twilight(crowded, 20, rows=3)
    crowd = count_queries(client, reverse("party_dashboard", args=[crowded.pk]))
    assert crowd == few, f"{few} queries for 1 character, {crowd} for 20"


def test_the_agents_sheet_and_dashboard_run_the_same_queries_for_1_and_for_20_rows(
    client, gm, party
):
    from tests.factories_agents import (
        AgentCharacterFactory,
        AgentClockFactory,
        AgentItemFactory,
        AgentWeaponFactory,
        agent_sheet,
    )

    AgentClockFactory(party=party)
    client.force_login(gm)
    sheets = []
    for rows in (1, 20):
        owner = member_of(party, UserFactory())
        sheet = agent_sheet(AgentCharacterFactory(owner=owner, party=party))
        for _ in range(rows):
            AgentWeaponFactory(sheet=sheet)
            AgentItemFactory(sheet=sheet)
        sheets.append(sheet)
    few, many = (count_queries(client, sheet.character.get_absolute_url()) for sheet in sheets)
    assert many == few, f"{few} queries with 1 row of each list, {many} with 20"
    dashboard = reverse("party_dashboard", args=[party.pk])
    before = count_queries(client, dashboard)
    for _ in range(5):
        agent_sheet(AgentCharacterFactory(owner=member_of(party, UserFactory()), party=party))
    assert count_queries(client, dashboard) == before


def test_the_zombiepocalypse_sheet_and_dashboard_run_the_same_queries_for_1_and_20_rows(
    client, gm, party
):
    from tests.factories_zombie import (
        ZombieConditionFactory,
        ZombieItemFactory,
        ZombieSheetFactory,
        ZombieTaskFactory,
        ZombieWeaponFactory,
    )

    def survivor(rows):
        sheet = ZombieSheetFactory(character__owner=member_of(party, UserFactory()),
                                   character__party=party)  # fmt: skip
        for _ in range(rows):
            for factory in (ZombieConditionFactory, ZombieItemFactory, ZombieWeaponFactory):
                factory(sheet=sheet)
            task = ZombieTaskFactory(sheet=sheet, status="failed")
            Roll.objects.create(
                character=sheet.character, party=party, system="zombie", kind="check",
                label="Check", outcome="Failed", inputs={"task": task.pk},
                result={"dice": [{"kind": "skill", "size": 6, "face": 3, "counts": "failure"}]},
            )  # fmt: skip
        return sheet

    client.force_login(gm)
    few = count_queries(client, survivor(1).character.get_absolute_url())
    many = count_queries(client, survivor(20).character.get_absolute_url())
    assert many == few, f"{few} queries with 1 row of each list, {many} with 20"
    dashboard = reverse("party_dashboard", args=[party.pk])
    before = count_queries(client, dashboard)
    for _ in range(5):
        survivor(3)
    assert count_queries(client, dashboard) == before


def test_the_slots_sheet_page_runs_the_same_queries_for_1_and_for_20_things(client, gm, party):
    from tests.factories_slots import (
        SlotsMarkFactory,
    )

    client.force_login(gm)
    pages = []
    for items in (1, 20):
        owner = member_of(party, UserFactory())
        sheet = SlotsSheetFactory(character__owner=owner, character__party=party)
        for n in range(items):
            SlotsItemFactory(sheet=sheet, slot=2 + n % 11, tags="rigid, flammable")
        SlotsIdeaFactory(sheet=sheet, slot=1)
        SlotsMarkFactory(sheet=sheet, number=3, wound="open", condition="bleeding")
        if items > 1:
            SlotsIdeaFactory(sheet=sheet, slot=2)
            SlotsMarkFactory(sheet=sheet, number=5, condition="exhaustion")
            SlotsMarkFactory(sheet=sheet, area="focus", number=3, condition="terror")
        pages.append(count_queries(client, sheet.character.get_absolute_url()))
    assert pages[0] == pages[1], f"{pages[0]} queries with 1 item, {pages[1]} with 20"
    few_dash = count_queries(client, reverse("party_dashboard", args=[party.pk]))
    owner = member_of(party, UserFactory())
    more = SlotsSheetFactory(character__owner=owner, character__party=party)
    SlotsItemFactory(sheet=more, slot=4)
    assert count_queries(client, reverse("party_dashboard", args=[party.pk])) == few_dash


def fill_mixed(party, characters):
    """``characters`` characters in the party, the five systems in turn, each with a row
    or two of its lists and a roll; the party's clock and rot level set."""
    from sheets.models import AgentClock, MutantSector, SlotsClock
    from tests.factories_agents import AgentCharacterFactory, AgentItemFactory, agent_sheet
    from tests.factories_slots import SlotsMarkFactory
    from tests.factories_zombie import ZombieConditionFactory, ZombieSheetFactory

    def mutant(owner):
        sheet = MutantSheetFactory(character__owner=owner, character__party=party)
        MutantGearLineFactory(sheet=sheet)
        MutantWeaponFactory(sheet=sheet)
        return sheet

    def twilight(owner):
        sheet = TwilightSheetFactory(character__owner=owner, character__party=party)
        TwilightWeaponFactory(sheet=sheet)
        return sheet

    def agents(owner):
        sheet = agent_sheet(AgentCharacterFactory(owner=owner, party=party))
        AgentItemFactory(sheet=sheet)
        return sheet

    def zombie(owner):
        sheet = ZombieSheetFactory(character__owner=owner, character__party=party)
        ZombieConditionFactory(sheet=sheet)
        return sheet

    def slots(owner):
        sheet = SlotsSheetFactory(character__owner=owner, character__party=party)
        SlotsItemFactory(sheet=sheet, slot=4)
        SlotsMarkFactory(sheet=sheet, number=5, wound="open", condition="bleeding")
        return sheet

    makers = (mutant, twilight, agents, zombie, slots)
    AgentClock.objects.create(party=party, day=2, hour=22)
    MutantSector.objects.create(party=party, rot_level=2)
    SlotsClock.objects.create(party=party, rounds=3, tries=1, cold="10")
    for n in range(characters):
        owner = member_of(party, UserFactory())
        sheet = makers[n % len(makers)](owner)
        Roll.objects.create(
            character=sheet.character, party=party, user=owner, system=sheet.character.system,
            kind="check", label="Check", outcome="Failure", result={"tone": "failure"},
        )  # fmt: skip


def test_the_dashboard_runs_the_same_queries_for_5_and_50_characters_of_every_system(client, gm):
    from sheets.models import Party

    client.force_login(gm)
    counts, pages = [], []
    for size in (5, 50):
        party = Party.objects.create(name=f"Table of {size}", gm=gm)
        fill_mixed(party, size)
        assert set(party.characters.values_list("system", flat=True)) == {
            "mutant", "twilight", "agents", "zombie", "slots",
        }  # fmt: skip
        url = reverse("party_dashboard", args=[party.pk])
        counts.append(count_queries(client, url))
        pages.append(client.get(url).content.decode())
    assert counts[0] == counts[1], f"{counts[0]} queries for 5 characters, {counts[1]} for 50"
    # the cards and the party's settings are all there
    assert pages[1].count('class="card h-100 summary-card"') == 50
    for page in pages:
        assert "Rot level: 2, strong rot" in page and "Round: 3" in page
        assert "Day 2, 22:00 (Night)" in page
