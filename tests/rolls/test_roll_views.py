"""The one roll path: form with odds, the roll against the sheet, the push, a choice,
for the player and the GM, through HTMX and without JavaScript."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from tests.factories import UserFactory, member_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def roll_url(sheet, action="skill"):
    return reverse("roll_form", args=[sheet.pk, action])


def test_the_roll_form_shows_the_exact_odds_before_rolling(player_client, mutant_sheet):
    response = player_client.get(roll_url(mutant_sheet), headers=HTMX)
    assert response.status_code == 200
    assert "Odds before rolling" in response.text
    assert "%" in response.text
    assert "<html" not in response.text, "an HTMX request gets the partial only"


@pytest.mark.parametrize(("action", "asks_for_odds"), [("skill", True), ("heal", False),
                                                      ("ration", False)])  # fmt: skip
def test_only_a_form_with_dice_asks_for_odds_when_it_changes(
    player_client, mutant_sheet, action, asks_for_odds
):
    """A form without dice has no odds to show: changing it asks for none (an odds
    request would find no place to go)."""
    page = player_client.get(roll_url(mutant_sheet, action), headers=HTMX).text
    odds_url = reverse("roll_odds", args=[mutant_sheet.pk, action])
    assert (f'hx-get="{odds_url}"' in page) is asks_for_odds
    assert ('class="odds"' in page) is asks_for_odds


def test_the_odds_follow_the_inputs(player_client, mutant_sheet):
    url = reverse("roll_odds", args=[mutant_sheet.pk, "d6"])
    one = player_client.get(url, {"count": 1}, headers=HTMX).text
    two = player_client.get(url, {"count": 2}, headers=HTMX).text
    assert one != two


def test_a_skill_roll_is_rolled_on_the_server_and_logged_with_every_die(
    player_client, mutant_sheet, scripted_dice, player, party
):
    scripted_dice(6, 6, 3, 4, 2, 5, 2, 6)  # 5 base dice (Strength 5), 3 skill dice (Fight 3)
    response = player_client.post(
        roll_url(mutant_sheet), {"skill": "fight", "modifier": 0, "gear": ""}, headers=HTMX
    )
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert roll.character == mutant_sheet.character and roll.user == player
    assert roll.party == party
    assert [die["face"] for die in roll.result["dice"]] == [6, 6, 3, 4, 2, 5, 2, 6]
    assert {die["kind"] for die in roll.result["dice"]} == {"base", "skill"}
    assert "3 successes" in roll.outcome
    assert "sheetChanged" in response.headers["HX-Trigger"]
    assert "Push the roll" in response.text
    assert f'data-roll-result="{roll.pk}"' in response.text


def test_a_push_rerolls_and_lands_trauma_and_mutation_points_on_the_sheet(
    player_client, mutant_sheet, scripted_dice
):
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    player_client.post(roll_url(mutant_sheet), {"skill": "fight", "modifier": 0}, headers=HTMX)
    first = Roll.objects.get()
    # kept: base 6 and base 1; re-rolled: base 3, 4, 2 and skill 5, 2, 1
    scripted_dice(1, 1, 4, 6, 3, 2)
    response = player_client.post(reverse("roll_push", args=[first.pk]), headers=HTMX)
    assert response.status_code == 200
    pushed = Roll.objects.get(pushed_from=first)
    base_ones = sum(
        1 for die in pushed.result["dice"] if die["kind"] == "base" and die["face"] == 1
    )
    assert base_ones == 3
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.damage == 3
    assert mutant_sheet.mutation_points == 3
    assert "pushed" in response.text


def test_a_roll_can_be_pushed_only_once(player_client, mutant_sheet, scripted_dice):
    scripted_dice(2, 3, 4, 5, 2, 3, 4, 5)
    player_client.post(roll_url(mutant_sheet), {"skill": "fight", "modifier": 0}, headers=HTMX)
    first = Roll.objects.get()
    scripted_dice(2, 3, 4, 5, 2, 3, 4, 5)
    assert (
        player_client.post(reverse("roll_push", args=[first.pk]), headers=HTMX).status_code == 200
    )
    again = player_client.post(reverse("roll_push", args=[first.pk]), headers=HTMX)
    assert again.status_code == 409
    assert "already pushed" in again.text
    assert Roll.objects.count() == 2


def test_a_broken_attribute_is_refused_unless_the_player_insists(
    player_client, mutant_sheet, scripted_dice
):
    mutant_sheet.wits, mutant_sheet.confusion, mutant_sheet.scout = 2, 2, 1
    mutant_sheet.save()
    refused = player_client.post(
        roll_url(mutant_sheet), {"skill": "scout", "modifier": 0}, headers=HTMX
    )
    assert refused.status_code == 422
    assert "broken" in refused.text
    assert refused.headers["HX-Retarget"] == "#roll-form-slot"
    assert not Roll.objects.exists()
    scripted_dice(6)
    allowed = player_client.post(
        roll_url(mutant_sheet), {"skill": "scout", "modifier": 0, "insist": "on"}, headers=HTMX
    )
    assert allowed.status_code == 200
    assert Roll.objects.count() == 1


def test_bad_roll_input_gets_a_message_not_a_500(player_client, mutant_sheet):
    response = player_client.post(roll_url(mutant_sheet, "d6"), {"count": "many"}, headers=HTMX)
    assert response.status_code == 422
    assert "whole number" in response.text
    assert not Roll.objects.exists()


def test_letters_typed_into_a_rolls_number_stay_in_view_with_a_sentence(
    player_client, mutant_sheet
):
    """Issue 32, item 9, in the roll dialog: a ``type="number"`` input dropped letters
    without a word. As on the sheet, it is text with the number keyboard."""
    form = player_client.get(roll_url(mutant_sheet), headers=HTMX).text
    assert 'type="number"' not in form
    assert 'name="modifier"' in form and 'data-number="whole"' in form
    refused = player_client.post(
        roll_url(mutant_sheet), {"skill": "fight", "modifier": "two"}, headers=HTMX
    )
    assert refused.status_code == 422
    assert "Modifier must be a whole number." in refused.text
    assert 'value="two"' in refused.text  # what was typed, beside its message
    assert not Roll.objects.exists()


def test_without_javascript_a_roll_redirects_to_its_result_page(
    player_client, mutant_sheet, scripted_dice
):
    scripted_dice(3, 4)
    response = player_client.post(roll_url(mutant_sheet, "d6"), {"count": 2})
    roll = Roll.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("roll_detail", args=[roll.pk])
    page = player_client.get(response["Location"])
    assert "7" in page.text and roll.label in page.text


def test_the_gm_rolls_for_a_character_of_the_party(gm_client, gm, mutant_sheet, scripted_dice):
    scripted_dice(5)
    response = gm_client.post(roll_url(mutant_sheet, "d6"), {"count": 1}, headers=HTMX)
    assert response.status_code == 200
    assert Roll.objects.get().user == gm


def test_other_players_and_strangers_cannot_roll_or_push(client, mutant_sheet, party,
                                                          scripted_dice):  # fmt: skip
    scripted_dice(4)
    owner = mutant_sheet.character.owner
    client.force_login(owner)
    client.post(roll_url(mutant_sheet, "d6"), {"count": 1}, headers=HTMX)
    roll = Roll.objects.get()
    for intruder in (member_of(party, UserFactory()), UserFactory()):
        client.force_login(intruder)
        assert client.post(roll_url(mutant_sheet, "d6"), {"count": 1}).status_code == 404
        assert client.get(roll_url(mutant_sheet, "d6")).status_code == 404
        assert client.post(reverse("roll_push", args=[roll.pk])).status_code == 404
        assert client.get(reverse("roll_detail", args=[roll.pk])).status_code == 404
    assert Roll.objects.count() == 1


def test_an_unknown_roll_is_a_404(player_client, mutant_sheet):
    assert player_client.get(roll_url(mutant_sheet, "fireball")).status_code == 404


def test_a_misfire_choice_is_applied_once(player_client, mutant_sheet, scripted_dice):
    mutant_sheet.mutation_points = 2
    mutant_sheet.save()
    scripted_dice(1, 4)
    player_client.post(roll_url(mutant_sheet, "mutation"), {"points": 2}, headers=HTMX)
    roll = Roll.objects.get()
    assert roll.result["choices"], "a misfire offers damage or doubt"
    value = roll.result["choices"][0][0]
    response = player_client.post(
        reverse("roll_choose", args=[roll.pk]), {"choice": value}, headers=HTMX
    )
    assert response.status_code == 200
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.damage + mutant_sheet.doubt == 1
    again = player_client.post(
        reverse("roll_choose", args=[roll.pk]), {"choice": value}, headers=HTMX
    )
    assert again.status_code in (409, 422)
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.damage + mutant_sheet.doubt == 1


@pytest.mark.parametrize("points", ["11", "0", "-3", "lots"])
def test_an_impossible_value_in_a_roll_link_falls_back_to_the_default(
    player_client, mutant_sheet, points
):
    response = player_client.get(roll_url(mutant_sheet, "mutation"), {"points": points})
    assert response.status_code == 200
    assert "Odds before rolling" in response.text


def test_a_refused_roll_on_the_roll_page_goes_back_into_its_form(player_client, mutant_sheet):
    page = player_client.get(roll_url(mutant_sheet, "d6"))
    assert 'id="roll-form-slot"' in page.text, "the HX-Retarget of a refused roll exists here"
    refused = player_client.post(roll_url(mutant_sheet, "d6"), {"count": "0"}, headers=HTMX)
    assert refused.status_code == 422
    assert refused.headers["HX-Retarget"] == "#roll-form-slot"


def test_a_gm_only_roll_is_offered_to_and_made_by_the_gm_alone(
    monkeypatch, client, gm, player, mutant_sheet, scripted_dice
):
    import dataclasses

    from sheets.systems import registry

    mutant = registry.get_system("mutant")
    d6 = next(action for action in mutant.actions if action.slug == "d6")
    secret = dataclasses.replace(d6, slug="npc-d6", label="NPC check", gm_only=True)
    patched = dataclasses.replace(mutant, actions=(*mutant.actions, secret))
    monkeypatch.setattr(registry, "all_systems", lambda: (patched,))

    client.force_login(player)
    assert "NPC check" not in client.get(mutant_sheet.character.get_absolute_url()).text
    assert client.get(roll_url(mutant_sheet, "npc-d6")).status_code == 404
    assert client.post(roll_url(mutant_sheet, "npc-d6"), {"count": 1}).status_code == 404

    client.force_login(gm)
    assert "NPC check" in client.get(mutant_sheet.character.get_absolute_url()).text
    scripted_dice(4)
    assert client.post(roll_url(mutant_sheet, "npc-d6"), {"count": 1}).status_code == 302
    assert Roll.objects.get().user == gm


def test_the_odds_of_a_roll_the_rules_refuse_are_not_computed_and_say_why(
    player_client, mutant_sheet
):
    url = reverse("roll_odds", args=[mutant_sheet.pk, "d6"])
    response = player_client.get(url, {"count": "10000"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "No odds yet: Number of dice runs from 1 to 10." in response.text
    assert "Total" not in response.text
