"""A character's dashboard card (the dashboard, the home page, a card sent to the feed)
reads the rows its system names in ``summary_prefetch`` and nothing else: the same card as
with every row read, without one more query."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rolls.stream import gm_channel, party_channel
from sheets.models import AgentClock, Character
from sheets.summary_card import summary_card_html
from sheets.systems.registry import all_systems, get_system

pytestmark = pytest.mark.django_db
SLUGS = [system.slug for system in all_systems()]


def card(character):
    return summary_card_html(character, character.summary())


@pytest.mark.parametrize("slug", SLUGS)
def test_a_card_reads_only_the_rows_its_system_names_and_shows_the_same(slug, player, party):
    system = get_system(slug)
    character = Character(owner=player, party=party, system=slug)
    system.call("demo", character, 0)  # a filled-in sheet: rows in its lists
    if slug == "agents":  # the skills the card's maxima read, away from their defaults
        for name, level in (("Stamina", 2), ("Dodging", 3), ("Psychology", 4)):
            character.agents.skills.filter(name=name).update(level=level)
    everything = Character.objects.with_sheets().select_related("owner").get(pk=character.pk)
    expected = card(everything)
    (slim,) = Character.objects.with_summaries().select_related("owner").filter(pk=character.pk)
    with CaptureQueriesContext(connection) as queries:
        shown = card(slim)
    assert [q["sql"] for q in queries.captured_queries] == []
    assert shown == expected


def test_the_summary_rows_are_rows_the_sheet_reads_too():
    for system in all_systems():
        paths = {getattr(row, "prefetch_through", row) for row in system.summary_rows}
        assert paths <= set(system.sheet_prefetch), system.slug


def test_a_character_comes_with_its_partys_agents_clock(player_client, player, party):
    from tests.factories_agents import AgentCharacterFactory, agent_sheet

    AgentClock.objects.create(party=party, day=3, hour=9)
    sheet = agent_sheet(AgentCharacterFactory(owner=player, party=party))
    with CaptureQueriesContext(connection) as queries:
        response = player_client.get(sheet.character.get_absolute_url())
    assert response.status_code == 200
    assert "Day 3, 09:00" in response.text
    clock_reads = [q for q in queries.captured_queries if 'FROM "sheets_agentclock"' in q["sql"]]
    assert clock_reads == [], "read with the character (a join), not on its own"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_saved_sheet_sends_its_card_read_with_its_own_sheet_alone(
    slug, player, party, django_capture_on_commit_callbacks
):
    """The feed's card after a change: the character joined with its own system's sheet,
    not with all five (which cost twice as much), and the same card as the dashboard's."""
    from django_eventstream.models import Event

    system = get_system(slug)
    character = Character(owner=player, party=party, system=slug)
    system.call("demo", character, 0)
    sheet = getattr(Character.objects.get(pk=character.pk), system.sheet_related_name)
    commit = django_capture_on_commit_callbacks(execute=True)
    with CaptureQueriesContext(connection) as queries, commit:
        sheet.save()
    others = [s.model()._meta.db_table for s in all_systems() if s.slug != slug]
    joined = [table for q in queries.captured_queries for table in others if table in q["sql"]]
    assert joined == [], "another system's sheet was read"
    sent = Event.objects.filter(channel=gm_channel(party.pk), type=f"sheet-{character.pk}").last()
    everything = Character.objects.with_sheets().select_related("owner").get(pk=character.pk)
    assert sent is not None and json.loads(sent.data) == card(everything)


@pytest.mark.django_db(transaction=True)  # real commits and a real rollback
def test_a_rolled_back_change_is_not_announced_with_the_next_one(player, party):
    """A sheet change whose transaction rolled back leaves nothing for the next commit on
    the connection to announce: the next change sends its own card alone."""
    from django.db import transaction
    from django_eventstream.models import Event

    kept, undone = (Character(owner=player, party=party, system="mutant") for _ in range(2))
    for character in (kept, undone):
        with transaction.atomic():
            get_system("mutant").call("demo", character, 0)
    before = Event.objects.order_by("pk").last().pk
    with pytest.raises(RuntimeError), transaction.atomic():
        Character.objects.get(pk=undone.pk).mutant.save()
        raise RuntimeError("rolled back")
    Character.objects.get(pk=kept.pk).mutant.save()
    sent = Event.objects.filter(channel=gm_channel(party.pk), pk__gt=before)
    assert list(sent.values_list("type", "data")) == [(f"sheet-{kept.pk}", sent.first().data)]
    told = Event.objects.filter(channel=party_channel(party.pk), pk__gt=before)
    assert list(told.values_list("type", "data")) == [("sheet-changed", f'"{kept.pk}"')]


def test_a_sheets_card_goes_to_the_gm_alone(player, party, django_capture_on_commit_callbacks):
    """Only the GM's dashboard shows the cards: the players' channel, which every
    player's page reads, never carries another character's HP, injuries or tasks."""
    from django_eventstream.models import Event

    character = Character(owner=player, party=party, system="agents")
    get_system("agents").call("demo", character, 0)
    with django_capture_on_commit_callbacks(execute=True):
        Character.objects.get(pk=character.pk).agents.save()
    card = f"sheet-{character.pk}"
    assert Event.objects.filter(channel=gm_channel(party.pk), type=card).exists()
    assert not Event.objects.filter(channel=party_channel(party.pk), type=card).exists()
    # the players' pages hear only that the sheet changed: its number, nothing of it
    told = Event.objects.filter(channel=party_channel(party.pk), type__startswith="sheet")
    assert list(told.values_list("type", "data")) == [("sheet-changed", f'"{character.pk}"')]
    # the GM's pages have the card, which says the same (their open sheet listens to it):
    # no second event for them
    assert not Event.objects.filter(channel=gm_channel(party.pk), type="sheet-changed").exists()


def test_a_sheets_card_and_its_number_are_stored_together_and_published_once(
    player, party, monkeypatch, django_capture_on_commit_callbacks
):
    """The GM's card and the players' number of one change are one write (one statement
    on PostgreSQL) and one publish: one wake-up of every process's feed, not two."""
    from django_eventstream.models import Event

    from rolls import stream

    character = Character(owner=player, party=party, system="mutant")
    get_system("mutant").call("demo", character, 0)
    sheet = Character.objects.get(pk=character.pk).mutant
    with django_capture_on_commit_callbacks(execute=True):
        sheet.save()  # the channels' first events (the library's way makes their counters)
    published = []
    monkeypatch.setattr(stream, "publish", lambda events: published.append(events))
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True),
    ):
        sheet.save()
    (both,) = published
    assert [(event.channel, event.type) for event in both] == [
        (gm_channel(party.pk), f"sheet-{character.pk}"),
        (party_channel(party.pk), "sheet-changed"),
    ]
    stored = Event.objects.filter(type__in=[f"sheet-{character.pk}", "sheet-changed"])
    assert {(e.channel, e.type, e.id) for e in both} <= set(
        stored.values_list("channel", "type", "eid")
    )
    if connection.vendor == "postgresql":
        writes = [q["sql"] for q in queries.captured_queries if Event._meta.db_table in q["sql"]
                  and "INSERT" in q["sql"]]  # fmt: skip
        assert len(writes) == 1, writes
