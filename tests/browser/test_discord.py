"""Rolls to Discord in real browsers: the GM pastes the webhook URL on the party's
settings page and reads it back masked; a player rolls from their sheet; the test's own
webhook server (standing in for Discord on 127.0.0.1) receives the roll's embed, and the
GM's settings page says it was posted."""

from playwright.sync_api import expect

from rolls.discord.outbox import outbox
from tests.discord_server import WebhookServer


def test_the_gm_sets_the_webhook_and_a_players_roll_reaches_it(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    with WebhookServer() as discord:
        gm_context, player_context = browser.new_context(), browser.new_context()
        gm_page = gm_context.new_page()
        log_in(gm_page, gm)
        gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
        section = gm_page.locator("#discord")
        url_field = section.get_by_label("Webhook URL")
        url_field.fill("https://example.com/not-a-webhook")
        section.get_by_role("button", name="Save").click()
        expect(gm_page.locator("#discord-errors")).to_contain_text("discord.com")
        expect(gm_page.get_by_label("Webhook URL")).to_have_attribute("aria-invalid", "true")

        gm_page.get_by_label("Webhook URL").fill(discord.url)
        gm_page.locator("#discord").get_by_role("button", name="Save").click()
        section = gm_page.locator("#discord")
        expect(section.locator("[data-discord-url]")).to_have_text(
            f"http://127.0.0.1:{discord.httpd.server_port}/api/webhooks/…/••••cdef"
        )
        assert "abcDEF_token" not in gm_page.content()
        expect(section.locator("[data-discord-status]")).to_contain_text("nothing posted yet")

        player_page = player_context.new_page()
        log_in(player_page, player)
        player_page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
        player_page.get_by_role("button", name="Rolls").click()
        player_page.get_by_role("link", name="D6", exact=True).click()
        dialog = player_page.get_by_role("dialog")
        scripted_dice(4)
        dialog.get_by_role("button", name="Roll", exact=True).click()
        expect(dialog.locator("[data-outcome]")).to_have_text("Total 4")

        [body] = discord.wait_for(1)
        embed = body["embeds"][0]
        assert embed["title"] == "Krin: D6" and embed["description"] == "**Total 4**"
        assert outbox.drain()
        gm_page.reload()
        expect(gm_page.locator("[data-discord-status]")).to_contain_text("Posted")
        gm_context.close()
        player_context.close()
