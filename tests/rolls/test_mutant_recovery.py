"""Issue 8, item 10: healing trauma, the daily ration and Rot-Eater's three uses of
mutation points, each an action on the sheet, through the roll views: the sheet changes,
the Roll is logged and reaches the party's feed; refusals say why and change nothing."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import MutantSheet
from sheets.systems.dice.words import put_into_words
from tests.factories import (
    CharacterFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    UserFactory,
    member_of,
)

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def act(client, sheet, action, data):
    return client.post(reverse("roll_form", args=[sheet.pk, action]), data, headers=HTMX)


def fresh(sheet):
    return MutantSheet.objects.get(pk=sheet.pk)


def set_sheet(sheet, **values):
    MutantSheet.objects.filter(pk=sheet.pk).update(**values)


def in_the_feed(client, party, text):
    return text in client.get(reverse("party_log", args=[party.pk])).text


# --------------------------------------------------------------------- healing


def test_damage_heals_one_point_per_ration_of_grub_spent_from_the_sheet(
    player_client, mutant_sheet, party
):
    set_sheet(mutant_sheet, damage=3, grub=5)
    response = act(player_client, mutant_sheet, "heal", {"trauma": "damage", "rations": "2"})
    assert response.status_code == 200
    sheet = fresh(mutant_sheet)
    assert (sheet.damage, sheet.grub) == (1, 3)
    roll = Roll.objects.get()
    assert roll.kind == "heal" and roll.result["dice"] == []
    assert roll.outcome == "2 damage healed"
    assert {effect["target"] for effect in roll.effects} >= {"grub", "trauma:strength"}
    assert "sheetChanged" in response.headers["HX-Trigger"]
    assert in_the_feed(player_client, party, "Heal damage")


def test_the_healing_buttons_say_the_time_they_stand_for(player_client, mutant_sheet):
    page = player_client.get(f"{mutant_sheet.character.get_absolute_url()}?all").text
    for said in ("(4 hours of rest, grub)", "(4 hours of rest, water)", "(8 hours, confusion)",
                 "(4 hours of rest, doubt)"):  # fmt: skip
        assert said in page


@pytest.mark.parametrize(
    ("trauma", "says"),
    [("damage", "Rested less than 4 hours: nothing heals."),
     ("confusion", "Slept less than 8 hours: nothing heals.")],
)  # fmt: skip
def test_resting_less_heals_nothing_and_says_so(player_client, mutant_sheet, party, trauma, says):
    set_sheet(mutant_sheet, damage=2, confusion=1, grub=5, sleepless=True)
    form = player_client.get(reverse("roll_form", args=[mutant_sheet.pk, "heal"])).text
    assert "Less than that: nothing heals" in form
    response = act(
        player_client, mutant_sheet, "heal", {"trauma": trauma, "rations": "1", "rested": "less"}
    )
    assert response.status_code == 200 and says in response.text
    sheet = fresh(mutant_sheet)
    assert (sheet.damage, sheet.confusion, sheet.grub, sheet.sleepless) == (2, 1, 5, True)
    roll = Roll.objects.get()
    assert roll.outcome == says and roll.effects == []
    assert in_the_feed(player_client, party, says)


def test_healing_damage_without_grub_is_refused_and_changes_nothing(player_client, mutant_sheet):
    set_sheet(mutant_sheet, damage=2, grub=0)
    response = act(player_client, mutant_sheet, "heal", {"trauma": "damage", "rations": "1"})
    assert response.status_code == 422
    assert "No grub on the sheet" in response.text
    assert fresh(mutant_sheet).damage == 2
    assert not Roll.objects.exists()


@pytest.mark.parametrize(
    ("rations", "message"),
    [("3", "2 rations of water at most"), ("0", "runs from 1"), ("x", "whole number")],
)
def test_rations_are_bounded_by_the_trauma_and_the_stock(
    player_client, mutant_sheet, rations, message
):
    set_sheet(mutant_sheet, fatigue=2, water=9)
    response = act(player_client, mutant_sheet, "heal", {"trauma": "fatigue", "rations": rations})
    assert response.status_code == 422
    assert message in response.text
    assert (fresh(mutant_sheet).fatigue, fresh(mutant_sheet).water) == (2, 9)


def test_fatigue_heals_with_water(player_client, mutant_sheet):
    set_sheet(mutant_sheet, fatigue=2, water=1)
    act(player_client, mutant_sheet, "heal", {"trauma": "fatigue", "rations": "1"})
    assert (fresh(mutant_sheet).fatigue, fresh(mutant_sheet).water) == (1, 0)


def test_eight_hours_of_sleep_heal_all_confusion_and_end_sleepless(player_client, mutant_sheet):
    set_sheet(mutant_sheet, confusion=3, sleepless=True, grub=2)
    assert act(player_client, mutant_sheet, "heal", {"trauma": "confusion"}).status_code == 200
    sheet = fresh(mutant_sheet)
    assert (sheet.confusion, sheet.sleepless, sheet.grub) == (0, False, 2)


def test_doubt_heals_with_a_heart_to_heart_with_another_players_character(
    player_client, mutant_sheet, party, player
):
    set_sheet(mutant_sheet, doubt=2)
    CharacterFactory(owner=player, party=party, name="My other mutant")
    friend = CharacterFactory(owner=member_of(party), party=party, name="Grog", system="mutant")
    form = player_client.get(reverse("roll_form", args=[mutant_sheet.pk, "heal"])).text
    assert "Grog" in form and "My other mutant" not in form
    refused = act(player_client, mutant_sheet, "heal", {"trauma": "doubt"})
    assert refused.status_code == 422 and "heart-to-heart" in refused.text
    mine = act(
        player_client, mutant_sheet, "heal", {"trauma": "doubt", "partner": "My other mutant"}
    )
    assert mine.status_code == 422
    assert fresh(mutant_sheet).doubt == 2
    ok = act(player_client, mutant_sheet, "heal", {"trauma": "doubt", "partner": friend.name})
    assert ok.status_code == 200
    assert fresh(mutant_sheet).doubt == 0
    assert "Grog" in Roll.objects.get().outcome + str(Roll.objects.get().result)


def test_nothing_to_heal_is_refused(player_client, mutant_sheet):
    response = act(player_client, mutant_sheet, "heal", {"trauma": "confusion"})
    assert response.status_code == 422 and "No confusion to heal" in response.text


# ----------------------------------------------------------------- daily ration


def test_the_daily_ration_spends_grub_and_water_and_ends_starving_and_dehydrated(
    player_client, mutant_sheet, party
):
    set_sheet(mutant_sheet, grub=2, water=1, starving=True, dehydrated=True)
    response = act(player_client, mutant_sheet, "ration", {"grub": "on", "water": "on"})
    assert response.status_code == 200
    sheet = fresh(mutant_sheet)
    assert (sheet.grub, sheet.water, sheet.starving, sheet.dehydrated) == (1, 0, False, False)
    assert in_the_feed(player_client, party, "Daily ration")


def test_a_ration_that_is_not_there_is_refused(player_client, mutant_sheet):
    set_sheet(mutant_sheet, grub=3, water=0, starving=True)
    response = act(player_client, mutant_sheet, "ration", {"grub": "on", "water": "on"})
    assert response.status_code == 422
    assert "No water left on the sheet" in response.text
    sheet = fresh(mutant_sheet)
    assert (sheet.grub, sheet.starving) == (3, True)
    nothing = act(player_client, mutant_sheet, "ration", {})
    assert nothing.status_code == 422 and "Eat a ration of grub" in nothing.text
    assert not Roll.objects.exists()


# ------------------------------------------------------------------- Rot-Eater


@pytest.fixture
def rot_eater(mutant_sheet):
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    return mutant_sheet


def test_rot_eater_is_refused_without_the_mutation(player_client, mutant_sheet):
    set_sheet(mutant_sheet, mutation_points=3, damage=1)
    response = act(player_client, mutant_sheet, "rot-eater", {"use": "heal"})
    assert response.status_code == 422
    assert "Only a character with the Rot-Eater mutation" in response.text
    assert fresh(mutant_sheet).mutation_points == 3


def test_rot_eater_heals_a_point_of_damage_for_a_mutation_point(
    player_client, rot_eater, scripted_dice, party
):
    set_sheet(rot_eater, mutation_points=2, damage=2, rot_temporary=1)
    scripted_dice(4)  # one base die for the one mutation point: no misfire
    assert act(player_client, rot_eater, "rot-eater", {"use": "heal"}).status_code == 200
    sheet = fresh(rot_eater)
    assert (sheet.damage, sheet.mutation_points, sheet.rot_temporary) == (1, 1, 1)
    roll = Roll.objects.get()
    assert [die["face"] for die in roll.result["dice"]] == [4]
    assert "choices" not in roll.result
    assert in_the_feed(player_client, party, "Rot-Eater: heal 1 damage")


def test_rot_eater_turns_a_temporary_rot_point_into_a_recovered_attribute_point(
    player_client, rot_eater, scripted_dice
):
    set_sheet(rot_eater, mutation_points=1, fatigue=2, rot_temporary=1, rot_permanent=2)
    scripted_dice(5)
    response = act(
        player_client, rot_eater, "rot-eater", {"use": "recover", "attribute": "agility"}
    )
    assert response.status_code == 200
    sheet = fresh(rot_eater)
    assert (sheet.fatigue, sheet.rot_temporary, sheet.rot_permanent) == (1, 0, 2)
    assert sheet.mutation_points == 0


def test_permanent_rot_is_never_used(player_client, rot_eater):
    set_sheet(rot_eater, mutation_points=3, fatigue=1, rot_temporary=0, rot_permanent=4)
    response = act(
        player_client, rot_eater, "rot-eater", {"use": "recover", "attribute": "agility"}
    )
    assert response.status_code == 422
    assert "permanent rot cannot be used" in response.text
    emit = act(
        player_client,
        rot_eater,
        "rot-eater",
        {"use": "emit", "points": "1", "target_range": "arms_length"},
    )
    assert emit.status_code == 422
    assert (fresh(rot_eater).rot_permanent, fresh(rot_eater).mutation_points) == (4, 3)


def test_rot_eater_emits_one_damage_per_point_each_consuming_a_temporary_rot_point(
    player_client, rot_eater, scripted_dice
):
    set_sheet(rot_eater, mutation_points=3, rot_temporary=2, rot_permanent=1)
    too_many = act(
        player_client,
        rot_eater,
        "rot-eater",
        {"use": "emit", "points": "3", "target_range": "arms_length"},
    )
    assert too_many.status_code == 422 and "2 on the sheet" in too_many.text
    scripted_dice(3, 6)
    response = act(
        player_client, rot_eater, "rot-eater",
        {"use": "emit", "points": "2", "target_range": "arms_length"},
    )  # fmt: skip
    assert response.status_code == 200
    sheet = fresh(rot_eater)
    assert (sheet.mutation_points, sheet.rot_temporary, sheet.rot_permanent) == (1, 0, 1)
    roll = Roll.objects.get()
    assert roll.outcome == "2 damage to the enemy at Arm's Length"
    lines = {put_into_words(label): value for label, value in roll.result["lines"]}
    assert lines["Damage to the enemy"] == "2"


@pytest.mark.parametrize(("where", "says"), [("near", "not at Near range"),
                                              ("long", "not at Long range"),
                                              ("", "Say how far the enemy is")])  # fmt: skip
def test_rot_is_emitted_only_at_an_enemy_at_arms_length(player_client, rot_eater, where, says):
    set_sheet(rot_eater, mutation_points=3, rot_temporary=2)
    response = act(
        player_client, rot_eater, "rot-eater",
        {"use": "emit", "points": "1", "target_range": where},
    )  # fmt: skip
    assert response.status_code == 422
    assert 'id="id_target_range"' in response.text and says in response.text
    sheet = fresh(rot_eater)
    assert (sheet.mutation_points, sheet.rot_temporary) == (3, 2)
    assert not Roll.objects.exists()


def test_the_rot_eater_form_asks_the_enemys_range(player_client, rot_eater):
    form = player_client.get(reverse("roll_form", args=[rot_eater.pk, "rot-eater"])).text
    assert "Enemy&#x27;s range (emit rot)" in form or "Enemy's range (emit rot)" in form
    assert "Arm&#x27;s Length" in form or "Arm's Length" in form


def test_a_rot_eater_misfire_offers_damage_or_doubt(player_client, rot_eater, scripted_dice):
    set_sheet(rot_eater, mutation_points=1, damage=1)
    scripted_dice(1)
    act(player_client, rot_eater, "rot-eater", {"use": "heal"})
    roll = Roll.objects.get()
    assert roll.result["choices"] and "misfire" in roll.outcome
    assert fresh(rot_eater).damage == 0, "the mutation works even when it misfires"
    response = player_client.post(
        reverse("roll_choose", args=[roll.pk]), {"choice": "doubt"}, headers=HTMX
    )
    assert response.status_code == 200
    assert fresh(rot_eater).doubt == 1


def test_the_rot_eater_form_shows_the_mutation_rolls_odds(player_client, rot_eater):
    set_sheet(rot_eater, mutation_points=2, rot_temporary=2)
    url = reverse("roll_odds", args=[rot_eater.pk, "rot-eater"])
    one = player_client.get(
        url, {"use": "emit", "points": "1", "target_range": "arms_length"}, headers=HTMX
    ).text
    two = player_client.get(url, {"use": "emit", "points": "2"}, headers=HTMX).text
    assert "%" in one and one != two


# ------------------------------------------------------------------ permissions

ACTIONS = [
    ("heal", {"trauma": "damage", "rations": "1"}),
    ("ration", {"grub": "on"}),
    ("rot-eater", {"use": "heal"}),
]


@pytest.mark.parametrize(("action", "data"), ACTIONS)
def test_only_the_owner_and_the_gm_may_act(client, party, gm, player, action, data, scripted_dice):
    sheet = MutantSheetFactory(character__owner=player, character__party=party, damage=1, grub=3,
                               mutation_points=3)  # fmt: skip
    MutantMutationFactory(sheet=sheet, name="Rot-Eater")
    url = reverse("roll_form", args=[sheet.pk, action])
    for intruder in (member_of(party, UserFactory()), UserFactory()):
        client.force_login(intruder)
        assert client.get(url).status_code == 404
        assert client.post(url, data).status_code == 404
    assert not Roll.objects.exists()
    client.force_login(gm)
    scripted_dice(5)
    assert client.get(url).status_code == 200
    assert client.post(url, data, headers=HTMX).status_code == 200
    assert Roll.objects.get().user == gm
    client.logout()
    assert client.post(url, data).status_code == 302
