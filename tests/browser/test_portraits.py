"""Portraits in a real browser: the player adds one from the sheet's header (a bad file
first: the message by the field, nothing changed), sees it in the header and on paper;
the GM's dashboard card shows it; a roll's card in the feed shows it, for the player and
the GM; every picture actually loads (served to them, not to strangers)."""

from playwright.sync_api import expect

from rolls.models import Roll
from tests import pictures
from tests.sse_client import wait_for_open_streams


def loaded(locator) -> int:
    """The picture's width as the browser decoded it (0: not loaded, refused)."""
    expect(locator).to_be_visible()
    locator.page.wait_for_function("img => img.complete", arg=locator.element_handle())
    return locator.evaluate("img => img.naturalWidth")


def test_a_player_adds_a_portrait_and_the_table_sees_it(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice, media
):
    krin = mutant_sheet.character
    page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{krin.get_absolute_url()}")
    header = page.locator("#sheet-header")
    expect(header.locator("[data-portrait-initials]")).to_have_text("K")

    header.get_by_role("link", name="Add a portrait").click()
    expect(page.get_by_role("heading", name="Krin's portrait")).to_be_visible()
    field = page.get_by_label("Portrait")
    # a text file named like a picture: the message by the field, nothing stored
    field.set_input_files({"name": "krin.png", "mimeType": "image/png",
                           "buffer": b"not a picture at all"})  # fmt: skip
    page.get_by_role("button", name="Upload").click()
    message = page.locator("#id_picture_error")
    expect(message).to_contain_text("not a picture Tableside can read")
    expect(page.get_by_label("Portrait")).to_have_attribute("aria-invalid", "true")
    krin.refresh_from_db()
    assert krin.portrait == ""

    page.get_by_label("Portrait").set_input_files({
        "name": "krin.jpg", "mimeType": "image/jpeg",
        "buffer": pictures.jpeg_with_gps_turned(),
    })  # fmt: skip
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(f"{asgi_server.url}{krin.get_absolute_url()}")
    expect(page.get_by_text("Krin has a new portrait.")).to_be_visible()
    in_header = header.locator("img[data-portrait]")
    assert loaded(in_header) == 320
    expect(header.locator("[data-portrait-initials]")).to_have_count(0)
    page.emulate_media(media="print")
    expect(in_header).to_be_visible()  # on paper too
    page.emulate_media(media="screen")

    # the GM's dashboard card
    gm_page = browser.new_context().new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    card = gm_page.locator(f"#summary-{krin.pk}")
    assert loaded(card.locator("img[data-portrait]")) == 96

    # a roll's card in the feed, on the player's sheet and on the GM's dashboard
    page.reload()
    wait_for_open_streams(party.pk, 2)
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    page.get_by_role("link", name="Roll Fight").click()
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_be_visible()
    page.get_by_role("button", name="Close").click()
    roll = Roll.objects.get(character=krin)
    for seen_by in (page, gm_page):
        roll_card = seen_by.locator(f'[data-roll="{roll.pk}"]').first
        expect(roll_card).to_contain_text("Krin")
        assert loaded(roll_card.locator("img[data-portrait]")) == 96
