"""Slots: wounds, bleeding and the other conditions over a sheet state."""

import pytest

from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots.dice import (
    Block,
    Change,
    Dodge,
    Item,
    Sheet,
    Traverse,
    apply_effects,
    bleed,
    bleed_every_open_wound,
    bleeding_candidates,
    clear_condition,
    condition_candidates,
    extinguish,
    fire_round,
    focus,
    gear,
    ignite,
    mark_condition,
    remove_mark,
    reopen_wound,
    resolve,
    take_wound,
    treat_wound,
)


def words(value):
    """A stored saying in English, as a reader of the default language sees it."""
    return put_into_words(value)


def english(effect):
    return Effect(effect.target, effect.amount, put_into_words(effect.note))


ROPE = Item("rope", ("flammable",))
LEATHER = Item("leather jerkin", ("light armor", "flammable"))
TORCH = Item("torch", ("flammable", "blunt"))
DAGGER = Item("dagger", ("weapon", "sharp", "rigid"))


def targets(change: Change) -> list[str]:
    return [effect.target for effect in change.effects]


def marks(sheet: Sheet) -> dict[str, str]:
    found = {str(gear(s.number)): s.condition for s in sheet.gear if s.condition}
    found |= {str(focus(s.number)): s.condition for s in sheet.focus if s.condition}
    return found


def repeat(sheet: Sheet, times: int, step, *args) -> Change:
    change = Change(sheet)
    for _ in range(times):
        change = change.then(step, *args)
    return change


# --- Wounds ------------------------------------------------------------------------------


def test_an_open_wound_marks_its_own_slot_with_bleeding():
    change = take_wound(Sheet.empty(), 4, "open")
    assert change.sheet.gear_slot(4).wound == "open"
    assert targets(change) == ["open wound:gear 4", "bleeding:gear 4"]
    assert marks(change.sheet) == {"gear 4": "bleeding"}


def test_a_closed_wound_does_not_bleed():
    change = take_wound(Sheet.empty(), 3, "closed")
    assert targets(change) == ["closed wound:gear 3"]
    assert marks(change.sheet) == {}


def test_wounds_go_in_body_slots_only():
    with pytest.raises(DiceError, match="body slots only"):
        take_wound(Sheet.empty(), 8, "open")
    with pytest.raises(DiceError, match="open or closed"):
        take_wound(Sheet.empty(), 3, "deep")


def test_a_wound_to_an_already_wounded_slot_calls_for_a_grit_check():
    sheet = Sheet.empty().with_gear(3, wound="closed")
    change = take_wound(sheet, 3, "closed")
    assert targets(change) == ["grit check"]
    assert change.sheet.gear_slot(3).wound == "closed"


def test_an_open_wound_on_a_closed_one_opens_it_and_bleeds():
    sheet = Sheet.empty().with_gear(3, wound="closed")
    change = take_wound(sheet, 3, "open")
    assert targets(change) == [
        "grit check",
        "closed wound:gear 3",
        "open wound:gear 3",
        "bleeding:gear 3",
    ]
    assert [e.amount for e in change.effects[1:3]] == [-1, 1]


def test_treating_an_open_wound_closes_it_and_stops_it_bleeding():
    change = take_wound(Sheet.empty(), 5, "open").then(treat_wound, 5)
    assert change.sheet.gear_slot(5).wound == "closed"
    assert bleed_every_open_wound(change.sheet).effects == ()
    with pytest.raises(DiceError, match="no open wound to treat"):
        treat_wound(change.sheet, 5)


def test_a_reopened_wound_bleeds_again():
    sheet = Sheet.empty().with_gear(5, wound="closed")
    change = reopen_wound(sheet, 5)
    assert targets(change) == ["closed wound:gear 5", "open wound:gear 5", "bleeding:gear 5"]
    with pytest.raises(DiceError, match="no closed wound to reopen"):
        reopen_wound(Sheet.empty(), 5)


# --- Bleeding ----------------------------------------------------------------------------


def test_bleeding_from_the_legs_climbs_to_the_head_then_kills():
    change = take_wound(Sheet.empty(), 5, "open")
    change = repeat(change.sheet, 4, bleed_every_open_wound)
    assert targets(change) == ["bleeding:gear 4", "bleeding:gear 3", "bleeding:gear 2", "dead"]


def test_bleeding_marks_only_slots_closer_to_the_head_than_the_wound():
    sheet = take_wound(Sheet.empty(), 4, "open").sheet
    assert bleeding_candidates(sheet, 4) == (gear(3),)
    with pytest.raises(DiceError, match="bleeding cannot go in gear 5"):
        bleed(sheet, 4, to=gear(5))


def test_bleeding_from_the_arm_may_go_to_the_upper_torso_then_either_way():
    sheet = take_wound(Sheet.empty(), 6, "open").sheet
    assert bleeding_candidates(sheet, 6) == (gear(3),)
    sheet = bleed(sheet, 6).sheet
    assert bleeding_candidates(sheet, 6) == (gear(2), gear(4))
    assert marks(bleed(sheet, 6, to=gear(2)).sheet)["gear 2"] == "bleeding"


def test_an_open_wound_in_a_slot_holding_another_condition_bleeds_toward_the_head():
    sheet = Sheet.empty().with_gear(4, condition="exhaustion")
    change = take_wound(sheet, 4, "open")
    assert targets(change) == ["open wound:gear 4", "bleeding:gear 3"]


def test_a_head_wound_that_keeps_bleeding_kills():
    change = take_wound(Sheet.empty(), 2, "open").then(bleed_every_open_wound)
    assert targets(change)[-1] == "dead"


def test_only_an_open_wound_bleeds():
    with pytest.raises(DiceError, match="no open wound to bleed from"):
        bleed(Sheet.empty().with_gear(4, wound="closed"), 4)


# --- Conditions --------------------------------------------------------------------------


def test_each_slot_holds_one_condition_so_worsening_picks_a_free_adjacent_slot():
    sheet = Sheet.empty().with_gear(5, condition="exhaustion").with_gear(4, condition="hunger")
    assert condition_candidates(sheet, "exhaustion") == ()
    assert targets(mark_condition(sheet, "exhaustion")) == ["dead"]
    with pytest.raises(DiceError, match="exhaustion cannot go in gear 2; allowed: gear 4"):
        mark_condition(Sheet.empty().with_gear(5, condition="exhaustion"), "exhaustion", gear(2))


def test_a_first_exhaustion_mark_may_go_in_any_free_body_slot():
    sheet = Sheet.empty().with_gear(3, condition="bleeding")
    assert condition_candidates(sheet, "exhaustion") == (gear(2), gear(4), gear(5), gear(6))
    change = mark_condition(sheet, "exhaustion", gear(5))
    assert targets(change) == ["exhaustion:gear 5"]


def test_exhaustion_on_every_body_slot_is_unconscious_and_one_more_is_death():
    change = repeat(Sheet.empty(), 6, mark_condition, "exhaustion")
    assert targets(change)[-2:] == ["unconscious", "dead"]
    assert set(marks(change.sheet).values()) == {"exhaustion"}


def test_hunger_worsens_to_a_lower_slot_each_time():
    sheet = Sheet.empty().with_gear(4, condition="hunger")
    assert condition_candidates(sheet, "hunger") == (gear(3),)
    sheet = Sheet.empty().with_gear(2, condition="hunger")
    assert targets(mark_condition(sheet, "hunger")) == ["dead"]


def test_ice_starts_in_the_foot_or_hand_slot():
    assert condition_candidates(Sheet.empty(), "ice") == (gear(5), gear(6))
    with pytest.raises(DiceError, match="ice cannot go in gear 3"):
        mark_condition(Sheet.empty(), "ice", gear(3))


def test_worsening_ice_takes_a_treated_wound_in_a_slot_marked_with_ice():
    sheet = mark_condition(Sheet.empty(), "ice", gear(5)).sheet
    change = mark_condition(sheet, "ice", frostbite=5)
    assert targets(change) == ["ice:gear 4", "closed wound:gear 5"]
    with pytest.raises(DiceError, match="frostbite goes in a slot marked with ice"):
        mark_condition(sheet, "ice", frostbite=2)


def test_ice_on_every_body_slot_is_unconscious():
    change = repeat(Sheet.empty(), 5, mark_condition, "ice")
    assert targets(change)[-1] == "unconscious"


def test_suffocation_reaching_the_head_is_unconscious_and_breathing_clears_it():
    sheet = Sheet.empty().with_gear(3, condition="suffocation")
    change = mark_condition(sheet, "suffocation", gear(2))
    assert targets(change) == ["suffocation:gear 2", "unconscious"]
    cleared = clear_condition(change.sheet, "suffocation")
    assert marks(cleared.sheet) == {}
    assert [e.amount for e in cleared.effects] == [-1, -1]


def test_terror_marks_a_focus_slot_and_calls_for_a_morale_check():
    change = mark_condition(Sheet.empty(), "terror")
    assert targets(change) == ["terror:focus 1", "morale check"]


def test_terror_that_cannot_be_marked_calls_for_a_morale_check_not_death():
    change = repeat(Sheet.empty(), 5, mark_condition, "terror")
    assert targets(change)[-1] == "morale check"
    assert "dead" not in targets(change)


def test_corruption_spreads_from_a_full_focus_to_the_head():
    sheet = Sheet.empty()
    for number in range(1, 5):
        sheet = sheet.with_focus(number, condition="corruption")
    assert condition_candidates(sheet, "corruption") == (gear(2),)


def test_corruption_spreads_from_a_full_body_to_the_focus():
    sheet = Sheet.empty()
    for number in range(2, 7):
        sheet = sheet.with_gear(number, condition="corruption")
    assert condition_candidates(sheet, "corruption") == tuple(focus(n) for n in range(1, 5))


def test_bleeding_and_fire_are_not_marked_directly():
    with pytest.raises(DiceError, match="open wounds"):
        mark_condition(Sheet.empty(), "bleeding")
    with pytest.raises(DiceError, match="set it on fire"):
        mark_condition(Sheet.empty(), "fire")
    with pytest.raises(DiceError, match="unknown condition"):
        condition_candidates(Sheet.empty(), "gout")


def test_by_default_a_mark_goes_as_far_from_the_head_as_the_layout_allows():
    change = repeat(Sheet.empty(), 3, mark_condition, "exhaustion")
    assert targets(change) == ["exhaustion:gear 5", "exhaustion:gear 4", "exhaustion:gear 3"]


def test_a_mark_can_be_removed_one_slot_at_a_time():
    sheet = repeat(Sheet.empty(), 2, mark_condition, "exhaustion").sheet
    change = remove_mark(sheet, gear(5))
    assert tuple(map(english, change.effects)) == (
        Effect("exhaustion:gear 5", -1, "exhaustion removed from gear slot 5 (legs and feet)"),
    )
    assert marks(change.sheet) == {"gear 4": "exhaustion"}
    with pytest.raises(DiceError, match="not marked"):
        remove_mark(change.sheet, gear(5))


# --- Fire --------------------------------------------------------------------------------


def test_only_flammable_contents_ignite():
    with pytest.raises(DiceError, match="nothing flammable"):
        ignite(Sheet.empty().holding(7, DAGGER), 7)
    assert targets(ignite(Sheet.empty().holding(7, TORCH), 7)) == ["fire:gear 7"]


def test_fire_spreads_to_adjacent_flammable_slots_each_round():
    sheet = Sheet.empty().holding(7, TORCH).holding(6, ROPE).holding(3, LEATHER).holding(8, DAGGER)
    sheet = ignite(sheet, 7).sheet
    first = fire_round(sheet)
    assert "fire:gear 6" in targets(first) and "fire:gear 8" not in targets(first)
    second = fire_round(first.sheet)
    assert "fire:gear 3" in targets(second)


def test_a_slot_on_fire_a_full_round_loses_its_flammable_items_and_takes_a_closed_wound():
    sheet = ignite(Sheet.empty().holding(3, LEATHER, DAGGER), 3).sheet
    change = fire_round(sheet)
    assert targets(change) == ["item destroyed:gear 3", "closed wound:gear 3"]
    assert change.sheet.gear_slot(3).items == (DAGGER,)


def test_a_slot_still_aflame_after_another_round_has_its_wound_opened():
    sheet = ignite(Sheet.empty().holding(4, LEATHER), 4).sheet
    change = fire_round(sheet).then(fire_round)
    assert targets(change)[-3:] == ["closed wound:gear 4", "open wound:gear 4", "bleeding:gear 3"]


def test_burning_grip_and_pack_items_are_destroyed_without_wounds():
    change = fire_round(ignite(Sheet.empty().holding(10, ROPE), 10).sheet)
    assert targets(change) == ["item destroyed:gear 10"]


def test_putting_the_fire_out_clears_every_fire_mark():
    sheet = ignite(Sheet.empty().holding(7, TORCH).holding(6, ROPE), 7).sheet
    sheet = fire_round(sheet).sheet
    assert marks(extinguish(sheet).sheet) == {}


def test_a_slot_holding_another_condition_does_not_catch_fire():
    sheet = Sheet.empty().holding(5, ROPE).with_gear(5, condition="exhaustion")
    assert ignite(sheet, 5).effects == ()


# --- Applying what a check suggested -----------------------------------------------------


def test_a_failed_block_applied_with_the_judges_slot_wounds_and_bleeds():
    suggestion = resolve(Sheet.empty(), Block("strike"), 1)
    change = apply_effects(Sheet.empty(), suggestion.effects, {"open wound:judge's choice": 3})
    assert targets(change) == ["open wound:gear 3", "bleeding:gear 3", "conditions of the attack"]
    with pytest.raises(DiceError, match="name the body slot"):
        apply_effects(Sheet.empty(), suggestion.effects)


def test_a_traverse_on_an_open_wound_applied_progresses_bleeding_and_marks_exhaustion():
    sheet = take_wound(Sheet.empty(), 5, "open").sheet
    suggestion = resolve(sheet, Traverse(), 5)
    change = apply_effects(sheet, suggestion.effects, {"exhaustion": 6})
    assert targets(change) == ["bleeding:gear 4", "stumble", "exhaustion:gear 6"]


def test_a_dodge_on_a_closed_wound_applied_reopens_it_and_bleeds():
    sheet = Sheet.empty().with_gear(4, wound="closed")
    suggestion = resolve(sheet, Dodge("grab"), 4)
    change = apply_effects(sheet, suggestion.effects)
    assert targets(change) == [
        "closed wound:gear 4",
        "open wound:gear 4",
        "bleeding:gear 4",
        "wounds and conditions of the attack",
    ]
    assert change.sheet.gear_slot(4).wound == "open"
