"""A sheet page's first answer is what a player reads first (the header, the first view,
the feed's frame): the tabs follow from the section endpoint and the feed's cards from
its catch-up, both asked for as soon as the page is up. ``?all`` is the whole sheet in
one answer (what a browser without JavaScript is offered)."""

import re

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.editing.views import sheet_page_context
from sheets.systems.registry import all_systems
from tests.registry_inputs import demo_character

SYSTEMS = [system.slug for system in all_systems()]


def tab_ids(html):
    return set(re.findall(r'<section class="sheet-tab" id="([\w-]+)"', html))


@pytest.fixture
def character(request, player, party):
    return demo_character(player, party, request.param)


@pytest.mark.parametrize("character", SYSTEMS, indirect=True)
def test_the_first_answer_leaves_the_tabs_and_the_feeds_cards_to_follow(
    rf, player_client, player, character
):
    Roll.objects.create(
        character=character, party=character.party, user=player, system=character.system,
        kind="skill", label="Sneak", outcome="a success to find", result={"dice": []},
    )  # fmt: skip
    request = rf.get("/")
    request.user = player
    expected_tabs = {tab["slug"] for tab in sheet_page_context(request, character)["sheet_tabs"]}
    assert expected_tabs

    first = player_client.get(character.get_absolute_url()).text
    assert tab_ids(first) == set()
    tabs_url = reverse("sheet_section", args=[character.pk, "tabs"])
    assert f'hx-get="{tabs_url}"' in first and 'href="?all"' in first
    assert "a success to find" not in first
    assert "Loading the table's rolls" in first
    for tab in expected_tabs:  # the tab bar is there at once
        assert f'data-tab="{tab}"' in first

    tabs = player_client.get(tabs_url, HTTP_HX_REQUEST="true").text
    assert tab_ids(tabs) == expected_tabs
    feed = player_client.get(reverse("party_log", args=[character.party_id])).text
    assert "a success to find" in feed

    whole = player_client.get(f"{character.get_absolute_url()}?all").text
    assert tab_ids(whole) == expected_tabs
    assert "data-deferred-tab" not in whole
    assert "a success to find" in whole


@pytest.mark.parametrize("character", ["mutant"], indirect=True)
def test_only_who_may_read_the_sheet_gets_its_tabs(client, stranger, character):
    client.force_login(stranger)
    tabs_url = reverse("sheet_section", args=[character.pk, "tabs"])
    assert client.get(tabs_url, HTTP_HX_REQUEST="true").status_code == 404
    assert client.post(tabs_url).status_code == 405
