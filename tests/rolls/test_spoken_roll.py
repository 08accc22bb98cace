"""A roll as a screen reader hears it: one line with what was rolled, the dice, the
outcome and what changed on the sheet (rolls.spoken), carried by the result card."""

import html

import pytest
from django.urls import reverse

from rolls.models import Roll
from rolls.spoken import spoken_die, spoken_roll

HTMX = {"HX-Request": "true"}


def test_a_die_says_its_kind_its_size_when_not_a_d6_its_face_and_what_it_did():
    assert spoken_die({"kind": "base", "size": 6, "face": 6, "counts": "success"}) == (
        "base 6 success"
    )
    assert spoken_die({"kind": "skill", "size": 10, "face": 3}) == "skill d10 3"
    assert spoken_die({"kind": "gear", "size": 6, "face": 1, "counts": "gear damage",
                       "rerolled": True}) == "gear 1 gear damage, re-rolled"  # fmt: skip


def test_a_roll_is_one_line_what_was_rolled_the_outcome_the_dice_and_the_sheets_changes():
    result = {"dice_groups": [
        {"label": "base", "dice": [{"kind": "base", "size": 6, "face": 1, "counts": "trauma"}]},
        {"label": "skill", "dice": [{"kind": "skill", "size": 6, "face": 6, "counts": "success"}]},
    ]}  # fmt: skip
    effects = [{"target": "damage", "note": "Strength trauma +1"}, {"target": "mp"}]
    assert spoken_roll("Fight", "1 success", result, effects, pushed=True) == (
        "Pushed: Fight: 1 success. Dice: base 1 trauma; skill 6 success."
        " On the sheet: Strength trauma +1; mp."
    )
    assert spoken_roll("Heal", "Healed", {}, [], pushed=False) == "Heal: Healed."
    assert spoken_roll("Fight (pushed)", "1 success", {}, [], pushed=True) == (
        "Fight (pushed): 1 success."
    )


@pytest.mark.django_db
def test_the_result_card_carries_its_spoken_line_and_is_no_live_region_itself(
    player_client, mutant_sheet, scripted_dice
):
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)  # Strength 5, Fight 3
    url = reverse("roll_form", args=[mutant_sheet.pk, "skill"])
    response = player_client.post(url, {"skill": "fight", "modifier": 0, "gear": ""},
                                  headers=HTMX)  # fmt: skip
    roll = Roll.objects.get()
    spoken = html.escape(spoken_roll(roll.label, roll.outcome, roll.result, roll.effects, False))
    assert f'data-spoken="{spoken}"' in response.text
    assert "base 6 success" in spoken and roll.outcome in spoken
    page = player_client.get(mutant_sheet.character.get_absolute_url()).text
    assert '<div id="roll-result"></div>' in page
    assert 'id="roll-said" role="status" aria-atomic="true"' in page
