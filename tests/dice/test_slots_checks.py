"""Slots: what each check suggests from the slot rolled.

The seed has no worked example with dice faces; the scenarios below follow its own
illustrations (a sack of coins, a tambourine, a chainmail shirt; dogs that smell;
tremorsense; a bomb or potion that breaks in a fall) with scripted dice.
"""

import pytest

from sheets.systems.dice.core import DiceError, Effect, ScriptedRNG
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots.dice import (
    Beseech,
    Block,
    Concentrate,
    Dodge,
    Fall,
    Grit,
    Idea,
    Item,
    Morale,
    Sheet,
    Sneak,
    Traverse,
    fall,
    fall_dice,
    resolve,
    resolve_fall,
    resolve_roll,
    roll_check,
)


def words(value):
    """A stored saying in English, as a reader of the default language sees it."""
    return put_into_words(value)


def english(effect):
    return Effect(effect.target, effect.amount, put_into_words(effect.note))


CHAINMAIL = Item("chainmail shirt", ("heavy armor", "heavy", "noisy", "rigid"))
LEATHER = Item("leather jerkin", ("light armor", "flammable"))
SHIELD = Item("shield", ("shield", "rigid", "blunt"))
SWORD = Item("sword", ("weapon", "rigid", "sharp"))
COINS = Item("sack of coins", ("noisy", "heavy"))
TAMBOURINE = Item("tambourine", ("noisy",))
CHEESE = Item("ripe cheese", ("smelly",))
ROPE = Item("rope", ("flammable",))
HAMMER = Item("hammer", ("blunt", "rigid"))
BEDROLL = Item("bedroll", ("cushioning", "flammable"))
BOMB = Item("bomb", ("fragile", "rigid"))
POTION = Item("healing potion", ("fragile", "rigid"))
AMULET = Item("glowing amulet", (), traits=("magical",))

SNEAK = Sneak(obscured=True)


def targets(resolution) -> list[str]:
    return [effect.target for effect in resolution.effects]


# --- Every gear check --------------------------------------------------------------------


@pytest.mark.parametrize("check", [Traverse(), SNEAK, Block("strike"), Dodge("grab")])
def test_a_gear_roll_of_one_always_fails_whatever_the_sheet_holds(check):
    result = resolve(Sheet.empty(), check, 1)
    assert not result.success
    assert words(result.slot) == "no slot (a 1)"
    assert words(result.reason) == "A 1 always fails a gear check."


def test_a_gear_check_on_a_closed_wound_fails_and_the_wound_reopens():
    sheet = Sheet.empty().with_gear(4, wound="closed")
    result = resolve(sheet, Dodge("grab"), 4)
    assert not result.success
    assert english(result.effects[0]) == Effect(
        "reopen wound:gear 4",
        1,
        "gear slot 4 (lower torso) is marked with a closed wound: "
        "the check fails and the wound reopens",
    )
    assert "wounds and conditions of the attack" in targets(result)


def test_a_gear_check_on_an_open_wound_fails_and_the_bleeding_progresses():
    sheet = Sheet.empty().with_gear(5, wound="open", condition="bleeding")
    result = resolve(sheet, Traverse(), 5)
    assert not result.success
    assert targets(result) == ["bleeding worsens:gear 5", "stumble", "exhaustion"]


@pytest.mark.parametrize(("check", "face"), [(Traverse(), 13), (Traverse(), 0), (Grit(), 5)])
def test_a_face_the_die_cannot_show_is_refused(check, face):
    with pytest.raises(DiceError, match="cannot come up"):
        resolve(Sheet.empty(), check, face)


def test_a_bool_is_not_a_face():
    with pytest.raises(DiceError, match="cannot come up"):
        resolve(Sheet.empty(), Beseech(), True)


# --- Traverse ----------------------------------------------------------------------------


def test_traverse_succeeds_on_contents_that_are_not_heavy_and_still_marks_exhaustion():
    result = resolve(Sheet.empty().holding(9, ROPE), Traverse(), 9)
    assert result.success and result.outcome == "moves safely"
    assert targets(result) == ["exhaustion"]
    assert (
        words(result.reason)
        == "Gear slot 9 (pack) holds rope, nothing heavy: you move where you intended."
    )


def test_traverse_fails_on_heavy_contents_with_a_stumble_and_exhaustion():
    result = resolve(Sheet.empty().holding(11, COINS), Traverse(), 11)
    assert not result.success and result.outcome == "stumbles"
    assert targets(result) == ["stumble", "exhaustion"]
    assert "sack of coins, heavy" in words(result.reason)


def test_traverse_fails_on_a_slot_already_marked_with_exhaustion():
    result = resolve(Sheet.empty().with_gear(5, condition="exhaustion"), Traverse(), 5)
    assert not result.success
    assert words(result.reason) == "Gear slot 5 (legs and feet) is marked with exhaustion."


# --- Sneak -------------------------------------------------------------------------------


@pytest.mark.parametrize("item", [COINS, TAMBOURINE, CHAINMAIL])
def test_sneak_fails_on_noisy_contents_when_the_foes_can_hear(item):
    result = resolve(Sheet.empty().holding(10, item), SNEAK, 10)
    assert not result.success and targets(result) == ["noticed"]
    assert f"{item.name} (noisy) can be heard" in words(result.reason)


def test_sneak_ignores_noise_when_the_foes_cannot_hear():
    deaf = Sneak(can_hear=False, obscured=True)
    assert resolve(Sheet.empty().holding(10, TAMBOURINE), deaf, 10).success


def test_rigid_items_in_adjacent_slots_count_as_noisy_unless_wrapped():
    sheet = Sheet.empty().holding(7, SWORD).holding(6, HAMMER)
    assert not resolve(sheet, SNEAK, 7).success
    assert "clank" in words(resolve(sheet, SNEAK, 7).reason)
    wrapped = Item("hammer", ("blunt", "rigid"), wrapped=True)
    assert resolve(sheet.holding(6, wrapped), SNEAK, 7).success


def test_sneak_fails_on_smelly_contents_only_against_foes_that_smell():
    sheet = Sheet.empty().holding(12, CHEESE)
    assert resolve(sheet, SNEAK, 12).success
    dogs = Sneak(can_smell=True, inattentive=True)
    assert not resolve(sheet, dogs, 12).success


def test_sneak_fails_on_contents_apparent_to_an_exotic_sense():
    sheet = Sheet.empty().holding(3, AMULET)
    assert resolve(sheet, SNEAK, 3).success
    aura_sensitive = Sneak(obscured=True, exotic_traits=("Magical",))
    result = resolve(sheet, aura_sensitive, 3)
    assert not result.success and "glowing amulet stands out" in words(result.reason)


def test_sneak_needs_cover_or_inattentive_foes():
    with pytest.raises(DiceError, match="obscured from view or the foes inattentive"):
        Sneak()


def test_sneak_with_cover_and_inattentive_foes_gets_advantage():
    assert Sneak(obscured=True).situational_advantages() == 0
    assert Sneak(obscured=True, inattentive=True).situational_advantages() == 1


def test_ambient_noise_and_smell_give_advantage_against_the_senses_that_matter():
    noisy = Sneak(obscured=True, ambient_noisy=True, ambient_smelly=True)
    assert noisy.situational_advantages() == 1
    everything = Sneak(
        obscured=True, inattentive=True, can_smell=True, ambient_noisy=True, ambient_smelly=True
    )
    assert everything.situational_advantages() == 3
    rolled = roll_check(ScriptedRNG([4, 5, 6]), Sheet.empty(), everything)
    assert rolled.advantages == 2 and len(rolled.dice) == 3  # no more than two stack


# --- Block -------------------------------------------------------------------------------


def test_block_with_heavy_armor_donned_blocks_any_attack():
    sheet = Sheet.empty().holding(3, CHAINMAIL)
    for attack in ("strike", "missile"):
        result = resolve(sheet, Block(attack), 3)
        assert result.success and result.outcome == "blocked" and result.effects == ()


def test_heavy_armor_carried_in_the_pack_is_not_donned_and_cannot_block():
    result = resolve(Sheet.empty().holding(9, CHAINMAIL), Block("strike"), 9)
    assert not result.success
    assert targets(result) == ["item dropped or damaged:gear 9", "conditions of the attack"]


def test_a_shield_in_grip_blocks_strikes_and_missiles():
    sheet = Sheet.empty().holding(8, SHIELD)
    assert resolve(sheet, Block("missile"), 8).success
    assert resolve(sheet, Block("strike"), 8).success


def test_a_weapon_in_grip_blocks_strikes_but_not_missiles():
    sheet = Sheet.empty().holding(7, SWORD)
    assert resolve(sheet, Block("strike"), 7).outcome == "blocked"
    missed = resolve(sheet, Block("missile"), 7)
    assert not missed.success
    assert targets(missed) == ["open wound:judge's choice", "conditions of the attack"]


def test_light_armor_donned_resists_with_a_closed_wound_in_that_slot():
    result = resolve(Sheet.empty().holding(4, LEATHER), Block("missile"), 4)
    assert result.success and result.outcome == "resisted"
    assert targets(result) == ["closed wound:gear 4"]


def test_a_failed_block_on_a_body_slot_is_an_open_wound_there():
    result = resolve(Sheet.empty(), Block("strike"), 2)
    assert targets(result) == ["open wound:gear 2", "conditions of the attack"]


def test_a_failed_block_on_a_one_is_an_open_wound_of_the_judges_choice():
    result = resolve(Sheet.empty(), Block("strike"), 1)
    assert targets(result) == ["open wound:judge's choice", "conditions of the attack"]


def test_a_failed_block_on_an_empty_pack_slot_costs_only_the_attacks_conditions():
    assert targets(resolve(Sheet.empty(), Block("strike"), 12)) == ["conditions of the attack"]


def test_block_answers_only_a_strike_or_a_missile():
    with pytest.raises(DiceError, match="strike or a missile"):
        Block("grab")


# --- Dodge -------------------------------------------------------------------------------


def test_dodge_succeeds_on_contents_that_are_not_heavy():
    result = resolve(Sheet.empty().holding(8, SHIELD), Dodge("blast"), 8)
    assert result.success and result.outcome == "dodged" and result.effects == ()


def test_dodge_fails_on_heavy_contents_and_suffers_the_whole_attack():
    result = resolve(Sheet.empty().holding(3, CHAINMAIL), Dodge("blast"), 3)
    assert not result.success
    assert targets(result) == ["wounds and conditions of the attack"]


def test_dodge_answers_only_a_grab_or_a_blast():
    with pytest.raises(DiceError, match="grab or a blast"):
        Dodge("missile")


# --- Focus checks ------------------------------------------------------------------------


def test_concentrate_fails_when_the_slot_holds_what_you_concentrate_on():
    sheet = Sheet.empty().thinking(2, Idea("aiming at the troll", "interest", concentrating=True))
    result = resolve(sheet, Concentrate(), 2)
    assert not result.success and result.outcome == "loses concentration"
    assert targets(result) == ["concentration lost:focus 2"]
    assert resolve(sheet, Concentrate(), 1).success


def test_concentrate_holds_on_an_idea_not_being_concentrated_on():
    sheet = Sheet.empty().thinking(3, Idea("Fireball", "spell"))
    assert resolve(sheet, Concentrate(), 3).success


def test_beseech_succeeds_only_on_a_devotion():
    sheet = Sheet.empty().thinking(1, Idea("the Dawn Father", "devotion"))
    sheet = sheet.thinking(2, Idea("my sister", "bond"))
    assert resolve(sheet, Beseech(), 1).outcome == "answered"
    assert not resolve(sheet, Beseech(), 2).success
    assert not resolve(sheet, Beseech(), 3).success


def test_morale_fails_on_terror_and_the_group_marks_terror():
    sheet = Sheet.empty().with_focus(4, condition="terror")
    result = resolve(sheet, Morale(), 4)
    assert not result.success
    assert targets(result) == ["flee, surrender or cower", "terror:allies"]
    assert resolve(sheet, Morale(), 3).success


def test_grit_fails_on_terror_or_an_empty_focus_slot_and_knocks_out():
    sheet = Sheet.empty().thinking(1, Idea("my sister", "bond")).with_focus(2, condition="terror")
    assert resolve(sheet, Grit(), 1).success
    for face in (2, 3):
        result = resolve(sheet, Grit(), face)
        assert not result.success and targets(result) == ["unconscious"]


# --- Fall --------------------------------------------------------------------------------


def test_fall_dice_one_per_ten_feet_solid_twenty_soft_thirty_water():
    assert fall_dice(30, "solid") == 3
    assert fall_dice(40, "soft") == 2
    assert fall_dice(60, "water") == 2
    assert fall_dice(9, "solid") == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [((10, "lava"), "solid, soft or water"), ((-10, "solid"), "cannot be negative")],
)
def test_fall_dice_refuse_impossible_falls(args, message):
    with pytest.raises(DiceError, match=message):
        fall_dice(*args)


def test_a_fall_needs_one_to_twenty_dice():
    with pytest.raises(DiceError, match="needs no fall check"):
        Fall(0)
    with pytest.raises(DiceError, match="cannot be more than 20"):
        Fall(21)


def test_a_fall_reads_every_die_at_once_and_always_ends_prone():
    sheet = Sheet.empty().holding(4, HAMMER).holding(7, SWORD).holding(9, BEDROLL)
    rng = ScriptedRNG([4, 7, 9])
    result = fall(rng, sheet, Fall(3))
    rng.assert_used_up()
    assert [r.outcome for r in result.readings] == ["closed wound", "open wound", "cushioned"]
    assert [e.target for e in result.effects] == [
        "closed wound:gear 4",
        "open wound:judge's choice",
        "prone",
    ]
    assert not result.success and result.outcome == "hurt"


def test_a_sharp_item_in_a_body_slot_opens_a_wound_in_that_slot():
    result = resolve_fall(Sheet.empty().holding(6, SWORD), [6])
    assert [e.target for e in result.effects] == ["open wound:gear 6", "prone"]


def test_an_unharmed_fall_still_leaves_you_prone():
    result = resolve_fall(Sheet.empty(), [2, 12])
    assert result.success and [e.target for e in result.effects] == ["prone"]


def test_things_that_can_break_break_in_a_fall():
    sheet = Sheet.empty().holding(10, BOMB, POTION)
    result = resolve_fall(sheet, [10])
    assert result.success  # breaking is not a wound, though a bomb may go off
    assert [words(e.note) for e in result.effects[:2]] == [
        "bomb breaks in the fall",
        "healing potion breaks in the fall",
    ]


def test_a_cushioning_item_disregards_its_die_entirely():
    sheet = Sheet.empty().holding(9, BEDROLL, POTION)
    assert [e.target for e in resolve_fall(sheet, [9]).effects] == ["prone"]


def test_a_one_on_a_fall_die_is_a_closed_wound_of_the_judges_choice():
    result = resolve_fall(Sheet.empty(), [1])
    assert [e.target for e in result.effects] == ["closed wound:judge's choice", "prone"]


def test_a_fall_die_on_a_wounded_slot_reopens_the_wound():
    result = resolve_fall(Sheet.empty().with_gear(5, wound="closed"), [5])
    assert result.readings[0].outcome == "reopened wound"
    assert [e.target for e in result.effects] == ["reopen wound:gear 5", "prone"]


def test_a_fall_cannot_be_rolled_as_a_single_check():
    with pytest.raises(DiceError, match="all count"):
        roll_check(ScriptedRNG([]), Sheet.empty(), Fall(2))


def test_resolving_a_roll_of_another_check_is_refused():
    rolled = roll_check(ScriptedRNG([3]), Sheet.empty(), Traverse())
    with pytest.raises(DiceError, match="was a traverse check"):
        resolve_roll(Sheet.empty(), Dodge("grab"), rolled)
