"""What a roll reads from the database: its sheet once (locked: the form checks the
inputs against the same rows the roll then reads), the lists only a chosen input needs,
and nothing after the roll is written (a new roll has no push to look up)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rolls.models import Roll
from sheets.models import Character
from sheets.systems.registry import all_systems, get_system
from tests.factories import MutantWeaponFactory
from tests.factories_agents import AgentCharacterFactory, AgentWeaponFactory, agent_sheet
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory
from tests.queries import locked, reads

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def post_roll(client, character_pk, action, data):
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            reverse("roll_form", args=[character_pk, action]), data, headers=HTMX
        )
    return response, [query["sql"] for query in captured.captured_queries]


def test_a_skill_roll_reads_its_sheet_once_locked_and_no_gear_it_does_not_use(
    player_client, mutant_sheet, scripted_dice
):
    MutantWeaponFactory(sheet=mutant_sheet)
    scripted_dice(6, 6, 3, 4, 2, 5, 2, 6)
    response, queries = post_roll(
        player_client, mutant_sheet.pk, "skill", {"skill": "fight", "modifier": 0, "gear": ""}
    )
    assert response.status_code == 200
    (sheet_read,) = reads(queries, "sheets_mutantsheet")
    assert locked(sheet_read)
    assert not reads(queries, "sheets_mutantweapon") and not reads(queries, "sheets_mutantgearline")
    assert not reads(queries, "rolls_roll"), "a new roll has no push to look up"
    assert "Push the roll" in response.text


def test_a_chosen_weapon_is_still_checked_against_the_sheet(
    player_client, mutant_sheet, scripted_dice
):
    weapon = MutantWeaponFactory(sheet=mutant_sheet, bonus=2)
    scripted_dice(*[3] * 10)
    response, queries = post_roll(
        player_client, mutant_sheet.pk, "skill",
        {"skill": "fight", "modifier": 0, "gear": f"weapon:{weapon.pk}"},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    assert reads(queries, "sheets_mutantweapon")
    assert {die["kind"] for die in Roll.objects.get().result["dice"]} >= {"gear"}
    other = MutantWeaponFactory()  # someone else's weapon
    response, _ = post_roll(
        player_client, mutant_sheet.pk, "skill",
        {"skill": "fight", "modifier": 0, "gear": f"weapon:{other.pk}"},
    )  # fmt: skip
    assert response.status_code == 422
    assert (
        "this character&#x27;s sheet" in response.text or "this character's sheet" in response.text
    )
    assert Roll.objects.count() == 1


def test_a_twilight_skill_roll_reads_no_specialty_or_weapon_it_does_not_use(
    player_client, player, party, scripted_dice
):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    TwilightWeaponFactory(sheet=sheet)
    scripted_dice(*[4] * 6)
    response, queries = post_roll(
        player_client, sheet.character.pk, "skill", {"skill": "stamina", "modifier": 0}
    )
    assert response.status_code == 200, response.text
    (sheet_read,) = reads(queries, "sheets_twilightsheet")
    assert locked(sheet_read)
    assert not reads(queries, "sheets_twilightweapon")
    assert not reads(queries, "sheets_twilightspecialty")


def test_an_agents_check_reads_the_chosen_skill_alone_locked_and_saves_its_xp(
    player_client, player, party, scripted_dice
):
    sheet = agent_sheet(AgentCharacterFactory(owner=player, party=party), skills={"Firearms": 2})
    AgentWeaponFactory(sheet=sheet)
    firearms = sheet.skills.get(name="Firearms")
    scripted_dice(1, 3, 12, 12)  # a failure: a stress point and an XP point on the skill
    response, queries = post_roll(
        player_client, sheet.pk, "basic",
        {"skill": firearms.pk, "difficulty": "Normal", "high_spent": 0, "situational": 0},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    (skill_read,) = reads(queries, "sheets_agentskill")  # not the other 55, not twice
    assert f'"sheets_agentskill"."id" = {firearms.pk}' in skill_read and locked(skill_read)
    assert not reads(queries, "sheets_agentweapon"), "no weapon chosen, none read"
    touches = [sql for sql in queries if sql.startswith('UPDATE "sheets_character"')]
    assert len(touches) == 1, "two rows changed (the skill, the sheet), the character once"
    firearms.refresh_from_db()
    assert firearms.xp == 1
    sheet.refresh_from_db()
    assert sheet.stress == 1


def test_an_agents_check_refuses_a_skill_of_another_sheet(player_client, player, party):
    sheet = agent_sheet(AgentCharacterFactory(owner=player, party=party))
    elsewhere = agent_sheet().skills.first()
    response, _ = post_roll(
        player_client, sheet.pk, "basic",
        {"skill": elsewhere.pk, "difficulty": "Normal", "high_spent": 0, "situational": 0},
    )  # fmt: skip
    assert response.status_code == 422
    assert "Select a valid choice" in response.text
    assert not Roll.objects.exists()
    elsewhere.refresh_from_db()
    assert elsewhere.xp == 0


def test_an_agents_check_form_still_lists_every_skill_and_starts_on_the_first(
    player_client, player, party
):
    sheet = agent_sheet(AgentCharacterFactory(owner=player, party=party))
    first = sheet.skills.order_by("pk").first()
    response = player_client.get(reverse("roll_form", args=[sheet.pk, "basic"]), headers=HTMX)
    assert response.status_code == 200
    assert response.text.count('<option value="') >= sheet.skills.count()
    assert f'<option value="{first.pk}" selected>' in response.text


def test_a_zombiepocalypse_check_reads_the_conditions_once_and_no_task_list(
    player_client, player, party, scripted_dice
):
    from bench.rolls import fresh, roll_action
    from tests.factories_zombie import (
        ZombieConditionFactory,
        ZombieSheetFactory,
        ZombieTaskFactory,
    )

    sheet = ZombieSheetFactory(character__owner=player, character__party=party)
    ZombieTaskFactory.create_batch(3, sheet=sheet)  # tried before: not read for a new one
    injury = ZombieConditionFactory(sheet=sheet, modifier=-2)
    action, data = roll_action(sheet.character)  # the everyday check, as the form starts
    assert data["conditions"] == [str(injury.pk)]
    scripted_dice(*[5] * 12)
    response, queries = post_roll(player_client, sheet.character.pk, action.slug, fresh(data))
    assert response.status_code == 200, response.text
    assert len(reads(queries, "sheets_zombiecondition")) == 1
    for sql in reads(queries, "sheets_zombietask"):  # the new name looked up, no list
        assert '"sheets_zombietask"."name"' in sql.partition("WHERE")[2], sql
    roll = Roll.objects.get()
    assert roll.inputs["conditions"] == [injury.name], "the chosen injury counted"


@pytest.mark.parametrize("slug", [system.slug for system in all_systems()])
def test_a_new_roll_goes_to_the_feed_as_written_without_being_read_again(
    slug, player, party, player_client, django_capture_on_commit_callbacks
):
    """Each system's everyday roll: once committed, its card goes to the party's feed from
    the Roll the request wrote, the same card as from the stored row."""
    from django_eventstream.models import Event

    from bench.rolls import fresh, roll_action
    from rolls.cards import roll_card_html

    character = Character(owner=player, party=party, system=slug)
    get_system(slug).call("demo", character, 0)
    character = Character.objects.get(pk=character.pk)
    action, data = roll_action(character)
    commit = django_capture_on_commit_callbacks(execute=True)
    with CaptureQueriesContext(connection) as captured, commit:
        response = player_client.post(
            reverse("roll_form", args=[character.pk, action.slug]), fresh(data), headers=HTMX
        )
    assert response.status_code == 200
    assert not reads([q["sql"] for q in captured.captured_queries], "rolls_roll")
    roll = Roll.objects.filter(character=character).latest("pk")
    sent = Event.objects.filter(channel=f"party-{party.pk}", type="roll").latest("pk")
    assert json.loads(sent.data) == roll_card_html(roll, is_new=True)


def test_a_roll_reads_the_character_and_its_locked_sheet_in_one_query(
    player_client, mutant_sheet, scripted_dice
):
    """The character's system is remembered after its first roll: the next roll reads the
    sheet joined with its character and party, locked, instead of the character first."""
    scripted_dice(*[3] * 20)
    data = {"skill": "fight", "modifier": 0, "gear": ""}
    post_roll(player_client, mutant_sheet.pk, "skill", data)
    response, queries = post_roll(player_client, mutant_sheet.pk, "skill", data)
    assert response.status_code == 200
    assert not reads(queries, "sheets_character"), "the character comes with its sheet"
    (sheet_read,) = reads(queries, "sheets_mutantsheet")
    assert locked(sheet_read) and 'JOIN "sheets_character"' in sheet_read
    assert Roll.objects.filter(character=mutant_sheet.character).count() == 2


def test_a_remembered_system_that_finds_no_sheet_reads_the_character_again(
    player_client, mutant_sheet, scripted_dice
):
    """A pk remembered with another system (a pk used again after a rolled back
    transaction) finds no sheet there: the character is read, its own sheet rolled."""
    from sheets.editing import saving

    saving._systems[mutant_sheet.pk] = "twilight"
    scripted_dice(*[3] * 10)
    response, queries = post_roll(
        player_client, mutant_sheet.pk, "skill", {"skill": "fight", "modifier": 0, "gear": ""}
    )
    assert response.status_code == 200, response.text
    assert reads(queries, "sheets_character"), "the character read again, then its sheet"
    assert Roll.objects.get().system == "mutant"
    assert saving._systems[mutant_sheet.pk] == "mutant"


def test_a_remembered_system_still_keeps_a_stranger_out(
    player_client, client, stranger, mutant_sheet, scripted_dice
):
    scripted_dice(*[3] * 10)
    data = {"skill": "fight", "modifier": 0, "gear": ""}
    assert post_roll(player_client, mutant_sheet.pk, "skill", data)[0].status_code == 200
    client.force_login(stranger)
    response, _ = post_roll(client, mutant_sheet.pk, "skill", data)
    assert response.status_code == 404
    assert Roll.objects.count() == 1


def test_the_party_gm_rolls_for_a_character_through_the_one_query(
    gm_client, mutant_sheet, scripted_dice
):
    scripted_dice(*[3] * 20)
    data = {"skill": "fight", "modifier": 0, "gear": ""}
    for _ in range(2):
        response, queries = post_roll(gm_client, mutant_sheet.pk, "skill", data)
        assert response.status_code == 200
    assert not reads(queries, "sheets_character")
    assert Roll.objects.filter(user__username=mutant_sheet.character.party.gm.username).count() == 2


def test_a_roll_of_a_party_without_a_discord_webhook_looks_for_none_after_its_answer(
    player_client, mutant_sheet, scripted_dice, django_capture_on_commit_callbacks
):
    """The sheet's locked read brings the party's webhook, if any, along: a party without
    one (most) costs its rolls no read once they are answered."""
    from rolls.discord.models import PartyWebhook

    scripted_dice(6, 6, 3, 4, 2, 5, 2, 6)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response, queries = post_roll(
            player_client, mutant_sheet.pk, "skill", {"skill": "fight", "modifier": 0}
        )
    assert response.status_code == 200
    assert callbacks, "the roll's after-commit work ran"
    table = PartyWebhook._meta.db_table
    (sheet_read,) = reads(queries, "sheets_mutantsheet")
    assert f'"{table}"' in sheet_read, "the webhook comes with the locked sheet"
    assert not reads(queries, table), "and is not looked for again"
