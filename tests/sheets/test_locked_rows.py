"""A roll's lists (``RollAction.locked_rows``) come with its locked sheet: on PostgreSQL
in the same message as the sheet's locked read, put in place as Django's prefetch puts
them; elsewhere the roll reads them when it needs them, as before."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import prefetch_related_objects
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from sheets.editing.saving import locked_editable_sheet
from sheets.models import Character
from tests.factories_zombie import ZombieConditionFactory

pytestmark = pytest.mark.django_db
together = connection.vendor == "postgresql"


def demo_character(system):
    """The demo's character of ``system`` in its party (the first, by pk)."""
    call_command("demo", stdout=StringIO())
    found = Character.objects.filter(system=system, party__isnull=False).select_related("owner")
    return found.order_by("pk").first()


def posted_by(user):
    request = RequestFactory().post("/")
    request.user = user
    return request


def shown(sheet):
    """Every list a Slots check reads, each row as its pk and a few of its fields."""
    people = [(s.pk, s.number, s.kind) for s in sheet.people.slots.all()]
    return {
        "items": [(i.pk, i.slot, i.name) for i in sheet.items.all()],
        "ideas": [(i.pk, i.slot, i.name) for i in sheet.ideas.all()],
        "marks": [(m.pk, m.area, m.number) for m in sheet.marks.all()],
        "people": people,
    }


def test_a_slots_checks_lists_come_with_its_locked_sheet_as_djangos_prefetch_reads_them():
    character = demo_character("slots")
    expected = character.slots
    prefetch_related_objects([expected], "items", "ideas", "marks", "people__slots")
    assert all(shown(expected).values())  # the demo's sheet has rows in every list
    with transaction.atomic(), CaptureQueriesContext(connection) as read:
        _character, sheet = locked_editable_sheet(
            posted_by(character.owner), character.pk, action="check"
        )
    with CaptureQueriesContext(connection) as after:
        lists = shown(sheet)
    assert lists == shown(expected)
    assert all(item.sheet is sheet for item in sheet.items.all())  # each knows its sheet
    if together:
        (locked,) = [q["sql"] for q in read.captured_queries if "FOR UPDATE" in q["sql"]]
        assert "sheets_slotsitem" in locked and "sheets_slotspeopleslot" in locked
        assert len(after.captured_queries) == 0
    else:
        assert len(after.captured_queries) == 4  # read when needed, one by one


def test_a_roll_naming_no_lists_reads_its_sheet_alone():
    character = demo_character("slots")
    with transaction.atomic(), CaptureQueriesContext(connection) as read:
        locked_editable_sheet(posted_by(character.owner), character.pk, action="no-such-roll")
    assert not any("sheets_slotsitem" in q["sql"] for q in read.captured_queries)


def test_a_zombie_checks_conditions_come_with_its_locked_sheet():
    character = demo_character("zombie")
    ZombieConditionFactory(sheet=character.zombie, name="Sprained ankle", modifier=-1)
    expected = sorted(c.pk for c in character.zombie.conditions.all())
    with transaction.atomic():
        _character, sheet = locked_editable_sheet(
            posted_by(character.owner), character.pk, action="check"
        )
        with CaptureQueriesContext(connection) as after:
            assert sorted(c.pk for c in sheet.conditions.all()) == expected
    assert len(after.captured_queries) == (0 if together else 1)
