"""A push survives the dialog (issue 32, item 6): the player rolls, closes the dialog,
reloads, and pushes from the roll's card in the feed; the GM's card offers Close the
push instead, and closing it takes the Push off the player's card live; the character's
next roll ends the older roll's push."""

from playwright.sync_api import expect

from rolls.models import Roll
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams

NO_SUCCESS = (2, 3, 4, 5, 2, 3, 4, 5)  # Strength 5 + Fight 3: eight dice, all to push


def roll_fight(page, scripted_dice):
    scripted_dice(*NO_SUCCESS)
    page.get_by_role("link", name="Roll Fight").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-roll-result] [data-outcome]")).to_have_text("Failed")
    expect(dialog.get_by_role("button", name="Push the roll")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    return Roll.objects.filter(pushed_from__isnull=True).latest("pk")


def test_a_push_waits_on_its_card_after_the_dialog_closed_and_the_page_reloaded(
    asgi_server, page, log_in, player, mutant_sheet, scripted_dice
):
    log_in(page, player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    first = roll_fight(page, scripted_dice)
    page.reload()
    card = page.locator(f'.feed [data-roll="{first.pk}"]')
    push = card.get_by_role("button", name="Push the roll: Fight")
    expect(push).to_be_visible()

    scripted_dice(6, 6, 1, 3, 2, 2, 2, 2)
    push.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-roll-result]")).to_contain_text("pushed")
    pushed = Roll.objects.get(pushed_from=first)
    expect(dialog.locator("[data-outcome]")).to_have_text(pushed.outcome)
    expect(page.locator(f'.feed [data-roll="{pushed.pk}"]')).to_be_attached()
    expect(card.locator("[data-card-push]")).to_have_count(0)  # pushed once
    expect(dialog.get_by_role("button", name="Roll again")).to_be_hidden()  # no form here
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_the_next_roll_ends_the_push_and_the_gm_closes_one_live(
    asgi_server, browser, log_in, gm, player, party, mutant_sheet, scripted_dice
):
    gm_context, player_context = browser.new_context(), browser.new_context()
    dashboard = gm_context.new_page()
    log_in(dashboard, gm)
    dashboard.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_feed_subscribers(1)
    page = player_context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    wait_for_open_streams(party.pk, 2)

    first = roll_fight(page, scripted_dice)
    first_card = page.locator(f'.feed [data-roll="{first.pk}"]')
    expect(first_card.get_by_role("button", name="Push the roll: Fight")).to_be_visible()
    gm_card = dashboard.locator(f'.feed [data-roll="{first.pk}"]')
    expect(gm_card.get_by_role("button", name="Close the push")).to_be_visible()
    expect(gm_card.locator("[data-card-push]")).to_have_count(0)  # never the roller's Push

    second = roll_fight(page, scripted_dice)
    expect(first_card.locator("[data-card-push]")).to_have_count(0)
    second_card = page.locator(f'.feed [data-roll="{second.pk}"]')
    expect(second_card.get_by_role("button", name="Push the roll: Fight")).to_be_visible()

    dashboard.locator(f'.feed [data-roll="{second.pk}"]').get_by_role(
        "button", name="Close the push"
    ).click()
    expect(second_card).to_contain_text("Push closed by the GM")
    expect(second_card.locator("[data-card-push]")).to_have_count(0)
    assert not Roll.objects.get(pk=second.pk).pushable
    gm_context.close()
    player_context.close()
