"""Slots roll forms: every number bounded by the rules, named when refused; exact odds."""

import pytest

from rolls.systems.slots.forms import CheckForm, CorruptionForm, FallForm
from tests.factories_slots import SlotsItemFactory, SlotsMarkFactory, SlotsSheetFactory

pytestmark = pytest.mark.django_db


def messages(form):
    return " ".join(m for errors in form.errors.values() for m in errors)


@pytest.fixture
def sheet():
    return SlotsSheetFactory()


def test_a_block_answers_only_a_strike_or_a_missile(sheet):
    form = CheckForm(sheet, data={"check": "block", "attack": "grab", "advantages": 0,
                                  "disadvantages": 0})  # fmt: skip
    assert not form.is_valid()
    assert "strike" in messages(form)


def test_sneak_needs_cover_or_inattentive_foes(sheet):
    form = CheckForm(sheet, data={"check": "sneak", "can_hear": "on", "advantages": 0,
                                  "disadvantages": 0})  # fmt: skip
    assert not form.is_valid()
    assert "the seed's Sneak" in messages(form)


def test_only_the_inputs_a_check_reads_are_asked(sheet):
    assert "attack" not in CheckForm(sheet, initial={"check": "traverse"}).fields
    assert "can_smell" in CheckForm(sheet, initial={"check": "sneak"}).fields
    assert CheckForm(sheet, initial={"check": "dodge"}).fields["attack"].choices == [
        ("grab", "grab"), ("blast", "blast"),
    ]  # fmt: skip


@pytest.mark.parametrize("field", ["advantages", "disadvantages"])
def test_a_third_source_is_accepted_and_only_absurd_counts_are_refused(sheet, field):
    data = {"check": "grit", "advantages": 0, "disadvantages": 0, field: 3}
    assert CheckForm(sheet, data=data).is_valid()
    form = CheckForm(sheet, data={**data, field: 10})
    assert not form.is_valid() and field in form.errors


def test_traverse_odds_are_exact_and_have_no_zero_rows(sheet):
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="heavy")
    rows = dict(CheckForm(sheet, data={"check": "traverse", "advantages": 0,
                                       "disadvantages": 0}).odds())  # fmt: skip
    # faces 1 (always fails) and 11 (heavy) stumble: 2 of 12
    assert rows["Succeeds (suggested)"] == "83.3%"
    assert rows["Stumbles"] == "16.7%"
    assert "0%" not in rows.values()


def test_with_advantage_the_odds_take_the_players_best_die(sheet):
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="heavy")
    rows = dict(CheckForm(sheet, data={"check": "traverse", "advantages": 1,
                                       "disadvantages": 0}).odds())  # fmt: skip
    # fails only when both dice fail: (2/12)^2 = 1/36
    assert rows["Stumbles"] == "2.8%"


def test_a_fall_counts_its_dice_from_height_and_surface(sheet):
    form = FallForm(sheet, data={"feet": 60, "surface": "water"})
    assert form.is_valid() and form.cleaned_data["dice"] == 2
    form = FallForm(sheet, data={"feet": 9, "surface": "solid"})
    assert not form.is_valid() and "the seed's Fall" in messages(form)


def test_corruption_odds_read_the_corrupted_slots(sheet):
    assert CorruptionForm(sheet).odds()[0][0].startswith("First exposure")
    SlotsMarkFactory(sheet=sheet, number=3, condition="corruption")
    SlotsMarkFactory(sheet=sheet, number=4, condition="corruption")
    assert dict(CorruptionForm(sheet).odds())["Corruption worsens"] == "16.7%"
