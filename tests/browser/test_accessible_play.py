"""Playing without a mouse, without sight, without motion, in the light: a roll, its push
and the dialog's focus by keyboard alone; what a screen reader hears of a roll and of the
feed; reduced motion; the light and the dark theme, following the device or chosen."""

import re

import pytest
from playwright.sync_api import expect

from rolls.models import Roll
from sheets.preferences.models import Preferences
from tests.sse_client import wait_for_feed_subscribers

PHONE = {"width": 390, "height": 844}
# Every element that a screen reader reads out when its text changes.
LIVE_REGIONS_SAYING = """text => [...document.querySelectorAll(
  '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')]
  .filter(region => region.textContent.includes(text)).length"""
FOCUS_SHOWN = """element => {
  const style = getComputedStyle(element);
  return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    || style.boxShadow !== 'none';
}"""


@pytest.fixture
def sheet_page(asgi_server, page, log_in, player, mutant_sheet):
    log_in(page, player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)  # the tabs came
    return page


def test_a_roll_and_its_push_by_keyboard_alone_the_dialog_keeps_and_gives_back_the_focus(
    sheet_page, mutant_sheet, scripted_dice
):
    page = sheet_page
    page.get_by_label("Fight", exact=True).focus()
    page.keyboard.press("Tab")
    control = page.get_by_role("link", name="Roll Fight")
    expect(control).to_be_focused()
    assert control.evaluate(FOCUS_SHOWN)
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    roll = dialog.get_by_role("button", name="Roll", exact=True)
    expect(roll).to_be_focused()
    expect(dialog.locator(".odds")).to_contain_text("%")

    inside = "() => document.getElementById('roll-dialog').contains(document.activeElement)"
    controls = dialog.locator("a[href], button, input:not([type=hidden]), select").count()
    for _ in range(controls + 2):  # once round and on: Tab never leaves the dialog
        page.keyboard.press("Tab")
        assert page.evaluate(inside)
    for _ in range(controls + 2):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(inside)

    roll.focus()
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)  # Strength 5, Fight 3
    page.keyboard.press("Enter")
    expect(dialog.locator("[data-outcome]")).to_have_text("1 success, 1 damage")
    push = dialog.get_by_role("button", name="Push the roll")
    expect(push).to_be_focused()
    assert push.evaluate(FOCUS_SHOWN)
    scripted_dice(1, 1, 4, 6, 3, 2)
    page.keyboard.press("Enter")
    expect(dialog.get_by_text("pushed", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(control).to_be_focused()
    assert Roll.objects.count() == 2


def test_a_screen_reader_hears_a_roll_once_in_one_line_dice_outcome_and_sheet_changes(
    sheet_page, scripted_dice
):
    page = sheet_page
    page.get_by_role("link", name="Roll Fight").click()
    dialog = page.get_by_role("dialog")
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    dialog.get_by_role("button", name="Roll", exact=True).click()
    said = page.locator("#roll-said")
    expect(said).to_have_text(
        "Fight: 1 success, 1 damage. Dice: base 6 success; base 1; base 3; base 4; base 2;"
        " skill 5; skill 2; skill 1."
    )
    assert page.evaluate(LIVE_REGIONS_SAYING, "1 success, 1 damage") == 1
    # every die on the card has its words; the star and skull marks are drawn, not read
    dice = dialog.locator("[data-roll-result] .dice li")
    expect(dice).to_have_count(8)
    expect(dice.first.locator(".visually-hidden")).to_have_text("base die shows 6: success")
    expect(dice.first.locator(".die-mark")).to_have_attribute("aria-hidden", "true")

    scripted_dice(2, 3, 4, 5, 6, 6)
    dialog.get_by_role("button", name="Push the roll").click()
    # the push re-rolls all but the 6 and the 1, and its trauma lands on the sheet
    pushed = r"^Fight \(pushed\): [^.]+\. Dice: base 6 success; base 1 trauma; base 2, re-rolled"
    expect(said).to_have_text(re.compile(pushed))
    expect(said).to_contain_text("On the sheet: a base-die 1 on the push: Strength trauma +1")


def test_the_feed_says_someone_elses_roll_in_one_short_line_and_not_the_page_own(
    asgi_server, browser, log_in, gm, player, party, mutant_sheet, scripted_dice
):
    character = mutant_sheet.character
    gm_page = browser.new_context().new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(gm_page.locator("[data-feed-empty]")).to_be_visible()
    wait_for_feed_subscribers(1)
    page = browser.new_context().new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)

    page.get_by_role("link", name="Roll Fight").click()
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    expect(gm_page.locator(".feed [data-roll]")).to_have_count(1)
    expect(gm_page.locator("[data-feed-said]")).to_have_text(
        "New roll: Krin, Fight: 1 success, 1 damage."
    )
    assert gm_page.locator(".feed").get_attribute("aria-live") is None  # no flood
    expect(page.locator(".feed [data-roll]")).to_have_count(1)
    page.wait_for_timeout(1700)  # past the moment the feed gathers its arrivals
    expect(page.locator("[data-feed-said]")).to_have_text("")  # the dialog said it


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_turns_off_the_highlights_and_the_dialogs_slide(
    motion, asgi_server, browser, log_in, player, mutant_sheet
):
    context = browser.new_context(viewport=PHONE, reduced_motion=motion)
    page = log_in(context.new_page(), player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    page.get_by_role("link", name="Roll Fight").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    slide = dialog.evaluate("d => getComputedStyle(d).animationName")
    flash = page.evaluate(
        "() => { const card = document.createElement('article');"
        " card.className = 'roll-card is-new'; document.body.append(card);"
        " return getComputedStyle(card).animationName; }"
    )
    moving = ("sheet-up", "flash") if motion == "no-preference" else ("none", "none")
    assert (slide, flash) == moving
    context.close()


def test_the_theme_follows_the_device_until_the_player_chooses_one_in_the_navbar(
    asgi_server, browser, log_in, player
):
    context = browser.new_context(color_scheme="light")
    page = log_in(context.new_page(), player)
    html = page.locator("html")
    expect(html).to_have_attribute("data-bs-theme", "light")
    page.emulate_media(color_scheme="dark")  # evening: the device turns dark
    expect(html).to_have_attribute("data-bs-theme", "dark")
    page.emulate_media(color_scheme="light")
    expect(html).to_have_attribute("data-bs-theme", "light")

    switch = page.get_by_role("button", name="Theme")
    switch.focus()
    page.keyboard.press("Enter")
    dark = page.get_by_role("button", name="Dark")
    expect(dark).to_be_visible()
    dark.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"{asgi_server.url}/")
    expect(html).to_have_attribute("data-bs-theme", "dark")  # the device is still light
    expect(page.locator("#theme-switch + form [value=dark]")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert Preferences.objects.get(user=player).theme == "dark"
    context.close()

    elsewhere = browser.new_context(color_scheme="light")  # another device
    page = log_in(elsewhere.new_page(), player)
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    elsewhere.close()


def test_a_gear_line_is_added_and_removed_by_keyboard_and_the_focus_is_never_lost(
    sheet_page, mutant_sheet
):
    page = sheet_page
    name = page.locator("#id_gear-new-name")
    name.focus()
    page.keyboard.type("Rope")
    page.keyboard.press("Enter")  # the add form sends itself
    remove = page.get_by_role("button", name="Remove gear line Rope")
    expect(remove).to_be_visible()
    assert mutant_sheet.gear.get().name == "Rope"
    assert page.evaluate("document.activeElement !== document.body")

    remove.focus()
    assert remove.evaluate(FOCUS_SHOWN)
    page.keyboard.press("Enter")
    expect(page.locator("#rows-gear .sheet-row-removed")).to_contain_text("Rope")
    assert not mutant_sheet.gear.exists()
    assert page.evaluate("document.activeElement !== document.body"), "the focus fell off"


def test_the_gm_rolls_for_an_npc_from_the_dashboard_by_keyboard(
    asgi_server, page, log_in, gm, party, mutant_sheet
):
    log_in(page, gm)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    control = page.get_by_role("link", name="MYZ: NPC or monster roll")
    control.focus()
    assert control.evaluate(FOCUS_SHOWN)
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    roll = dialog.get_by_role("button", name="Roll", exact=True)
    expect(roll).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.locator("[data-roll-result]")).to_be_visible()
    expect(page.locator("#roll-said")).not_to_be_empty()
    page.keyboard.press("Escape")
    expect(control).to_be_focused()
