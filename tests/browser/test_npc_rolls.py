"""The GM's NPC roll in real browsers: the GM opens the GM roll dialog on the dashboard,
rolls a Zone ghoul's pool with its exact odds shown, and a player's open sheet page gets
the roll in its feed live, named for the NPC."""

from playwright.sync_api import expect

from rolls.models import Roll
from tests.sse_client import wait_for_feed_subscribers


def test_the_gm_rolls_for_an_npc_and_the_players_sheet_gets_it_live(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    player_context, gm_context = browser.new_context(), browser.new_context()
    player_page = player_context.new_page()
    log_in(player_page, player)
    player_page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    expect(player_page.locator("[data-feed-empty]")).to_be_visible()

    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_feed_subscribers(1)
    gm_page.get_by_role("link", name="MYZ: NPC or monster roll").click()
    dialog = gm_page.get_by_role("dialog")
    dialog.get_by_label("NPC or monster").fill("Zone ghoul")
    dialog.get_by_label("Base dice").fill("2")
    dialog.get_by_label("Skill dice").fill("1")
    dialog.get_by_label("Skill dice").press("Tab")
    expect(dialog.locator(".odds")).to_contain_text("42.1%")  # 1 - (5/6)^3
    scripted_dice(6, 3, 6)
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-outcome]")).to_have_text("Zone ghoul: 2 successes")
    roll = Roll.objects.get()
    assert roll.character is None and roll.npc_name == "Zone ghoul"

    card = player_page.locator(f'[data-roll="{roll.pk}"]')
    expect(card).to_contain_text("Zone ghoul: 2 successes")
    expect(card.locator(".roll-card-who")).to_have_text("Zone ghoul")
    expect(card.locator(".badge", has_text="NPC")).to_be_visible()
    gm_context.close()
    player_context.close()
