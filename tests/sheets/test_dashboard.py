"""The GM's dashboard: cards with alerts first, the party strip, the feed's hooks."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from tests.factories import MutantSheetFactory

pytestmark = pytest.mark.django_db


def test_cards_with_alerts_come_first_and_the_strip_names_who_needs_help(gm_client, party):
    MutantSheetFactory(character__party=party, character__name="Aaron")  # nothing wrong
    hurt = MutantSheetFactory(character__party=party, character__name="Zora", strength=3)
    hurt.damage = 3  # Strength broken
    hurt.save()
    page = gm_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert page.index(f'id="summary-{hurt.pk}"') < page.index("Aaron")
    strip = page[page.index('id="party-strip"') :]
    assert "<strong>Needs help:</strong> <span data-strip-names>Zora</span>" in strip
    assert "<strong>Down:</strong> <span data-strip-names>nobody</span>" in strip


def test_feed_cards_carry_what_the_filters_read_and_link_to_the_roll(gm_client, mutant_sheet):
    party = mutant_sheet.character.party
    roll = Roll.objects.create(
        character=mutant_sheet.character, party=party, system="mutant", kind="skill",
        label="Fight", outcome="0 successes",
    )  # fmt: skip
    page = gm_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert f'data-roll-character="{mutant_sheet.pk}" data-roll-system="mutant"' in page
    assert 'data-roll-kind="skill" data-roll-tone="failure"' in page
    assert f'href="{reverse("roll_detail", args=[roll.pk])}">Fight</a>' in page


@pytest.mark.parametrize(
    ("outcome", "result", "tone"),
    [
        ("0 successes", {}, "failure"),
        ("Failure", {}, "failure"),
        ("2 successes", {}, "success"),
        ("Crit!", {}, "crit"),
        ("Total 7", {}, ""),
        ("Total 7", {"tone": "crit"}, "crit"),
    ],
)
def test_a_rolls_tone_comes_from_its_system_or_its_outcome(outcome, result, tone):
    assert Roll(outcome=outcome, result=result).tone == tone
