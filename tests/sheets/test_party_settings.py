"""The party's settings page: the GM's only; the invite revoked and regenerated; a member
removed (their characters leave the party, not the game); each system's party-level
settings (the Agents clock, Slots rounds and tries, the MYZ sector's rot level) used by
the roll forms and announced on the party's feed."""

import pytest
from django.test import Client
from django.urls import reverse
from django_eventstream.models import Event

from rolls.models import Roll
from rolls.stream import gm_channel, party_channel
from sheets.models import (
    AgentClock,
    Character,
    Membership,
    MutantSector,
    MutantSheet,
    SlotsClock,
    SlotsMark,
)
from tests.factories import MutantSheetFactory, UserFactory, member_of
from tests.factories_agents import AgentCharacterFactory, agent_sheet
from tests.factories_slots import SlotsMarkFactory, SlotsSheetFactory
from tests.rolls.in_english import english_result

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def settings_url(party, *rest):
    if rest:
        return reverse("party_system_settings", args=[party.pk, *rest])
    return reverse("party_settings", args=[party.pk])


def time_url(party, system):
    """Where the settings' buttons that pass time post: a rolls view (sheets never roll)."""
    return reverse("party_time", args=[party.pk, system])


def as_user(user):
    client = Client()
    client.force_login(user)
    return client


# --- who may ---------------------------------------------------------------------------


def test_only_the_gm_opens_or_changes_the_settings(party, gm, player, stranger, mutant_sheet):
    assert as_user(gm).get(settings_url(party)).status_code == 200
    for user in (player, stranger):
        client = as_user(user)
        assert client.get(settings_url(party)).status_code == 404
        assert client.post(settings_url(party), {"name": "Mine now"}).status_code == 404
        invite = client.post(reverse("party_invite", args=[party.pk]), {"do": "revoke"})
        assert invite.status_code == 404
        rot = client.post(settings_url(party, "mutant"), {"mutant-rot_level": "3"})
        assert rot.status_code == 404
    anonymous = Client().get(settings_url(party))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    party.refresh_from_db()
    assert (party.name, party.invite_open) == ("The Ark", True)
    assert not MutantSector.objects.exists()


def test_the_gm_renames_the_party_and_a_blank_name_is_refused(gm_client, party):
    response = gm_client.post(settings_url(party), {"name": "  "})
    assert response.status_code == 422
    assert "This field is required" in response.content.decode()
    party.refresh_from_db()
    assert party.name == "The Ark"
    gm_client.post(settings_url(party), {"name": "The Ark, second winter"})
    party.refresh_from_db()
    assert party.name == "The Ark, second winter"


# --- the invite ------------------------------------------------------------------------


def join(user, code):
    return as_user(user).post(reverse("party_join"), {"invite_code": code})


def test_a_revoked_invite_lets_nobody_join_by_code_or_link(gm_client, party):
    code = party.invite_code
    response = gm_client.post(reverse("party_invite", args=[party.pk]), {"do": "revoke"})
    assert response.status_code == 302
    newcomer = UserFactory()
    refused = join(newcomer, code)
    assert refused.status_code == 200
    assert "revoked" in refused.content.decode()
    link = as_user(newcomer).get(reverse("party_join_code", args=[code]))
    assert "revoked" in link.content.decode()
    assert not Membership.objects.filter(user=newcomer).exists()
    page = gm_client.get(settings_url(party)).content.decode()
    assert "Revoked" in page


def test_a_new_code_works_at_once_and_the_old_one_stops(gm_client, party):
    old = party.invite_code
    gm_client.post(reverse("party_invite", args=[party.pk]), {"do": "revoke"})
    gm_client.post(reverse("party_invite", args=[party.pk]), {"do": "regenerate"})
    party.refresh_from_db()
    assert party.invite_code != old and party.invite_open
    late = UserFactory()
    assert "No party has that invite code" in join(late, old).content.decode()
    assert not party.is_member(late)
    joined = join(late, party.invite_code.lower())
    assert joined.status_code == 302 and party.is_member(late)


def test_an_unknown_invite_action_is_a_404_and_changes_nothing(gm_client, party):
    code = party.invite_code
    response = gm_client.post(reverse("party_invite", args=[party.pk]), {"do": "sell"})
    assert response.status_code == 404
    party.refresh_from_db()
    assert (party.invite_code, party.invite_open) == (code, True)


# --- members ---------------------------------------------------------------------------


def test_a_removed_member_takes_their_characters_out_of_the_party_unharmed(
    gm_client, party, player, mutant_sheet
):
    page = gm_client.get(settings_url(party)).content.decode()
    assert "Remove player?" in page and "Krin" in page
    url = reverse("party_remove_member", args=[party.pk, player.pk])
    response = gm_client.post(url, {"from": "settings"})
    assert response["Location"] == settings_url(party) + "#members"
    assert not party.is_member(player)
    krin = Character.objects.get(pk=mutant_sheet.pk)
    assert krin.party is None and krin.owner == player
    assert MutantSheet.objects.filter(pk=mutant_sheet.pk).exists()
    assert krin.history.first().history_change_reason == "Left the party"


# --- MYZ: the sector's rot level -------------------------------------------------------


def rot_form(client, sheet, **query):
    return client.get(reverse("roll_form", args=[sheet.pk, "rot"]), query, headers=HTMX)


def rot_roll(client, sheet, **data):
    return client.post(reverse("roll_form", args=[sheet.pk, "rot"]), data, headers=HTMX)


def test_the_rot_level_set_by_the_gm_is_the_one_rot_rolls_use(
    party, gm, player, mutant_sheet, scripted_dice, django_capture_on_commit_callbacks
):
    players = as_user(player)
    # not set yet: any level may be picked
    assert 'value="level3"' in rot_form(players, mutant_sheet).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(gm).post(settings_url(party, "mutant"), {"mutant-rot_level": "2"})
    assert response.status_code == 302
    assert MutantSector.objects.get(party=party).rot_level == 2
    # every open page hears of it: the players' channel and the GM's
    for channel in (party_channel(party.pk), gm_channel(party.pk)):
        event = Event.objects.filter(channel=channel, type="party-settings").get()
        assert "Rot level" in event.data and "strong rot" in event.data

    form = rot_form(players, mutant_sheet, source="level1").content.decode()
    assert 'value="level2" selected' in form  # the sector's level, whatever the link asked
    assert 'value="level1"' not in form and 'value="attack"' in form
    refused = rot_roll(players, mutant_sheet, points=1, source="level1")
    assert refused.status_code == 422
    assert "rot level to 2" in refused.content.decode()
    assert not Roll.objects.exists()

    scripted_dice(1)  # one new point, a rot roll of one base die: a 1 is 1 damage
    rolled = rot_roll(players, mutant_sheet, points=1, source="level2")
    assert rolled.status_code == 200
    roll = Roll.objects.get()
    assert roll.label == "Rot: 1 point, rot level 2"
    assert roll.outcome == "1 rot point, 1 damage"
    stored = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (stored.rot_temporary, stored.damage) == (1, 1)


def test_a_zone_oasis_brings_no_rot_from_the_sector_only_attacks(
    gm_client, party, mutant_sheet, scripted_dice
):
    gm_client.post(settings_url(party, "mutant"), {"mutant-rot_level": "0"})
    form = rot_form(gm_client, mutant_sheet).content.decode()
    assert "Zone oasis" in form and 'value="level1"' not in form
    assert rot_roll(gm_client, mutant_sheet, points=1, source="level1").status_code == 422
    scripted_dice(6)
    assert rot_roll(gm_client, mutant_sheet, points=1, source="attack").status_code == 200
    # cleared: the players pick again
    gm_client.post(settings_url(party, "mutant"), {"mutant-rot_level": ""})
    assert not MutantSector.objects.exists()
    assert 'value="level3"' in rot_form(gm_client, mutant_sheet).content.decode()


def test_a_rot_level_out_of_the_table_is_refused_next_to_the_field(gm_client, party, mutant_sheet):
    response = gm_client.post(settings_url(party, "mutant"), {"mutant-rot_level": "4"})
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert not MutantSector.objects.exists()


def test_the_sheet_shows_the_sectors_rot_level(gm_client, party, player, mutant_sheet):
    gm_client.post(settings_url(party, "mutant"), {"mutant-rot_level": "3"})
    page = as_user(player).get(mutant_sheet.character.get_absolute_url()).content.decode()
    assert "Rot level: 3, hotspot" in page
    refresh = as_user(player).post(reverse("sheet_refresh", args=[mutant_sheet.pk]), headers=HTMX)
    assert (
        'id="sheet-party-state" role="group" aria-label="The party\'s settings"'
        ' hx-swap-oob="true"' in refresh.content.decode()
    )


# --- Agents: the clock -----------------------------------------------------------------


@pytest.fixture
def dana(player, party):
    """A human agent, stats 5 (bonus 0), Firearms 2."""
    return agent_sheet(
        AgentCharacterFactory(owner=player, party=party, name="Dana"),
        skills={"Firearms": 2},
        sanity=8,
    )


def test_the_clock_set_on_the_settings_page_gives_the_time_of_day_modifier(
    party, gm, player, dana, scripted_dice
):
    gm_page = as_user(gm)
    response = gm_page.post(
        time_url(party, "agents"),
        {"agents-days": "2", "agents-hours": "22", "agents-minutes": "0", "agents-do": "set"},
    )
    assert response.status_code == 302
    clock = AgentClock.objects.get(party=party)
    assert (clock.day, clock.hour, clock.minute) == (2, 22, 0)
    assert Roll.objects.get().label == "Party clock"  # in the log and the feed
    page = gm_page.get(settings_url(party)).content.decode()
    assert "Day 2, 22:00 (Night)" in page and "Humans -2 on every roll" in page

    skill = dana.skills.get(name="Firearms")
    scripted_dice(1, 2, 12, 12)
    url = reverse("roll_form", args=[dana.pk, "basic"])
    data = {"skill": skill.pk, "difficulty": "Normal", "high_spent": 0, "situational": 0}
    as_user(player).post(url, data, headers=HTMX)
    lines = dict(english_result(Roll.objects.filter(kind="basic").get().result)["lines"])
    assert [v for k, v in lines.items() if k.startswith("Night")] == ["-2"]


def test_advancing_the_clock_moves_it_on_and_set_refuses_day_0(gm_client, party, dana):
    AgentClock.objects.create(party=party, day=1, hour=20, minute=30)
    gm_client.post(
        time_url(party, "agents"),
        {"agents-days": "0", "agents-hours": "5", "agents-minutes": "40", "agents-do": "advance"},
    )
    clock = AgentClock.objects.get(party=party)
    assert (clock.day, clock.hour, clock.minute) == (2, 2, 10)
    refused = gm_client.post(
        time_url(party, "agents"),
        {"agents-days": "0", "agents-hours": "5", "agents-minutes": "0", "agents-do": "set"},
    )
    assert refused.status_code == 422
    assert "Days count from 1" in refused.content.decode()
    assert AgentClock.objects.get(party=party).day == 2


# --- Slots: rounds and tries -----------------------------------------------------------


def test_passing_a_round_bleeds_every_slots_sheet_at_the_table(gm_client, party, player):
    wounded = SlotsSheetFactory(character__owner=player, character__party=party)
    SlotsMarkFactory(sheet=wounded, number=5, wound="open", condition="bleeding")
    other = SlotsSheetFactory(character__owner=member_of(party), character__party=party)
    elsewhere = SlotsSheetFactory()  # in no party: untouched
    SlotsMarkFactory(sheet=elsewhere, number=5, wound="open", condition="bleeding")
    SlotsClock.objects.create(party=party, rounds=4)
    # a page that still shows round 0 counts on from the stored round 4
    data = {"slots-rounds": "0", "slots-tries": "0", "slots-cold": "", "slots-do": "round"}
    response = gm_client.post(time_url(party, "slots"), data)
    assert response.status_code == 302
    assert SlotsClock.objects.get(party=party).rounds == 5
    assert SlotsMark.objects.filter(sheet=wounded, number=4, condition="bleeding").exists()
    assert not SlotsMark.objects.filter(sheet=elsewhere, number=4).exists()
    rolls = Roll.objects.filter(kind="time")
    assert {r.character_id for r in rolls} == {wounded.pk, other.pk}
    assert all(r.user.username == "gm" for r in rolls)


def test_the_buttons_that_pass_time_post_to_the_rolls_and_nowhere_else(gm_client, party, dana):
    SlotsSheetFactory(character__owner=member_of(party), character__party=party)
    page = gm_client.get(settings_url(party)).content.decode()
    for system, button in (("agents", "advance"), ("agents", "set"), ("slots", "round")):
        assert f'value="{button}" formaction="{time_url(party, system)}"' in page
    assert 'value="save">' in page  # the Slots clock's own values save on the sheets' side
    clock = {"agents-days": "1", "agents-hours": "5", "agents-minutes": "0", "agents-do": "set"}
    assert gm_client.post(settings_url(party, "agents"), clock).status_code == 404
    save = {"slots-rounds": "3", "slots-tries": "7", "slots-cold": "", "slots-do": "save"}
    assert gm_client.post(time_url(party, "slots"), save).status_code == 404
    assert not AgentClock.objects.exists() and not SlotsClock.objects.exists()
    assert not Roll.objects.exists()


def test_the_partys_cold_is_the_time_forms_default(gm_client, party, player):
    sheet = SlotsSheetFactory(character__owner=player, character__party=party)
    data = {"slots-rounds": "3", "slots-tries": "7", "slots-cold": "10", "slots-do": "save"}
    gm_client.post(settings_url(party, "slots"), data)
    clock = SlotsClock.objects.get(party=party)
    assert (clock.rounds, clock.tries, clock.cold) == (3, 7, "10")
    form = gm_client.get(reverse("roll_form", args=[sheet.pk, "time"]), headers=HTMX)
    assert 'value="10" selected' in form.content.decode()
    assert "round 3, try 7" in form.content.decode()
    bad = {**data, "slots-tries": "-1"}
    assert gm_client.post(settings_url(party, "slots"), bad).status_code == 422


def test_the_settings_page_lists_only_the_games_at_the_table(gm_client, party, player):
    page = gm_client.get(settings_url(party)).content.decode()
    assert "settings-mutant" not in page and "settings-slots" not in page
    MutantSheetFactory(character__owner=player, character__party=party)
    page = gm_client.get(settings_url(party)).content.decode()
    assert 'id="settings-mutant"' in page and "settings-slots" not in page
    assert gm_client.post(settings_url(party, "slots"), {}).status_code == 404
    assert gm_client.post(settings_url(party, "nosuch"), {}).status_code == 404
