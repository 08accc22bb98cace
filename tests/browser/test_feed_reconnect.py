"""A page whose live feed dropped catches up on every roll it missed once the stream
opens again (the log is refetched on htmx:sseOpen)."""

from playwright.sync_api import expect

from rolls.models import Roll
from rolls.stream import announce_roll


def test_the_dashboard_shows_a_roll_made_while_its_feed_was_down(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    log_in(page, gm)
    page.route("**/events/", lambda route: route.abort())
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator("[data-feed-empty]")).to_be_visible()

    roll = Roll.objects.create(
        character=mutant_sheet.character, party=party, user=mutant_sheet.character.owner,
        system="mutant", kind="d6", label="D6", outcome="made while the feed was down",
    )  # fmt: skip
    announce_roll(roll.pk)
    page.wait_for_timeout(300)
    expect(page.locator(f'[data-roll="{roll.pk}"]')).to_have_count(0)

    page.unroute("**/events/")
    expect(page.locator(f'[data-roll="{roll.pk}"]')).to_be_visible(timeout=15_000)
    expect(page.locator("[data-feed-empty]")).to_have_count(0)
