"""Mutant: Year Zero roll actions against a real sheet, locked inside a transaction."""

import json

import pytest
from django.db import transaction

from rolls.models import Roll
from rolls.systems.mutant import actions
from sheets.models import MutantSheet
from sheets.systems.dice.core import DiceError, ScriptedRNG
from tests.factories import (
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    MutantTalentFactory,
    MutantWeaponFactory,
)
from tests.rolls.in_english import english


def run(action, sheet, data, *faces):
    """Call a run function as the roll view does: in a transaction, the sheet locked."""
    rng = ScriptedRNG(faces)
    with transaction.atomic():
        locked = MutantSheet.objects.select_for_update().get(pk=sheet.pk)
        rolled = action(locked, data, rng)
    rng.assert_used_up()
    sheet.refresh_from_db()
    json.dumps([rolled.inputs, rolled.result, rolled.effects])  # JSON-ready for the Roll row
    return english(rolled)


def push(sheet, roll, *faces):
    rng = ScriptedRNG(faces)
    with transaction.atomic():
        locked = MutantSheet.objects.select_for_update().get(pk=sheet.pk)
        rolled = actions.push(locked, roll, rng)
    rng.assert_used_up()
    sheet.refresh_from_db()
    return english(rolled)


def record(sheet, rolled, pushed_from=None):
    """Write the Roll row as the roll path does."""
    character = sheet.character
    return Roll.objects.create(
        character=character, party=character.party, user=character.owner, system="mutant",
        kind=rolled.kind, label=rolled.label, inputs=rolled.inputs, result=rolled.result,
        outcome=rolled.outcome, effects=rolled.effects, pushable=rolled.pushable,
        pushed_from=pushed_from,
    )  # fmt: skip


def kinds(rolled):
    return [die["kind"] for die in rolled.result["dice"]]


def lines(rolled):
    return dict(rolled.result["lines"])


def targets(rolled):
    return {effect["target"]: effect["amount"] for effect in rolled.effects}


# --- Skill rolls -----------------------------------------------------------------------------


def test_a_skill_roll_throws_attribute_minus_trauma_skill_level_and_weapon_bonus(mutant_sheet):
    mutant_sheet.damage = 1
    mutant_sheet.save()
    bat = MutantWeaponFactory(sheet=mutant_sheet, bonus=2, damage=2)
    data = {"skill": "fight", "modifier": 0, "gear": actions.item_value(bat), "insist": False}
    # 4 base: 6 2 3 4 | 3 skill: 6 5 2 | 2 gear: 6 1
    rolled = run(actions.skill_roll, mutant_sheet, data, 6, 2, 3, 4, 6, 5, 2, 6, 1)
    assert kinds(rolled) == ["base"] * 4 + ["skill"] * 3 + ["gear"] * 2
    assert rolled.outcome == "3 successes, 4 damage"
    assert lines(rolled)["Successes"] == "3"
    assert lines(rolled)["Damage"] == "4"
    assert rolled.pushable
    assert rolled.effects == []
    assert "Push" in rolled.result["rule"]
    assert dict(rolled.result["push_odds"])["At least one success"] == "100%"


def test_a_skill_roll_changes_nothing_on_the_sheet(mutant_sheet):
    before = MutantSheet.objects.get(pk=mutant_sheet.pk).__dict__.copy()
    run(actions.skill_roll, mutant_sheet, {"skill": "endure"}, 1, 1, 1, 1, 1, 1, 1)
    after = MutantSheet.objects.get(pk=mutant_sheet.pk).__dict__
    assert {k: after[k] for k in before if not k.startswith("_")} == {
        k: v for k, v in before.items() if not k.startswith("_")
    }


def test_a_modifier_below_the_skill_level_rolls_negative_dice(mutant_sheet):
    mutant_sheet.endure = 1
    mutant_sheet.save()
    rolled = run(actions.skill_roll, mutant_sheet, {"skill": "endure", "modifier": -3},
                 6, 6, 2, 2, 2, 6, 3)  # fmt: skip
    assert kinds(rolled) == ["base"] * 5 + ["negative"] * 2
    assert rolled.outcome == "1 success"
    assert lines(rolled)["Cancelled by negative dice"] == "1"


def test_a_negative_gear_bonus_counts_as_a_modifier(mutant_sheet):
    rusty = MutantWeaponFactory(sheet=mutant_sheet, name="Rusty pipe", bonus=-1, damage=1)
    data = {"skill": "shoot", "gear": actions.item_value(rusty)}  # Agility 3, Shoot 2
    rolled = run(actions.skill_roll, mutant_sheet, data, 2, 2, 2, 2)
    assert kinds(rolled) == ["base"] * 3 + ["skill"]
    assert "A negative gear bonus counts as a negative modifier." in rolled.result["rule"]


def test_the_specialist_skill_rolls_the_roles_attribute(db):
    sheet = MutantSheetFactory(role="gearhead", wits=4, confusion=1, specialist_skill=2)
    rolled = run(actions.skill_roll, sheet, {"skill": "specialist_skill"}, 2, 3, 4, 5, 2)
    assert rolled.label == "Jury Rig"
    assert rolled.inputs["attribute"] == "wits"
    assert kinds(rolled) == ["base"] * 3 + ["skill"] * 2


def test_a_broken_attribute_is_refused_unless_the_player_insists(mutant_sheet):
    mutant_sheet.wits, mutant_sheet.confusion, mutant_sheet.scout = 2, 2, 1
    mutant_sheet.save()
    with pytest.raises(DiceError, match="Wits is broken"):
        run(actions.skill_roll, mutant_sheet, {"skill": "scout"})
    rolled = run(actions.skill_roll, mutant_sheet, {"skill": "scout", "insist": True}, 6)
    assert kinds(rolled) == ["skill"]
    assert rolled.outcome == "1 success"


def test_a_weapon_of_another_sheet_is_refused(mutant_sheet):
    other = MutantWeaponFactory()
    with pytest.raises(DiceError, match="not on this character"):
        run(actions.skill_roll, mutant_sheet, {"skill": "fight", "gear": actions.item_value(other)})


# --- Pushes ----------------------------------------------------------------------------------


def test_a_push_applies_trauma_mutation_points_and_gear_damage(mutant_sheet):
    bat = MutantWeaponFactory(sheet=mutant_sheet, bonus=2, damage=2)
    data = {"skill": "fight", "gear": actions.item_value(bat)}
    # 5 base: 1 2 3 4 5 | 3 skill: 1 2 3 | 2 gear: 1 6
    first = run(actions.skill_roll, mutant_sheet, data, 1, 2, 3, 4, 5, 1, 2, 3, 1, 6)
    roll = record(mutant_sheet, first)
    # re-rolled: base 2 3 4 5 -> 1 6 2 2, skill 1 2 3 -> 6 1 4
    pushed = push(mutant_sheet, roll, 1, 6, 2, 2, 6, 1, 4)
    assert pushed.outcome == "3 successes, 4 damage"
    assert not pushed.pushable
    assert [die["rerolled"] for die in pushed.result["dice"]] == [
        False, True, True, True, True, True, True, True, False, False,
    ]  # fmt: skip
    assert targets(pushed) == {"trauma:strength": 2, "mutation_points": 2, "gear_bonus": -1}
    assert (mutant_sheet.damage, mutant_sheet.mutation_points) == (2, 2)
    bat.refresh_from_db()
    assert bat.bonus == 1
    assert (
        mutant_sheet.history.first().history_change_reason == "Fight with Spiked bat roll, pushed"
    )


def test_a_push_wears_a_gear_line_down_but_never_below_zero(mutant_sheet):
    crowbar = MutantGearLineFactory(sheet=mutant_sheet, name="Crowbar", bonus=1)
    mutant_sheet.strength, mutant_sheet.force = 1, 0
    mutant_sheet.save()
    data = {"skill": "force", "gear": actions.item_value(crowbar)}
    first = record(mutant_sheet, run(actions.skill_roll, mutant_sheet, data, 4, 3))
    pushed = push(mutant_sheet, first, 5, 1)
    crowbar.refresh_from_db()
    assert crowbar.bonus == 0
    (wear,) = [e for e in pushed.effects if e["target"] == "gear_bonus"]
    assert wear["amount"] == -1 and "Crowbar gear bonus 1 \u2192 0" in wear["note"]


def test_push_trauma_beyond_the_attribute_score_is_capped_and_the_note_says_so(mutant_sheet):
    mutant_sheet.empathy, mutant_sheet.doubt, mutant_sheet.manipulate = 3, 1, 0
    mutant_sheet.save()
    first = record(mutant_sheet, run(actions.skill_roll, mutant_sheet, {"skill": "manipulate"},
                                     1, 3))  # fmt: skip
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(doubt=2)  # the GM adds doubt meanwhile
    pushed = push(mutant_sheet, first, 1)  # two base-die 1s, but room for one trauma
    (trauma,) = [e for e in pushed.effects if e["target"] == "trauma:empathy"]
    assert trauma["amount"] == 1
    assert "capped at +1" in trauma["note"]
    assert mutant_sheet.doubt == mutant_sheet.empathy == 3
    assert mutant_sheet.mutation_points == 2


def test_a_pushed_roll_cannot_be_pushed_again(mutant_sheet):
    first = record(mutant_sheet, run(actions.skill_roll, mutant_sheet, {"skill": "endure"},
                                     2, 2, 2, 2, 2, 2, 2))  # fmt: skip
    pushed = record(mutant_sheet, push(mutant_sheet, first, 3, 3, 3, 3, 3, 3, 3), first)
    with pytest.raises(DiceError):
        push(mutant_sheet, pushed)
    first.refresh_from_db()
    with pytest.raises(DiceError):
        push(mutant_sheet, first)


def test_a_roll_of_another_character_cannot_be_pushed_on_this_sheet(mutant_sheet):
    other = MutantSheetFactory()
    roll = record(other, run(actions.skill_roll, other, {"skill": "move"}, 2, 2, 2))
    with pytest.raises(DiceError, match="another character"):
        push(mutant_sheet, roll)


def test_an_armor_roll_cannot_be_pushed(mutant_sheet):
    mutant_sheet.armor_rating = 1
    mutant_sheet.save()
    armor = record(mutant_sheet, run(actions.armor_roll, mutant_sheet, {"incoming": 1}, 3))
    with pytest.raises(DiceError, match="armor and rot"):
        push(mutant_sheet, armor)


# --- Armor -------------------------------------------------------------------------------------


def test_an_armor_roll_absorbs_damage_wears_the_armor_and_hurts_strength(mutant_sheet):
    mutant_sheet.armor_name, mutant_sheet.armor_rating = "Scrap armor", 3
    mutant_sheet.save()
    rolled = run(actions.armor_roll, mutant_sheet, {"incoming": 3, "apply_damage": True}, 6, 1, 4)
    assert rolled.outcome == "Absorbed 1 of 3 damage"
    assert [d["counts"] for d in rolled.result["dice"]] == ["absorbs", "rating loss", ""]
    assert (mutant_sheet.armor_rating, mutant_sheet.damage) == (2, 2)
    assert targets(rolled) == {"armor_rating": -1, "trauma:strength": 2}
    assert not rolled.pushable


def test_natural_armor_keeps_its_rating(mutant_sheet):
    mutant_sheet.armor_rating, mutant_sheet.armor_natural = 2, True
    mutant_sheet.save()
    run(actions.armor_roll, mutant_sheet, {"incoming": 2, "apply_damage": False}, 1, 1)
    assert (mutant_sheet.armor_rating, mutant_sheet.damage) == (2, 0)


# --- Rot ---------------------------------------------------------------------------------------


def test_krin_example_end_to_end_on_a_sheet(mutant_sheet):
    """Four rot events (1, 2, 3 then 4 base dice, two 1s on the last), then a wash."""
    events = [
        ({"points": 1, "source": "level1"}, (3,)),
        ({"points": 1, "source": "level2"}, (2, 5)),
        ({"points": 1, "source": "attack"}, (4, 2, 3)),
        ({"points": 1, "source": "level1"}, (1, 6, 1, 4)),
    ]
    for data, faces in events:
        rolled = run(actions.rot_event, mutant_sheet, data, *faces)
        assert kinds(rolled) == ["base"] * len(faces)
    assert rolled.outcome == "1 rot point, 2 damage"
    assert rolled.label == "Rot: 1 point, rot level 1"
    assert (mutant_sheet.damage, mutant_sheet.rot_temporary, mutant_sheet.rot_permanent) == (
        2, 4, 0,
    )  # fmt: skip

    washed = run(actions.decontaminate, mutant_sheet, {"method": "wash"}, 1, 4)
    assert (mutant_sheet.rot_permanent, mutant_sheet.rot_temporary) == (1, 2)
    assert washed.outcome == "1 removed, 1 permanent"
    assert targets(washed) == {"rot_temporary": -2, "rot_permanent": 1}
    assert mutant_sheet.history.first().history_change_reason == "Decontamination roll"


def test_rot_resistant_and_a_rot_suit_protect_and_the_suit_wears(mutant_sheet):
    MutantTalentFactory(sheet=mutant_sheet, name="rot resistant")
    mutant_sheet.rot_suit_name, mutant_sheet.rot_suit_rating = "Rot suit", 2
    mutant_sheet.save()
    # point 1: skill 2 3 4, gear 1 6 -> absorbed, suit 2 -> 1
    # point 2: skill 2 2 2, gear 3 -> through; rot roll of 1 die: 5
    rolled = run(actions.rot_event, mutant_sheet, {"points": 2, "source": "level2"},
                 2, 3, 4, 1, 6, 2, 2, 2, 3, 5)  # fmt: skip
    assert (mutant_sheet.rot_suit_rating, mutant_sheet.rot_temporary, mutant_sheet.damage) == (
        1, 1, 0,
    )  # fmt: skip
    assert [group["label"] for group in rolled.result["dice_groups"]] == [
        "Protection, point 1", "Protection, point 2", "Rot roll",
    ]  # fmt: skip
    assert targets(rolled) == {"rot_suit_rating": -1, "rot_temporary": 1}


def test_rot_eater_gains_the_points_but_takes_no_damage(mutant_sheet):
    MutantMutationFactory(sheet=mutant_sheet, name="ROT-EATER")
    run(actions.rot_event, mutant_sheet, {"points": 1, "source": "attack"}, 1)
    assert (mutant_sheet.rot_temporary, mutant_sheet.damage) == (1, 0)


def test_rot_points_beyond_the_ten_boxes_are_capped_with_a_note(mutant_sheet):
    mutant_sheet.rot_temporary, mutant_sheet.rot_permanent = 7, 2
    mutant_sheet.save()
    rolled = run(actions.rot_event, mutant_sheet, {"points": 3, "source": "level3"}, *[3] * 10)
    assert (mutant_sheet.rot_temporary, mutant_sheet.rot_permanent) == (8, 2)
    (rot,) = [e for e in rolled.effects if e["target"] == "rot_temporary"]
    assert rot["amount"] == 1 and "capped" in rot["note"]


def test_rot_damage_never_takes_strength_trauma_above_the_score(mutant_sheet):
    mutant_sheet.damage = 4  # Strength 5
    mutant_sheet.rot_temporary = 2
    mutant_sheet.save()
    rolled = run(actions.rot_event, mutant_sheet, {"points": 1, "source": "attack"}, 1, 1, 1)
    assert mutant_sheet.damage == 5
    (trauma,) = [e for e in rolled.effects if e["target"] == "trauma:strength"]
    assert trauma["amount"] == 1 and "broken" in trauma["note"]


def test_a_day_in_the_ark_removes_one_temporary_point(mutant_sheet):
    mutant_sheet.rot_temporary = 3
    mutant_sheet.save()
    run(actions.decontaminate, mutant_sheet, {"method": "day"}, 4)
    assert (mutant_sheet.rot_temporary, mutant_sheet.rot_permanent) == (2, 0)


# --- Mutations --------------------------------------------------------------------------------


def test_a_mutation_roll_spends_points_and_a_misfire_offers_damage_or_doubt(mutant_sheet):
    mutant_sheet.mutation_points = 3
    mutant_sheet.save()
    rolled = run(actions.mutation_roll, mutant_sheet, {"points": 2, "mutation": "Pathokinesis"},
                 4, 1)  # fmt: skip
    assert mutant_sheet.mutation_points == 1
    assert rolled.outcome == "Misfire!"
    assert [value for value, _ in rolled.result["choices"]] == ["damage", "doubt"]
    assert [d["counts"] for d in rolled.result["dice"]] == ["", "misfire"]

    roll = record(mutant_sheet, rolled)
    with transaction.atomic():
        locked = MutantSheet.objects.select_for_update().get(pk=mutant_sheet.pk)
        effects = actions.choose(locked, roll, {"choice": "doubt"})
        roll.save()  # the roll view saves the roll the choice updated
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.doubt == 1
    assert effects[0]["target"] == "trauma:empathy"
    roll.refresh_from_db()
    assert roll.result["chosen"] == "doubt" and roll.result["choices"] == []
    with pytest.raises(DiceError, match="already"):
        actions.choose(mutant_sheet, roll, {"choice": "damage"})


def test_a_roll_without_misfire_offers_nothing_to_choose(mutant_sheet):
    mutant_sheet.mutation_points = 1
    mutant_sheet.save()
    roll = record(mutant_sheet, run(actions.mutation_roll, mutant_sheet, {"points": 1}, 5))
    assert "choices" not in roll.result
    with pytest.raises(DiceError, match="nothing to choose"):
        actions.choose(mutant_sheet, roll, {"choice": "damage"})


def test_a_mutation_roll_cannot_spend_points_the_sheet_lacks(mutant_sheet):
    with pytest.raises(DiceError, match="Only 0 mutation points"):
        run(actions.mutation_roll, mutant_sheet, {"points": 1})


# --- D6 and D66 --------------------------------------------------------------------------------


def test_d6_and_d66(mutant_sheet):
    d6 = run(actions.d6_roll, mutant_sheet, {"count": 3}, 2, 5, 6)
    assert (d6.label, d6.outcome) == ("3D6", "Total 13")
    d66 = run(actions.d66_roll, mutant_sheet, {}, 3, 5)
    assert d66.outcome == "D66: 35"
    assert kinds(d66) == ["skill", "base"]
