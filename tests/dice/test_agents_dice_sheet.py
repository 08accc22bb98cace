"""Agents damage, weapons, derived values, experience, rests, traumas, death, research."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.agents.dice.rules import (
    WEAPONS,
    WEAPONS_BY_NAME,
    Check,
    Outcome,
    Weapon,
    damage_from,
    damage_roll,
    research_roll,
)
from sheets.systems.agents.dice.sheet import (
    AFTERLIFE_TABLE,
    TRAUMA_TABLE,
    Mind,
    action_points,
    afterlife_roll,
    buy_skill_level,
    fortitude,
    max_hp,
    max_sanity,
    resurrection,
    short_rest,
    skill_advance,
    trauma_roll,
)
from sheets.systems.dice.core import DiceError, Effect, ScriptedRNG, as_data
from sheets.systems.dice.words import say


def scripted(*faces):
    return ScriptedRNG(faces)


# --- damage -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tag", "size"), [("Light", 4), ("Medium", 6), ("Heavy", 8), ("Tech", 10)])
def test_a_weapon_tag_rolls_its_level_in_its_die(tag, size):
    rng = scripted(1, 2, size)
    result = damage_roll(rng, Weapon("test", tag, level=3), Outcome.SUCCESS)
    rng.assert_used_up()
    assert rng.asked == [(1, size)] * 3
    assert [(die.kind, die.size) for die in result.dice] == [("damage", size)] * 3
    assert result.damage == 3 + size


def test_a_knife_adds_a_d4_and_a_shotgun_a_d6():
    knife = damage_roll(scripted(3, 4), WEAPONS_BY_NAME["Knife"], Outcome.SUCCESS)
    shotgun = damage_roll(scripted(5, 6), WEAPONS_BY_NAME["Shotgun"], Outcome.SUCCESS)
    assert [(die.kind, die.size) for die in knife.dice] == [("damage", 4), ("extra damage", 4)]
    assert [(die.kind, die.size) for die in shotgun.dice] == [("damage", 6), ("extra damage", 6)]
    assert (knife.damage, shotgun.damage) == (7, 11)


@pytest.mark.parametrize(
    ("outcome", "damage"),
    [
        (Outcome.CRIT, 14),
        (Outcome.SUCCESS, 7),
        (Outcome.COST_PLUS, 3),
        (Outcome.COST, 3),
        (Outcome.COST_MINUS, 3),
    ],
)
def test_a_crit_doubles_damage_and_every_cost_halves_it_rounded_down(outcome, damage):
    result = damage_roll(scripted(3, 4), WEAPONS_BY_NAME["Knife"], outcome)
    assert (result.rolled, result.damage) == (7, damage)


def test_a_failure_deals_no_damage_and_rolls_no_dice():
    result = damage_roll(scripted(), WEAPONS_BY_NAME["Battle Rifle"], "Failure")
    assert (result.dice, result.damage) == ((), 0)


def test_the_seeds_weapon_list_is_there_to_pick_from():
    assert [weapon.name for weapon in WEAPONS[:10]] == [
        "Unarmed", "Knife", "Baseball Bat", "Shotgun", "Pistol", "Revolver",
        "Assault Rifle", "Battle Rifle", "Sniper Rifle", "Flame Thrower",
    ]  # fmt: skip
    assert all(weapon.level == 1 for weapon in WEAPONS)
    shotgun = WEAPONS_BY_NAME["Shotgun"]
    assert (shotgun.tag, shotgun.reload, shotgun.ranges, shotgun.price) == (
        "Medium",
        2,
        ("Room", "Field"),
        2500,
    )
    assert WEAPONS_BY_NAME["Flame Thrower"].requires == "Mechanics (3)"
    assert WEAPONS_BY_NAME["Sniper Rifle"].tags == ("Piercing",)
    json.dumps(as_data(WEAPONS))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tag": "Laser"}, "weapon tag"),
        ({"level": 0}, "at least 1"),
        ({"level": 11}, "cannot be more than 10"),
        ({"extra_dice": 1, "extra_die": 7}, "extra dice"),
        ({"extra_dice": -1, "extra_die": 4}, "cannot be negative"),
    ],
)
def test_an_impossible_weapon_is_refused(fields, message):
    with pytest.raises(DiceError, match=message):
        Weapon(**{"name": "odd", "tag": "Light", **fields})


def test_an_unknown_outcome_is_refused():
    with pytest.raises(DiceError, match="unknown outcome"):
        damage_roll(scripted(), WEAPONS[0], "Triumph")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 200))
def test_damage_rises_with_the_outcome_and_a_crit_doubles_a_success(rolled):
    dealt = [damage_from(rolled, outcome)[0] for outcome in Outcome]
    assert dealt == sorted(dealt)
    assert dealt[-1] == 2 * dealt[-2] == 2 * rolled


# --- derived values and experience ---------------------------------------------------------------


def test_hp_is_four_plus_twice_strength_and_agility():
    assert max_hp(strength=6, agility=5) == 4 + 11 * 2


def test_ap_is_twice_agility_plus_stamina():
    assert action_points(agility=7, stamina=2) == 16


def test_fortitude_is_luck_plus_agility_plus_dodging_plus_armor():
    assert fortitude(luck=5, agility=6, dodging=1) == 12
    assert fortitude(luck=5, agility=6, dodging=1, armor=4) == 16


def test_sanity_is_education_plus_influence_plus_psychology():
    assert max_sanity(education=7, influence=4, psychology=2) == 13


@pytest.mark.parametrize("call", [lambda: max_hp(11, 5), lambda: action_points(5, 6)])
def test_a_stat_or_skill_out_of_range_is_refused(call):
    with pytest.raises(DiceError):
        call()


@pytest.mark.parametrize(
    ("level", "cost", "title"),
    [
        (0, 10, "Apprentice"),
        (1, 50, "Journeyman"),
        (2, 100, "Craftsman"),
        (3, 250, "Artisan"),
        (4, 500, "Master"),
    ],
)
def test_each_skill_level_costs_the_seeds_xp(level, cost, title):
    assert skill_advance(level, cost - 1).can_buy is False
    advance = skill_advance(level, cost)
    assert (advance.cost, advance.title, advance.can_buy) == (cost, title, True)


def test_a_master_has_nothing_left_to_buy():
    advance = skill_advance(5, 900)
    assert (advance.next_level, advance.can_buy) == (None, False)
    with pytest.raises(DiceError, match="already at Master"):
        buy_skill_level("Firearms", 5, 900)


def test_buying_a_level_resets_the_xp_counter_to_zero():
    assert buy_skill_level("Firearms", 1, 53) == (
        Effect("skill:Firearms", 1, "Journeyman for 50 XP"),
        Effect("xp:Firearms", -53, "the XP counter resets to 0"),
    )


def test_buying_a_level_without_the_xp_is_refused():
    with pytest.raises(DiceError, match="needs 10 XP to reach Apprentice, not 9"):
        buy_skill_level("Stealth", 0, 9)


# --- short rest ----------------------------------------------------------------------------------


def rest(rng, hours, luck=5, hp=5, max_hp=20, ft=0, max_ft=10):
    return short_rest(
        rng, luck=luck, hours=hours, hp=hp, max_hp=max_hp, fortitude=ft, max_fortitude=max_ft
    )


def test_an_undisturbed_hour_heals_a_d6_plus_luck_bonus_and_one_fortitude():
    rng = scripted(6, 4, 5, 2)  # hour 1: check 6, heal 4; hour 2: check 5, heal 2
    result = rest(rng, 2, luck=8)  # Luck 8: +2
    rng.assert_used_up()
    assert [hour.hp for hour in result.hours] == [6, 4]
    short = say("short rest")
    assert result.effects == (Effect("hp", 10, short), Effect("fortitude", 2, short))
    assert result.interrupted is False


def test_a_check_of_four_or_less_interrupts_the_rest_and_that_hour_heals_nothing():
    rng = scripted(5, 3, 4)  # Luck 5 (+0): 5 rests, heals 3; then 4 interrupts
    result = rest(rng, 3)
    rng.assert_used_up()
    assert result.interrupted is True
    assert [hour.interrupted for hour in result.hours] == [False, True]
    short = say("short rest")
    assert result.effects == (Effect("hp", 3, short), Effect("fortitude", 1, short))


def test_resting_never_heals_above_the_maximums():
    result = rest(scripted(6, 6), 1, luck=10, hp=18, max_hp=20, ft=10, max_ft=10)
    assert result.effects == (Effect("hp", 2, say("short rest")),)


def test_a_low_luck_bonus_never_takes_hp_away():
    result = rest(scripted(6, 1), 1, luck=3)  # 6 - 1 > 4 rests; 1 - 1 = 0 HP
    assert result.hours[0].hp == 0


# --- traumas, death and the afterlife ------------------------------------------------------


@pytest.mark.parametrize(("face", "trauma"), sorted(TRAUMA_TABLE.items()))
def test_the_trauma_d6_reads_the_seeds_table(face, trauma):
    result = trauma_roll(scripted(face), ())
    assert (result.die.kind, result.die.face, result.trauma) == ("trauma", face, trauma)
    assert Effect(f"trauma:{trauma}", 1, say("trauma d6")) in result.effects


def test_a_trauma_raises_its_stat_and_brings_its_condition():
    assert trauma_roll(scripted(2), ()).effects[1:] == (
        Effect("stat:agility", 1, say("Shadow Touched")),
        Effect("trauma:Vampirism", 1, say("Shadow Touched")),
    )
    vampire = trauma_roll(scripted(2), ("Vampirism",), stats={"agility": 10})
    assert vampire.effects == (Effect("trauma:Shadow Touched", 1, say("trauma d6")),)
    assert vampire.notes[-1] == say("%(stat)s is already 10", stat=say("Agility"))


def test_a_fourth_trauma_is_death_for_real_and_rolls_nothing():
    three = ("Anhedonia", "Anhedonia", "Cracked Intellect", "Vampirism")
    result = trauma_roll(scripted(), three)
    assert result.dead_for_real is True
    assert result.effects == ()


@pytest.mark.parametrize(("face", "place"), sorted(AFTERLIFE_TABLE.items()))
def test_the_afterlife_d6_reads_the_seeds_table(face, place):
    assert afterlife_roll(scripted(face)).counts == say(place)  # read in the reader's words


def test_a_resurrected_agent_has_five_stress_no_high_an_afterlife_and_a_trauma():
    rng = scripted(4, 1)  # The Forest, Cracked Intellect
    result = resurrection(rng, Mind(stress=1, high=2, sanity=6))
    rng.assert_used_up()
    assert (result.afterlife, result.trauma.trauma) == ("The Forest", "Cracked Intellect")
    assert result.mind_after == Mind(stress=5, high=0, sanity=6, traumas=("Cracked Intellect",))
    assert {(effect.target, effect.amount) for effect in result.effects} == {
        ("trauma:Cracked Intellect", 1),
        ("stat:intelligence", 1),
        ("stress", 4),
        ("high", -2),
    }


def test_lady_lucks_curse_gained_at_resurrection_keeps_one_high():
    result = resurrection(scripted(6, 5), Mind(stress=5, high=0))
    assert result.mind_after.high == 1


def test_an_agent_with_three_traumas_dies_for_real():
    mind = Mind(traumas=("Anhedonia", "Shadow Touched", "Braid Touched"))
    result = resurrection(scripted(), mind)
    assert (result.dead_for_real, result.dice, result.effects) == (True, (), ())


# --- research ------------------------------------------------------------------------------


def research_check(**changes):
    fields = {"stat": 8, "skill": "Research", "skill_level": 2, "mind": Mind(high=1)}
    return Check(**{**fields, **changes})


def test_a_research_roll_takes_its_total_off_the_timer():
    result = research_roll(scripted(3, 5), research_check(), 20)
    assert result.total == 3 + 5 + 2 + 2
    assert (result.timer_after, result.done) == (8, False)
    assert result.effects == (Effect("research_timer", -12, "research roll"),)


def test_research_is_done_at_zero_and_the_timer_never_goes_below_it():
    result = research_roll(scripted(6, 6), research_check(high_spent=1), 5)
    assert (result.timer_after, result.done) == (0, True)
    assert Effect("research_timer", -5, "research roll") in result.effects
    assert Effect("high", -1, "High spent on research") in result.effects


def test_a_research_total_below_zero_takes_nothing_off():
    check = research_check(stat=0, mind=Mind(stress=5), skill_level=0, luck=0)
    result = research_roll(scripted(1, 2), check, 5)
    assert result.total < 0
    assert result.timer_after == 5


def test_finished_research_cannot_be_rolled_again():
    with pytest.raises(DiceError, match="already done"):
        research_roll(scripted(), research_check(), 0)
