"""Twilight: 2000 roll forms: exact odds before rolling (no 0 % rows), bounds shown and
refusals named, prefill from the sheet's roll controls."""

from fractions import Fraction

import pytest
from django.urls import reverse

from rolls.systems.twilight.forms import AttackForm, OpposedRollForm, SkillRollForm
from sheets.systems.dice.odds import percent
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_skill_odds_are_exact():
    sheet = TwilightSheetFactory(intelligence="B", recon="C")
    form = SkillRollForm(sheet, initial={"skill": "recon"})
    rows = dict(form.odds())
    # no success on a D10 (1-5 of 10) and on a D8 (1-5 of 8)
    assert rows["Success (at least one)"] == percent(1 - Fraction(5, 10) * Fraction(5, 8))
    assert all(value != "0%" for value in rows.values())


def test_help_changes_the_odds():
    sheet = TwilightSheetFactory(intelligence="A", survival="D")
    alone = SkillRollForm(sheet, {"skill": "survival", "modifier": 0}).odds()
    helped = SkillRollForm(sheet, {"skill": "survival", "modifier": 0, "helper_1": "Diaz"}).odds()
    assert dict(alone)["Success (at least one)"] == percent(1 - Fraction(5, 12) * Fraction(5, 6))
    assert dict(helped)["Success (at least one)"] == percent(1 - Fraction(5, 12) * Fraction(5, 8))


def test_attack_form_names_the_ammo_limit_and_shows_attack_odds():
    sheet = TwilightSheetFactory()
    weapon = TwilightWeaponFactory(sheet=sheet, rate_of_fire=6, rounds_loaded=4)
    form = AttackForm(sheet, initial={"weapon": weapon.pk})
    assert (
        "0 to 3: the lower of RoF 6 and the 4 rounds left - 1" in form.fields["ammo_dice"].help_text
    )
    rows = dict(AttackForm(sheet, {"weapon": weapon.pk, "ammo_dice": 3, "modifier": 0}).odds())
    assert rows["Hit"] == percent(1 - Fraction(5, 12) * Fraction(5, 10))
    assert "Hit with at least one ammo 6" in rows and "Magazine emptied" in rows


def test_the_attack_form_of_a_jammed_weapon_says_so(player_client, player, party):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    weapon = TwilightWeaponFactory(sheet=sheet, jammed=True)
    url = reverse("roll_form", args=[sheet.character.pk, "attack"])
    response = player_client.post(url, {"weapon": weapon.pk, "ammo_dice": 0}, headers=HTMX)
    assert "a jammed weapon cannot fire until the jam is cleared" in response.text


def test_opposed_odds_count_a_tie_as_a_loss():
    sheet = TwilightSheetFactory(agility="B", mobility="C")
    form = OpposedRollForm(
        sheet, {"skill": "mobility", "opponent_attribute": "C", "opponent_skill": "D",
                "modifier": 0, "opponent_modifier": 0},
    )  # fmt: skip
    rows = dict(form.odds())
    assert set(rows) == {"You win (more successes)", "Tie (you lose)"}


@pytest.mark.parametrize("action", ["skill", "attack", "clear_jam", "reload", "opposed", "cuf",
                                    "promotion"])  # fmt: skip
def test_every_roll_form_renders_with_its_odds(player_client, player, party, action):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    TwilightWeaponFactory(sheet=sheet)
    response = player_client.get(
        reverse("roll_form", args=[sheet.character.pk, action]), headers=HTMX
    )
    assert response.status_code == 200
    assert ">0%<" not in response.text


def test_the_attack_form_opened_on_a_jammed_weapon_says_so_before_rolling():
    sheet = TwilightSheetFactory()
    weapon = TwilightWeaponFactory(sheet=sheet, jammed=True)
    form = AttackForm(sheet, initial={"weapon": weapon.pk})
    assert "a jammed weapon cannot fire" in form.fields["weapon"].help_text
    assert form.odds() == []
