"""The party's live feed: who may read it, what it streams, and catching up."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from rolls.stream import PartyChannelManager, announce_roll, party_channel
from tests.factories import CharacterFactory, PartyFactory, UserFactory, member_of
from tests.sse_client import SSEStream, wait_for_feed_subscribers


def make_roll(character, outcome="2 successes"):
    return Roll.objects.create(
        character=character, party=character.party, user=character.owner, system="mutant",
        kind="skill", label="Fight", outcome=outcome,
        result={"dice": [{"kind": "base", "size": 6, "face": 6, "counts": "success",
                          "rerolled": False}]},
    )  # fmt: skip


@pytest.mark.django_db
def test_only_the_gm_and_players_read_a_party_channel(party, player, stranger):
    channels = PartyChannelManager()
    channel = party_channel(party.pk)
    assert channels.can_read_channel(party.gm, channel)
    assert channels.can_read_channel(player, channel)
    assert not channels.can_read_channel(stranger, channel)
    assert not channels.can_read_channel(None, channel)
    assert not channels.can_read_channel(player, party_channel(PartyFactory().pk))
    assert not channels.can_read_channel(player, "party-notanumber")


@pytest.mark.django_db
def test_strangers_get_404_for_the_event_stream_and_the_log(client, party, stranger):
    client.force_login(stranger)
    assert client.get(reverse("party_events", args=[party.pk])).status_code == 404
    assert client.get(reverse("party_log", args=[party.pk])).status_code == 404


@pytest.mark.django_db
def test_the_log_shows_the_party_rolls_newest_first(player_client, party, player):
    character = CharacterFactory(owner=player, party=party, name="Krin")
    make_roll(character, outcome="first roll")
    make_roll(character, outcome="second roll")
    make_roll(CharacterFactory(party=PartyFactory()), outcome="another table")
    text = player_client.get(reverse("party_log", args=[party.pk])).text
    assert text.index("second roll") < text.index("first roll")
    assert "another table" not in text


@pytest.mark.django_db
def test_an_empty_log_says_rolls_will_appear_there(player_client, party):
    text = player_client.get(reverse("party_log", args=[party.pk])).text
    assert "No rolls yet tonight" in text


def session_cookies(client, user):
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value}


def test_a_new_roll_reaches_a_connected_member_as_a_swappable_card(asgi_server, client):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party, name="Krin")
    stream = SSEStream(f"{asgi_server.url}/parties/{party.pk}/events/", session_cookies(client, gm))
    try:
        assert stream.status == 200
        stream.wait_for("stream-open")
        wait_for_feed_subscribers(1)
        roll = make_roll(character, outcome="3 successes")
        announce_roll(roll.pk)
        event = stream.wait_for("roll")
        assert f'data-roll="{roll.pk}"' in event.data
        assert "Krin" in event.data and "3 successes" in event.data
        assert event.id, "stored events carry an id so a reconnect can resume"
    finally:
        stream.close()


def test_a_reconnect_with_last_event_id_replays_every_missed_roll(asgi_server, client):
    party = PartyFactory()
    player = member_of(party)
    character = CharacterFactory(owner=player, party=party)
    cookies = session_cookies(client, player)
    url = f"{asgi_server.url}/parties/{party.pk}/events/"
    first = SSEStream(url, cookies)
    try:
        first.wait_for("stream-open")
        wait_for_feed_subscribers(1)
        announce_roll(make_roll(character, outcome="seen live").pk)
        last_seen = first.wait_for("roll").id
    finally:
        first.close()
    missed = [make_roll(character, outcome=f"missed {n}") for n in (1, 2)]
    for roll in missed:
        announce_roll(roll.pk)
    again = SSEStream(url, cookies, last_event_id=last_seen)
    try:
        replayed = [again.wait_for("roll").data, again.wait_for("roll").data]
    finally:
        again.close()
    assert "missed 1" in replayed[0] and "missed 2" in replayed[1]


@pytest.mark.django_db
def test_a_reopened_feed_catches_up_on_every_roll_after_its_newest_a_page_at_a_time(
    player_client, party, player
):
    from rolls.views import CATCH_UP_PAGE

    character = CharacterFactory(owner=player, party=party, name="Krin")
    seen = make_roll(character, outcome="seen")
    missed = [make_roll(character, outcome=f"missed {n}") for n in range(CATCH_UP_PAGE + 5)]
    url = reverse("party_log", args=[party.pk])
    first = player_client.get(url, {"after": seen.pk})
    assert first["HX-Reswap"] == "afterbegin"
    text = first.text
    assert "missed 0<" in text and f"missed {CATCH_UP_PAGE - 1}<" in text
    assert f"missed {CATCH_UP_PAGE}<" not in text and ">seen<" not in text
    # newest of the page on top; the page asks for the next one by itself
    assert text.index(f"missed {CATCH_UP_PAGE - 1}<") < text.index("missed 0<")
    assert f"?after={missed[CATCH_UP_PAGE - 1].pk}" in text and 'hx-trigger="load"' in text
    second = player_client.get(url, {"after": missed[CATCH_UP_PAGE - 1].pk}).text
    assert f"missed {CATCH_UP_PAGE + 4}<" in second and "data-catch-up-next" not in second
    caught_up = player_client.get(url, {"after": missed[-1].pk}).text
    assert "data-roll=" not in caught_up and "No rolls yet" not in caught_up
