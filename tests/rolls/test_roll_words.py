"""A roll's words stored as data and read in the reader's language (issue 30): the
label and outcome CharFields keep English (admin, search, export), ``result["words"]``
keeps the sayings; the roll page, the cards and the live feed show each reader their
own language; rows stored before sayings read as they were."""

import json

import pytest
from django.urls import reverse
from django.utils import translation
from django_eventstream.models import Event

from rolls.actions import Rolled
from rolls.cards import roll_card_html
from rolls.models import GroupParticipant, Roll
from rolls.stream import (
    PartyChannelManager,
    announce_roll,
    channel_for,
    gm_channel,
    note_reader,
    party_channel,
)
from rolls.undo import undone_line
from rolls.views import save_roll
from sheets.systems.dice.words import say, say_n
from tests.factories import CharacterFactory, PartyFactory, UserFactory, member_of
from tests.rolls.swedish import swedish  # noqa: F401  (a fixture)
from tests.sse_client import SSEStream, wait_for_feed_subscribers

DIE = {"kind": "base", "size": 6, "face": 6, "counts": "success", "rerolled": False}


def rolled(**overrides):
    values = {
        "kind": "skill", "label": say("Fight"),
        "outcome": say_n("%(n)s success", "%(n)s successes", 2),
        "result": {"dice": [DIE, DIE], "lines": [[say("Strength"), "5"]]},
        "effects": [{"target": "trauma", "note": say("%(attribute)s trauma",
                                                      attribute=say("Strength"))}],
    }  # fmt: skip
    return Rolled(**{**values, **overrides})


@pytest.fixture
def saved(mutant_sheet, player):
    return save_roll(mutant_sheet.character, player, rolled())


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_the_columns_keep_english_and_the_sayings_are_kept_beside_them(saved):
    row = Roll.objects.get(pk=saved.pk)
    assert (row.label, row.outcome) == ("Fight", "2 successes")  # admin, search, export
    assert row.result["words"] == {
        "label": {"say": "Fight"},
        "outcome": say_n("%(n)s success", "%(n)s successes", 2),
    }
    assert (row.label_words, row.outcome_words) == ("Slåss", "2 lyckanden")
    with translation.override("en"):
        assert (row.label_words, row.outcome_words) == ("Fight", "2 successes")
        assert row.tone == "success"  # read from the English column


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_an_old_row_of_plain_text_reads_as_it_was(mutant_sheet, player):
    old = Roll.objects.create(
        character=mutant_sheet.character, party=mutant_sheet.character.party, user=player,
        system="mutant", kind="skill", label="Fight", outcome="1 success",
        result={"dice": [DIE], "lines": [["Successes", "1"]]},
    )  # fmt: skip
    assert "words" not in old.result
    assert (old.label_words, old.outcome_words) == ("Fight", "1 success")


@pytest.mark.django_db
def test_a_later_step_that_writes_plain_text_drops_the_stale_saying(saved):
    saved.outcome = "Cost"  # a step after the roll, in plain words
    saved.save(update_fields=["outcome"])  # result is saved along with it
    row = Roll.objects.get(pk=saved.pk)
    assert row.outcome == "Cost" and row.outcome_words == "Cost"
    assert "outcome" not in row.result["words"] and row.label_words == "Fight"
    row.outcome = say_n("%(n)s success", "%(n)s successes", 1)  # and a saying again
    row.save(update_fields=["outcome"])
    assert Roll.objects.get(pk=saved.pk).outcome == "1 success"


@pytest.mark.django_db
def test_a_long_saying_is_cut_to_the_column_in_english_and_kept_whole(mutant_sheet, player):
    long = say("%(text)s", text="x" * 300)
    roll = save_roll(mutant_sheet.character, player, rolled(label=long))
    assert len(Roll.objects.get(pk=roll.pk).label) == 200
    assert roll.label_words == "x" * 300


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_the_roll_page_reads_in_the_readers_language(saved, player_client):
    url = reverse("roll_detail", args=[saved.pk])
    swedish_page = player_client.get(url, headers={"accept-language": "sv"}).text
    assert "Slåss" in swedish_page and "2 lyckanden" in swedish_page
    assert "trauma på Styrka" in swedish_page and ">Styrka</dt>" in swedish_page
    english = player_client.get(url, headers={"accept-language": "en"}).text
    assert "Fight" in english and "2 successes" in english and "Strength trauma" in english


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_a_card_reads_in_the_active_language(saved):
    card = roll_card_html(saved)
    assert ">Slåss</a>" in card and "data-outcome>2 lyckanden</div>" in card
    assert "<li>trauma på Styrka</li>" in card
    with translation.override("en"):
        english = roll_card_html(saved)
    assert ">Fight</a>" in english and "<li>Strength trauma</li>" in english


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_an_undone_line_names_the_roll_in_the_readers_language(saved):
    saved.undone = [undone_line(saved, "the effects of Fight")]
    assert "Ångrat: effekterna av Slåss." in roll_card_html(saved)
    assert undone_line(saved, "a field's value") == "a field's value"


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_the_feed_stores_each_card_once_per_language_on_its_own_channel(saved, party):
    announce_roll(saved.pk)  # nobody reads Swedish at this table yet: English alone
    stored = {event.channel: json.loads(event.data) for event in Event.objects.filter(type="roll")}
    assert set(stored) == {party_channel(party.pk), gm_channel(party.pk)}

    note_reader(party.pk, "sv")  # a Swedish page opened the feed
    Event.objects.filter(type="roll").delete()
    announce_roll(saved.pk)
    stored = {event.channel: json.loads(event.data) for event in Event.objects.filter(type="roll")}
    assert set(stored) == {
        party_channel(party.pk), gm_channel(party.pk),
        party_channel(party.pk, "sv"), gm_channel(party.pk, "sv"),
    }  # fmt: skip
    assert "2 successes" in stored[party_channel(party.pk)]
    assert "2 lyckanden" in stored[party_channel(party.pk, "sv")]
    assert "2 lyckanden" in stored[gm_channel(party.pk, "sv")]
    assert "lyckanden" not in stored[gm_channel(party.pk)]


@pytest.mark.django_db
def test_a_reader_listens_to_the_channel_of_their_language(party, player, stranger):
    with translation.override("sv"):
        assert channel_for(party, player) == f"party-{party.pk}.sv"
        assert channel_for(party, party.gm) == f"party-{party.pk}-gm.sv"
    with translation.override("en"):
        assert channel_for(party, player) == f"party-{party.pk}"
    with translation.override("de"):  # a language the feed does not render: the default
        assert channel_for(party, player) == f"party-{party.pk}"
    channels = PartyChannelManager()
    assert channels.can_read_channel(player, party_channel(party.pk, "sv"))
    assert not channels.can_read_channel(player, gm_channel(party.pk, "sv"))
    assert not channels.can_read_channel(stranger, party_channel(party.pk, "sv"))
    assert not channels.can_read_channel(player, f"party-{party.pk}.xx")
    assert not channels.can_read_channel(player, f"party-{party.pk}.en")  # one name each


@pytest.mark.usefixtures("swedish")
def test_a_swedish_page_gets_the_swedish_card_live(asgi_server, client):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    character = CharacterFactory(owner=member_of(party), party=party, name="Krin")
    client.force_login(gm)
    cookies = {"sessionid": client.cookies["sessionid"].value, "django_language": "sv"}
    stream = SSEStream(f"{asgi_server.url}/parties/{party.pk}/events/", cookies)
    try:
        assert stream.status == 200
        stream.wait_for("stream-open")
        wait_for_feed_subscribers(1)
        with translation.override("en"):  # the roller reads English
            roll = save_roll(character, character.owner, rolled())
        event = stream.wait_for("roll")
        assert f'data-roll="{roll.pk}"' in event.data
        assert "Slåss" in event.data and "2 lyckanden" in event.data
    finally:
        stream.close()


@pytest.mark.usefixtures("swedish")
@pytest.mark.django_db
def test_a_group_participants_note_reads_in_the_readers_language():
    part = GroupParticipant(note="left out: the GM read the results first")
    assert part.note_words == "utelämnad: SL läste resultatet först"
    part.note = "a note of the game's own"
    assert part.note_words == "a note of the game's own"
    part.note = json.dumps(say("Strength"))
    assert part.note_words == "Styrka"


@pytest.mark.django_db
@pytest.mark.usefixtures("swedish")
def test_the_home_pages_last_roll_reads_in_the_readers_language(saved, mutant_sheet):
    from rolls.templatetags.feed_tags import with_last_rolls

    [card] = with_last_rolls([{"character": mutant_sheet.character}])
    assert card["last_roll"]["label"] == "Slåss"
    assert card["last_roll"]["outcome"] == "2 lyckanden"
    with translation.override("en"):
        [card] = with_last_rolls([{"character": mutant_sheet.character}])
    assert (card["last_roll"]["label"], card["last_roll"]["outcome"]) == ("Fight", "2 successes")
