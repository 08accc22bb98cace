"""The dashboard card's prepared reads give the card Django's prefetch gives."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import prefetch_related_objects
from django.test.utils import CaptureQueriesContext

from sheets.models import Character
from sheets.summary_card import summary_card_html
from sheets.summary_read import card_character, card_read, prefetch_summary_rows
from sheets.systems.zombie.models import TaskStatus
from tests.factories import CharacterFactory, PartyFactory
from tests.factories_zombie import ZombieSheetFactory, ZombieTaskFactory

pytestmark = pytest.mark.django_db


def card(character):
    return summary_card_html(character, character.summary())


def as_django_reads_it(pk):
    character = Character.objects.select_related("owner", "mutant", "twilight", "agents",
                                                 "zombie", "slots").get(pk=pk)  # fmt: skip
    prefetch_related_objects([character], *character.system_descriptor.summary_rows)
    return character


def prepared(pk, slug):
    character = card_character(pk, slug)
    prefetch_summary_rows(character)
    return character


def test_every_systems_card_reads_the_same_as_djangos_prefetch():
    call_command("demo", stdout=StringIO())
    characters = list(Character.objects.filter(party__isnull=False))
    assert {c.system for c in characters} == {"mutant", "twilight", "agents", "zombie", "slots"}
    for character in characters:
        expected = card(as_django_reads_it(character.pk))
        assert card(prepared(character.pk, character.system)) == expected
        assert card(prepared(character.pk, None)) == expected  # every sheet joined
        assert card(card_read(character.pk, character.system)) == expected  # together
        assert card(card_read(character.pk, None)) == expected


def test_the_newest_failed_tasks_come_with_their_count_of_one_survivor_only():
    party = PartyFactory()
    survivor = ZombieSheetFactory(character__party=party)
    other = ZombieSheetFactory(character__party=party)
    for n in range(5):
        ZombieTaskFactory(sheet=survivor, name=f"Task {n}", status=TaskStatus.FAILED)
    ZombieTaskFactory(sheet=survivor, name="Done", status=TaskStatus.SUCCEEDED)
    for n in range(2):
        ZombieTaskFactory(sheet=other, name=f"Other {n}", status=TaskStatus.FAILED)
    sheet = prepared(survivor.pk, "zombie").zombie
    assert [t.name for t in sheet.failed_on_card] == ["Task 4", "Task 3", "Task 2"]
    assert {t.failed_in_all for t in sheet.failed_on_card} == {5}
    assert all(t.sheet is sheet for t in sheet.failed_on_card)
    assert card(prepared(survivor.pk, "zombie")) == card(as_django_reads_it(survivor.pk))


def test_a_card_after_the_first_takes_one_query_for_the_character_and_one_per_list():
    call_command("demo", stdout=StringIO())
    mutant = Character.objects.filter(system="mutant", party__isnull=False).first()
    prepared(mutant.pk, "mutant")
    with CaptureQueriesContext(connection) as queries:
        character = prepared(mutant.pk, "mutant")
        card(character)
    lists = len(character.system_descriptor.summary_rows)
    assert len(queries) == 1 + lists
    assert card_character(CharacterFactory(party=None).pk, "mutant") is None


def test_the_card_reads_its_character_and_lists_in_one_round_trip_on_postgresql():
    """``card_read`` with the system known: the character and every list its card
    shows in one message (PostgreSQL), the lists of what the sheet names included (a
    Slots sheet's people and their slots, joined and read by the sheet's pk); a query
    for the character and one a list elsewhere."""
    call_command("demo", stdout=StringIO())
    together = connection.vendor == "postgresql"
    for character in Character.objects.filter(party__isnull=False):
        system = character.system_descriptor
        lists = len(system.summary_rows)
        card_read(character.pk, system.slug)
        with CaptureQueriesContext(connection) as queries:
            card(card_read(character.pk, system.slug))
        assert len(queries) == (1 if together else 1 + lists), system.slug
    outside = CharacterFactory(party=None)
    assert card_read(outside.pk, "mutant") is None and card_read(outside.pk) is None


def test_a_slots_card_reads_its_peoples_slots_by_the_sheet_and_puts_them_in_place():
    call_command("demo", stdout=StringIO())
    slots = Character.objects.filter(system="slots", party__isnull=False).first()
    expected = Character.objects.select_related("slots__people").get(pk=slots.pk)
    wanted = [(s.pk, s.number, s.name) for s in expected.slots.people.slots.all()]
    assert wanted  # the demo's people has its slots
    for read in (card_read(slots.pk, "slots"), card_read(slots.pk), prepared(slots.pk, "slots")):
        with CaptureQueriesContext(connection) as queries:
            people = read.slots.people
            found = [(s.pk, s.number, s.name) for s in people.slots.all()]
        assert len(queries) == 0 and found == wanted
        assert all(s.people is people for s in people.slots.all())
