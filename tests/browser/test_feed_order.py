"""Rolls answered close together by different server processes can reach a page out of
order (issue 31, item 6); the player's sheet shows them by roll, newest on top, and a
late card never lands above a newer one."""

from playwright.sync_api import expect

from rolls.stream import announce_roll
from tests.rolls.test_feed import make_roll
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def test_a_sheets_feed_shows_rolls_delivered_out_of_order_in_roll_order(
    asgi_server, page, log_in, player, party, mutant_sheet
):
    character = mutant_sheet.character
    log_in(page, player)
    with page.expect_response(lambda answer: "/log/" in answer.url):  # the feed's cards
        page.goto(f"{asgi_server.url}/characters/{character.pk}/")
    feed = page.locator(f"#feed-log-{party.pk} > [data-roll]")
    expect(feed).to_have_count(0)
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)
    first, second, third = (make_roll(character, outcome=f"roll {n}") for n in (1, 2, 3))
    for roll, shown in ((third, 1), (first, 2), (second, 3)):  # as two workers may send them
        announce_roll(roll.pk)
        expect(feed).to_have_count(shown)
    expect(feed.nth(0)).to_have_attribute("data-roll", str(third.pk))
    expect(feed.nth(1)).to_have_attribute("data-roll", str(second.pk))
    expect(feed.nth(2)).to_have_attribute("data-roll", str(first.pk))
    expect(feed.nth(0)).to_contain_text("roll 3")
