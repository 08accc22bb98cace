"""A page whose live feed dropped catches up on every roll it missed once the stream
opens again (the log is refetched on the stream's stream-open event)."""

from playwright.sync_api import expect

from rolls.models import Roll
from rolls.stream import announce_roll
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


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


def test_a_feed_that_missed_more_than_a_page_of_rolls_catches_up_on_all_of_them(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    from rolls.models import FEED_LENGTH
    from rolls.views import CATCH_UP_PAGE

    def roll(outcome):
        return Roll.objects.create(
            character=mutant_sheet.character, party=party, user=mutant_sheet.character.owner,
            system="mutant", kind="d6", label="D6", outcome=outcome,
        )  # fmt: skip

    first = roll("seen before the drop")
    log_in(page, gm)
    page.route("**/events/", lambda route: route.abort())
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator(f'[data-roll="{first.pk}"]')).to_be_visible()

    missed = [roll(f"missed {n}") for n in range(CATCH_UP_PAGE + FEED_LENGTH)]
    page.unroute("**/events/")
    feed = page.locator(f"#feed-log-{party.pk} > [data-roll]")
    expect(feed).to_have_count(len(missed) + 1, timeout=15_000)
    expect(feed.first).to_have_attribute("data-roll", str(missed[-1].pk))  # newest on top
    expect(feed.last).to_have_attribute("data-roll", str(first.pk))


def test_rolls_that_arrive_out_of_order_take_their_places_newest_first(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    """Two rolls made at once through two server processes may reach a page in either
    order; the feed shows them by roll, newest on top."""

    def roll(outcome):
        return Roll.objects.create(
            character=mutant_sheet.character, party=party, user=mutant_sheet.character.owner,
            system="mutant", kind="d6", label="D6", outcome=outcome,
        )  # fmt: skip

    log_in(page, gm)
    with page.expect_response(lambda answer: "/log/" in answer.url):  # its catch-up
        page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator("[data-feed-empty]")).to_be_visible()
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)
    older, newer = roll("made first"), roll("made second")
    announce_roll(newer.pk)
    feed = page.locator(f"#feed-log-{party.pk} > [data-roll]")
    expect(feed).to_have_count(1)
    announce_roll(older.pk)  # arrives last
    expect(feed).to_have_count(2)
    expect(feed.first).to_have_attribute("data-roll", str(newer.pk))
    expect(feed.last).to_have_attribute("data-roll", str(older.pk))
