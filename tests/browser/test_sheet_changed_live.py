"""One sheet open twice, by its player and by the GM, in real browsers: a change made on
either page reaches the other live. The players' pages hear ``sheet-changed`` (the
character's number); the GM's channel carries only the character's dashboard card, which
the GM's open sheet listens to instead (rolls/stream.py, ``announce_sheet``)."""

from playwright.sync_api import expect

from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def change(page, label, value):
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    field.press("Tab")


def test_a_change_from_the_players_phone_reaches_their_laptop_and_the_gms_open_sheet(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet
):
    url = f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}"
    contexts = [browser.new_context() for _ in range(3)]
    laptop, phone, gm_page = (context.new_page() for context in contexts)
    for page, user in ((laptop, player), (phone, player), (gm_page, gm)):
        log_in(page, user)
        page.goto(url)
    expect(gm_page.locator(".alert-info")).to_contain_text("You run this party")
    wait_for_open_streams(party.pk, 3)
    wait_for_feed_subscribers(1)

    change(phone, "Damage", "2")
    expect(phone.locator("#f-damage-status")).to_contain_text("Saved")
    for page in (laptop, gm_page):  # the laptop by sheet-changed, the GM by the card
        expect(page.get_by_label("Damage", exact=True)).to_have_value("2")
        expect(page.locator("#dice-strength")).to_contain_text("3 base dice")
    for context in contexts:
        context.close()
