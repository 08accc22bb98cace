"""Invariants of Twilight: 2000 4E rolls, checked with hypothesis on random dice."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError, as_data
from sheets.systems.twilight.dice.odds import attack_odds, opposed_odds, push_odds_for, skill_odds
from sheets.systems.twilight.dice.rules import (
    Hit,
    allocate_hits,
    opposed,
    push,
    resolve_hit,
    roll_attack,
    roll_skill,
)
from sheets.systems.twilight.dice.stepdice import (
    DIE_SIZES,
    ammo_dice_limit,
    rerolled_by_push,
    successes_on,
)

QUICK = settings(max_examples=200, deadline=None)

some_dice = st.lists(st.sampled_from(DIE_SIZES), min_size=1, max_size=2).map(tuple)
attributes = st.sampled_from(["STR", "AGL", "INT", "EMP"])
seeds = st.integers(0, 2**32 - 1)


@st.composite
def attacks(draw):
    """A firearm attack: base dice, a weapon and a magazine, and legal ammo dice."""
    rate_of_fire = draw(st.integers(0, 6))
    rounds_left = draw(st.integers(1, 40))
    ammo_dice = draw(st.integers(0, ammo_dice_limit(rate_of_fire, rounds_left)))
    rng = random.Random(draw(seeds))
    dice = draw(some_dice)
    attribute = draw(st.sampled_from(["STR", "AGL"]))
    return roll_attack(
        rng,
        dice,
        attribute,
        ammo_dice=ammo_dice,
        rate_of_fire=rate_of_fire,
        rounds_left=rounds_left,
    )


@st.composite
def skill_rolls(draw):
    rng = random.Random(draw(seeds))
    return roll_skill(rng, draw(some_dice), draw(attributes), gear=draw(st.booleans()))


any_roll = st.one_of(skill_rolls(), attacks())


def harm(result):
    return {effect.target: effect.amount for effect in result.effects if effect.target != "rounds"}


@QUICK
@given(first=any_roll, seed=seeds)
def test_a_push_keeps_every_success_and_every_one_and_rerolls_every_other_die(first, seed):
    if not first.can_push:
        with pytest.raises(DiceError):
            push(random.Random(seed), first)
        return
    pushed = push(random.Random(seed), first)
    before = first.base_dice + first.ammo_dice
    after = pushed.base_dice + pushed.ammo_dice
    for old, new in zip(before, after, strict=True):
        if rerolled_by_push(old.face):
            assert new.rerolled
            assert (new.kind, new.size) == (old.kind, old.size)
        else:
            assert new == old


@QUICK
@given(first=any_roll, seed=seeds)
def test_a_push_changes_successes_only_through_the_rerolled_dice(first, seed):
    if not first.can_push:
        return
    pushed = push(random.Random(seed), first)
    gained = sum(successes_on(die.face) for die in pushed.base_dice if die.rerolled)
    assert pushed.successes == first.successes + gained
    assert pushed.successes >= first.successes
    assert pushed.bullets >= first.bullets


@QUICK
@given(first=skill_rolls(), seed=seeds)
def test_a_pushed_skill_roll_harms_once_per_one_on_the_base_dice(first, seed):
    if not first.can_push:
        return
    pushed = push(random.Random(seed), first)
    ones = sum(die.face == 1 for die in pushed.base_dice)
    if not ones:
        assert harm(pushed) == {}
    elif first.attribute in ("INT", "EMP"):
        assert harm(pushed) == {"stress": ones}
    elif first.gear:
        assert harm(pushed) == {"reliability": -ones}
    else:
        assert harm(pushed) == {"damage": ones}


@QUICK
@given(first=attacks(), seed=seeds)
def test_a_pushed_attack_costs_the_weapon_one_reliability_per_one_and_jams_on_two(first, seed):
    if not first.can_push:
        return
    pushed = push(random.Random(seed), first)
    ones = sum(die.face == 1 for die in pushed.base_dice + pushed.ammo_dice)
    assert harm(pushed).get("reliability", 0) == -ones
    assert pushed.jammed == (ones >= 2)
    assert ("jammed" in harm(pushed)) == pushed.jammed
    assert "damage" not in harm(pushed)


@QUICK
@given(attack=attacks(), seed=seeds)
def test_the_magazine_loses_the_ammo_spent_but_never_more_than_it_holds(attack, seed):
    rounds_left = attack.firearm.rounds_left
    results = [attack]
    if attack.can_push:
        results.append(push(random.Random(seed), attack))
    for result in results:
        assert result.ammo_spent == sum(die.face for die in result.ammo_dice) + 1
        assert 1 <= result.rounds_taken <= rounds_left
        assert result.rounds_taken == min(result.ammo_spent, rounds_left)
        assert result.magazine_emptied == (result.rounds_taken == rounds_left)
    taken = -sum(e.amount for r in results for e in r.effects if e.target == "rounds")
    assert taken == results[-1].rounds_taken


@QUICK
@given(attack=attacks())
def test_ammo_sixes_count_for_hit_effects_only_on_a_hit_and_else_mean_suppression(attack):
    sixes = sum(die.face == 6 for die in attack.ammo_dice)
    assert attack.bullets == sixes
    assert attack.success == (sum(successes_on(d.face) for d in attack.base_dice) > 0)
    assert attack.ammo_sixes == (sixes if attack.success else 0)
    assert attack.suppression == (sixes > 0 and not attack.success)


@QUICK
@given(
    rate_of_fire=st.integers(0, 8),
    rounds_left=st.integers(1, 12),
    ammo_dice=st.integers(0, 10),
    seed=seeds,
)
def test_ammo_dice_are_refused_exactly_above_the_lower_of_rof_and_rounds_left_minus_one(
    rate_of_fire, rounds_left, ammo_dice, seed
):
    def attack():
        return roll_attack(
            random.Random(seed),
            (8,),
            "AGL",
            ammo_dice=ammo_dice,
            rate_of_fire=rate_of_fire,
            rounds_left=rounds_left,
        )

    if ammo_dice > min(rate_of_fire, rounds_left - 1):
        with pytest.raises(DiceError, match="ammo dice"):
            attack()
    else:
        assert len(attack().ammo_dice) == ammo_dice


@QUICK
@given(active=skill_rolls(), opponent_dice=some_dice, seed=seeds)
def test_the_opponent_cancels_successes_one_for_one_and_you_win_only_with_more(
    active, opponent_dice, seed
):
    opponent = roll_skill(random.Random(seed), opponent_dice, "INT", passive=True)
    contest = opposed(active, opponent)
    assert contest.net_successes == max(0, active.successes - opponent.successes)
    assert contest.won == (active.successes > opponent.successes)
    assert contest.can_push == active.can_push


@QUICK
@given(
    damage=st.integers(0, 10),
    armor=st.integers(0, 5),
    modifier=st.integers(-3, 3),
    seed=seeds,
)
def test_damage_after_armor_is_never_below_zero_nor_above_the_damage(damage, armor, modifier, seed):
    worn = {"legs": armor, "torso": armor, "arms": armor, "head": armor}
    result = resolve_hit(
        random.Random(seed), Hit("A", damage, True, ""), armor=worn, armor_modifier=modifier
    )
    assert result.damage == max(0, damage - max(0, armor + modifier))
    assert 0 <= result.damage <= damage


@QUICK
@given(attack=attacks(), data=st.data())
def test_allocated_hits_spend_exactly_the_successes_and_sixes_they_say(attack, data):
    if not attack.success:
        return
    extra = data.draw(st.integers(0, attack.extra_successes))
    bonuses = data.draw(st.lists(st.integers(0, 2), max_size=attack.ammo_sixes))
    primary_bonus = data.draw(st.integers(0, 2))
    needed = primary_bonus + sum(1 + bonus for bonus in bonuses)
    additional = [(f"target {n}", bonus) for n, bonus in enumerate(bonuses)]
    if needed > attack.ammo_sixes:
        with pytest.raises(DiceError, match="ammo 6s"):
            allocate_hits(
                attack,
                base_damage=2,
                extra_successes=extra,
                primary_bonus=primary_bonus,
                additional=additional,
            )
        return
    allocation = allocate_hits(
        attack,
        base_damage=2,
        extra_successes=extra,
        primary_bonus=primary_bonus,
        additional=additional,
    )
    total = sum(hit.damage for hit in allocation.hits)
    assert total == 2 * len(allocation.hits) + extra + primary_bonus + sum(bonuses)
    assert allocation.ammo_sixes_used + allocation.ammo_sixes_unused == attack.ammo_sixes


@QUICK
@given(result=any_roll, seed=seeds)
def test_every_roll_and_push_is_json_serialisable(result, seed):
    results = [result]
    if result.can_push:
        results.append(push(random.Random(seed), result))
    for each in results:
        assert json.loads(json.dumps(as_data(each)))["successes"] == each.successes


@QUICK
@given(first=any_roll, seed=seeds)
def test_a_push_keeps_its_kept_dice_and_successes_and_its_odds_allow_the_result(first, seed):
    if not first.can_push:
        return
    pushed = push(random.Random(seed), first)
    kept = sum(successes_on(d.face) for d in first.base_dice if not rerolled_by_push(d.face))
    assert pushed.successes >= kept
    for before, after in zip(
        first.base_dice + first.ammo_dice, pushed.base_dice + pushed.ammo_dice, strict=True
    ):
        assert (after.kind, after.size) == (before.kind, before.size)
        if rerolled_by_push(before.face):
            assert after.rerolled
        else:
            assert after == before
    odds = push_odds_for(first)
    assert sum(odds.successes.values()) == 1
    assert sum(p for k, p in odds.successes.items() if int(k.rstrip("+")) < min(kept, 3)) == 0
    assert odds.successes["3+" if pushed.successes >= 3 else str(pushed.successes)] > 0


@QUICK
@given(dice=some_dice, opponent=some_dice)
def test_opposed_odds_are_consistent_with_each_sides_skill_odds(dice, opponent):
    odds = opposed_odds(dice, opponent)
    mine, theirs = skill_odds(dice).distribution, skill_odds(opponent).distribution
    assert odds.win == sum(p * q for a, p in mine.items() for b, q in theirs.items() if a > b)
    assert odds.tie == sum(p * theirs.get(a, 0) for a, p in mine.items())


@QUICK
@given(dice=some_dice, ammo=st.integers(0, 6), rounds_left=st.integers(7, 40))
def test_attack_odds_hit_as_often_as_the_base_dice_succeed_whatever_the_ammo(
    dice, ammo, rounds_left
):
    odds = attack_odds(dice, ammo, rate_of_fire=6, rounds_left=rounds_left)
    assert odds.hit == skill_odds(dice).success
    assert odds.hit_with_ammo_six + odds.suppression_only == 1 - odds.ammo_sixes["0"]
