"""The seed's four worked examples, end to end through the roll views with scripted dice:
the basic roll (Martinez), the pushed roll with damage (Ronson's march), the M249 attack
on three marauders, and the opposed roll (Chen and the sentry)."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory
from tests.rolls.in_english import english_result

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def roll(client, sheet, action, data):
    return client.post(reverse("roll_form", args=[sheet.pk, action]), data, headers=HTMX)


def faces(result, label_start):
    group = next(
        g for g in english_result(result)["dice_groups"] if g["label"].startswith(label_start)
    )
    return [(die["kind"], die["face"]) for die in group["dice"]]


def test_basic_roll_martinez_spots_the_patrol(player_client, player, party, scripted_dice):
    martinez = TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Martinez",
        intelligence="B", recon="C",
    )  # fmt: skip
    rng = scripted_dice(4, 7)  # the D10 (INT B) shows 4, the D8 (RECON C) shows 7
    response = roll(player_client, martinez.character, "skill", {"skill": "recon", "modifier": 0})
    assert response.status_code == 200
    rolled = Roll.objects.get()
    assert rolled.outcome == "1 success"
    assert faces(rolled.result, "Base dice D10 + D8") == [("d10", 4), ("d8", 7)]
    assert rolled.can_push  # the D10's 4 can be re-rolled
    rng.assert_used_up()


def test_pushed_roll_ronson_marches_and_takes_one_damage(
    player_client, player, party, scripted_dice
):
    ronson = TwilightSheetFactory(character__owner=player, character__party=party)
    scripted_dice(4, 3)  # D12 4, D8 3: no success
    roll(player_client, ronson.character, "skill", {"skill": "stamina", "modifier": 0})
    first = Roll.objects.get()
    assert first.outcome == "No success"
    scripted_dice(9, 1)  # pushed: D12 9 (success), D8 1 (explosion)
    response = player_client.post(reverse("roll_push", args=[first.pk]), headers=HTMX)
    assert response.status_code == 200
    pushed = first.push
    assert pushed.outcome == "1 success"
    assert [(e["target"], e["amount"]) for e in pushed.effects] == [("damage", 1)]
    ronson.refresh_from_db()
    assert ronson.damage == 1
    assert not pushed.can_push


def test_the_m249_attack_on_three_marauders(player_client, player, party, scripted_dice):
    ronson = TwilightSheetFactory(character__owner=player, character__party=party)
    saw = TwilightWeaponFactory(sheet=ronson)  # RoF 6, damage 2, crit 3, 200 rounds
    # D12 10 (two successes), D10 5; ammo dice 6, 6, 6, 4, 3, 2
    scripted_dice(10, 5, 6, 6, 6, 4, 3, 2)
    response = roll(
        player_client, ronson.character, "attack",
        {"weapon": saw.pk, "ammo_dice": 6, "modifier": 0, "aim": 0, "range_modifier": 0},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    attack = Roll.objects.get()
    assert attack.outcome.startswith("Hit, 2 successes, 3 ammo 6s")
    assert faces(attack.result, "Base dice") == [("d12", 10), ("d10", 5)]
    assert [face for _, face in faces(attack.result, "Ammo dice")] == [6, 6, 6, 4, 3, 2]
    saw.refresh_from_db()
    assert saw.rounds_loaded == 200 - 28  # 6+6+6+4+3+2 + 1
    assert "Allocate the hit" in response.text

    scripted_dice(3, 6, 5)  # hit locations: torso, head, arms
    flak = {"armor-torso": 2, "armor-arms": 2}
    data = {
        "primary-name": "Marauder A", "primary-sixes": 0,
        **{f"primary-{key}": value for key, value in flak.items()},
        "extra1-name": "Marauder B", "extra1-sixes": 1, "extra1-fair": "on",
        **{f"extra1-{key}": value for key, value in flak.items()},
        "extra2-name": "Marauder C", "extra2-sixes": 0, "extra2-fair": "on",
    }  # fmt: skip
    response = player_client.post(reverse("roll_choose", args=[attack.pk]), data, headers=HTMX)
    assert response.status_code == 200, response.text
    attack.refresh_from_db()
    hits = {hit["target"]: hit for hit in attack.result["hits"]}
    assert (hits["Marauder A"]["location"], hits["Marauder A"]["before"]) == ("torso", 3)
    assert (hits["Marauder A"]["damage"], hits["Marauder A"]["critical"]) == (1, False)
    assert (hits["Marauder B"]["location"], hits["Marauder B"]["damage"]) == ("head", 3)
    assert hits["Marauder B"]["critical"] is True
    assert (hits["Marauder C"]["location"], hits["Marauder C"]["damage"]) == ("arms", 2)
    assert "critical injury" in response.text
    # allocated once
    again = player_client.post(reverse("roll_choose", args=[attack.pk]), data, headers=HTMX)
    assert again.status_code == 422 and "already allocated" in again.text


def test_opposed_roll_chen_sneaks_past_the_sentry(player_client, player, party, scripted_dice):
    chen = TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Chen",
        agility="B", mobility="C",
    )  # fmt: skip
    # Chen: D10 9, D8 7 (two successes); the sentry (INT C, RECON D): D8 6, D6 4
    scripted_dice(9, 7, 6, 4)
    response = roll(
        player_client, chen.character, "opposed",
        {"skill": "mobility", "modifier": 0, "opponent_attribute": "C",
         "opponent_skill": "D", "opponent_modifier": 0},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    rolled = Roll.objects.get()
    assert rolled.outcome == "Won by 1"
    assert faces(rolled.result, "Opponent") == [("opponent", 6), ("opponent", 4)]
