"""The GM's secret rolls: the players see "the GM rolled" and nothing more (page, log,
detail, stream) until the GM reveals the roll; then it is there in full for everyone."""

import json

import pytest
from django.urls import reverse

from rolls.models import Roll
from rolls.stream import PartyChannelManager, gm_channel, party_channel
from tests.sse_client import SSEStream, wait_for_feed_subscribers
from tests.threads import off_the_event_loop

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def gm_rolls_d6(gm_client, sheet, scripted_dice, secret=True):
    scripted_dice(5)
    data = {"count": "1", **({"secret": "on"} if secret else {})}
    gm_client.post(reverse("roll_form", args=[sheet.pk, "d6"]), data, headers=HTMX)
    return Roll.objects.latest("pk")


def test_the_gm_rolls_a_players_character_in_secret(gm_client, mutant_sheet, scripted_dice):
    roll = gm_rolls_d6(gm_client, mutant_sheet, scripted_dice)
    assert roll.secret and roll.outcome == "Total 5"
    page = gm_client.get(reverse("party_log", args=[mutant_sheet.character.party.pk])).text
    assert "Total 5" in page and "Reveal to the party" in page


def test_a_player_sees_only_that_the_gm_rolled(
    gm_client, client, player, mutant_sheet, scripted_dice
):
    roll = gm_rolls_d6(gm_client, mutant_sheet, scripted_dice)
    client.force_login(player)
    party = mutant_sheet.character.party
    # the feed's catch-up, and the whole sheet in one page (the feed in place)
    for url in (
        reverse("party_log", args=[party.pk]),
        f"{mutant_sheet.character.get_absolute_url()}?all",
    ):
        page = client.get(url).text
        assert "The GM rolled, in secret." in page, url
        assert "Total 5" not in page, url
    assert client.get(reverse("roll_detail", args=[roll.pk])).status_code == 404
    assert client.post(reverse("roll_push", args=[roll.pk])).status_code == 404
    assert client.post(reverse("roll_reveal", args=[roll.pk])).status_code == 404
    assert Roll.objects.get(pk=roll.pk).secret


def test_the_stream_gives_the_players_a_placeholder_and_the_gm_the_roll(
    gm_client, mutant_sheet, scripted_dice, django_capture_on_commit_callbacks
):
    from django_eventstream.models import Event

    with django_capture_on_commit_callbacks(execute=True):
        roll = gm_rolls_d6(gm_client, mutant_sheet, scripted_dice)
    party = mutant_sheet.character.party
    players = json.loads(Event.objects.get(channel=party_channel(party.pk), type="roll").data)
    gm = json.loads(Event.objects.get(channel=gm_channel(party.pk), type="roll").data)
    assert "The GM rolled, in secret." in players and "Total 5" not in players
    assert "Total 5" in gm and f'data-roll="{roll.pk}"' in gm


def test_only_the_gm_reads_the_gm_channel(party, player):
    channels = PartyChannelManager()
    assert channels.can_read_channel(party.gm, gm_channel(party.pk))
    assert not channels.can_read_channel(player, gm_channel(party.pk))
    assert channels.can_read_channel(player, party_channel(party.pk))


def test_a_revealed_roll_is_there_in_full_for_the_players(
    gm_client, client, player, mutant_sheet, scripted_dice
):
    roll = gm_rolls_d6(gm_client, mutant_sheet, scripted_dice)
    response = gm_client.post(reverse("roll_reveal", args=[roll.pk]), headers=HTMX)
    assert response.status_code == 200 and "Reveal to the party" not in response.text
    client.force_login(player)
    assert client.get(reverse("roll_detail", args=[roll.pk])).status_code == 200
    log = client.get(reverse("party_log", args=[mutant_sheet.character.party.pk])).text
    assert "Total 5" in log and "in secret" not in log


def test_a_player_cannot_roll_in_secret(player_client, mutant_sheet, scripted_dice):
    scripted_dice(5)
    player_client.post(
        reverse("roll_form", args=[mutant_sheet.pk, "d6"]), {"count": "1", "secret": "on"},
        headers=HTMX,
    )  # fmt: skip
    assert Roll.objects.get().secret is False


def test_a_secret_roll_reaches_a_players_stream_as_a_placeholder_and_then_in_full(
    asgi_server, client, gm, party, player, mutant_sheet, scripted_dice
):
    client.force_login(player)
    cookies = {"sessionid": client.cookies["sessionid"].value}
    stream = SSEStream(f"{asgi_server.url}/parties/{party.pk}/events/", cookies)
    try:
        stream.wait_for("stream-open")
        wait_for_feed_subscribers(1)
        from django.test import Client

        gm_client = Client()
        gm_client.force_login(gm)
        # (beside the browser tests' event loop, a test-client request needs its own thread)
        roll = off_the_event_loop(lambda: gm_rolls_d6(gm_client, mutant_sheet, scripted_dice))
        placeholder = stream.wait_for("roll").data
        assert "in secret" in placeholder and "Total 5" not in placeholder
        off_the_event_loop(
            lambda: gm_client.post(reverse("roll_reveal", args=[roll.pk]), headers=HTMX)
        )
        update = stream.wait_for("roll-update").data
        assert "Total 5" in update and 'hx-swap-oob="true"' in update
    finally:
        stream.close()
