"""Slots: peoples' layouts as data, tagged items, ideas and the sheet state."""

import json

import pytest

from sheets.systems.dice.core import DiceError, as_data
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots.dice import HUMAN, Idea, Item, Layout, Sheet, Slot, focus, gear


def words(value):
    """A stored saying in English, as a reader of the default language sees it."""
    return put_into_words(value)


SWORD = Item("sword", ("weapon", "rigid", "sharp"))
HELMET = Item("helmet", ("light armor", "rigid", "blunt"))


def goblin() -> Layout:
    return Layout(
        people="goblin",
        focus_slots=3,
        gear_slots=(
            Slot(2, "body", "head"),
            Slot(3, "body", "body"),
            Slot(4, "body", "limbs"),
            Slot(5, "grip", "grip"),
            Slot(6, "pack", "pack"),
        ),
        adjacent=((2, 3), (3, 4), (4, 5)),
        focus_adjacent=((1, 2), (2, 3)),
        head=2,
        extremities=(4,),
    )


def test_a_human_has_four_focus_slots_and_gear_slots_two_to_twelve():
    assert HUMAN.focus_slots == 4
    assert [slot.number for slot in HUMAN.gear_slots] == list(range(2, 13))
    assert (HUMAN.focus_die, HUMAN.gear_die) == (4, 12)


def test_human_body_slots_run_from_the_head_down_then_grip_then_pack():
    names = {slot.number: slot.name for slot in HUMAN.gear_slots if slot.kind == "body"}
    assert names == {
        2: "head",
        3: "upper torso",
        4: "lower torso",
        5: "legs and feet",
        6: "arm and hand",
    }
    kinds = {slot.number: slot.kind for slot in HUMAN.gear_slots}
    assert [n for n, kind in kinds.items() if kind == "grip"] == [7, 8]
    assert [n for n, kind in kinds.items() if kind == "pack"] == [9, 10, 11, 12]
    assert HUMAN.head == 2
    assert HUMAN.extremities == (5, 6)


def test_a_gear_roll_of_one_names_no_slot():
    assert words(HUMAN.label(1)) == "no slot (a 1)"
    with pytest.raises(DiceError, match="no gear slot 1"):
        HUMAN.slot(1)
    with pytest.raises(DiceError, match="no gear slot 13"):
        HUMAN.slot(13)


def test_adjacency_comes_from_the_layout():
    # RULINGS.md: the pack 9-10-11-12 in a row, 9 worn on the back next to 3.
    assert HUMAN.neighbours(3) == (2, 4, 6, 9)
    assert HUMAN.neighbours(6) == (3, 7, 8)
    assert HUMAN.neighbours(9) == (3, 10)
    assert HUMAN.neighbours(11) == (10, 12)
    assert HUMAN.focus_neighbours(2) == (1, 3)


def test_steps_from_the_head_follow_the_adjacency():
    assert [HUMAN.steps_from_head(n) for n in (2, 3, 4, 5, 6, 7)] == [0, 1, 2, 3, 2, 3]
    assert HUMAN.steps_from_head(12) == 5  # the pack hangs from the upper torso


def test_a_people_is_data_and_its_slot_counts_set_its_dice():
    layout = goblin()
    assert (layout.focus_die, layout.gear_die) == (3, 6)
    assert layout.body_slots == (2, 3, 4)
    sheet = Sheet.empty(layout)
    assert [s.number for s in sheet.gear] == [2, 3, 4, 5, 6]
    assert [s.number for s in sheet.focus] == [1, 2, 3]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"gear_slots": (Slot(2, "body", "head"), Slot(4, "body", "legs"))}, "numbered 2, 3"),
        ({"adjacent": ((2, 9),)}, "cannot be adjacent"),
        ({"focus_adjacent": ((3, 4),)}, "cannot be adjacent"),
        ({"head": 5}, "head must be a body slot"),
        ({"extremities": (6,)}, "extremities"),
        ({"focus_slots": 0}, "at least one focus slot"),
    ],
)
def test_a_layout_with_impossible_slots_is_refused(changes, message):
    fields = {
        "people": "goblin",
        "focus_slots": 3,
        "gear_slots": goblin().gear_slots,
        "adjacent": ((2, 3),),
        "focus_adjacent": ((1, 2),),
        "head": 2,
        "extremities": (4,),
    } | changes
    with pytest.raises(DiceError, match=message):
        Layout(**fields)


def test_a_slot_is_a_body_grip_or_pack_slot():
    with pytest.raises(DiceError, match="body, grip or pack"):
        Slot(2, "tail", "tail")


def test_items_carry_the_games_tags_and_refuse_others():
    assert SWORD.has("sharp") and not SWORD.has("blunt")
    assert Item("pole", ["rigid", "heavy", "rigid"]) == Item("pole", ("heavy", "rigid"))
    with pytest.raises(DiceError, match="unknown item tag 'sticky'"):
        Item("glue", ("sticky",))


def test_an_idea_is_a_spell_bond_devotion_or_interest():
    assert Idea("the Dawn Father", "devotion").kind == "devotion"
    with pytest.raises(DiceError, match="spell, bond, devotion or interest"):
        Idea("lunch", "craving")


def test_wounds_go_in_body_slots_only():
    assert Sheet.empty().with_gear(4, wound="open").gear_slot(4).wound == "open"
    with pytest.raises(DiceError, match="cannot hold that wound"):
        Sheet.empty().with_gear(7, wound="closed")
    with pytest.raises(DiceError, match="cannot hold that wound"):
        Sheet.empty().with_gear(4, wound="bruised")


def test_each_condition_only_where_the_game_puts_it():
    sheet = Sheet.empty().with_gear(9, condition="fire").with_focus(2, condition="terror")
    assert sheet.marked("fire") == (gear(9),)
    assert sheet.marked("terror") == (focus(2),)
    with pytest.raises(DiceError, match="bleeding cannot be marked in a grip slot"):
        Sheet.empty().with_gear(7, condition="bleeding")
    with pytest.raises(DiceError, match="terror cannot be marked in a body slot"):
        Sheet.empty().with_gear(3, condition="terror")
    with pytest.raises(DiceError, match="exhaustion cannot be marked in a focus slot"):
        Sheet.empty().with_focus(1, condition="exhaustion")


def test_rigid_items_clank_in_the_same_or_an_adjacent_slot_unless_wrapped():
    lone = Sheet.empty().holding(7, SWORD)
    assert not lone.clanks(7)
    assert lone.holding(6, HELMET).clanks(7)
    assert Sheet.empty().holding(9, SWORD, HELMET).clanks(9)
    wrapped = Item("sword", ("weapon", "rigid", "sharp"), wrapped=True)
    assert not lone.holding(7, wrapped).holding(6, HELMET).clanks(6)
    assert not lone.holding(9, HELMET).clanks(7)  # the pack does not touch the hand


def test_a_sheet_is_hashable_and_json_serialisable():
    sheet = (
        Sheet.empty()
        .holding(7, SWORD)
        .with_gear(4, wound="closed", condition="exhaustion")
        .thinking(1, Idea("Fireball", "spell", concentrating=True))
    )
    assert hash(sheet) == hash(
        Sheet.empty()
        .holding(7, SWORD)
        .with_gear(4, wound="closed", condition="exhaustion")
        .thinking(1, Idea("Fireball", "spell", concentrating=True))
    )
    data = json.loads(json.dumps(as_data(sheet)))
    assert data["gear"][5]["items"][0]["tags"] == ["rigid", "sharp", "weapon"]
    assert data["focus"][0]["idea"]["concentrating"] is True


def test_a_sheet_must_match_its_layout():
    with pytest.raises(DiceError, match="gear slots 2-12"):
        Sheet(HUMAN, Sheet.empty().gear[:-1], Sheet.empty().focus)
    with pytest.raises(DiceError, match="focus slots 1-4"):
        Sheet(HUMAN, Sheet.empty().gear, Sheet.empty(goblin()).focus)
    with pytest.raises(DiceError, match="no focus slot 5"):
        Sheet.empty().focus_slot(5)
