"""A prepared read gives what its queryset gives, for any value, building its SQL once."""

import threading

import pytest
from django.db import connection
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext

from config.prepared import Prepared, PreparedRows, objects_together
from sheets.models import Character
from sheets.systems.mutant.models import MutantSheet
from tests.factories import (
    CharacterFactory,
    MutantGearLineFactory,
    MutantSheetFactory,
    PartyFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def character_with_sheet(pk):
    return Character.objects.filter(pk=pk).select_related("owner", "party", "mutant")


def fields(character):
    return (
        character.pk,
        character.name,
        character.owner.username,
        character.party and character.party.name,
        character.mutant.pk,
        character.mutant.strength,
        character.mutant.damage,
    )


def test_a_prepared_read_gives_the_querysets_objects_with_what_it_joins():
    read = Prepared(character_with_sheet, int)
    party = PartyFactory()
    sheets = [
        MutantSheetFactory(character__party=party, strength=4, damage=2),
        MutantSheetFactory(strength=2, damage=0),  # no party: the join gives None
    ]
    for sheet in sheets:
        (found,) = read.objects(sheet.character.pk)
        (expected,) = character_with_sheet(sheet.character.pk)
        assert fields(found) == fields(expected)
        with CaptureQueriesContext(connection) as queries:
            fields(found)  # owner, party and sheet came with it
        assert len(queries) == 0
    assert read.first(10**6) is None


def test_the_sql_is_built_once_and_each_read_runs_one_query(monkeypatch):
    read = Prepared(character_with_sheet, int)
    first, second = (MutantSheetFactory().character for _ in range(2))
    read.objects(first.pk)  # built here
    built = []
    monkeypatch.setattr(SQLCompiler, "as_sql", lambda *a, **k: built.append(1))
    with CaptureQueriesContext(connection) as queries:
        assert read.first(second.pk).pk == second.pk
        assert read.first(first.pk).pk == first.pk
    assert built == [] and len(queries) == 2
    assert str(second.pk) in queries[0]["sql"] and str(first.pk) in queries[1]["sql"]


def test_string_and_several_values_take_their_places():
    owner = UserFactory(username="ingrid")
    kept = CharacterFactory(owner=owner, name="Vera")
    CharacterFactory(owner=owner, name="Kalle")
    read = Prepared(
        lambda username, name: Character.objects.filter(owner__username=username, name=name),
        str,
        str,
    )
    assert [c.pk for c in read.objects("ingrid", "Vera")] == [kept.pk]
    assert read.objects("ingrid", "Nobody") == []
    assert read.objects("someone else", "Vera") == []


def test_a_value_the_sql_does_not_carry_as_given_is_refused():
    with pytest.raises(ValueError, match="do not reach the SQL unchanged"):
        Prepared(lambda pk: Character.objects.all(), int).objects(1)
    with pytest.raises(TypeError):
        Prepared(character_with_sheet, float)
    with pytest.raises(TypeError):
        Prepared(character_with_sheet, int).objects(1, 2)


@pytest.mark.django_db(transaction=True)
def test_each_thread_reads_on_its_own_connection():
    """The plan is built on one thread; another thread's read must use its own
    connection (Django's connections are per thread), not the builder's."""
    read = Prepared(character_with_sheet, int)
    character = MutantSheetFactory().character
    read.objects(character.pk)
    seen = {}

    def other():
        from django.db import connection as theirs

        with CaptureQueriesContext(theirs) as queries:
            seen["pk"] = read.first(character.pk).pk
        seen["queries"] = len(queries)
        theirs.close()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == {"pk": character.pk, "queries": 1}


def test_reads_sent_together_give_what_each_gives_alone_in_one_round_trip_on_postgresql():
    """``objects_together``: one message on PostgreSQL (client-side binding), one query
    a read elsewhere; either way each read's objects are its own, in order, an empty
    read among them included."""
    characters = Prepared(character_with_sheet, int)
    gear = PreparedRows(MutantSheet, "gear").read
    named = Prepared(lambda name: Character.objects.filter(name=name).order_by("pk"), str)
    first, second = MutantSheetFactory(), MutantSheetFactory()
    for n in range(3):
        MutantGearLineFactory(sheet=second, name=f"Rope {n}")
    reads = [(characters, (second.pk,)), (gear, (first.pk,)), (gear, (second.pk,)),
             (named, (second.character.name,)), (characters, (10**6,))]  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        found = objects_together(reads)
    alone = [read.objects(*values) for read, values in reads]
    assert len(queries) == (1 if connection.vendor == "postgresql" else len(reads))
    assert [fields(c) for c in found[0]] == [fields(c) for c in alone[0]]
    assert found[1] == [] and alone[1] == []
    assert sorted(row.name for row in found[2]) == ["Rope 0", "Rope 1", "Rope 2"]
    assert [row.pk for row in found[2]] == [row.pk for row in alone[2]]
    assert [c.pk for c in found[3]] == [second.character.pk]
    assert found[4] == []
    with CaptureQueriesContext(connection) as queries:
        assert found[0][0].mutant.pk == second.pk  # the join came with it
    assert len(queries) == 0


def test_rows_read_together_are_put_in_place_as_a_read_of_their_own_puts_them():
    sheet = MutantSheetFactory()
    MutantGearLineFactory(sheet=sheet, name="Crowbar")
    rows = PreparedRows(MutantSheet, "gear")
    (read,) = objects_together([(rows.read, (sheet.pk,))])
    fresh = MutantSheet.objects.get(pk=sheet.pk)
    rows.fill(fresh, read)
    with CaptureQueriesContext(connection) as queries:
        lines = list(fresh.gear.all())
    assert len(queries) == 0
    assert [line.name for line in lines] == ["Crowbar"] and lines[0].sheet is fresh
