"""The Zombiepocalypse survivor sheet: its rules at the database and in the editing
forms, the page, the GM's card, the zombie kinds data, the demo survivor."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from rolls.models import Roll
from rolls.systems.zombie import demo  # the sheet (sheets.systems.zombie.demo), then its roll
from sheets.models import Character, ZombieCondition, ZombieKind, ZombieSheet
from sheets.systems.zombie.kinds import ensure_zombie_kinds
from tests.factories import UserFactory
from tests.factories_zombie import (
    ZombieConditionFactory,
    ZombieItemFactory,
    ZombieSheetFactory,
    ZombieTaskFactory,
    ZombieWeaponFactory,
)
from tests.pages import whole_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def survivor(player, party):
    return ZombieSheetFactory(
        character__owner=player, character__party=party, character__name="Dana"
    )


def save_field(client, sheet, name, value, original):
    url = reverse("sheet_field_save", args=[sheet.pk, name])
    return client.post(url, {name: value, f"original-{name}": original}, HTTP_HX_REQUEST="true")


# ---------------------------------------------------------------- the database


def test_an_unspent_option_cannot_carry_a_bonus_at_the_database(survivor):
    survivor.option_bonus = 1
    with pytest.raises(IntegrityError), transaction.atomic():
        survivor.save()


def test_the_option_bonus_runs_0_to_3_at_the_database(survivor):
    survivor.option_skill, survivor.option_bonus = "Strong", 4
    with pytest.raises(IntegrityError), transaction.atomic():
        survivor.save()


@pytest.mark.parametrize(("kind", "modifier"), [("injury", 1), ("injury", -4), ("status", -2)])
def test_a_condition_modifier_fits_its_kind_at_the_database(survivor, kind, modifier):
    with pytest.raises(IntegrityError), transaction.atomic():
        ZombieCondition.objects.create(sheet=survivor, name="x", kind=kind, modifier=modifier)


def test_model_clean_refuses_an_unspent_option_with_a_scope(survivor):
    survivor.option_scope = "doors"
    with pytest.raises(ValidationError, match="unspent Player's Option"):
        survivor.full_clean()


# ---------------------------------------------------------------- editing


def test_a_bonus_without_a_skill_is_refused_next_to_the_field(player_client, survivor):
    response = save_field(player_client, survivor.character, "option_bonus", "1", "0")
    assert response.status_code == 422
    assert "name the skill it buys first" in response.text
    survivor.refresh_from_db()
    assert survivor.option_bonus == 0


def test_the_option_can_be_declared_on_the_sheet_at_any_time(player_client, survivor):
    assert (
        save_field(player_client, survivor.character, "option_skill", "Strong", "").status_code
        == 200
    )
    assert (
        save_field(player_client, survivor.character, "option_bonus", "1", "0").status_code == 200
    )
    survivor.refresh_from_db()
    assert survivor.option_name == "Strong +1"


def test_a_bonus_above_3_names_the_rule(player_client, survivor):
    survivor.option_skill = "Strong"
    survivor.save()
    response = save_field(player_client, survivor.character, "option_bonus", "5", "0")
    assert response.status_code == 422
    assert "A learned skill gives +0 to +3." in response.text


def test_a_status_effect_of_minus_2_is_refused_with_its_rule(player_client, survivor):
    condition = ZombieConditionFactory(sheet=survivor, kind="status", modifier=-1)
    name = f"conditions-{condition.pk}-modifier"
    response = save_field(player_client, survivor.character, name, "-2", "-1")
    assert response.status_code == 422
    assert "A status effect is one factor" in response.text
    condition.refresh_from_db()
    assert condition.modifier == -1


def test_the_task_status_is_not_a_field_a_player_can_post(player_client, survivor):
    task = ZombieTaskFactory(sheet=survivor, status="failed")
    url = reverse("sheet_field_save", args=[survivor.character.pk, f"tasks-{task.pk}-status"])
    response = player_client.post(url, {f"tasks-{task.pk}-status": "open"})
    assert response.status_code == 404
    task.refresh_from_db()
    assert task.status == "failed"


# ---------------------------------------------------------------- the page


def test_the_sheet_page_shows_option_injuries_tasks_and_tabs(player_client, survivor):
    ZombieConditionFactory(sheet=survivor, name="Broken arm", modifier=-2)
    ZombieConditionFactory(sheet=survivor, name="Tied up", kind="status", modifier=-1)
    open_task = ZombieTaskFactory(sheet=survivor, name="Break down the cellar door")
    ZombieTaskFactory(sheet=survivor, name="Pick the lock", status="failed")
    ZombieItemFactory(sheet=survivor, name="Bandages")
    ZombieWeaponFactory(sheet=survivor, name="Revolver", ammo=".38", rounds=5)
    page = whole_sheet(player_client, survivor.character)
    assert "Unspent" in page
    assert "Broken arm -2" in page and "Tied up -1" in page
    roll_url = reverse("roll_form", args=[survivor.pk, "check"]) + f"?task={open_task.pk}"
    assert roll_url in page
    assert "Failed: it cannot be tried again until the situation changes" in page
    for tab in ('id="inventory"', 'id="notes"', "Bandages", "Revolver"):
        assert tab in page
    assert "<title>Dana · Z6E" in page


def test_the_gm_sees_a_ruling_control_on_tasks_and_the_player_does_not(
    client, gm, player, survivor
):
    task = ZombieTaskFactory(sheet=survivor, status="failed")
    ruling = reverse("roll_form", args=[survivor.pk, "ruling"]) + f"?task={task.pk}"
    client.force_login(player)
    assert ruling not in client.get(survivor.character.get_absolute_url()).text
    client.force_login(gm)
    assert ruling in client.get(survivor.character.get_absolute_url()).text


# ---------------------------------------------------------------- the GM's card


def test_the_dashboard_card_shows_option_injuries_and_failed_tasks(gm_client, survivor, party):
    ZombieConditionFactory(sheet=survivor, name="Broken arm", modifier=-2)
    ZombieTaskFactory(sheet=survivor, name="Pick the lock", status="failed")
    page = gm_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert "Player&#x27;s Option" in page and "unspent" in page
    assert "Broken arm -2" in page
    assert "Pick the lock" in page and "1 failed task" in page
    survivor.option_skill, survivor.option_bonus = "Strong", 1
    survivor.save()
    summary = survivor.character.summary()
    assert ("Player's Option", "Strong +1") in [(v.label, v.value) for v in summary.values]


def test_the_dashboard_card_names_the_newest_failed_tasks_and_counts_them_all(
    gm_client, survivor, party
):
    """A long campaign's failed tasks do not fill the GM's card: the three newest, and
    how many there are in all (read with them, in the same query)."""
    for n in range(1, 6):
        ZombieTaskFactory(sheet=survivor, name=f"Failed try {n}", status="failed")
    ZombieTaskFactory(sheet=survivor, name="Still open", status="open")
    page = gm_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert all(f"Failed try {n}" in page for n in (3, 4, 5))
    assert "Failed try 1" not in page and "Failed try 2" not in page
    assert "(and 2 earlier)" in page and "5 failed tasks" in page
    summary = survivor.character.summary()  # read alone: every task, the same card
    failed = next(v for v in summary.values if v.label == "Failed tasks")
    assert failed.value == "Failed try 5; Failed try 4; Failed try 3 (and 2 earlier)"
    assert "5 failed tasks" in summary.alerts


# ---------------------------------------------------------------- data


def test_the_seed_zombie_kind_ships_with_its_thresholds():
    kind = ZombieKind.objects.get(name="Zombie")  # the data migration made it
    assert [kind.target(a) for a in ("agility", "perception", "cunning")] == [6, 6, 6]
    assert [kind.target(a) for a in ("strength", "endurance")] == [5, 5]


def test_ensure_zombie_kinds_is_idempotent_and_keeps_admin_edits():
    ZombieKind.objects.filter(name="Zombie").update(strength=4)
    assert ensure_zombie_kinds() == 0
    assert ZombieKind.objects.get(name="Zombie").strength == 4
    ZombieKind.objects.all().delete()
    assert ensure_zombie_kinds() == 1


def test_a_new_zombiepocalypse_character_gets_a_blank_sheet(player):
    character = Character.objects.create_with_sheet(owner=player, name="Neo", system="zombie")
    assert ZombieSheet.objects.get(pk=character.pk).option_skill == ""


def test_the_demo_survivor_has_an_attempted_task(party):
    character = Character(owner=UserFactory(), party=party, system="zombie")
    sheet = demo.fill(character, 0)
    task = sheet.tasks.get(name="Pick the pharmacy lock")
    assert task.status == "failed"
    roll = Roll.objects.get(character=character)
    assert roll.inputs["task"] == task.pk and roll.result["faces"] == [3]
    assert sheet.conditions.count() == 2 and sheet.weapons.filter(rounds=5).exists()
    demo.fill(character, 0)  # again: the same survivor, not two
    assert Roll.objects.filter(character=character).count() == 1


def test_the_demo_gives_each_player_their_own_survivor(gm, party):
    from django.core.management import call_command

    call_command("demo", stdout=io.StringIO())
    names = sorted(c.name for c in Character.objects.filter(system="zombie"))
    assert names == ["Marcus Hale", "Nell Okafor"]
