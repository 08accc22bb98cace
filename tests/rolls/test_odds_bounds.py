"""Odds stay bounded (issue 15, item 3): for every roll of every system, the largest
inputs the form takes, on a sheet at the top of every field's range, give exact odds or
say why there are none. A dice pool beyond what the odds compute exactly is refused in
words, never computed at length."""

import pytest
from django.urls import reverse

from rolls.views import _odds
from sheets.systems.dice.core import DiceError
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.registry import all_systems
from tests.factories import PartyFactory, UserFactory, member_of
from tests.registry_inputs import demo_character, largest_inputs, max_out_sheet

pytestmark = pytest.mark.django_db


def _odds_of(client, character, action, data):
    response = client.get(reverse("roll_odds", args=[character.pk, action.slug]), data)
    assert response.status_code == 200, (action.slug, data)
    return response.context["odds"], response.context.get("odds_problems") or []


@pytest.mark.parametrize("system", [s.slug for s in all_systems()])
def test_every_roll_at_its_largest_inputs_gives_odds_or_says_why(client, system):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    character = demo_character(member_of(party), party, system)
    max_out_sheet(character)
    character.refresh_from_db()
    client.force_login(gm)  # the GM sees the GM-only rolls too
    for action in character.system_descriptor.actions:
        form = action.form_class(character.sheet)
        # the form's own defaults on a sheet at its maxima: answered, never a 500
        defaults, reasons = _odds_of(client, character, action, {})
        # a step that throws no dice (a reload, a ruling) has no odds to give
        no_dice = getattr(form, "no_dice", False) or not (defaults or reasons)
        # every field at the top of its range: odds, or the rule that refuses them
        rows, problems = _odds_of(client, character, action, largest_inputs(form))
        assert rows or problems or no_dice, f"{action.slug} at its largest: no odds, no reason"
        for label, chance in rows:
            assert label and chance, (action.slug, label, chance)


def test_the_largest_mutant_pool_is_computed_exactly():
    top = mutant_odds.MAX_DICE
    odds = mutant_odds.skill_odds(top, top, top, top)
    assert sum(odds.distribution) == 1, "every outcome of the largest pool, exactly"
    assert 0 < odds.at_least_one < 1


def test_a_pool_beyond_the_exact_limit_is_refused_in_words():
    with pytest.raises(DiceError, match="30"):
        mutant_odds.skill_odds(mutant_odds.MAX_DICE + 1, 0)

    class BeyondTheLimit:
        def odds(self):
            return mutant_odds.skill_rows(mutant_odds.skill_odds(10_000, 0))

    rows, problems = _odds(BeyondTheLimit())
    assert rows == []
    assert problems and "30" in problems[0], "the page says why there are no odds"
