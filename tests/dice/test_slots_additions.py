"""Engine additions for the sheet: the insanity check, disease and poison marks."""

from sheets.systems.slots.dice import HUMAN, Insanity, Sheet, focus, gear, mark_condition, resolve


def test_insanity_fails_on_a_corrupted_focus_slot():
    sheet = Sheet.empty(HUMAN).with_focus(2, condition="corruption")
    assert resolve(sheet, Insanity(), 2).success is False
    assert resolve(sheet, Insanity(), 2).outcome == "acts against their will"
    assert resolve(sheet, Insanity(), 1).success is True


def test_disease_and_poison_mark_body_slots_and_worsen_to_adjacent_ones():
    sheet = Sheet.empty(HUMAN)
    first = mark_condition(sheet, "poison", gear(6)).sheet
    worse = mark_condition(first, "poison").sheet
    poisoned = set(worse.marked("poison"))
    assert gear(6) in poisoned and len(poisoned) == 2
    (other,) = poisoned - {gear(6)}
    assert other.number in HUMAN.neighbours(6) and HUMAN.slot(other.number).kind == "body"
    assert focus(1) not in set(mark_condition(sheet, "disease").sheet.marked("disease"))
