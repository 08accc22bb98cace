"""Import: a valid file becomes a new character of the importer; any invalid field or row
is listed by its path and nothing is created; files of another system, of an unknown
schema version, or not JSON at all are refused; an older schema is migrated; no upload
ever answers 500."""

import json
from dataclasses import replace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sheets.models import Character, MutantSheet
from sheets.systems.registry import get_system
from sheets.transfer import reading
from sheets.transfer.export import character_document
from sheets.transfer.importing import import_document
from sheets.transfer.spec import Transfer
from tests.factories import MutantGearLineFactory, MutantSheetFactory, UserFactory

pytestmark = pytest.mark.django_db
URL = reverse("character_import")


def mutant_file(**changes):
    sheet = MutantSheetFactory(character__name="Ash")
    MutantGearLineFactory(sheet=sheet, name="Rope", weight=1)
    doc = character_document(sheet.character)
    doc.update(changes)
    return doc


def upload(client, content, filename="sheet.json", **fields):
    if isinstance(content, dict):
        content = json.dumps(content).encode()
    data = {"file": SimpleUploadedFile(filename, content, "application/json"), **fields}
    return client.post(URL, data)


@pytest.fixture
def importer(client):
    user = UserFactory(username="importer")
    client.force_login(user)
    return user


def test_a_valid_file_becomes_a_new_character_of_the_importer(client, importer):
    doc = mutant_file()
    before = Character.objects.count()
    response = upload(client, doc)
    assert response.status_code == 200
    assert Character.objects.count() == before + 1
    character = Character.objects.latest("pk")
    assert (character.owner, character.name, character.system) == (importer, "Ash", "mutant")
    assert character.party is None
    assert character.sheet.strength == 5 and character.sheet.fight == 3
    assert [g.name for g in character.sheet.gear.all()] == ["Rope"]
    page = response.content.decode()
    assert "Ash is imported" in page and character.get_absolute_url() in page


def test_the_page_may_rename_the_character_and_seat_it_in_a_party(client, importer):
    from tests.factories import PartyFactory, member_of

    party = PartyFactory()
    member_of(party, importer)
    upload(client, mutant_file(), name="Ash the Second", party=party.pk)
    character = Character.objects.latest("pk")
    assert (character.name, character.party) == ("Ash the Second", party)


def test_errors_are_listed_by_path_and_nothing_is_created(client, importer):
    doc = mutant_file()
    doc["sheet"]["fight"] = 11
    doc["sheet"]["damage"] = 7  # more than Strength 5
    doc["gear"].append({"name": "", "weight": -1})
    doc["weapons"] = [{"name": "Bat", "damage": 99, "range": "far away"}]
    characters, sheets = Character.objects.count(), MutantSheet.objects.count()
    response = upload(client, doc)
    assert response.status_code == 422
    assert Character.objects.count() == characters and MutantSheet.objects.count() == sheets
    page = response.content.decode()
    assert "Nothing was imported" in page
    for path in ("sheet.fight", "sheet.damage"):
        assert f"<code>{path}</code>" in page
    # the sheet's own errors stop before the rows: rows are checked once the sheet is valid
    doc["sheet"]["fight"], doc["sheet"]["damage"] = 3, 0
    page = upload(client, doc).content.decode()
    for path in ("gear[1].name", "gear[1].weight", "weapons[0].damage", "weapons[0].range"):
        assert f"<code>{path}</code>" in page, path
    assert "less than or equal to 20" in page
    assert Character.objects.count() == characters


def test_errors_by_path_from_the_import_itself(importer):
    doc = mutant_file()
    doc["gear"][0]["bonus"] = "lots"
    doc["gear"][0]["colour"] = "red"
    doc["talents"] = ["Scrounger"]
    doc["sheet"]["notes"] = ["not", "text"]
    result = import_document(reading.document(doc), importer)
    assert result.character is None
    assert "sheet.notes: must be text" in result.errors
    doc["sheet"]["notes"] = ""
    result = import_document(reading.document(doc), importer)
    assert "gear[0].bonus: must be a whole number" in result.errors
    assert any(e.startswith("gear[0].colour: not a field") for e in result.errors)
    assert "talents[0]: must be an object of fields" in result.errors


def test_a_row_that_breaks_a_cross_field_rule_is_refused_by_the_sheet_form(importer):
    doc = mutant_file(critical_injuries=[{"name": "Gut shot", "lethal": False,
                                         "time_limit": "1 hour"}])  # fmt: skip
    result = import_document(reading.document(doc), importer)
    assert result.errors == [
        "critical_injuries[0].time_limit: Only a lethal injury has a time limit: tick Lethal "
        "or clear it."
    ]


def test_a_file_of_another_system_than_chosen_is_refused(client, importer):
    response = upload(client, mutant_file(), system="twilight")
    assert response.status_code == 422
    page = response.content.decode()
    assert "This is a Mutant: Year Zero character, not a Twilight: 2000 one" in page


def test_an_unknown_schema_version_is_refused(client, importer):
    page = upload(client, mutant_file(schema=7)).content.decode()
    assert "schema version 7, newer than this Tableside reads (up to 1)" in page
    page = upload(client, mutant_file(schema="one")).content.decode()
    assert "schema version &#x27;one&#x27; is not a version number" in page
    assert not importer.characters.exists()


def test_an_unknown_system_is_refused(importer):
    with pytest.raises(reading.Refused, match="'dnd' is not one Tableside knows"):
        reading.document(mutant_file(system="dnd"))


def test_a_schema_0_file_is_migrated(client, importer):
    """Schema 0 (docs/export-format.md): the name at the top, the lists in the sheet."""
    doc = mutant_file()
    old = {
        "tableside": "character",
        "system": "mutant",
        "schema": 0,
        "name": "Old Ash",
        "sheet": {**doc["sheet"], "lists": {"gear": doc["gear"], "talents": [{"name": "Tough"}]}},
    }
    response = upload(client, old)
    assert response.status_code == 200
    assert "schema version 0, brought up to date" in response.content.decode()
    character = Character.objects.latest("pk")
    assert character.name == "Old Ash"
    assert [t.name for t in character.sheet.talents.all()] == ["Tough"]
    assert [g.name for g in character.sheet.gear.all()] == ["Rope"]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"{not json", "not JSON"),
        (b"[1, 2, 3]", "not a character"),
        (b'{"hello": "world"}', "not a Tableside character file"),
        (b"[" * 100_000 + b"]" * 100_000, "not JSON"),
        (b'{"tableside": "party", "schema": 1}', "party file"),
    ],
)
def test_files_that_are_not_character_files_are_refused_clearly(client, importer, content,
                                                                message):  # fmt: skip
    before = Character.objects.count()
    response = upload(client, content)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Character.objects.count() == before


def test_a_file_over_the_size_cap_is_refused(client, importer):
    response = upload(client, b" " * (reading.MAX_BYTES + 1))
    assert response.status_code == 422
    assert "too big" in response.content.decode()


def test_wrong_types_and_huge_lists_are_errors_not_crashes(client, importer):
    for doc in (
        mutant_file(sheet=[1, 2]),
        mutant_file(gear={"name": "Rope"}),
        mutant_file(gear=[{"name": "x"}] * 301),
        mutant_file(character="Ash"),
        mutant_file(character={"name": 12}),
        mutant_file(extra_list=[]),
        {**mutant_file(), "sheet": {"strength": True, "face": 3, "notes": None}},
        {**mutant_file(), "sheet": {"strength": 1e308, "agility": float("nan")}},
    ):
        response = upload(client, json.dumps(doc).encode())
        assert response.status_code == 422, doc
        assert "Nothing was imported" in response.content.decode()
    assert not importer.characters.exists()


def test_a_slots_file_needs_a_people_this_tableside_has(importer):
    from tests.factories_slots import SlotsItemFactory

    doc = character_document(SlotsItemFactory(slot=9).sheet.character)
    doc["sheet"]["people"] = "Dragonkin"
    result = import_document(reading.document(doc), importer)
    assert result.errors[0].startswith("sheet.people: no people named 'Dragonkin' here")
    doc["sheet"]["people"] = "Human"
    doc["items"][0]["slot"] = 1  # no gear slot 1
    doc["ideas"] = [{"slot": 1, "kind": "bond", "name": "A"}, {"slot": 1, "kind": "bond",
                                                                "name": "B"}]  # fmt: skip
    result = import_document(reading.document(doc), importer)
    assert any(e.startswith("items[0].slot:") for e in result.errors)
    assert "ideas[1]: clashes with another row (one per slot, one per name)" in result.errors


def test_a_twilight_magazine_must_name_a_weapon_of_the_file(importer):
    from tests.factories_twilight import TwilightSheetFactory

    doc = character_document(TwilightSheetFactory().character)
    doc["magazines"] = [{"weapon": 3, "kind": "belt", "rounds": 10}]
    result = import_document(reading.document(doc), importer)
    assert result.errors == ["magazines[0].weapon: weapons has no row 3"]


def test_agents_listed_skills_are_edited_and_custom_ones_added(importer):
    from tests.factories_agents import agent_sheet

    sheet = agent_sheet(skills={"Dodging": (3, 12)})
    sheet.skills.create(category="social", name="Haggling", custom=True, level=2)
    doc = character_document(sheet.character)
    result = import_document(reading.document(doc), importer)
    assert result.errors == []
    skills = result.character.sheet.skills
    assert skills.count() == 57
    assert skills.get(name="Dodging").level == 3 and skills.get(name="Dodging").xp == 12
    assert skills.get(name="Haggling").custom is True
    doc["skills"].append({"category": "social", "name": "Made up", "custom": False})
    result = import_document(reading.document(doc), importer)
    assert result.errors[0].startswith("skills[57]: 'Made up' is not one of the seed")


def test_the_import_page_is_reachable_from_home_and_the_new_character_page(client, importer):
    for page in ("home", "character_create"):
        assert URL in client.get(reverse(page)).content.decode()
    assert client.get(URL).status_code == 200


def test_the_import_page_needs_a_login(client):
    response = client.get(URL)
    assert response.status_code == 302 and "login" in response["Location"]


def rename_face(data):
    """A system's own step (schema 0 -> 1) for the test below: "looks" became "face"."""
    sheet = dict(data["sheet"])
    sheet["face"] = sheet.pop("looks", "")
    return {**data, "sheet": sheet}


SYSTEM_STEP = Transfer(migrations={0: "tests.sheets.test_transfer_import.rename_face"})


def test_a_systems_own_migration_step_runs_after_the_cores():
    system = replace(get_system("mutant"), transfer="tests.sheets.test_transfer_import.SYSTEM_STEP")
    old = {"tableside": "character", "system": "mutant", "schema": 0, "name": "Ash",
           "sheet": {"looks": "Scarred", "lists": {"gear": [{"name": "Rope"}]}}}  # fmt: skip
    new = reading.migrate(system, old)
    assert new["schema"] == 1 and new["character"] == {"name": "Ash"}
    assert new["sheet"] == {"face": "Scarred"} and new["gear"] == [{"name": "Rope"}]
