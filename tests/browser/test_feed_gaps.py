"""A page missing a roll fills it in from the party's log: when its stream opens again
(it asks from the newest roll the log answered with, not from its newest card), and when
an event arrives after a gap in the feed's numbering (an event it never got)."""

import os

import pytest
from django_eventstream.event import Event
from django_eventstream.utils import get_storage
from django_eventstream.views import get_listener_manager
from playwright.sync_api import expect

from rolls.cards import roll_card_html
from rolls.models import Roll
from rolls.stream import announce_roll, gm_channel
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def made(sheet, outcome):
    return Roll.objects.create(
        character=sheet.character, party=sheet.character.party, user=sheet.character.owner,
        system="mutant", kind="d6", label="D6", outcome=outcome,
    )  # fmt: skip


def test_a_roll_missing_below_the_newest_card_is_filled_in_when_the_stream_opens(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    oldest, missing, newest = (made(mutant_sheet, f"roll {n}") for n in range(3))
    log_in(page, gm)
    page.route("**/events/", lambda route: route.abort())
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator(f'[data-roll="{newest.pk}"]')).to_be_visible()
    # a page that never got this roll (it committed after the newer one reached it)
    page.locator(f'[data-roll="{missing.pk}"]').evaluate("card => card.remove()")

    page.unroute("**/events/")
    feed = page.locator(f"#feed-log-{party.pk} > [data-roll]")
    expect(feed).to_have_count(3, timeout=15_000)
    shown = [feed.nth(n).get_attribute("data-roll") for n in range(3)]
    assert shown == [str(newest.pk), str(missing.pk), str(oldest.pk)]


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL"),
    reason="on SQLite, after the test before, its live roll is not shown in one run of a"
    " few (issue 26, stop 50's note): the PostgreSQL leg only until that is understood",
)
def test_a_roll_whose_event_never_came_is_filled_in_when_the_next_one_comes(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    log_in(page, gm)
    with page.expect_response(lambda answer: "/log/" in answer.url):  # its catch-up
        page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_open_streams(party.pk, 1)
    wait_for_feed_subscribers(1)
    before = made(mutant_sheet, "seen live")
    announce_roll(before.pk)
    feed = page.locator(f"#feed-log-{party.pk} > [data-roll]")
    expect(feed).to_have_count(1)

    channel = gm_channel(party.pk)
    lost = made(mutant_sheet, "its event stored, never sent to this page")
    get_storage().append_events("roll", [(channel, roll_card_html(lost, is_gm=True))])
    after = made(mutant_sheet, "sent after the gap")
    stored = get_storage().append_events("roll", [(channel, roll_card_html(after, is_gm=True))])
    # handed to the page's stream as it comes, past the gap
    get_listener_manager().add_to_queues(channel, Event(channel, "roll", stored[0].data,
                                                        id=stored[0].id))  # fmt: skip

    expect(feed).to_have_count(3, timeout=15_000)
    shown = [feed.nth(n).get_attribute("data-roll") for n in range(3)]
    assert shown == [str(after.pk), str(lost.pk), str(before.pk)]
