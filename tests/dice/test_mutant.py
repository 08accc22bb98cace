"""Mutant: Year Zero dice, every rule with scripted dice (RULINGS.md, Mutant: Year Zero)."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError, ScriptedRNG, as_data
from sheets.systems.dice.words import put_into_words
from sheets.systems.mutant.dice import bench as mutant_bench
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.mutant.dice import rules as mutant


def english(effects) -> tuple:
    """Effects with their notes read in English (a note is stored as a saying)."""
    return tuple(mutant.Effect(e.target, e.amount, put_into_words(e.note)) for e in effects)


def scripted(*faces):
    return ScriptedRNG(faces)


def faces(result, kind=None):
    return [die.face for die in result.dice if kind is None or die.kind == kind]


def counts(result, kind=None):
    return [die.counts for die in result.dice if kind is None or die.kind == kind]


# --- Dice pools --------------------------------------------------------------------------


def test_skill_dice_are_level_plus_modifier():
    assert mutant.skill_dice(3, 1) == (4, 0)
    assert mutant.skill_dice(2, -2) == (0, 0)


def test_a_modifier_below_zero_skill_dice_rolls_that_many_negative_dice():
    assert mutant.skill_dice(1, -3) == (0, 2)


def test_dice_are_recorded_by_kind_in_order_base_skill_gear_negative():
    rng = scripted(2, 3, 4, 5, 2)
    result = mutant.skill_roll(rng, base=2, skill=1, gear=1, negative=1)
    rng.assert_used_up()
    assert [die.kind for die in result.dice] == ["base", "base", "skill", "gear", "negative"]
    assert all(die.size == 6 for die in result.dice)


def test_a_six_on_a_base_skill_or_gear_die_is_a_success():
    result = mutant.skill_roll(scripted(6, 2, 6, 6), base=2, skill=1, gear=1)
    assert result.successes == 3
    assert counts(result) == ["success", "", "success", "success"]


def test_a_six_on_a_negative_die_cancels_one_success():
    result = mutant.skill_roll(scripted(6, 6, 6, 3), base=2, negative=2)
    assert result.sixes == 2
    assert result.cancelled == 1
    assert result.successes == 1
    assert counts(result, "negative") == ["cancels a success", ""]


def test_negative_sixes_beyond_the_successes_cancel_nothing_and_never_go_below_zero():
    result = mutant.skill_roll(scripted(6, 6, 6), base=1, negative=2)
    assert result.successes == 0
    assert counts(result, "negative") == ["cancels a success", ""]


def test_ones_count_for_nothing_before_a_push():
    result = mutant.skill_roll(scripted(1, 1, 1), base=1, skill=1, gear=1)
    assert result.trauma == result.gear_damage == 0
    assert counts(result) == ["", "", ""]


def test_negative_dice_counts_and_impossible_pools_are_refused():
    with pytest.raises(DiceError):
        mutant.skill_roll(scripted(), base=-1, skill=2)
    with pytest.raises(DiceError):
        mutant.skill_roll(scripted(), base=2, skill=1, negative=-1)
    with pytest.raises(DiceError):
        mutant.skill_roll(scripted(), base=mutant.MAX_DICE + 1, skill=0)
    with pytest.raises(DiceError):
        mutant.skill_dice(-1)


def test_a_hit_deals_weapon_damage_plus_one_per_extra_success():
    assert mutant.attack_damage(2, 1) == 2
    assert mutant.attack_damage(2, 3) == 4
    assert mutant.attack_damage(2, 0) == 0


# --- Pushing -----------------------------------------------------------------------------


def test_a_push_rerolls_every_die_but_sixes_and_base_and_gear_ones():
    # base 6 1 3 | skill 1 6 | gear 1 4 | negative 2
    first = mutant.skill_roll(scripted(6, 1, 3, 1, 6, 1, 4, 2), 3, 2, 2, 1)
    rng = scripted(5, 2, 3, 6)  # base 3, skill 1, gear 4, negative 2 are thrown again
    pushed = mutant.push(rng, first)
    rng.assert_used_up()
    assert faces(pushed) == [6, 1, 5, 2, 6, 1, 3, 6]
    assert [die.rerolled for die in pushed.dice] == [
        False, False, True, True, False, False, True, True,
    ]  # fmt: skip


def test_after_a_push_each_base_one_is_trauma_and_each_gear_one_is_gear_damage():
    first = mutant.skill_roll(scripted(1, 4, 1, 5), base=2, skill=1, gear=1)
    pushed = mutant.push(scripted(1, 1, 3), first)  # base 4 -> 1, skill 1 -> 1, gear 5 -> 3
    assert pushed.trauma == 2
    assert pushed.gear_damage == 0
    assert counts(pushed) == ["trauma", "trauma", "", ""]
    assert english(pushed.effects("strength")) == (
        mutant.Effect("trauma:strength", 2, "2 base-die 1s after the push"),
        mutant.Effect("mutation_points", 2, "2 base-die 1s after the push"),
    )


def test_gear_ones_after_a_push_lower_the_gear_bonus():
    first = mutant.skill_roll(scripted(1, 3), base=0, skill=0, gear=2)
    pushed = mutant.push(scripted(1), first)
    assert pushed.gear_damage == 2
    assert english(pushed.effects("agility")) == (
        mutant.Effect("gear_bonus", -2, "2 gear-die 1s after the push"),
    )


def test_a_roll_can_be_pushed_only_once():
    first = mutant.skill_roll(scripted(3), base=1, skill=0)
    pushed = mutant.push(scripted(4), first)
    assert not pushed.pushable
    with pytest.raises(DiceError, match="only once"):
        mutant.push(scripted(5), pushed)


def test_armor_and_rot_rolls_cannot_be_pushed():
    armor = mutant.armor_roll(scripted(3), rating=1, incoming=1)
    rot = mutant.rot_event(scripted(3), points=1)
    for result in (armor, rot):
        with pytest.raises(DiceError, match="cannot"):
            mutant.push(scripted(), result)


def test_a_roll_with_nothing_to_reroll_is_not_pushable():
    result = mutant.skill_roll(scripted(6, 1, 1), base=2, gear=1)
    assert result.rerollable == 0
    assert not result.pushable


def test_a_stored_roll_rebuilds_from_its_data_for_the_push():
    first = mutant.skill_roll(scripted(6, 2, 1, 6, 6), base=2, skill=1, gear=1, negative=1)
    data = json.loads(json.dumps(as_data(first.dice)))
    assert mutant.SkillRoll.from_data(data) == first


def test_rebuilding_refuses_foreign_dice():
    with pytest.raises(DiceError):
        mutant.SkillRoll.from_data([{"kind": "ammo", "face": 3}])
    with pytest.raises(DiceError):
        mutant.SkillRoll.from_data([{"kind": "base", "face": 7}])


# --- Armor -------------------------------------------------------------------------------


def test_every_six_on_an_armor_roll_absorbs_one_damage_and_ones_wear_the_armor():
    result = mutant.armor_roll(scripted(6, 1, 4), rating=3, incoming=2)
    assert (result.absorbed, result.damage, result.rating_loss) == (1, 1, 1)
    assert [die.kind for die in result.dice] == ["gear"] * 3
    assert counts(result) == ["absorbs", "rating loss", ""]


def test_armor_that_absorbs_everything_loses_no_rating():
    result = mutant.armor_roll(scripted(6, 6, 1), rating=3, incoming=1)
    assert (result.absorbed, result.damage, result.rating_loss) == (1, 0, 0)
    assert counts(result) == ["absorbs", "", ""]


def test_natural_armor_never_loses_rating():
    result = mutant.armor_roll(scripted(1, 1), rating=2, incoming=2, natural=True)
    assert (result.damage, result.rating_loss) == (2, 0)


def test_an_armor_roll_needs_incoming_damage():
    with pytest.raises(DiceError):
        mutant.armor_roll(scripted(), rating=2, incoming=0)


# --- Rot ---------------------------------------------------------------------------------


def test_krin_example_rot_rolls_one_two_three_then_four_base_dice():
    throws = [(3,), (2, 5), (4, 2, 3), (1, 6, 1, 4)]
    total = damage = 0
    for rolled in throws:
        rng = scripted(*rolled)
        event = mutant.rot_event(rng, points=1, rot_total=total)
        rng.assert_used_up()
        assert len(event.rot_roll) == total + 1
        assert all(die.kind == "base" for die in event.rot_roll)
        total, damage = event.total_after, damage + event.damage
    assert total == 4
    assert damage == 2


def test_krin_example_decontamination_keeps_one_permanent_and_two_temporary():
    rng = scripted(1, 4)
    result = mutant.decontaminate(rng, temporary=4, method="wash")
    rng.assert_used_up()
    assert result.leaving == 2
    assert (result.removed, result.made_permanent, result.temporary_after) == (1, 1, 2)
    assert counts(result) == ["stays: permanent", "leaves"]


def test_protection_rolls_skill_dice_for_rot_resistant_then_gear_dice_for_the_suit():
    # point 1: skill 2 3 4, gear 5 (no 6) -> through; rot roll of 1 die
    rng = scripted(2, 3, 4, 5, 2)
    event = mutant.rot_event(rng, points=1, resistant=True, suit_rating=1)
    rng.assert_used_up()
    kinds = [die.kind for die in event.protection[0].dice]
    assert kinds == ["skill", "skill", "skill", "gear"]
    assert event.absorbed == 0 and event.gained == 1


def test_a_six_on_a_protection_roll_absorbs_the_point_and_no_rot_roll_follows():
    rng = scripted(6, 2)
    event = mutant.rot_event(rng, points=1, rot_total=3, suit_rating=2)
    rng.assert_used_up()
    assert event.absorbed == 1 and event.gained == 0
    assert event.rot_roll == ()
    assert event.total_after == 3


def test_a_gear_one_lowers_the_suit_before_the_next_points_protection_roll():
    # point 1: gear 1 5 -> rating 2 -> 1; point 2: one gear die 3; rot roll: 2 dice
    rng = scripted(1, 5, 3, 4, 4)
    event = mutant.rot_event(rng, points=2, suit_rating=2)
    rng.assert_used_up()
    assert [len(p.dice) for p in event.protection] == [2, 1]
    assert [p.suit_rating_after for p in event.protection] == [1, 1]
    assert event.suit_rating_after == 1
    assert len(event.rot_roll) == 2


def test_rot_eater_takes_no_damage_but_keeps_the_points():
    event = mutant.rot_event(scripted(1, 1), points=1, rot_total=1, rot_eater=True)
    assert event.gained == 1
    assert event.damage == 0
    assert counts(event) == ["no damage: Rot-Eater"] * 2


def test_rot_points_stop_at_ten_boxes():
    event = mutant.rot_event(scripted(*[2] * 10), points=3, rot_total=9)
    assert (event.gained, event.lost_over_boxes, event.total_after) == (1, 2, 10)
    assert len(event.rot_roll) == 10


def test_a_rot_event_brings_one_to_ten_points():
    for points in (0, 11):
        with pytest.raises(DiceError):
            mutant.rot_event(scripted(), points=points)


# --- Decontamination ---------------------------------------------------------------------


def test_a_wash_removes_half_the_temporary_points_rounded_up():
    assert mutant.points_leaving(5, "wash") == 3
    assert mutant.points_leaving(1, "wash") == 1


def test_a_day_in_a_rot_free_place_removes_one_point():
    result = mutant.decontaminate(scripted(5), temporary=3, method="day")
    assert (result.leaving, result.removed, result.temporary_after) == (1, 1, 2)


def test_decontamination_needs_temporary_points_and_a_method():
    with pytest.raises(DiceError):
        mutant.decontaminate(scripted(), temporary=0, method="wash")
    with pytest.raises(DiceError):
        mutant.decontaminate(scripted(), temporary=2, method="scrub")


# --- Mutations, D6, D66 ------------------------------------------------------------------


def test_any_one_on_a_mutation_roll_is_a_misfire():
    result = mutant.mutation_roll(scripted(4, 1), points=2)
    assert result.misfire
    assert counts(result) == ["", "misfire"]
    assert all(die.kind == "base" for die in result.dice)
    assert not mutant.mutation_roll(scripted(2, 6), points=2).misfire


def test_a_mutation_roll_spends_at_least_one_point():
    with pytest.raises(DiceError):
        mutant.mutation_roll(scripted(), points=0)


def test_d6_dice_are_summed():
    result = mutant.d6(scripted(3, 6, 2), count=3)
    assert result.total == 11
    with pytest.raises(DiceError):
        mutant.d6(scripted(), count=0)


def test_d66_reads_the_green_die_as_tens_and_the_yellow_die_as_ones():
    result = mutant.d66(scripted(4, 2))
    assert result.value == 42
    tens, ones = result.dice
    assert (tens.kind, tens.counts, ones.kind, ones.counts) == ("skill", "tens", "base", "ones")


def test_every_result_is_json_ready():
    results = [
        mutant.skill_roll(scripted(6, 1, 2), 1, 1, 1),
        mutant.armor_roll(scripted(6), 1, 1),
        mutant.rot_event(scripted(2, 3), 1, resistant=False, suit_rating=1),
        mutant.decontaminate(scripted(1), 1, "day"),
        mutant.mutation_roll(scripted(1), 1),
        mutant.d6(scripted(3), 1),
        mutant.d66(scripted(1, 1)),
    ]
    for result in results:
        assert json.loads(json.dumps(as_data(result))) == as_data(result)


def test_the_bench_pushes_a_typical_roll_when_it_can_and_computes_the_largest_odds_cold():
    results = [mutant_bench.bench_roll(random.Random(seed)) for seed in range(20)]
    for result in results:
        assert [result.count(kind) for kind in mutant.KINDS] == [4, 3, 2, 0]
        assert result.pushed or not result.pushable  # never left unpushed when it could be
    assert any(result.pushed for result in results)
    mutant_odds.armor_odds(1, 1)  # a small configuration the bench must clear first
    mutant_bench.bench_largest_odds()
    cached = (mutant_odds.push_odds, mutant_odds.armor_odds, mutant_odds.rot_odds)
    for function in (*cached, mutant_odds.d6_odds):
        assert function.cache_info().currsize == 1
    hits = mutant_odds.armor_odds.cache_info().hits
    mutant_odds.armor_odds(20, 20)
    assert mutant_odds.armor_odds.cache_info().hits == hits + 1


# --- Properties --------------------------------------------------------------------------

pools = st.tuples(*(st.integers(0, 6) for _ in range(4)))


@given(pool=pools, seed=st.randoms(use_true_random=False))
def test_a_push_never_changes_a_six_or_a_base_or_gear_one(pool, seed):
    first = mutant.skill_roll(seed, *pool)
    if not first.pushable:
        return
    pushed = mutant.push(seed, first)
    for before, after in zip(first.dice, pushed.dice, strict=True):
        stays = before.face == 6 or (before.face == 1 and before.kind in ("base", "gear"))
        assert after.kind == before.kind
        if stays:
            assert (after.face, after.rerolled) == (before.face, False)
        else:
            assert after.rerolled


@given(
    positive=st.lists(st.integers(1, 6), max_size=8),
    negative=st.lists(st.integers(1, 6), max_size=5),
)
def test_negative_dice_only_cancel(positive, negative):
    base = len(positive)
    without = mutant.skill_roll(ScriptedRNG(positive), base, 0)
    with_negative = mutant.skill_roll(ScriptedRNG(positive + negative), base, 0, 0, len(negative))
    assert with_negative.successes == max(0, without.successes - negative.count(6))
    assert with_negative.dice[:base] == without.dice
    assert {die.counts for die in with_negative.dice[base:]} <= {"", "cancels a success"}
    pushed = mutant.push(random.Random(0), with_negative) if with_negative.pushable else None
    if pushed is not None:
        assert {die.counts for die in pushed.dice if die.kind == "negative"} <= {
            "",
            "cancels a success",
        }


@given(
    points=st.integers(1, 10),
    resistant=st.booleans(),
    suit=st.integers(0, 8),
    total=st.integers(0, 10),
    seed=st.randoms(use_true_random=False),
)
def test_rot_suit_rating_never_rises(points, resistant, suit, total, seed):
    event = mutant.rot_event(seed, points, total, resistant, suit)
    ratings = [suit] + [p.suit_rating_after for p in event.protection]
    assert ratings == sorted(ratings, reverse=True)
    assert 0 <= event.suit_rating_after <= suit
    for p in event.protection:
        gear = sum(1 for die in p.dice if die.kind == "gear")
        assert gear == p.suit_rating_before
    assert event.total_after <= mutant.BOXES


# --- Opposed rolls: T2K's rule (RULINGS, "Opposed rolls") --------------------------------


def test_opposed_each_opponent_success_cancels_one_and_more_wins():
    active = mutant.skill_roll(scripted(6, 6, 3), 2, 1, 0, 0)  # 2 successes
    opponent = mutant.skill_roll(scripted(6, 2), 2, 0, 0, 0)  # 1 success
    contest = mutant.opposed(active, opponent)
    assert (contest.net_successes, contest.won, contest.outcome) == (1, True, "win")
    tie = mutant.opposed(opponent, mutant.skill_roll(scripted(6, 4), 2, 0, 0, 0))
    assert (tie.net_successes, tie.won, tie.outcome) == (0, False, "lose")


def test_only_the_active_side_pushes_even_after_the_opponent_rolled():
    active = mutant.skill_roll(scripted(3, 4), 2, 0, 0, 0)  # no success, pushable
    opponent = mutant.skill_roll(scripted(6, 2), 2, 0, 0, 0)  # 1 success
    contest = mutant.opposed(active, opponent)
    assert contest.can_push and not contest.won
    pushed = mutant.push_opposed(scripted(6, 6), contest)
    assert pushed.active.pushed and pushed.opponent == opponent  # the opponent's dice stay
    assert (pushed.net_successes, pushed.outcome) == (1, "win")
    assert not pushed.can_push
    with pytest.raises(DiceError, match="only the active side pushes"):
        mutant.push_opposed(scripted(6, 6), pushed)


def test_an_active_side_with_nothing_to_reroll_cannot_push_whatever_the_opponent_shows():
    active = mutant.skill_roll(scripted(6, 1), 2, 0, 0, 0)  # a 6 and a base 1: both stay
    opponent = mutant.skill_roll(scripted(3, 4), 2, 0, 0, 0)  # rerollable, but passive
    assert not mutant.opposed(active, opponent).can_push
