"""Twilight: 2000 4E rolls: the seed's worked examples with their exact faces, pushes,
ammo dice, opposed rolls, hits, and the errors on impossible input."""

from __future__ import annotations

import json

import pytest

from sheets.systems.dice.core import DiceError, Effect, ScriptedRNG, as_data
from sheets.systems.dice.words import put_into_words
from sheets.systems.twilight.dice.rules import (
    Hit,
    allocate_hits,
    opposed,
    push,
    push_opposed,
    resolve_hit,
    roll_attack,
    roll_opposed,
    roll_skill,
)
from sheets.systems.twilight.dice.stepdice import base_dice

FLAK_JACKET = {"torso": 2, "arms": 2}


def english(effects) -> tuple:
    """Effects with their notes in English: the engine stores a note as a saying
    (``sheets.systems.dice.words``), put into words when it is read."""
    return tuple(Effect(e.target, e.amount, put_into_words(e.note)) for e in effects)


def faces(dice):
    return [die.face for die in dice]


def scripted(*faces_):
    return ScriptedRNG(faces_)


def m249_attack(rng, rounds_left=200):
    """Ronson: HEAVY WEAPONS B and STRENGTH A, M249 with RoF 6, six ammo dice."""
    return roll_attack(
        rng, base_dice("A", "B"), "STR", ammo_dice=6, rate_of_fire=6, rounds_left=rounds_left
    )


# -- the seed's worked examples ---------------------------------------------------------


def test_martinez_spots_the_patrol_with_one_success_on_her_d8():
    rng = scripted(4, 7)  # D10 (INT B) shows 4, D8 (RECON C) shows 7
    result = roll_skill(rng, base_dice("B", "C"), "INT")
    rng.assert_used_up()
    assert [(die.size, die.face, die.counts) for die in result.base_dice] == [
        (10, 4, ""),
        (8, 7, "success"),
    ]
    assert result.successes == 1
    assert result.outcome == "success"
    assert result.effects == ()


def test_ronson_pushes_his_stamina_roll_succeeds_and_takes_one_damage_from_the_d8_one():
    rng = scripted(4, 3)  # D12 (STR A) 4, D8 (STAMINA C) 3
    first = roll_skill(rng, base_dice("A", "C"), "STR")
    assert first.successes == 0
    assert first.outcome == "failure"
    assert first.can_push
    rng = scripted(9, 1)
    pushed = push(rng, first)
    rng.assert_used_up()
    assert faces(pushed.base_dice) == [9, 1]
    assert [die.counts for die in pushed.base_dice] == ["success", "explosion"]
    assert all(die.rerolled for die in pushed.base_dice)
    assert pushed.successes == 1
    assert pushed.outcome == "success"
    assert english(pushed.effects) == (Effect("damage", 1, "1s on base dice when pushing"),)
    assert not pushed.can_push


def test_ronson_m249_attack_hits_with_two_successes_three_ammo_sixes_and_spends_28_rounds():
    rng = scripted(10, 5, 6, 6, 6, 4, 3, 2)
    attack = m249_attack(rng)
    rng.assert_used_up()
    assert [die.counts for die in attack.base_dice] == ["2 successes", ""]
    assert faces(attack.ammo_dice) == [6, 6, 6, 4, 3, 2]
    assert attack.outcome == "hit"
    assert attack.successes == 2
    assert attack.extra_successes == 1
    assert attack.ammo_sixes == 3
    assert attack.ammo_spent == 28
    assert not attack.magazine_emptied
    assert [(e.target, e.amount) for e in attack.effects] == [("rounds", -28)]


def test_ronson_m249_attack_deals_1_3_and_2_damage_to_the_three_marauders():
    attack = m249_attack(scripted(10, 5, 6, 6, 6, 4, 3, 2))
    allocation = allocate_hits(
        attack,
        base_damage=2,
        primary_target="Marauder A",
        additional=[("Marauder B", 1), ("Marauder C", 0)],
    )
    assert [(hit.target, hit.damage) for hit in allocation.hits] == [
        ("Marauder A", 3),
        ("Marauder B", 3),
        ("Marauder C", 2),
    ]
    assert allocation.ammo_sixes_used == 3
    assert allocation.ammo_sixes_unused == 0
    rng = scripted(3, 6, 5)  # torso, head, arm
    armor = [FLAK_JACKET, FLAK_JACKET, {}]
    results = [
        resolve_hit(rng, hit, armor=worn, armor_modifier=0, crit_threshold=3)
        for hit, worn in zip(allocation.hits, armor, strict=True)
    ]
    rng.assert_used_up()
    assert [(r.target, r.location, r.armor, r.damage) for r in results] == [
        ("Marauder A", "torso", 2, 1),
        ("Marauder B", "head", 0, 3),
        ("Marauder C", "arms", 0, 2),
    ]
    assert [r.critical for r in results] == [False, True, False]
    assert [r.effects[0].amount for r in results] == [1, 3, 2]
    assert results[0].location_die.kind == "hit location"


def test_chen_sneaks_past_the_sentry_winning_the_opposed_roll_by_one_success():
    # Chen: INT B (D10) 9, MOBILITY C (D8) 7. Sentry: INT C (D8) 6, RECON D (D6) 4.
    rng = scripted(9, 7, 6, 4)
    contest = roll_opposed(rng, base_dice("B", "C"), "AGL", base_dice("C", "D"), "INT")
    rng.assert_used_up()
    assert contest.active.successes == 2
    assert contest.opponent.successes == 1
    assert contest.won
    assert contest.outcome == "win"
    assert contest.net_successes == 1


def test_jonesy_and_the_farmer_both_roll_one_success_so_jonesy_fails_and_may_push():
    # The seed gives no faces; these give each side the one success it describes.
    # Jonesy: EMP B (D10) 7, PERSUASION D (D6) 3. Farmer: EMP C alone (D8) 6.
    rng = scripted(7, 3, 6)
    contest = roll_opposed(rng, base_dice("B", "D"), "EMP", base_dice("C"), "EMP")
    assert (contest.active.successes, contest.opponent.successes) == (1, 1)
    assert not contest.won
    assert contest.outcome == "lose"
    assert contest.net_successes == 0
    assert contest.can_push
    rng = scripted(6)  # Jonesy pushes after the farmer rolled: his D6 comes up 6
    pushed = push_opposed(rng, contest)
    rng.assert_used_up()
    assert pushed.opponent == contest.opponent
    assert pushed.active.successes == 2
    assert pushed.won
    assert not pushed.can_push


# -- skill rolls and pushes -------------------------------------------------------------


def test_ten_or_more_on_a_die_counts_two_successes_so_two_d12_can_make_four():
    result = roll_skill(scripted(12, 10), (12, 12), "AGL")
    assert result.successes == 4


def test_push_rerolls_only_dice_without_a_success_or_a_one():
    first = roll_skill(scripted(8, 1), (10, 8), "AGL")
    assert first.can_push is False  # a success and a 1: nothing left to re-roll
    first = roll_skill(scripted(3, 6), (10, 8), "AGL")
    rng = scripted(2)
    pushed = push(rng, first)
    rng.assert_used_up()
    assert rng.asked == [(1, 10)]
    assert [(die.face, die.rerolled) for die in pushed.base_dice] == [(2, True), (6, False)]


def test_a_push_cannot_turn_a_die_back_to_its_first_result():
    first = roll_skill(scripted(7, 3), (8, 6), "AGL")
    pushed = push(scripted(2), first)
    assert pushed.successes == 1
    assert faces(pushed.base_dice) == [7, 2]
    assert first.base_dice[1].face == 3  # the first roll is left as it was


def test_a_push_counts_every_one_including_those_kept_from_the_first_roll():
    first = roll_skill(scripted(1, 4), (8, 6), "EMP")
    pushed = push(scripted(1), first)
    assert english(pushed.effects) == (Effect("stress", 2, "1s on base dice when pushing"),)


def test_pushing_an_int_or_emp_roll_gives_stress_not_damage():
    pushed = push(scripted(1), roll_skill(scripted(4), (8,), "INT"))
    assert [(e.target, e.amount) for e in pushed.effects] == [("stress", 1)]


def test_with_gear_on_a_str_or_agl_roll_the_push_damages_the_gear_reliability():
    pushed = push(scripted(1), roll_skill(scripted(4), (8,), "AGL", gear=True))
    assert [(e.target, e.amount) for e in pushed.effects] == [("reliability", -1)]


def test_gear_on_an_int_roll_does_not_shield_the_character_from_stress():
    pushed = push(scripted(1), roll_skill(scripted(4), (8,), "INT", gear=True))
    assert [(e.target, e.amount) for e in pushed.effects] == [("stress", 1)]


def test_a_first_roll_does_no_harm_even_with_ones():
    result = roll_skill(scripted(1, 1), (8, 6), "STR")
    assert result.effects == ()


def test_a_roll_can_be_pushed_only_once():
    pushed = push(scripted(2), roll_skill(scripted(3), (6,), "STR"))
    with pytest.raises(DiceError, match="only once"):
        push(scripted(4), pushed)


def test_a_passive_roll_cannot_be_pushed():
    spotted = roll_skill(scripted(3, 2), (10, 8), "INT", passive=True)
    assert not spotted.can_push
    with pytest.raises(DiceError, match="passive roll cannot be pushed"):
        push(scripted(5, 5), spotted)


def test_a_roll_with_nothing_to_reroll_cannot_be_pushed():
    with pytest.raises(DiceError, match="nothing to re-roll"):
        push(scripted(), roll_skill(scripted(6, 1), (10, 8), "STR"))


@pytest.mark.parametrize("attribute", ["CHA", "", "strength"])
def test_an_attribute_other_than_str_agl_int_emp_is_refused(attribute):
    with pytest.raises(DiceError, match="STR, AGL, INT or EMP"):
        roll_skill(scripted(), (8,), attribute)


def test_attribute_names_are_read_in_any_case():
    assert roll_skill(scripted(6), (8,), "agl").attribute == "AGL"


def test_a_die_face_out_of_range_cannot_be_rolled():
    with pytest.raises(AssertionError, match="cannot come up on a d6"):
        roll_skill(scripted(7), (6,), "STR")


# -- ammo dice --------------------------------------------------------------------------


def test_ammo_sixes_do_not_help_to_hit():
    attack = roll_attack(scripted(3, 6, 6), (6,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=9)
    assert attack.outcome == "miss"
    assert attack.bullets == 2
    assert attack.ammo_sixes == 0


def test_a_miss_with_ammo_sixes_can_still_suppress_the_target():
    attack = roll_attack(scripted(3, 6), (6,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=9)
    assert attack.suppression
    assert any("suppressed" in put_into_words(note) for note in attack.notes)
    plain_miss = roll_attack(
        scripted(3, 5), (6,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=9
    )
    assert not plain_miss.suppression


def test_a_hit_offers_its_ammo_sixes_and_does_not_suppress():
    attack = roll_attack(scripted(6, 6), (6,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=9)
    assert attack.ammo_sixes == 1
    assert not attack.suppression


def test_an_attack_without_ammo_dice_spends_one_round():
    attack = roll_attack(scripted(6), (6,), "AGL", ammo_dice=0, rate_of_fire=3, rounds_left=9)
    assert attack.ammo_spent == 1
    assert english(attack.effects) == (
        Effect("rounds", -1, "ammo spent: sum of the ammo dice + 1"),
    )


def test_with_one_round_left_no_ammo_dice_and_the_last_round_empties_the_magazine():
    with pytest.raises(DiceError, match="at most 0 ammo dice"):
        roll_attack(scripted(), (8,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=1)
    attack = roll_attack(scripted(2), (8,), "AGL", ammo_dice=0, rate_of_fire=3, rounds_left=1)
    assert attack.ammo_spent == 1
    assert attack.magazine_emptied


def test_with_three_rounds_left_two_ammo_dice_may_be_added_but_not_three():
    attack = roll_attack(scripted(2, 1, 1), (8,), "AGL", ammo_dice=2, rate_of_fire=6, rounds_left=3)
    assert attack.ammo_spent == attack.rounds_taken == 3  # 1 + 1 + 1: exactly the rounds left
    assert attack.magazine_emptied
    with pytest.raises(DiceError, match="at most 2 ammo dice"):
        roll_attack(scripted(), (8,), "AGL", ammo_dice=3, rate_of_fire=6, rounds_left=3)


def test_ammo_spent_beyond_the_rounds_left_empties_the_magazine_of_what_it_holds():
    """RULINGS: ammo spent is always the sum + 1; the magazine loses what it holds."""
    attack = roll_attack(scripted(2, 5, 6), (8,), "AGL", ammo_dice=2, rate_of_fire=2, rounds_left=8)
    assert attack.ammo_spent == 12  # 5 + 6 + 1, as rolled and shown
    assert attack.rounds_taken == 8  # all the magazine held
    assert attack.magazine_emptied
    assert attack.effects[0].amount == -8


def test_ammo_dice_above_the_rate_of_fire_are_refused():
    with pytest.raises(DiceError, match="at most 3 ammo dice"):
        roll_attack(scripted(), (8,), "AGL", ammo_dice=4, rate_of_fire=3, rounds_left=30)


def test_negative_ammo_dice_are_refused():
    with pytest.raises(DiceError, match="cannot be negative"):
        roll_attack(scripted(), (8,), "AGL", ammo_dice=-1, rate_of_fire=3, rounds_left=30)


def test_an_empty_magazine_cannot_fire():
    with pytest.raises(DiceError, match="magazine is empty"):
        roll_attack(scripted(), (8,), "AGL", ammo_dice=0, rate_of_fire=3, rounds_left=0)


def test_a_firearm_attack_is_a_str_or_agl_roll():
    with pytest.raises(DiceError, match="STR or AGL"):
        roll_attack(scripted(), (8,), "INT", ammo_dice=0, rate_of_fire=3, rounds_left=30)


def test_push_rerolls_ammo_dice_not_showing_six_or_one_too():
    first = roll_attack(
        scripted(3, 6, 1, 4), (8,), "AGL", ammo_dice=3, rate_of_fire=3, rounds_left=30
    )
    rng = scripted(7, 2)
    pushed = push(rng, first)
    rng.assert_used_up()
    assert rng.asked == [(1, 8), (1, 6)]
    assert [(d.face, d.rerolled) for d in pushed.ammo_dice] == [(6, False), (1, False), (2, True)]


def test_a_pushed_attack_costs_reliability_for_every_one_on_base_and_ammo_dice():
    # The 1 on the ammo die was rolled before the push: it counts too.
    first = roll_attack(scripted(3, 1, 4), (8,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=30)
    pushed = push(scripted(7, 5), first)
    assert pushed.outcome == "hit"
    assert Effect("reliability", -1, "1s on base and ammo dice") in english(pushed.effects)
    assert not pushed.jammed
    assert all(effect.target not in ("damage", "stress") for effect in pushed.effects)


def test_a_push_that_changes_the_ammo_dice_recounts_the_rounds_taken():
    first = roll_attack(scripted(3, 1, 4), (8,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=30)
    assert first.ammo_spent == 6  # 1 + 4 + 1
    pushed = push(scripted(7, 5), first)
    assert pushed.ammo_spent == 7  # 1 + 5 + 1
    rounds = [effect for effect in english(pushed.effects) if effect.target == "rounds"]
    assert rounds == [
        Effect("rounds", -1, "rounds taken from the magazine recounted after the push (6 -> 7)")
    ]


def test_a_push_that_lowers_the_ammo_dice_gives_rounds_back():
    first = roll_attack(scripted(3, 5), (8,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=30)
    pushed = push(scripted(2, 2), first)
    assert (first.ammo_spent, pushed.ammo_spent) == (6, 3)
    assert [(e.target, e.amount) for e in pushed.effects] == [("rounds", 3)]
    assert sum(e.amount for e in first.effects + pushed.effects if e.target == "rounds") == -3


def test_two_or_more_ones_after_the_push_jam_the_weapon_but_its_successes_still_count():
    first = roll_attack(scripted(6, 1, 3), (8,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=30)
    pushed = push(scripted(1), first)
    assert pushed.jammed
    assert pushed.outcome == "hit"
    assert Effect("jammed", 1, "two or more 1s after the push") in english(pushed.effects)
    assert Effect("reliability", -2, "1s on base and ammo dice") in english(pushed.effects)


def test_ones_on_a_first_roll_that_is_not_pushed_never_jam_the_weapon():
    attack = roll_attack(
        scripted(1, 1, 1), (8,), "AGL", ammo_dice=2, rate_of_fire=3, rounds_left=30
    )
    assert not attack.jammed
    assert [e.target for e in attack.effects] == ["rounds"]


# -- opposed rolls ----------------------------------------------------------------------


def test_a_tie_in_an_opposed_roll_is_not_a_win():
    contest = roll_opposed(scripted(6, 6), (8,), "AGL", (8,), "INT")
    assert contest.net_successes == 0
    assert not contest.won


def test_the_opponent_in_an_opposed_roll_cannot_push():
    contest = roll_opposed(scripted(3, 3), (8,), "AGL", (8,), "INT")
    assert contest.opponent.passive
    with pytest.raises(DiceError, match="passive"):
        push(scripted(6), contest.opponent)


def test_opposed_refuses_an_active_roll_for_the_opponent():
    mine = roll_skill(scripted(6), (8,), "AGL")
    theirs = roll_skill(scripted(6), (8,), "INT")
    with pytest.raises(DiceError, match="opponent's roll"):
        opposed(mine, theirs)


def test_opposed_refuses_a_passive_roll_for_the_active_party():
    mine = roll_skill(scripted(6), (8,), "AGL", passive=True)
    theirs = roll_skill(scripted(6), (8,), "INT", passive=True)
    with pytest.raises(DiceError, match="active party"):
        opposed(mine, theirs)


def test_an_opposed_roll_can_be_pushed_only_once():
    contest = push_opposed(scripted(2), roll_opposed(scripted(3, 6), (8,), "AGL", (8,), "INT"))
    with pytest.raises(DiceError, match="only once"):
        push_opposed(scripted(4), contest)


# -- hits -------------------------------------------------------------------------------


def one_hit_attack(bullets=0, base=(7,)):
    ammo = [6] * bullets
    rng = scripted(*base, *ammo)
    return roll_attack(
        rng, (12,) * len(base), "AGL", ammo_dice=bullets, rate_of_fire=6, rounds_left=30
    )


def test_extra_successes_on_the_base_dice_add_damage_to_the_primary_hit():
    allocation = allocate_hits(one_hit_attack(base=(10, 7)), base_damage=2)
    assert allocation.hits[0].damage == 2 + 2  # three successes: two beyond the first
    assert allocation.extra_successes_used == 2


def test_the_player_may_keep_extra_successes_off_the_damage():
    allocation = allocate_hits(one_hit_attack(base=(10, 7)), base_damage=2, extra_successes=0)
    assert allocation.hits[0].damage == 2


def test_extra_successes_beyond_those_rolled_are_refused():
    with pytest.raises(DiceError, match="extra successes"):
        allocate_hits(one_hit_attack(base=(7,)), base_damage=2, extra_successes=1)


def test_ammo_sixes_can_all_go_to_the_primary_hit_damage():
    allocation = allocate_hits(one_hit_attack(bullets=3), base_damage=2, primary_bonus=3)
    assert [hit.damage for hit in allocation.hits] == [5]


def test_more_ammo_sixes_than_rolled_are_refused():
    with pytest.raises(DiceError, match="needs 3 ammo 6s; the attack has 2"):
        allocate_hits(one_hit_attack(bullets=2), base_damage=2, additional=[("B", 2)])


def test_negative_ammo_sixes_on_a_hit_are_refused():
    with pytest.raises(DiceError, match="cannot be negative"):
        allocate_hits(one_hit_attack(bullets=2), base_damage=2, additional=[("B", -1)])


def test_unspent_ammo_sixes_are_reported():
    allocation = allocate_hits(one_hit_attack(bullets=3), base_damage=2, additional=[("A", 0)])
    assert (allocation.ammo_sixes_used, allocation.ammo_sixes_unused) == (1, 2)


def test_a_miss_has_no_hits_to_allocate():
    miss = roll_attack(scripted(3, 6), (6,), "AGL", ammo_dice=1, rate_of_fire=3, rounds_left=9)
    with pytest.raises(DiceError, match="missed"):
        allocate_hits(miss, base_damage=2)


def test_armor_never_takes_damage_below_zero():
    result = resolve_hit(scripted(3), Hit("A", 1, True, ""), armor={"torso": 4})
    assert result.damage == 0
    assert result.effects == ()


def test_the_weapon_armor_modifier_is_added_to_the_armor_rating_but_not_below_zero():
    assert (
        resolve_hit(
            scripted(3), Hit("A", 3, True, ""), armor={"torso": 2}, armor_modifier=-1
        ).damage
        == 2
    )
    assert (
        resolve_hit(scripted(3), Hit("A", 3, True, ""), armor={"torso": 2}, armor_modifier=1).damage
        == 0
    )
    bare = resolve_hit(scripted(3), Hit("A", 3, True, ""), armor={}, armor_modifier=-1)
    assert (bare.armor, bare.damage) == (0, 3)


def test_armor_on_an_unknown_location_is_refused():
    with pytest.raises(DiceError, match="armor locations"):
        resolve_hit(scripted(3), Hit("A", 3, True, ""), armor={"tail": 2})


def test_negative_armor_is_refused():
    with pytest.raises(DiceError, match="cannot be negative"):
        resolve_hit(scripted(3), Hit("A", 3, True, ""), armor={"torso": -2})


# -- data -------------------------------------------------------------------------------


def test_every_result_is_json_serialisable():
    attack = m249_attack(scripted(10, 5, 6, 6, 6, 4, 3, 2))
    pushed = push(scripted(1, 1, 1, 1), attack)
    allocation = allocate_hits(pushed, base_damage=2, additional=[("B", 0)])
    hit = resolve_hit(scripted(6), allocation.hits[0], armor=FLAK_JACKET)
    contest = roll_opposed(scripted(9, 7, 6, 4), (10, 8), "AGL", (8, 6), "INT")
    for result in (attack, pushed, allocation, hit, contest):
        data = json.loads(json.dumps(as_data(result)))
        assert isinstance(data, dict)
    data = as_data(pushed)
    assert data["ammo_dice"][3] == {
        "kind": "ammo",
        "size": 6,
        "face": 1,
        "counts": "explosion",
        "rerolled": True,
    }
    assert data["jammed"] is True
