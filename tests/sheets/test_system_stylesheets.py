"""Each system's stylesheet reaches every page that draws its sheet or its cards, once:
the sheet, the roll page, and the GM's dashboard where every system's cards meet."""

import pytest
from django.templatetags.static import static
from django.urls import reverse

from sheets.models import Character
from sheets.systems.registry import all_systems
from tests.factories import PartyFactory, member_of

STYLED = [system for system in all_systems() if system.stylesheet]


def link(system) -> str:
    return f'<link rel="stylesheet" href="{static(system.stylesheet)}">'


@pytest.fixture
def table(db):
    party = PartyFactory()
    player = member_of(party)
    characters = {
        system.slug: Character.objects.create_with_sheet(
            owner=player, party=party, system=system.slug, name=system.short_name
        )
        for system in all_systems()
    }
    return party, player, characters


def test_every_system_but_the_oldest_has_its_own_stylesheet():
    assert {system.slug for system in STYLED} == {"twilight", "agents", "zombie", "slots"}


@pytest.mark.parametrize("system", STYLED, ids=lambda s: s.slug)
def test_a_sheet_and_its_roll_page_load_their_system_stylesheet_once(client, table, system):
    _, player, characters = table
    character = characters[system.slug]
    client.force_login(player)
    sheet = client.get(character.get_absolute_url()).text
    action = system.actions[0].slug
    roll_page = client.get(reverse("roll_form", args=[character.pk, action])).text
    for page in (sheet, roll_page):
        assert page.count(link(system)) == 1
        others = [s for s in STYLED if s is not system]
        assert not any(link(other) in page for other in others)


def test_the_dashboard_loads_every_system_stylesheet_in_its_head(client, table):
    party, _, _ = table
    client.force_login(party.gm)
    page = client.get(reverse("party_dashboard", args=[party.pk])).text
    head = page.split("</head>")[0]
    for system in STYLED:
        assert page.count(link(system)) == 1 and link(system) in head
