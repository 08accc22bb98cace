"""A page missing a roll fills it in from the party's log: when its stream opens again
(it asks from the newest roll the log answered with, not from its newest card), when an
event arrives after a gap in the feed's numbering (an event it never got), and for a
roll stored while its stream was taking its place in the feed."""

import contextlib
import threading

from django_eventstream.event import Event
from django_eventstream.utils import get_storage
from django_eventstream.views import get_listener_manager
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from rolls.cards import roll_card_html
from rolls.models import Roll
from rolls.stream import PartyEventStorage, announce_roll, gm_channel
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


def test_a_roll_stored_while_the_stream_takes_its_place_is_shown(
    asgi_server, page, log_in, gm, party, mutant_sheet, monkeypatch
):
    """The headers of a page's stream reach it before the stream reads where the feed
    stands (the newest stored id): a roll stored between the two is not sent by the
    stream, so the page's catch-up from the log must come after that read (on the
    stream's ``stream-open`` event), not when the headers arrive (``htmx:sseOpen``)."""
    reading, go_on = threading.Event(), threading.Event()
    position_of = PartyEventStorage.get_current_id

    def position_read_once_the_roll_is_stored(storage, channel):
        if not go_on.is_set():
            reading.set()
            go_on.wait(10)
        return position_of(storage, channel)

    monkeypatch.setattr(PartyEventStorage, "get_current_id", position_read_once_the_roll_is_stored)
    log_in(page, gm)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    assert reading.wait(10), "the page's stream never read where the feed stands"
    # a catch-up asked for on the headers alone has its answer by now
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_event("response", lambda answer: "/log/" in answer.url, timeout=1_500)
    stored_meanwhile = made(mutant_sheet, "stored while the stream opened")
    announce_roll(stored_meanwhile.pk)
    go_on.set()

    expect(
        page.locator(f'#feed-log-{party.pk} > [data-roll="{stored_meanwhile.pk}"]')
    ).to_be_visible()
