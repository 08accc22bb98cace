"""A secret roll in real browsers: the GM rolls a player's character in secret from the
sheet; the player's feed says only that the GM rolled (and the roll's page is not theirs
to open) until the GM reveals it from the dashboard; then the player sees it in full."""

from playwright.sync_api import expect

from rolls.models import Roll
from tests.sse_client import wait_for_feed_subscribers


def test_a_secret_roll_stays_hidden_from_the_player_until_the_gm_reveals_it(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    character = mutant_sheet.character
    gm_context, player_context = browser.new_context(), browser.new_context()
    player_page = player_context.new_page()
    log_in(player_page, player)
    player_page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    expect(player_page.locator("[data-feed-empty]")).to_be_visible()

    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    wait_for_feed_subscribers(1)  # (one server process listens to Redis)
    gm_page.get_by_role("button", name="Rolls").click()
    gm_page.get_by_role("link", name="D6", exact=True).click()
    dialog = gm_page.get_by_role("dialog")
    dialog.get_by_label("Secret: the players see only that the GM rolled").check()
    scripted_dice(5)
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-outcome]")).to_have_text("Total 5")
    roll = Roll.objects.get()
    assert roll.secret

    card = player_page.locator(f'[data-roll="{roll.pk}"]')
    expect(card).to_contain_text("The GM rolled, in secret.")
    expect(card).not_to_contain_text("Total 5")
    response = player_page.request.get(f"{asgi_server.url}/rolls/{roll.pk}/")
    assert response.status == 404

    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    gm_card = gm_page.locator(f'[data-roll="{roll.pk}"]')
    expect(gm_card).to_contain_text("Total 5")
    gm_card.get_by_role("button", name="Reveal to the party").click()
    expect(gm_card.get_by_role("button", name="Reveal to the party")).to_have_count(0)

    expect(card).to_contain_text("Total 5")
    expect(card).not_to_contain_text("in secret")
    assert player_page.request.get(f"{asgi_server.url}/rolls/{roll.pk}/").status == 200
    gm_context.close()
    player_context.close()
