"""Foundry VTT actors (hand-made files in the shape of the public Foundry systems'
template.json / data model): what lands on our sheet, and what is listed as left out."""

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sheets.models import Character
from sheets.transfer import reading
from sheets.transfer.importing import import_document
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parent.parent / "data"


def actor(name):
    return json.loads((DATA / name).read_text())


def imported(data, chosen=""):
    user = UserFactory()
    doc = reading.document(data, chosen)
    result = import_document(doc, user)
    assert result.errors == []
    return doc, result.character


def test_a_myz_mutant_lands_on_the_mutant_sheet():
    doc, character = imported(actor("foundry-myz-mutant.json"))
    assert doc.system.slug == "mutant" and doc.source == "Foundry VTT actor (Mutant: Year Zero)"
    s = character.sheet
    assert character.name == "Vanja the Stalker"
    # attributes: max is the score, value what is left after trauma
    assert (s.strength, s.damage, s.agility, s.fatigue) == (3, 1, 5, 0)
    assert (s.wits, s.confusion, s.empathy, s.doubt) == (4, 1, 2, 0)
    assert (s.sneak, s.shoot, s.know_the_zone, s.fight) == (2, 2, 1, 0)
    assert (s.role, s.specialist_skill) == ("stalker", 3)  # Find the Path
    assert (s.rot_temporary, s.rot_permanent, s.experience, s.mutation_points) == (2, 1, 4, 3)
    assert (s.grub, s.water, s.bullets, s.dehydrated, s.starving) == (3, 2, 5, True, False)
    assert (s.armor_name, s.armor_rating) == ("Scrap armor", 3)
    assert s.face == "Scarred cheek, green eyes"
    assert (s.pc_you_hate, s.pc_to_protect, s.big_dream) == ("Grim", "Dink", "See the Eden")
    assert s.relationships == "Dink owes me" and s.notes == "Grew up in the Ark."
    weapon = s.weapons.get()
    assert (weapon.name, weapon.bonus, weapon.damage, weapon.range) == ("Slingshot", 1, 1, "short")
    assert [(g.name, float(g.weight), g.tiny) for g in s.gear.all()] == [
        ("Rope (x2)", 1.0, False), ("Lucky coin", 0.0, True)
    ]  # fmt: skip
    assert [t.name for t in s.talents.all()] == ["Scrounger"]
    assert [m.name for m in s.mutations.all()] == ["Frog Legs"]
    assert s.artifacts.get().effect == "Gear bonus +2 to Scout in the dark"
    injury = s.critical_injuries.get()
    assert (injury.name, injury.lethal, injury.healing_time) == ("Cracked ribs", False, "1D6 days")
    assert doc.left_out == ["chassis Old map", "rotten grub (1)", "age: 19"]


def test_a_t2k_character_lands_on_the_twilight_sheet():
    doc, character = imported(actor("foundry-t2k-character.json"))  # older "data" shape
    assert doc.system.slug == "twilight"
    s = character.sheet
    assert (s.strength, s.agility, s.intelligence, s.empathy) == ("A", "B", "C", "C")
    assert (s.heavy_weapons, s.stamina, s.mobility, s.close_combat) == ("B", "C", "D", "")
    assert s.coolness_under_fire == "C"
    # hit capacity (d12 + d10) / 4 -> 6, 4 boxes left: 2 damage; stress 4 - 3 = 1
    assert (s.damage, s.stress) == (2, 1)
    assert (s.radiation, s.radiation_permanent, s.experience, s.age) == (2, 1, 5, 34)
    assert (s.rank, s.buddy, s.moral_code) == ("Sergeant", "Kowalski", "Leave no one behind")
    saw, knife = s.weapons.all()
    assert (saw.skill, saw.rate_of_fire, saw.magazine_capacity, saw.rounds_loaded) == (
        "heavy_weapons", 6, 200, 150
    )  # fmt: skip
    assert (saw.reliability, saw.reliability_max, saw.range) == (4, 5, "100")
    assert (knife.skill, knife.magazine_capacity, knife.range) == ("close_combat", 0, "")
    spares = list(s.magazines.all())
    assert [(m.weapon, m.kind, m.rounds) for m in spares] == [(saw, "belt", 200)] * 2
    armor = s.armor.get()
    assert (armor.name, armor.rating, armor.covers_torso, armor.covers_head) == (
        "Kevlar vest", 3, True, False
    )  # fmt: skip
    assert [g.name for g in s.gear.all()] == ["Frag grenade (x2)", "Ration pack"]
    specialty = s.specialties.get()
    assert (specialty.name, specialty.skill) == ("Machinegunner", "heavy_weapons")
    injury = s.injuries.get()
    assert (injury.location, injury.healing_time) == ("arms", "2D6 days")
    assert doc.left_out == [
        "how the group met", "condition sleepless", "vehicle-part Cargo truck keys"
    ]  # fmt: skip


def test_a_foundry_actor_of_another_game_is_refused():
    data = actor("foundry-t2k-character.json")
    data["flags"]["exportSource"]["system"] = "dnd5e"
    with pytest.raises(reading.Refused, match="comes from the 'dnd5e' system"):
        reading.document(data)


def test_a_foundry_actor_that_does_not_say_its_game_takes_the_chosen_system():
    data = actor("foundry-myz-mutant.json")
    del data["_stats"]
    with pytest.raises(reading.Refused, match="does not say which game"):
        reading.document(data)
    doc, character = imported(data, chosen="mutant")
    assert doc.system.slug == "mutant" and character.sheet.agility == 5


def test_a_foundry_actor_of_another_system_than_chosen_is_refused():
    with pytest.raises(reading.Refused, match="is a Twilight: 2000 character, not a Mutant"):
        reading.document(actor("foundry-t2k-character.json"), "mutant")


def test_out_of_bounds_foundry_values_are_listed_by_path_and_nothing_saved():
    data = actor("foundry-myz-mutant.json")
    data["system"]["attributes"]["agility"] = {"value": 14, "max": 14}
    data["items"][4]["system"]["damage"] = 40
    user = UserFactory()
    result = import_document(reading.document(data), user)
    assert result.errors[0].startswith("sheet.agility:")
    data["system"]["attributes"]["agility"] = {"value": 4, "max": 4}
    result = import_document(reading.document(data), user)
    assert result.errors[0].startswith("weapons[0].damage:")
    assert not user.characters.exists()


def test_the_result_page_lists_what_was_left_out(client):
    user = UserFactory()
    client.force_login(user)
    raw = (DATA / "foundry-t2k-character.json").read_bytes()
    response = client.post(
        reverse("character_import"),
        {"file": SimpleUploadedFile("ronson.json", raw, "application/json")},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Left out" in page and "vehicle-part Cargo truck keys" in page
    assert Character.objects.get(owner=user).name == "Sgt. Ronson"
