"""Twilight: 2000 rolls from the sheet, every rule with scripted dice, through the views:
modifiers and help as steps, ammo dice bounds, ammo spent, pushes (damage, stress, gear,
reliability, jam), jams, clearing, reloading, unpushable rolls, opposed pushes, hit
allocation refusals and armor modifiers."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import TwilightMagazine
from sheets.systems.dice.words import put_into_words as words
from tests.factories_twilight import (
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightWeaponFactory,
)
from tests.rolls.in_english import english_result

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
ATTACK = {"modifier": 0, "aim": 0, "range_modifier": 0}


@pytest.fixture
def ronson(player, party):
    """STR A, AGL B, INT C, EMP C; HEAVY WEAPONS B, STAMINA C, RANGED COMBAT C."""
    return TwilightSheetFactory(character__owner=player, character__party=party)


@pytest.fixture
def saw(ronson):
    return TwilightWeaponFactory(sheet=ronson)


def roll(client, sheet, action, data):
    return client.post(reverse("roll_form", args=[sheet.character.pk, action]), data, headers=HTMX)


def push(client, rolled):
    return client.post(reverse("roll_push", args=[rolled.pk]), headers=HTMX)


def base_sizes(rolled):
    return [die["size"] for die in english_result(rolled.result)["dice_groups"][0]["dice"]]


# --- skill rolls: steps and help ----------------------------------------------------------


def test_help_steps_up_the_lower_die_kasia_helped_by_diaz(player_client, ronson, scripted_dice):
    ronson.intelligence, ronson.survival = "A", "D"
    ronson.save()
    scripted_dice(3, 7)
    roll(player_client, ronson, "skill", {"skill": "survival", "modifier": 0, "helper_1": "Diaz"})
    rolled = Roll.objects.get()
    assert base_sizes(rolled) == [12, 8]  # D12 + D6, the D6 stepped up by Diaz's help
    assert rolled.inputs["helpers"] == ["Diaz"]
    assert any("help from Diaz +1" in value for _, value in english_result(rolled.result)["lines"])


def test_a_lone_attribute_die_stepped_up_gains_a_d6(player_client, ronson, scripted_dice):
    scripted_dice(2, 2)  # CLOSE COMBAT none: STR A alone, +1 -> D12 + D6
    roll(player_client, ronson, "skill", {"skill": "close_combat", "modifier": 1})
    assert base_sizes(Roll.objects.get()) == [12, 6]


def test_stepping_down_lowers_the_higher_die_first(player_client, ronson, scripted_dice):
    scripted_dice(2, 2)  # STAMINA: D12 + D8, -1 -> D10 + D8
    roll(player_client, ronson, "skill", {"skill": "stamina", "modifier": -1})
    assert base_sizes(Roll.objects.get()) == [10, 8]


def test_a_modifier_beyond_the_rules_is_refused_by_name(player_client, ronson):
    response = roll(player_client, ronson, "skill", {"skill": "stamina", "modifier": 4})
    assert response.status_code == 422
    assert "Difficulty and situation runs from -3 to +3" in response.text
    assert not Roll.objects.exists()


def test_a_pushed_int_roll_gives_stress(player_client, ronson, scripted_dice):
    ronson.recon = "C"
    ronson.save()
    scripted_dice(2, 3)
    roll(player_client, ronson, "skill", {"skill": "recon", "modifier": 0})
    scripted_dice(1, 1)
    push(player_client, Roll.objects.get())
    ronson.refresh_from_db()
    assert ronson.stress == 2 and ronson.damage == 0


def test_push_damage_is_capped_at_the_hit_capacity(player_client, ronson, scripted_dice):
    ronson.damage = 5  # hit capacity 6
    ronson.save()
    scripted_dice(2, 3)
    roll(player_client, ronson, "skill", {"skill": "stamina", "modifier": 0})
    scripted_dice(1, 1)
    push(player_client, Roll.objects.get())
    ronson.refresh_from_db()
    assert ronson.damage == 6
    note = words(Roll.objects.get(pushed_from__isnull=False).effects[0]["note"])
    assert "capped at 6" in note


def test_a_push_with_gear_damages_the_gear_not_the_character(
    player_client, ronson, saw, scripted_dice
):
    scripted_dice(2, 3)
    roll(player_client, ronson, "skill", {"skill": "stamina", "modifier": 0, "gear": saw.pk})
    scripted_dice(1, 6)
    push(player_client, Roll.objects.get())
    ronson.refresh_from_db()
    saw.refresh_from_db()
    assert ronson.damage == 0
    assert saw.reliability == 4


def test_a_passive_roll_cannot_be_pushed(player_client, ronson, scripted_dice):
    scripted_dice(2, 3)
    roll(player_client, ronson, "skill", {"skill": "stamina", "modifier": 0, "passive": "on"})
    rolled = Roll.objects.get()
    assert not rolled.can_push
    assert "passive roll cannot be pushed" in english_result(rolled.result)["rule"]
    assert push(player_client, rolled).status_code == 409


# --- attacks: ammo dice ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "rounds", "asked", "message"),
    [
        (6, 3, 3, "At most 2 ammo dice (the lower of RoF 6 and the 3 rounds left - 1)"),
        (2, 100, 3, "At most 2 ammo dice (the lower of RoF 2 and the 100 rounds left - 1)"),
        (6, 1, 1, "At most 0 ammo dice (none with one round left)"),
    ],
)
def test_ammo_dice_are_bounded_by_rof_and_rounds_left(
    player_client, ronson, rate, rounds, asked, message
):
    weapon = TwilightWeaponFactory(sheet=ronson, rate_of_fire=rate, rounds_loaded=rounds)
    response = roll(
        player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": asked}
    )
    assert response.status_code == 422
    assert message in response.text
    weapon.refresh_from_db()
    assert weapon.rounds_loaded == rounds and not Roll.objects.exists()


def test_one_round_left_fires_one_round(player_client, ronson, scripted_dice):
    weapon = TwilightWeaponFactory(sheet=ronson, rounds_loaded=1)
    scripted_dice(7, 2)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": 0})
    weapon.refresh_from_db()
    assert weapon.rounds_loaded == 0


def test_ammo_at_or_above_the_rounds_left_empties_the_magazine(
    player_client, ronson, scripted_dice
):
    weapon = TwilightWeaponFactory(sheet=ronson, rounds_loaded=5)
    scripted_dice(7, 2, 3, 2)  # ammo 3 + 2 + 1 = 6 >= 5 rounds left
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": 2})
    weapon.refresh_from_db()
    rolled = Roll.objects.get()
    assert weapon.rounds_loaded == 0
    assert "magazine emptied" in rolled.outcome
    assert any("magazine emptied" in words(effect["note"]) for effect in rolled.effects)


def test_a_jammed_weapon_cannot_fire(player_client, ronson):
    weapon = TwilightWeaponFactory(sheet=ronson, jammed=True)
    response = roll(
        player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": 0}
    )
    assert response.status_code == 422
    assert "jammed weapon cannot fire" in response.text


def test_a_broken_weapon_cannot_fire(player_client, ronson):
    weapon = TwilightWeaponFactory(sheet=ronson, reliability=0)
    response = roll(
        player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": 0}
    )
    assert response.status_code == 422
    assert "broken (reliability 0)" in response.text


def test_pushing_an_attack_costs_reliability_per_one_and_jams_on_two(
    player_client, ronson, saw, scripted_dice
):
    # D12 4, D10 1, ammo 1, 3, 6: no hit; 1s kept; 4 and 3 re-rolled
    scripted_dice(4, 1, 1, 3, 6)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 3})
    saw.refresh_from_db()
    assert saw.rounds_loaded == 200 - 11
    first = Roll.objects.get()
    assert first.outcome.startswith("Miss")
    assert ["Reliability lost (any 1)", "100.0%"] not in english_result(first.result)["push_odds"]
    scripted_dice(8, 5)  # D12 -> 8 (hit), ammo 3 -> 5
    response = push(player_client, first)
    assert response.status_code == 200
    pushed = first.push
    saw.refresh_from_db()
    assert saw.reliability == 5 - 2  # the base-die 1 and the ammo-die 1, kept from the first roll
    assert saw.jammed
    assert saw.rounds_loaded == 200 - 13  # recounted: 1 + 5 + 6 + 1
    assert "weapon jammed" in pushed.outcome
    assert ronson.damage == 0


def test_a_miss_with_ammo_sixes_can_still_suppress_and_has_nothing_to_allocate(
    player_client, ronson, saw, scripted_dice
):
    scripted_dice(2, 3, 6)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 1})
    rolled = Roll.objects.get()
    assert any("suppressed" in note for note in english_result(rolled.result)["notes"])
    response = player_client.post(reverse("roll_choose", args=[rolled.pk]), {}, headers=HTMX)
    assert response.status_code == 422 and "missed" in response.text


def test_an_extra_hit_must_be_confirmed_not_harder_to_hit(
    player_client, ronson, saw, scripted_dice
):
    scripted_dice(7, 2, 6)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 1})
    rolled = Roll.objects.get()
    data = {"primary-name": "A", "extra1-name": "Prone behind cover"}
    response = player_client.post(reverse("roll_choose", args=[rolled.pk]), data, headers=HTMX)
    assert response.status_code == 422
    assert "not harder to hit" in response.text
    rolled.refresh_from_db()
    assert not rolled.result["allocated"]


def test_more_ammo_sixes_than_rolled_are_refused(player_client, ronson, saw, scripted_dice):
    scripted_dice(7, 2, 6)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 1})
    rolled = Roll.objects.get()
    data = {"primary-sixes": 1, "extra1-name": "B", "extra1-fair": "on"}
    response = player_client.post(reverse("roll_choose", args=[rolled.pk]), data, headers=HTMX)
    assert response.status_code == 422 and "needs 2 ammo 6s" in response.text


def test_a_negative_armor_modifier_lowers_the_armor_never_below_zero(
    player_client, ronson, scripted_dice
):
    weapon = TwilightWeaponFactory(sheet=ronson, armor_modifier=-1, damage=3)
    scripted_dice(7, 2)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": weapon.pk, "ammo_dice": 0})
    rolled = Roll.objects.get()
    scripted_dice(
        2,
    )
    data = {"primary-armor-torso": 2}
    player_client.post(reverse("roll_choose", args=[rolled.pk]), data, headers=HTMX)
    rolled.refresh_from_db()
    hit = rolled.result["hits"][0]
    assert (hit["location"], hit["armor"], hit["damage"], hit["critical"]) == ("torso", 1, 2, False)


# --- jams and reloads ----------------------------------------------------------------------


def test_clearing_a_jam_is_a_roll_with_the_weapons_skill(player_client, ronson, scripted_dice):
    weapon = TwilightWeaponFactory(sheet=ronson, jammed=True)
    scripted_dice(3, 2)
    roll(player_client, ronson, "clear_jam", {"weapon": weapon.pk, "modifier": 0})
    weapon.refresh_from_db()
    assert weapon.jammed and Roll.objects.get().outcome == "Still jammed"
    scripted_dice(6, 2)  # a second attempt is allowed
    roll(player_client, ronson, "clear_jam", {"weapon": weapon.pk, "modifier": 0})
    weapon.refresh_from_db()
    assert not weapon.jammed
    assert base_sizes(Roll.objects.last()) == [12, 10]  # STR A + HEAVY WEAPONS B


def test_reloading_from_a_spare_belt(player_client, ronson, scripted_dice):
    weapon = TwilightWeaponFactory(sheet=ronson, rounds_loaded=0)
    belt = TwilightMagazineFactory(sheet=ronson, weapon=weapon, rounds=200)
    response = roll(player_client, ronson, "reload", {"weapon": weapon.pk, "spare": belt.pk})
    assert response.status_code == 200
    weapon.refresh_from_db()
    assert weapon.rounds_loaded == 200
    assert not TwilightMagazine.objects.filter(pk=belt.pk).exists()
    rolled = Roll.objects.get()
    assert rolled.result.get("dice") is None and rolled.outcome == "200 rounds loaded"


def test_reloading_keeps_the_rounds_left_as_a_spare(player_client, ronson):
    weapon = TwilightWeaponFactory(sheet=ronson, rounds_loaded=12)
    belt = TwilightMagazineFactory(sheet=ronson, weapon=weapon, rounds=200)
    roll(player_client, ronson, "reload", {"weapon": weapon.pk, "spare": belt.pk})
    belt.refresh_from_db()
    weapon.refresh_from_db()
    assert (weapon.rounds_loaded, belt.rounds) == (200, 12)


def test_a_spare_too_big_for_the_weapon_is_refused(player_client, ronson):
    weapon = TwilightWeaponFactory(sheet=ronson, magazine_capacity=30, rounds_loaded=0)
    belt = TwilightMagazineFactory(sheet=ronson, rounds=200)
    response = roll(player_client, ronson, "reload", {"weapon": weapon.pk, "spare": belt.pk})
    assert response.status_code == 422 and "takes 30 rounds at most" in response.text


# --- unpushable and opposed ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "faces", "rule"),
    [("cuf", (3,), "coolness under fire roll can never be pushed"),
     ("promotion", (3, 2), "promotion roll can never be pushed")],
)  # fmt: skip
def test_cuf_and_promotion_rolls_are_never_pushed(
    player_client, ronson, scripted_dice, action, faces, rule
):
    ronson.command = "C"
    ronson.save()
    scripted_dice(*faces)
    response = roll(player_client, ronson, action, {"modifier": 0})
    assert response.status_code == 200
    rolled = Roll.objects.get()
    assert not rolled.can_push and rule in english_result(rolled.result)["rule"]
    assert "Push the roll" not in response.text
    # nothing beside the dice reads as a box to tick (a blank legend swatch did)
    assert "die-swatch" not in response.text and "<input" not in response.text
    assert push(player_client, rolled).status_code == 409


def test_only_the_active_side_pushes_an_opposed_roll_jonesy(player_client, ronson, scripted_dice):
    ronson.empathy, ronson.persuasion = "B", "D"
    ronson.save()
    # Jonesy D10 7, D6 3; the farmer (EMP C, no skill): D8 6 -> one each: a tie, lost
    scripted_dice(7, 3, 6)
    roll(
        player_client, ronson, "opposed",
        {"skill": "persuasion", "modifier": 0, "opponent_attribute": "C", "opponent_skill": "",
         "opponent_modifier": 0},
    )  # fmt: skip
    first = Roll.objects.get()
    assert first.outcome.startswith("Lost") and first.can_push
    scripted_dice(6)  # only Jonesy's D6 is re-rolled; the farmer's die stays
    push(player_client, first)
    pushed = Roll.objects.get(pushed_from=first)
    assert pushed.outcome == "Won by 1"
    groups = english_result(pushed.result)["dice_groups"]
    opponent = next(g for g in groups if g["label"].startswith("Opponent"))
    assert [d["face"] for d in opponent["dice"]] == [6]


# --- group rolls and the order of a push and an allocation ----------------------------------


def test_a_group_roll_fails_for_the_whole_group(player_client, ronson, scripted_dice):
    ronson.survival = "D"
    ronson.save()
    scripted_dice(3, 2)  # INT C + SURVIVAL D is D8 + D6; Diaz helps: D8 + D8
    response = roll(
        player_client, ronson, "group",
        {"skill": "survival", "modifier": 0, "helper_1": "Diaz", "group": "Kasia, Diaz"},
    )  # fmt: skip
    assert response.status_code == 200
    rolled = Roll.objects.get()
    assert rolled.label == "Group roll: Survival for Ronson, Kasia, Diaz"
    assert rolled.outcome == "The group fails: a failure for all"
    assert base_sizes(rolled) == [8, 8]
    assert rolled.can_push
    scripted_dice(7, 4)
    push(player_client, rolled)
    assert Roll.objects.get(pushed_from=rolled).outcome == "The group succeeds (1 success)"


def test_allocating_the_hits_ends_the_chance_to_push(player_client, ronson, saw, scripted_dice):
    scripted_dice(7, 2, 4)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 1})
    rolled = Roll.objects.get()
    assert rolled.can_push
    scripted_dice(3)
    player_client.post(reverse("roll_choose", args=[rolled.pk]), {}, headers=HTMX)
    rolled = Roll.objects.get(pk=rolled.pk)
    assert rolled.result["allocated"] and not rolled.can_push
    assert push(player_client, rolled).status_code == 409


def test_a_pushed_attack_is_allocated_on_the_pushed_roll(player_client, ronson, saw, scripted_dice):
    scripted_dice(7, 2, 4)
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 1})
    first = Roll.objects.get()
    scripted_dice(3, 5)
    push(player_client, first)
    response = player_client.post(reverse("roll_choose", args=[first.pk]), {}, headers=HTMX)
    assert response.status_code == 422 and "allocate the hits of the pushed roll" in response.text


def test_a_specialty_steps_up_its_own_skill_only(player_client, ronson, scripted_dice):
    from tests.factories_twilight import TwilightSpecialtyFactory

    gunner = TwilightSpecialtyFactory(sheet=ronson, skill="heavy_weapons")
    response = roll(
        player_client, ronson, "skill", {"skill": "stamina", "modifier": 0, "specialty": gunner.pk}
    )
    assert response.status_code == 422 and "Heavy Weapons specialty" in response.text
    scripted_dice(2, 2)  # HEAVY WEAPONS: D12 + D10, +1 -> D12 + D12
    roll(
        player_client, ronson, "skill",
        {"skill": "heavy_weapons", "modifier": 0, "specialty": gunner.pk},
    )  # fmt: skip
    assert base_sizes(Roll.objects.get()) == [12, 12]


def test_every_figure_of_a_pushed_attack_is_the_pushed_one(
    player_client, ronson, saw, scripted_dice
):
    """Issue 32: the details of a pushed attack kept the first roll's ammo figures."""
    scripted_dice(4, 2, 3, 6, 4)  # D12 4, D10 2: a miss; ammo dice 3, 6, 4
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 3})
    first = Roll.objects.get()
    before = dict(english_result(first.result)["lines"])
    assert (before["Ammo 6s"], before["Ammo spent"]) == ("1", "14 (sum of the ammo dice + 1)")
    scripted_dice(8, 7, 6, 2)  # D12 8 and D10 7 hit; the ammo 3 and 4 become 6 and 2
    response = push(player_client, first)
    assert response.status_code == 200
    lines = dict(english_result(first.push.result)["lines"])
    assert lines["Ammo dice"] == "3"
    assert lines["Ammo 6s"] == "2"
    assert lines["Ammo spent"] == "15 (sum of the ammo dice + 1)"
    assert lines["Successes after the push"] == "2"
    assert "Successes" not in lines
    assert [label for label, _ in english_result(first.push.result)["lines"]].count("Ammo 6s") == 1
    shown = " ".join(response.text.split())
    assert 'Ammo 6s</dt><dd class="col-6 mb-1">2</dd>' in shown
    assert 'Ammo spent</dt><dd class="col-6 mb-1">15 (sum of the ammo dice + 1)' in shown
    assert "Hit, 2 successes, 2 ammo 6s" in first.push.outcome


def test_ammo_spent_and_rounds_taken_are_named_apart_in_the_page_the_log_and_the_export(
    player_client, gm, ronson, saw, scripted_dice
):
    """RULINGS: ammo spent = sum of the ammo dice + 1, as rolled; the magazine loses what
    it holds. With 4 rounds left and ammo dice 2 and 3: 6 spent, 4 taken, empty."""
    saw.rounds_loaded = 4
    saw.save()
    scripted_dice(4, 2, 2, 3)  # D12 4, D10 2: a miss; ammo dice 2, 3
    response = roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 2})
    assert response.status_code == 200
    saw.refresh_from_db()
    assert saw.rounds_loaded == 0
    rolled = Roll.objects.get()
    engine = rolled.result["engine"]
    assert (engine["ammo_spent"], engine["rounds_taken"]) == (6, 4)
    lines = dict(english_result(rolled.result)["lines"])
    assert lines["Ammo spent"] == "6 (sum of the ammo dice + 1)"
    assert lines["Rounds taken from the magazine"] == "4 (all it held: now empty)"
    shown = " ".join(response.text.split())
    assert 'Ammo spent</dt><dd class="col-6 mb-1">6 (sum of the ammo dice + 1)' in shown
    assert "Rounds taken from the magazine</dt>" in shown
    player_client.force_login(gm)
    export = player_client.get(reverse("party_export", args=[ronson.character.party_id])).json()
    [logged] = export["rolls"]
    assert logged["result"]["engine"]["ammo_spent"] == 6
    assert logged["result"]["engine"]["rounds_taken"] == 4


def test_a_roll_stored_before_the_names_were_apart_still_pushes(
    player_client, ronson, saw, scripted_dice
):
    """A roll logged when ``ammo_spent`` was the capped count (no ``rounds_taken``)."""
    saw.rounds_loaded = 30
    saw.save()
    scripted_dice(4, 2, 3, 5)  # a miss; ammo dice 3, 5: 9 spent
    roll(player_client, ronson, "attack", {**ATTACK, "weapon": saw.pk, "ammo_dice": 2})
    first = Roll.objects.get()
    del first.result["engine"]["rounds_taken"]  # as the old engine stored it
    first.save(update_fields=["result"])
    scripted_dice(8, 7, 6, 2)  # the push: ammo 3 and 5 become 6 and 2: 9 spent again
    assert push(player_client, first).status_code == 200
    saw.refresh_from_db()
    assert saw.rounds_loaded == 30 - 9
