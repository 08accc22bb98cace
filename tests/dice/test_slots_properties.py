"""Slots: invariants over random sheets, checks and sequences of markings (hypothesis)."""

import itertools
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.systems.dice.core import DiceError, ScriptedRNG, as_data
from sheets.systems.slots.dice import (
    HUMAN,
    Beseech,
    Block,
    Change,
    Concentrate,
    Dodge,
    FocusSlot,
    GearSlot,
    Grit,
    Idea,
    Item,
    Morale,
    Sheet,
    Sneak,
    Traverse,
    bleed,
    check_odds,
    choose_die,
    cooperate,
    fire_round,
    ignite,
    mark_condition,
    resolve,
    roll_check,
    suggest_die,
    swap_dice,
    take_wound,
)
from sheets.systems.slots.dice.sheet import CONDITION_AREAS, SLOT_KINDS

ITEMS = (
    Item("chainmail shirt", ("heavy armor", "heavy", "noisy", "rigid")),
    Item("leather jerkin", ("light armor", "flammable")),
    Item("shield", ("shield", "rigid", "blunt")),
    Item("sword", ("weapon", "rigid", "sharp")),
    Item("wrapped sword", ("weapon", "rigid", "sharp"), wrapped=True),
    Item("sack of coins", ("noisy", "heavy")),
    Item("ripe cheese", ("smelly",)),
    Item("rope", ("flammable",)),
    Item("bedroll", ("cushioning", "flammable")),
    Item("healing potion", ("fragile", "rigid")),
)
IDEAS = (
    Idea("the Dawn Father", "devotion"),
    Idea("my sister", "bond"),
    Idea("Fireball", "spell", concentrating=True),
    Idea("aiming at the troll", "interest", concentrating=True),
)
GEAR_CHECKS = (
    Traverse(),
    Sneak(obscured=True),
    Sneak(obscured=True, inattentive=True, can_smell=True),
    Block("strike"),
    Block("missile"),
    Dodge("grab"),
)
CHECKS = (*GEAR_CHECKS, Concentrate(), Beseech(), Morale(), Grit())
MARKABLE = ("exhaustion", "hunger", "ice", "suffocation", "corruption", "terror")
QUICK = settings(max_examples=200, deadline=None)


ITEM_SETS = ((), *((item,) for item in ITEMS), *itertools.combinations(ITEMS, 2))


def slot_states(kind: str, marks: bool) -> list[tuple]:
    """Every (items, wound, condition) a gear slot of ``kind`` can hold here."""
    wounds = (None, "open", "closed") if kind == "body" else (None,)
    allowed = sorted(c for c, areas in CONDITION_AREAS.items() if kind in areas)
    marked = (None, *allowed) if marks else (None,)
    return list(itertools.product(ITEM_SETS, wounds, marked))


STATES = {
    (kind, marks): st.sampled_from(slot_states(kind, marks))
    for kind in SLOT_KINDS
    for marks in (True, False)
}
MINDS = list(itertools.product((None, *IDEAS), (None, "terror", "corruption")))
FOCUS_STATES = {
    True: st.sampled_from(MINDS),
    False: st.sampled_from([mind for mind in MINDS if mind[1] is None]),
}


@st.composite
def sheets(draw, marks: bool = True) -> Sheet:
    """A human sheet with random items, wounds and conditions: one draw per slot."""
    gear = tuple(
        GearSlot(slot.number, *draw(STATES[slot.kind, marks])) for slot in HUMAN.gear_slots
    )
    focus = tuple(FocusSlot(n, *draw(FOCUS_STATES[marks])) for n in range(1, 5))
    return Sheet(HUMAN, gear, focus)


@QUICK
@given(sheets(), st.sampled_from(CHECKS))
def test_advantage_never_lowers_the_chance_of_success(sheet, check):
    ladder = [(0, 2), (0, 1), (0, 0), (1, 0), (2, 0)]
    chances = [check_odds(sheet, check, plus, minus).success for plus, minus in ladder]
    assert chances == sorted(chances)


@QUICK
@given(sheets(), st.sampled_from(GEAR_CHECKS))
def test_a_gear_roll_of_one_always_fails(sheet, check):
    assert not resolve(sheet, check, 1).success


@QUICK
@given(sheets(), st.sampled_from(CHECKS), st.integers(0, 2), st.integers(0, 2))
def test_each_outcome_and_each_slot_read_add_up_to_certainty(sheet, check, plus, minus):
    odds = check_odds(sheet, check, plus, minus)
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.slot_read.values()) == 1
    assert 0 <= odds.success <= 1


@QUICK
@given(sheets(), st.sampled_from(CHECKS), st.data())
def test_the_suggested_die_is_the_players_best_and_the_judges_worst(sheet, check, data):
    plus, minus = data.draw(st.sampled_from([(1, 0), (2, 0), (0, 1), (0, 2)]))
    size = HUMAN.gear_die if check.area == "gear" else HUMAN.focus_die
    count = 1 + abs(min(2, plus + check.situational_advantages()) - minus)
    faces = data.draw(st.lists(st.integers(1, size), min_size=count, max_size=count))
    rolled = roll_check(ScriptedRNG(faces), sheet, check, plus, minus)
    suggested = resolve(sheet, check, suggest_die(rolled, sheet, check))
    scores = [resolve(sheet, check, face).score for face in faces]
    expected = max(scores) if rolled.chooser == "player" else min(scores)
    assert suggested.score == expected
    if rolled.chooser is not None:  # sneak's own advantage may cancel the disadvantage
        picked = choose_die(rolled, suggested.face, by=rolled.chooser)
        assert json.loads(json.dumps(as_data(picked)))["chosen"] == faces.index(suggested.face)


@QUICK
@given(sheets(), st.sampled_from(CHECKS), st.integers(1, 12))
def test_every_reading_is_json_serialisable_and_names_its_check(sheet, check, face):
    size = HUMAN.gear_die if check.area == "gear" else HUMAN.focus_die
    if face > size:
        return
    result = resolve(sheet, check, face)
    data = json.loads(json.dumps(as_data(result)))
    assert data["check"] == check.name and data["face"] == face


STEPS = st.one_of(
    st.tuples(st.just("mark"), st.sampled_from(MARKABLE)),
    st.tuples(st.just("wound"), st.integers(2, 6), st.sampled_from(("open", "closed"))),
    st.tuples(st.just("ignite"), st.integers(2, 12)),
    st.tuples(st.just("fire round")),
)


def step(sheet: Sheet, move: tuple) -> Change:
    if move[0] == "mark":
        return mark_condition(sheet, move[1])
    if move[0] == "wound":
        return take_wound(sheet, move[1], move[2])
    if move[0] == "ignite":
        if not sheet.gear_slot(move[1]).has("flammable"):
            return Change(sheet)
        return ignite(sheet, move[1])
    return fire_round(sheet)


def conditions(sheet: Sheet) -> dict[str, str]:
    found = {f"gear {s.number}": s.condition for s in sheet.gear if s.condition}
    return found | {f"focus {s.number}": s.condition for s in sheet.focus if s.condition}


@QUICK
@given(sheets(), st.lists(STEPS, max_size=12))
def test_a_marked_slot_keeps_its_one_condition_through_any_sequence_of_markings(sheet, moves):
    for move in moves:
        before = conditions(sheet)
        change = step(sheet, move)
        after = conditions(change.sheet)
        assert all(after.get(ref) == condition for ref, condition in before.items())
        new_marks = [e.target.partition(":")[2] for e in change.effects if _is_mark(e)]
        assert not set(new_marks) & set(before)  # never marked over another condition
        assert len(new_marks) == len(set(new_marks)) == len(after) - len(before)
        sheet = change.sheet


def _is_mark(effect) -> bool:
    what, _, where = effect.target.partition(":")
    return what in CONDITION_AREAS and where[:5] in ("gear ", "focus") and effect.amount == 1


@QUICK
@given(sheets(), st.lists(st.integers(2, 6), max_size=8))
def test_bleeding_only_moves_toward_the_head(sheet, wounds):
    for wound in wounds:
        if sheet.gear_slot(wound).wound != "open":
            continue
        bleeding = {ref.number for ref in sheet.marked("bleeding")} | {wound}
        change = bleed(sheet, wound)
        for effect in change.effects:
            if effect.target.startswith("bleeding:gear "):
                marked = int(effect.target.removeprefix("bleeding:gear "))
                assert marked == wound or (
                    marked < wound and bleeding & set(HUMAN.neighbours(marked))
                )
            else:
                assert effect.target == "dead"
                free_closer = [
                    n
                    for n in HUMAN.body_slots
                    if n < wound
                    and sheet.gear_slot(n).condition is None
                    and bleeding & set(HUMAN.neighbours(n))
                ]
                assert sheet.gear_slot(wound).condition is not None and not free_closer
        sheet = change.sheet


@QUICK
@given(sheets(marks=False), st.lists(st.sampled_from(("hunger",)), min_size=1, max_size=6))
def test_hunger_marks_a_lower_slot_each_time(sheet, marks):
    lowest = 99
    for condition in marks:
        change = mark_condition(sheet, condition)
        for effect in change.effects:
            if effect.target.startswith("hunger:gear "):
                number = int(effect.target.removeprefix("hunger:gear "))
                assert number < lowest
                lowest = number
        sheet = change.sheet


@QUICK
@given(
    st.lists(st.integers(1, 12), min_size=3, max_size=3),
    st.lists(st.tuples(st.sampled_from("ABC"), st.sampled_from("ABC")), max_size=4),
)
def test_exchanges_keep_every_die_in_the_group_and_one_exchange_per_character(faces, pairs):
    rolls = {
        name: roll_check(ScriptedRNG([face]), Sheet.empty(), Block("strike"))
        for name, face in zip("ABC", faces, strict=True)
    }
    group = cooperate(rolls)
    for first, second in pairs:
        try:
            group = swap_dice(
                group, first, group.roll_of(first).faces[0], second, group.roll_of(second).faces[0]
            )
        except DiceError:
            continue
    assert Counter(f for m in group.members for f in m.roll.faces) == Counter(faces)
    taking_part = Counter(name for s in group.swaps for name in (s.first, s.second))
    assert all(count == 1 for count in taking_part.values())
