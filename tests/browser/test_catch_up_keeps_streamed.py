"""A catch-up answer never takes away what the stream brought while it was on its way.

When the GM's dashboard opens its stream it asks for the party's log (the feed's cards)
and for the characters' cards again. Each answer is written when it is asked for; a roll
or a sheet change that reaches the page by the stream before that answer lands is newer.
Here the answers are held back (Playwright's routing) until the stream has brought a
roll's card and a character's new card: the page keeps both (issue 31: "Nothing lost").
"""

from playwright.sync_api import expect

from rolls.stream import announce_roll
from sheets.models import MutantSheet
from tests.rolls.test_feed import make_roll
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def hold(page, pattern):
    """Route ``pattern``: the server answers at once, the page gets that answer only when
    the test releases it. Returns the list the held (route, answer) pairs go to."""
    held = []

    def keep(route):
        held.append((route, route.fetch()))

    page.route(pattern, keep)
    return held


def wait_until_held(page, held):
    for _ in range(600):  # the page asks as soon as its stream opens
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page never asked")


def open_without_cards(page, url, party):
    """The dashboard with its feed emptied before its stream opens: the log comes whole
    (a feed without cards asks for the latest rolls, and its answer replaces the feed)."""
    page.route("**/events/", lambda route: route.abort())
    page.goto(url)
    feed = page.locator(f"#feed-log-{party.pk}")
    feed.locator("[data-roll]").evaluate_all("cards => cards.forEach(card => card.remove())")
    page.unroute("**/events/")  # the stream opens at its next try
    return feed


def release(held):
    for route, answer in held:
        route.fulfill(response=answer)


def test_a_roll_streamed_while_the_log_is_on_its_way_stays_on_the_feed(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    character = mutant_sheet.character
    earlier = make_roll(character, outcome="before the page")
    log_in(page, gm)
    held = hold(page, "**/log/**")
    feed = open_without_cards(page, f"{asgi_server.url}/parties/{party.pk}/dashboard/", party)
    wait_until_held(page, held)  # written now: it knows only the earlier roll
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)

    meanwhile = make_roll(character, outcome="while the log was on its way")
    announce_roll(meanwhile.pk)
    expect(feed.locator(f'[data-roll="{meanwhile.pk}"]')).to_be_visible()
    release(held)

    expect(page.locator(f"#feed-log-{party.pk}[data-feed-complete]")).to_have_count(1)
    cards = feed.locator(":scope > [data-roll]")
    expect(cards).to_have_count(2)
    expect(cards.nth(0)).to_have_attribute("data-roll", str(meanwhile.pk))
    expect(cards.nth(0)).to_contain_text("while the log was on its way")
    expect(cards.nth(1)).to_have_attribute("data-roll", str(earlier.pk))
    expect(feed.locator("[data-feed-empty]")).to_have_count(0)


def test_a_rolls_later_step_streamed_before_its_card_is_shown_is_not_undone_by_the_log(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    roll = make_roll(mutant_sheet.character, outcome="Failed")
    log_in(page, gm)
    held = hold(page, "**/log/**")
    feed = open_without_cards(page, f"{asgi_server.url}/parties/{party.pk}/dashboard/", party)
    wait_until_held(page, held)  # the log says "Failed"
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)

    roll.outcome = "Success, re-read"
    roll.save()
    announce_roll(roll.pk, update=True)  # no card to update on the page yet
    release(held)

    expect(page.locator(f"#feed-log-{party.pk}[data-feed-complete]")).to_have_count(1)
    expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_have_count(1)
    expect(feed.locator(f'[data-roll="{roll.pk}"] [data-outcome]')).to_have_text("Success, re-read")


def test_a_sheet_change_streamed_while_the_dashboard_cards_are_on_their_way_stays(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    character = mutant_sheet.character
    log_in(page, gm)
    held = hold(page, "**/dashboard/cards/**")
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    summary = page.locator(f"#summary-{character.pk}")
    expect(summary).to_contain_text("5/5")
    wait_until_held(page, held)  # written now: Strength 5/5
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)

    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    sheet.damage = 3
    sheet.save()  # announced at once (no request around it): Strength 2/5
    expect(summary).to_contain_text("2/5")
    page.evaluate("document.getElementById('summaries').dataset.before = 'the answer'")
    release(held)

    expect(page.locator("#summaries[data-before]")).to_have_count(0)  # the answer is in
    summary = page.locator(f"#summary-{character.pk}")
    expect(summary).to_contain_text("2/5")
    expect(summary).not_to_contain_text("5/5")
