"""Coolness under fire in a real browser: the roll can never be pushed, so its result
offers nothing a push would use (no Push, nothing drawn as a box to tick beside the
die)."""

from pathlib import Path

from playwright.sync_api import expect

from tests.factories_twilight import TwilightSheetFactory

SHOTS = Path("test-results")


def test_a_coolness_under_fire_result_offers_no_push(
    asgi_server, browser, log_in, player, party, scripted_dice
):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    page = log_in(browser.new_page(viewport={"width": 1440, "height": 900}), player)
    page.goto(f"{asgi_server.url}{sheet.character.get_absolute_url()}")
    scripted_dice(2)
    page.locator("[data-roll-action=cuf]").first.click()
    dialog = page.locator("#roll-dialog")
    dialog.get_by_role("button", name="Roll", exact=True).click()
    result = dialog.locator("[data-roll-result]")
    expect(result.locator("[data-outcome]")).to_contain_text("Failure")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "twilight-cuf-1440.png"))
    expect(result.locator("[data-push-button]")).to_have_count(0)
    expect(result.locator("input[type=checkbox]")).to_have_count(0)
    expect(result.locator(".die-swatch")).to_have_count(0)  # nothing that reads as a box to tick
    expect(dialog.locator("input[type=checkbox]:visible")).to_have_count(0)
    expect(result).to_contain_text("can never be pushed")
    page.context.close()
