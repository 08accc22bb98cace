"""A roll's push stays on offer to its roller (issue 32, item 6): on the roll's card in
the feed and on the roll's own page, after the dialog closed or the page reloaded, until
the character rolls again or the GM closes it; the GM's card offers Close, never Push;
the server refuses a late push with the reason."""

import pytest
from django.urls import reverse

from rolls.cards import roll_card_html
from rolls.models import Roll

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
FIGHT = {"skill": "fight", "modifier": 0}
NO_SUCCESS = (2, 3, 4, 5, 2, 3, 4, 5)  # Strength 5 + Fight 3: eight dice to push


def fight(client, sheet, scripted_dice):
    scripted_dice(*NO_SUCCESS)
    url = reverse("roll_form", args=[sheet.character.pk, "skill"])
    assert client.post(url, FIGHT, headers=HTMX).status_code == 200
    return Roll.objects.filter(character=sheet.character).latest("pk")


def push(client, roll):
    return client.post(reverse("roll_push", args=[roll.pk]), headers=HTMX)


def card_for(roll, **viewer):
    shown = Roll.objects.for_cards().get(pk=roll.pk)
    return roll_card_html(shown, **viewer)


def test_the_push_is_on_the_rolls_page_and_the_players_card_after_the_dialog_closed(
    player_client, mutant_sheet, scripted_dice
):
    first = fight(player_client, mutant_sheet, scripted_dice)
    page = player_client.get(reverse("roll_detail", args=[first.pk])).text
    assert "data-push-button" in page and "Close the push" not in page
    card = card_for(first)
    assert f'data-card-push="{mutant_sheet.character.pk}" hidden' in card
    assert f'action="/rolls/{first.pk}/push/"' in card
    party_log = player_client.get(reverse("party_log", args=[first.party_id])).text
    assert f'data-card-push="{mutant_sheet.character.pk}"' in party_log


def test_the_gms_card_offers_close_the_push_and_never_the_rollers_push(
    player_client, mutant_sheet, scripted_dice
):
    first = fight(player_client, mutant_sheet, scripted_dice)
    card = card_for(first, is_gm=True)
    assert "data-card-push" not in card
    assert f'hx-post="/rolls/{first.pk}/close-push/"' in card


def test_a_newer_roll_of_the_character_ends_the_push_and_the_server_refuses_it(
    player_client, mutant_sheet, scripted_dice
):
    first = fight(player_client, mutant_sheet, scripted_dice)
    second = fight(player_client, mutant_sheet, scripted_dice)
    assert "data-card-push" not in card_for(first)
    assert "data-card-push" in card_for(second)
    scripted_dice(*NO_SUCCESS)
    refused = push(player_client, first)
    assert refused.status_code == 409
    assert "Krin has rolled since" in refused.text
    assert not Roll.objects.filter(pushed_from=first).exists()
    page = player_client.get(reverse("roll_detail", args=[first.pk])).text
    assert "data-push-button" not in page and "has rolled since" in page
    scripted_dice(*NO_SUCCESS)
    assert push(player_client, second).status_code == 200


def test_the_gm_closes_a_push_and_it_is_gone_for_the_roller(
    client, gm, player, mutant_sheet, scripted_dice
):
    client.force_login(player)
    first = fight(client, mutant_sheet, scripted_dice)
    close = reverse("roll_close_push", args=[first.pk])
    assert client.post(close, headers=HTMX).status_code == 404  # the player may not
    client.force_login(gm)
    answer = client.post(close, headers=HTMX)
    assert answer.status_code == 200 and "Push closed by the GM" in answer.text
    first.refresh_from_db()
    assert not first.pushable and first.result["push_closed"]
    assert "data-card-push" not in card_for(first)
    client.force_login(player)
    scripted_dice(*NO_SUCCESS)
    refused = push(client, first)
    assert refused.status_code == 409 and "The GM closed this roll's push" in refused.text
    page = client.get(reverse("roll_detail", args=[first.pk])).text
    assert "data-push-button" not in page and "The GM closed this roll" in page


def test_a_gm_closes_from_the_rolls_page_without_javascript(
    client, gm, player, mutant_sheet, scripted_dice
):
    client.force_login(player)
    first = fight(client, mutant_sheet, scripted_dice)
    client.force_login(gm)
    page = client.get(reverse("roll_detail", args=[first.pk])).text
    assert "data-close-push" in page
    answer = client.post(reverse("roll_close_push", args=[first.pk]))
    assert answer.status_code == 302 and answer.url == reverse("roll_detail", args=[first.pk])
    assert not Roll.objects.get(pk=first.pk).pushable


def test_a_roll_the_rules_do_not_let_push_offers_no_push_on_its_card(
    player_client, mutant_sheet, scripted_dice
):
    mutant_sheet.armor_rating = 2
    mutant_sheet.save()
    scripted_dice(3, 4)
    url = reverse("roll_form", args=[mutant_sheet.character.pk, "armor"])
    assert player_client.post(url, {"incoming": 2}, headers=HTMX).status_code == 200
    armor = Roll.objects.get(kind="armor")
    assert not armor.pushable
    assert "data-card-push" not in card_for(armor)
    assert "data-close-push" not in card_for(armor, is_gm=True)


def test_a_pushed_roll_card_names_the_roll_it_pushed_and_is_not_pushed_again(
    player_client, mutant_sheet, scripted_dice
):
    first = fight(player_client, mutant_sheet, scripted_dice)
    scripted_dice(*NO_SUCCESS)
    assert push(player_client, first).status_code == 200
    pushed = Roll.objects.get(pushed_from=first)
    assert f'data-push-of="{first.pk}"' in card_for(pushed)
    assert "data-card-push" not in card_for(first) + card_for(pushed)
