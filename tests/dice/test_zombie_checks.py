"""Zombiepocalypse Skill Checks: difficulty, complexity, no retry, Player's Option, zombies.

Worked examples use the seed's own faces through ScriptedRNG.
"""

import json

import pytest

from sheets.systems.dice.core import DiceError, Effect, ScriptedRNG, as_data
from sheets.systems.dice.words import put_into_words
from sheets.systems.zombie.dice.rules import (
    SkillCheck,
    blocked_attempt,
    buy_players_option,
    difficulty,
    level_modifier,
    monster_check,
    player_check,
    reevaluate,
    roll_check,
    skill_check,
    zombie_check,
    zombie_target_number,
)


def english(sayings) -> list[str]:
    """The engine's notes as an English reader reads them (they are stored as sayings)."""
    return [put_into_words(saying) for saying in sayings]


def english_effects(effects) -> tuple:
    return tuple(Effect(e.target, e.amount, put_into_words(e.note)) for e in effects)


def scripted(*faces: int) -> ScriptedRNG:
    return ScriptedRNG(faces)


def check_with(faces: list[int], **setup) -> SkillCheck:
    rng = ScriptedRNG(faces)
    check = skill_check(rng, **setup)
    rng.assert_used_up()
    return check


def raw_faces(check: SkillCheck) -> list[int]:
    return [r.die.face for r in check.rolls]


# --- Difficulty: the seed's situation examples ---------------------------------------


def test_hiding_from_a_zombie_in_the_dark_gives_its_perception_minus_one():
    assert difficulty({"environment": [-1]}).total == -1


def test_a_dark_and_noisy_room_is_still_only_minus_one():
    dark_and_noisy = difficulty({"environment": [-1, -1]})
    assert dark_and_noisy.levels[0].modifier == -1
    assert dark_and_noisy.total == -1


def test_bright_light_and_a_moaning_friend_give_the_zombie_plus_two():
    bright_and_moaning = difficulty({"environment": [+1], "target": [+1]})
    assert bright_and_moaning.total == 2


def test_two_characters_lifting_a_heavy_log_roll_unmodified():
    heavy_log_together = difficulty({"target": [-1], "status": [+1]})
    assert [level.modifier for level in heavy_log_together.levels] == [-1, +1]
    assert heavy_log_together.total == 0


def test_a_pulley_on_a_heavy_log_balances_its_weight_within_the_target_level():
    assert difficulty({"target": [-1, +1]}).total == 0


def test_penalties_and_bonuses_within_a_level_count_once_each_and_balance():
    assert level_modifier([-1, -1]) == -1
    assert level_modifier([+1, +1, +1]) == +1
    assert level_modifier([-1, -1, +1]) == 0
    assert level_modifier([0]) == 0
    assert level_modifier([]) == 0


def test_different_levels_stack():
    all_against = difficulty({"environment": [-1], "target": [-1, -1], "status": [-1]})
    assert all_against.total == -3
    assert not all_against.capped


def test_the_difficulty_total_is_capped_at_three_with_the_cap_noted():
    levels = {"environment": [-1], "target": [-1], "status": [-1], "task": [-1]}
    capped = difficulty(levels)
    assert (capped.uncapped, capped.total, capped.capped) == (-4, -3, True)
    check = check_with([6], difficulty=capped)
    assert check.modifier == -3
    assert "difficulty -4 capped to -3" in english(check.notes)


def test_skill_bonus_and_injury_add_on_top_of_the_difficulty_cap():
    levels = {"environment": [+1], "target": [+1], "status": [+1], "task": [+1]}
    check = check_with([1], difficulty=difficulty(levels), skill_bonus=1, injury=-1)
    assert check.setup.difficulty.total == 3
    assert check.modifier == 3
    check = check_with([1], difficulty=difficulty(levels), skill_bonus=2)
    assert check.modifier == 5
    assert check.rolls[0].total == 6


@pytest.mark.parametrize("factor", [2, -2, True, 0.5, "+1"])
def test_a_difficulty_factor_other_than_minus_one_zero_or_plus_one_is_refused(factor):
    with pytest.raises(DiceError, match="-1, 0 or \\+1"):
        difficulty({"environment": [factor]})


def test_a_difficulty_level_needs_a_name():
    with pytest.raises(DiceError, match="needs a name"):
        difficulty({"": [-1]})


@pytest.mark.parametrize("total", [4, -4, True, "1"])
def test_a_bare_difficulty_outside_minus_three_to_plus_three_is_refused(total):
    with pytest.raises(DiceError, match="difficulty"):
        player_check(difficulty=total)


# --- Simple, difficult, complex: the seed's table ------------------------------------


@pytest.mark.parametrize(("face", "success"), [(4, True), (5, True), (6, True), (3, False)])
def test_a_simple_leap_over_a_pit_succeeds_on_four_to_six(face, success):
    check = check_with([face], task="leap the pit")
    assert check.success is success
    assert check.outcome == ("success" if success else "failure")


@pytest.mark.parametrize(("face", "success"), [(4, False), (5, True), (6, True), (1, False)])
def test_leaping_while_crouching_under_gunfire_needs_five_or_six(face, success):
    check = check_with([face], difficulty=-1)
    assert check.success is success
    assert check.rolls[0].total == face - 1


def test_repairing_an_engine_rolling_five_then_two_is_a_failure_with_a_partial_success():
    check = check_with([5, 2], complexity=2, task="repair the engine")
    assert [r.success for r in check.rolls] == [True, False]
    assert (check.success, check.partial, check.successes) == (False, True, 1)
    assert check.outcome == "failure"
    assert english_effects(check.effects) == (
        Effect("failed_task", 1, "repair the engine: no retry until it changes"),
    )


def test_leaping_with_a_wounded_ally_under_fire_needs_five_or_six_on_both_rolls():
    assert check_with([5, 6], difficulty=-1, complexity=2).success
    tripped = check_with([4, 6], difficulty=-1, complexity=2)
    assert [r.success for r in tripped.rolls] == [False, True]
    assert not tripped.success
    dropped_him = check_with([6, 4], difficulty=-1, complexity=2)
    assert [r.success for r in dropped_him.rolls] == [True, False]


def test_a_check_rolls_exactly_one_die_per_complexity_and_needs_them_all():
    rng = scripted(6, 6, 3)
    check = skill_check(rng, complexity=3)
    rng.assert_used_up()
    assert rng.asked == [(1, 6)] * 3
    assert len(check.rolls) == 3
    assert [r.number for r in check.rolls] == [1, 2, 3]
    assert not check.success and check.partial


def test_a_successful_check_has_no_effects_and_no_failure_face():
    check = check_with([4, 5, 6], complexity=3)
    assert check.success and not check.partial
    assert check.effects == ()
    assert check.worst_failure_face is None


@pytest.mark.parametrize("complexity", [0, 4, -1, True, 1.0])
def test_complexity_outside_one_to_three_rolls_is_refused(complexity):
    with pytest.raises(DiceError, match="complexity"):
        skill_check(scripted(), complexity=complexity)


def test_a_skill_bonus_cannot_be_negative_and_an_injury_cannot_help():
    with pytest.raises(DiceError, match="skill bonus cannot be negative"):
        player_check(skill_bonus=-1)
    with pytest.raises(DiceError, match="injury modifier cannot be positive"):
        player_check(injury=1)


# --- The raw die is always shown -------------------------------------------------------


def test_picking_a_lock_a_raw_six_on_a_failure_is_shown_as_worse_than_a_four():
    minor = check_with([4], difficulty=-1, task="pick the lock")
    jammed = check_with([6], difficulty=-3, task="pick the lock")
    assert not minor.success and not jammed.success
    assert (minor.rolls[0].die.face, minor.rolls[0].total) == (4, 3)
    assert (jammed.rolls[0].die.face, jammed.rolls[0].total) == (6, 3)
    assert minor.worst_failure_face == 4
    assert jammed.worst_failure_face == 6


def test_the_worst_failure_face_is_the_highest_raw_die_that_failed():
    check = check_with([2, 6, 5], difficulty=-2, complexity=3)
    assert [r.success for r in check.rolls] == [False, True, False]
    assert check.worst_failure_face == 5
    check = check_with([3, 6, 1], difficulty=-3, complexity=3)
    assert check.successes == 0
    assert check.worst_failure_face == 6


def test_every_die_is_a_d6_skill_die_that_says_what_it_counted_for():
    check = check_with([3, 4], complexity=2)
    assert [(d.kind, d.size, d.face, d.counts) for d in (r.die for r in check.rolls)] == [
        ("skill", 6, 3, "failure"),
        ("skill", 6, 4, "success"),
    ]


def test_a_check_is_json_serialisable_with_every_face():
    check = check_with([1, 6], difficulty=difficulty({"environment": [-1, +1]}), complexity=2)
    data = json.loads(json.dumps(as_data(check)))
    assert [r["die"]["face"] for r in data["rolls"]] == [1, 6]
    assert data["setup"]["difficulty"]["levels"][0]["factors"] == [-1, 1]
    assert data["effects"][0]["target"] == "failed_task"


# --- No retry ----------------------------------------------------------------------------


def test_busting_a_door_failed_before_fails_automatically_without_rolling():
    door = player_check(task="bust down the door")
    rng = scripted()
    check = blocked_attempt(door, failed_before=True, situation_changed=False) or roll_check(
        rng, door
    )
    assert rng.asked == []
    assert check.automatic and check.outcome == "automatic failure"
    assert (check.rolls, check.success, check.partial) == ((), False, False)
    assert check.effects == ()
    assert json.dumps(as_data(check))


def test_a_door_battered_by_a_horde_may_be_tried_again():
    door = player_check(task="bust down the door")
    assert blocked_attempt(door, failed_before=True, situation_changed=True) is None
    assert blocked_attempt(door, failed_before=False, situation_changed=False) is None
    rng = scripted(5)
    check = blocked_attempt(door, failed_before=True, situation_changed=True) or roll_check(
        rng, door
    )
    assert check.success and raw_faces(check) == [5]


def test_a_failure_records_the_task_so_it_cannot_be_retried():
    check = check_with([2], task="bust down the door")
    assert english_effects(check.effects) == (
        Effect("failed_task", 1, "bust down the door: no retry until it changes"),
    )


# --- Player's Option --------------------------------------------------------------------


def test_holding_a_door_shut_with_strong_succeeds_on_a_three():
    assert check_with([3], skill_bonus=1, task="hold the door").success
    assert not check_with([2], skill_bonus=1).success


def test_buying_strong_after_rolling_a_three_turns_that_failure_into_a_success():
    failed = check_with([3], task="hold the door")
    bought = reevaluate(failed, 1, skill="Strong")
    assert not failed.success
    assert bought.after.success
    assert raw_faces(bought.after) == [3]
    assert bought.after.rolls[0].total == 4
    assert bought.after.option_skill == "Strong"
    assert bought.before is failed
    assert english_effects(bought.effects) == (
        Effect("players_option", -1, "invested in Strong"),
        Effect("learned_skill:Strong", 1, "Strong +1 to its checks"),
        Effect("failed_task", -1, "Strong turned the failure into a success"),
    )


def test_a_skill_bought_after_a_roll_it_cannot_save_keeps_the_failure_recorded():
    failed = check_with([2, 1], complexity=2)
    bought = reevaluate(failed, 1, skill="Mechanic")
    assert not bought.after.success
    assert [r.total for r in bought.after.rolls] == [3, 2]
    assert [e.target for e in bought.effects] == ["players_option", "learned_skill:Mechanic"]


def test_reevaluation_keeps_the_difficulty_injury_and_complexity_of_the_roll():
    failed = check_with([4, 4], difficulty=-1, injury=-1, complexity=2)
    after = reevaluate(failed, 2, skill="Pilot (automobile)").after
    assert after.setup.difficulty == failed.setup.difficulty
    assert (after.setup.injury, after.setup.skill_bonus, after.modifier) == (-1, 2, 0)
    assert after.success


def test_buying_a_second_players_option_is_refused():
    failed = check_with([3])
    bought = reevaluate(failed, 1, skill="Strong")
    with pytest.raises(DiceError, match="already spent"):
        reevaluate(bought.after, 1, skill="Strong")
    with pytest.raises(DiceError, match="already invested in Hacker"):
        reevaluate(failed, 1, skill="Strong", spent_on="Hacker")
    with pytest.raises(DiceError, match="already invested in Strong"):
        buy_players_option("Strong", "Hacker", 0)


def test_a_roll_already_made_with_a_players_option_skill_cannot_buy_another():
    with pytest.raises(DiceError, match="already spent"):
        reevaluate(check_with([1], skill_bonus=1), 1, skill="Strong")


def test_only_a_failed_player_check_with_dice_can_be_reevaluated():
    with pytest.raises(DiceError, match="succeeded"):
        reevaluate(check_with([4]), 1, skill="Strong")
    blocked = blocked_attempt(player_check(), failed_before=True, situation_changed=False)
    with pytest.raises(DiceError, match="no dice"):
        reevaluate(blocked, 1, skill="Strong")
    with pytest.raises(DiceError, match="not a human"):
        reevaluate(check_with([1], roller="human"), 1, skill="Strong")
    zombie = monster_check(scripted(5), "agility")
    with pytest.raises(DiceError, match="not a zombie"):
        reevaluate(zombie, 1, skill="Strong")


@pytest.mark.parametrize("bonus", [0, -1, True])
def test_a_reevaluation_needs_a_bonus_of_at_least_one(bonus):
    with pytest.raises(DiceError, match=r"\+1 or more"):
        reevaluate(check_with([3]), bonus, skill="Strong")


def test_a_reevaluation_refuses_a_stored_face_that_no_d6_shows():
    failed = check_with([3])
    broken_die = failed.rolls[0].die.__class__("skill", 6, 7, "failure")
    tampered = failed.__class__(
        **{**failed.__dict__, "rolls": (failed.rolls[0].__class__(1, broken_die, 7, False),)}
    )
    with pytest.raises(DiceError, match="1 to 6, not 7"):
        reevaluate(tampered, 1, skill="Strong")


def test_buying_a_skill_without_a_roll_spends_the_point():
    assert english_effects(buy_players_option("", "Hacker", 0)) == (
        Effect("players_option", -1, "invested in Hacker"),
        Effect("learned_skill:Hacker", 0, "Hacker +0 to its checks"),
    )
    with pytest.raises(DiceError, match="name the skill"):
        buy_players_option("", " ", 1)


# --- Monsters ----------------------------------------------------------------------------


@pytest.mark.parametrize("ability", ["agility", "perception", "cunning"])
def test_zombies_need_a_six_for_agility_perception_or_cunning(ability):
    assert zombie_target_number(ability) == 6
    assert monster_check(scripted(6), ability).success
    assert not monster_check(scripted(5), ability).success


@pytest.mark.parametrize("ability", ["strength", "endurance"])
def test_zombies_need_five_or_six_for_strength_or_endurance(ability):
    assert monster_check(scripted(5), ability).success
    assert not monster_check(scripted(4), ability).success


def test_a_better_zombie_can_override_its_target_number():
    runner = zombie_check("agility", target_number=4)
    assert roll_check(scripted(4), runner).success
    with pytest.raises(DiceError, match="2 to 6"):
        zombie_check("agility", target_number=7)


def test_in_the_dark_a_zombie_cannot_perceive_someone_hiding_even_on_a_six():
    check = monster_check(scripted(6), "perception", difficulty=difficulty({"environment": [-1]}))
    assert not check.success
    assert check.rolls[0].total == 5
    assert "-1 makes this impossible: no d6 reaches 6" in english(check.notes)


def test_a_bright_room_and_a_moaning_friend_let_a_zombie_notice_on_a_four():
    noticed = difficulty({"environment": [+1], "target": [+1]})
    assert monster_check(scripted(4), "perception", difficulty=noticed).success
    assert not monster_check(scripted(3), "perception", difficulty=noticed).success


def test_other_survivors_roll_like_player_characters():
    survivor = check_with([4], roller="human")
    assert survivor.success and survivor.setup.target_number == 4
    assert survivor.setup.roller == "human"


def test_a_zombie_check_names_a_known_ability_and_a_player_check_is_not_for_zombies():
    with pytest.raises(DiceError, match="not 'charm'"):
        zombie_check("charm")
    with pytest.raises(DiceError, match="use zombie_check"):
        player_check(roller="zombie")


def test_a_failed_zombie_check_still_shows_its_raw_die_and_task():
    check = monster_check(scripted(4), "strength", task="break the window", complexity=1)
    assert (check.setup.roller, check.setup.ability, raw_faces(check)) == (
        "zombie",
        "strength",
        [4],
    )
    assert put_into_words(check.effects[0].note).startswith("break the window")


def test_read_check_reads_stored_faces_as_the_roll_did():
    from sheets.systems.zombie.dice.rules import read_check

    setup = player_check(difficulty=-1, injury=-1, complexity=2)
    rolled = roll_check(ScriptedRNG([6, 3]), setup)
    again = read_check([6, 3], setup)
    assert again == rolled
    assert [r.success for r in again.rolls] == [True, False]
