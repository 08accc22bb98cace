"""Export: what a character's file holds for each system (every field, every list in
order, slots by number, the people by name, no database ids), the party file, and who
may download them."""

import json

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import Character
from sheets.transfer.export import character_document, data_fields, party_document
from sheets.transfer.spec import SCHEMA, transfer_of
from tests.factories import (
    CharacterFactory,
    MutantCriticalInjuryFactory,
    MutantGearLineFactory,
    MutantSheetFactory,
    MutantWeaponFactory,
    UserFactory,
)
from tests.factories_slots import SlotsIdeaFactory, SlotsItemFactory, SlotsMarkFactory
from tests.factories_twilight import (
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightWeaponFactory,
)

pytestmark = pytest.mark.django_db


def test_a_mutant_file_holds_every_field_and_every_list_in_order(mutant_sheet):
    MutantGearLineFactory(sheet=mutant_sheet, name="Rope", weight="0.5", tiny=False, bonus=1)
    MutantGearLineFactory(sheet=mutant_sheet, name="Crowbar", weight=1)
    MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat", bonus=2, damage=2)
    MutantCriticalInjuryFactory(sheet=mutant_sheet, lethal=True, time_limit="3 hours")
    doc = character_document(mutant_sheet.character)
    assert doc["tableside"] == "character"
    assert (doc["system"], doc["schema"]) == ("mutant", SCHEMA)
    assert doc["character"] == {"name": mutant_sheet.character.name}
    model_fields = {f.name for f in data_fields(type(mutant_sheet))}
    assert set(doc["sheet"]) == model_fields
    assert doc["sheet"]["strength"] == 5 and doc["sheet"]["fight"] == 3
    assert doc["sheet"]["role"] == "enforcer"
    assert [g["name"] for g in doc["gear"]] == ["Rope", "Crowbar"]
    assert doc["gear"][0] == {"name": "Rope", "weight": 0.5, "tiny": False, "bonus": 1}
    assert doc["weapons"] == [
        {
            "name": "Spiked bat",
            "bonus": 2,
            "damage": 2,
            "range": "arms_length",
            "special": "",
            "weight": 1,
        }
    ]
    assert doc["critical_injuries"][0]["lethal"] is True
    assert doc["talents"] == [] and doc["mutations"] == [] and doc["artifacts"] == []
    assert "id" not in json.dumps(doc["gear"]) and "sheet" not in doc["gear"][0]


def test_every_system_writes_every_model_field_of_its_sheet_and_lists(user_with_every_sheet):
    for character in Character.objects.filter(owner=user_with_every_sheet):
        doc = character_document(character)
        transfer = transfer_of(character.system_descriptor)
        sheet = character.sheet
        expected = {f.name for f in data_fields(type(sheet), transfer.sheet_exclude)}
        assert set(doc["sheet"]) == expected, character.system
        assert {spec.name for spec in transfer.lists} <= set(doc), character.system
        for spec in transfer.lists:
            model = getattr(type(sheet), spec.related_name).rel.related_model
            assert len(doc[spec.name]) == getattr(sheet, spec.related_name).count()
            for row in doc[spec.name]:
                assert set(row) == {f.name for f in data_fields(model, spec.exclude)}


@pytest.fixture
def user_with_every_sheet(db):
    from sheets.systems.registry import all_systems

    user = UserFactory()
    for system in all_systems():
        character = Character.objects.create_with_sheet(owner=user, name="X", system=system.slug)
        system.call("demo", character, 0) if system.demo else None
    return user


def test_twilight_magazines_name_their_weapon_by_position():
    sheet = TwilightSheetFactory()
    TwilightWeaponFactory(sheet=sheet, name="Pistol", magazine_capacity=15, rounds_loaded=15)
    saw = TwilightWeaponFactory(sheet=sheet)
    TwilightMagazineFactory(sheet=sheet, weapon=saw, rounds=100)
    TwilightMagazineFactory(sheet=sheet, weapon=None, kind="magazine", rounds=30)
    doc = character_document(sheet.character)
    assert [m["weapon"] for m in doc["magazines"]] == [1, None]
    assert doc["weapons"][1]["name"] == "M249 SAW"


def test_slots_file_names_the_people_and_keeps_slot_numbers():
    item = SlotsItemFactory(slot=9, name="Lantern", tags="flammable, rigid")
    SlotsIdeaFactory(sheet=item.sheet, slot=2, kind="spell", name="Light")
    SlotsMarkFactory(sheet=item.sheet, area="gear", number=5, wound="open")
    doc = character_document(item.sheet.character)
    assert doc["sheet"]["people"] == "Human"
    assert doc["items"][0]["slot"] == 9 and doc["items"][0]["tags"] == "flammable, rigid"
    assert doc["ideas"][0]["slot"] == 2 and doc["ideas"][0]["kind"] == "spell"
    assert doc["marks"][0] == {
        "area": "gear", "number": 5, "wound": "open", "condition": "", "burning_rounds": 0
    }  # fmt: skip


def test_zombie_file_leaves_out_the_roll_id_but_keeps_its_label(db):
    character = Character.objects.create_with_sheet(
        owner=UserFactory(), name="Sam", system="zombie"
    )
    sheet = character.sheet
    sheet.option_skill, sheet.option_bonus = "Strong", 1
    sheet.option_roll, sheet.option_roll_label = 123, "Force the door"
    sheet.save()
    doc = character_document(character)
    assert "option_roll" not in doc["sheet"]
    assert doc["sheet"]["option_roll_label"] == "Force the door"


# Downloads and permissions -------------------------------------------------------------


def test_the_owner_downloads_the_sheet_with_a_good_filename(client, mutant_sheet, player):
    client.force_login(player)
    response = client.get(reverse("character_export", args=[mutant_sheet.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    disposition = response["Content-Disposition"]
    slug = mutant_sheet.character.name.lower().replace(" ", "-")
    assert disposition.startswith(f'attachment; filename="{slug}-mutant-')
    assert disposition.endswith('.json"')
    assert json.loads(response.content)["sheet"]["strength"] == 5


def test_the_party_gm_may_export_a_players_sheet(client, mutant_sheet, gm):
    client.force_login(gm)
    assert client.get(reverse("character_export", args=[mutant_sheet.pk])).status_code == 200


def test_nobody_else_may_export_a_sheet(client, mutant_sheet, party):
    from tests.factories import member_of

    for other in (UserFactory(), member_of(party)):
        client.force_login(other)
        assert client.get(reverse("character_export", args=[mutant_sheet.pk])).status_code == 404
    client.logout()
    response = client.get(reverse("character_export", args=[mutant_sheet.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_sheet_page_offers_the_export_to_its_owner(client, mutant_sheet, player):
    client.force_login(player)
    page = client.get(reverse("character_sheet", args=[mutant_sheet.pk])).content.decode()
    assert reverse("character_export", args=[mutant_sheet.pk]) in page


def test_a_party_file_holds_its_characters_and_its_roll_log(client, mutant_sheet, party, gm):
    other = CharacterFactory(party=party, name="Zed", system="twilight")
    other.system_descriptor.call("new_sheet", other)
    first = Roll.objects.create(character=mutant_sheet.character, party=party, user=gm,
                                system="mutant", kind="skill", label="Fight", outcome="2 successes",
                                pushable=True)  # fmt: skip
    Roll.objects.create(character=mutant_sheet.character, party=party, user=gm, system="mutant",
                        kind="skill", label="Fight (pushed)", outcome="3 successes",
                        pushed_from=first)  # fmt: skip
    Roll.objects.create(character=other, party=party, user=gm, system="twilight", kind="cuf",
                        label="Coolness", outcome="failure", secret=True)  # fmt: skip
    client.force_login(gm)
    response = client.get(reverse("party_export", args=[party.pk]))
    assert response.status_code == 200
    assert 'filename="the-ark-party-' in response["Content-Disposition"]
    doc = json.loads(response.content)
    assert doc["tableside"] == "party" and doc["party"]["name"] == "The Ark"
    names = [c["character"]["name"] for c in doc["characters"]]
    assert names == sorted([mutant_sheet.character.name, "Zed"])
    assert [r["label"] for r in doc["rolls"]] == ["Fight", "Fight (pushed)", "Coolness"]
    assert doc["rolls"][1]["push_of"] == 0 and doc["rolls"][0]["push_of"] is None
    assert doc["rolls"][2]["secret"] is True  # the GM sees their secret rolls
    assert "pk" not in json.dumps(doc["rolls"])


def test_the_party_log_is_what_the_requester_may_see(mutant_sheet, party, player):
    Roll.objects.create(character=mutant_sheet.character, party=party, system="mutant",
                        kind="skill", label="Hidden", outcome="x", secret=True)  # fmt: skip
    Roll.objects.create(character=mutant_sheet.character, party=party, system="mutant",
                        kind="skill", label="Open", outcome="x")  # fmt: skip
    assert [r["label"] for r in party_document(party, player)["rolls"]] == ["Open"]


def test_only_the_party_gm_exports_the_party(client, party, player):
    client.force_login(player)
    assert client.get(reverse("party_export", args=[party.pk])).status_code == 404
    client.force_login(UserFactory())
    assert client.get(reverse("party_export", args=[party.pk])).status_code == 404


def test_the_party_page_offers_the_export_to_the_gm_only(client, party, gm, player):
    url = reverse("party_export", args=[party.pk])
    client.force_login(gm)
    assert url in client.get(reverse("party_detail", args=[party.pk])).content.decode()
    client.force_login(player)
    assert url not in client.get(reverse("party_detail", args=[party.pk])).content.decode()


def test_mutant_sheet_factory_sheet_exports(db):
    doc = character_document(MutantSheetFactory().character)
    assert doc["sheet"]["specialist_skill"] == 3


def test_the_format_document_describes_every_field_as_the_code_does():
    from pathlib import Path

    from sheets.transfer.describe import BEGIN, END, markdown

    text = (Path(__file__).resolve().parents[2] / "docs" / "export-format.md").read_text()
    written = text[text.index(BEGIN) : text.index(END) + len(END)]
    assert written == markdown(), "run describe.markdown() and paste it into the document"
