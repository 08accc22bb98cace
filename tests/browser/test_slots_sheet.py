"""The Slots sheet in a real browser: the grid is the sheet; a block with light armor
confirmed puts a closed wound in the rolled slot; a gear check with advantage where the
player picks the die; items move by dragging and by the keyboard move control."""

import pytest
from playwright.sync_api import expect

from sheets.models import SlotsItem, SlotsMark
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)


@pytest.fixture
def slots_sheet(player, party):
    sheet = SlotsSheetFactory(character__owner=player, character__party=party)
    SlotsItemFactory(sheet=sheet, slot=3, name="Leather jerkin", tags="light armor, flammable")
    SlotsItemFactory(sheet=sheet, slot=4, name="Leather jerkin", tags="light armor, flammable")
    SlotsItemFactory(sheet=sheet, slot=7, name="Short sword", tags="weapon, rigid, sharp")
    SlotsItemFactory(sheet=sheet, slot=8, name="Buckler", tags="shield, rigid, blunt")
    SlotsItemFactory(sheet=sheet, slot=9, name="Bedroll", tags="cushioning, flammable")
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="noisy, heavy")
    SlotsIdeaFactory(sheet=sheet, slot=1, kind="devotion", name="The Dawn Father")
    SlotsIdeaFactory(sheet=sheet, slot=3, kind="interest", name="Aiming", target="the troll")
    SlotsMarkFactory(sheet=sheet, number=5, wound="closed")
    SlotsMarkFactory(sheet=sheet, number=6, condition="exhaustion")
    SlotsMarkFactory(sheet=sheet, area="focus", number=4, condition="terror")
    return sheet


@pytest.fixture
def sheet_page(asgi_server, page, log_in, player, slots_sheet):
    log_in(page, player)
    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    expect(page.locator("#slots-grid")).to_be_visible()
    return page


def open_check(page, check):
    page.locator(f"#slots-grid a[data-check={check}]").click()
    form = page.locator("form[data-roll-form=check]")
    expect(form).to_be_visible()
    return form


def marks(sheet):
    return {
        (m.area, m.number): (m.wound, m.condition) for m in SlotsMark.objects.filter(sheet=sheet)
    }


def test_the_grid_is_the_first_view_and_screenshots(page, sheet_page):
    for width, height in ((1440, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(page.url)
        expect(page.locator("#slot-gear-12")).to_be_attached()
        page.screenshot(path=f"test-results/slots-sheet-{width}.png", full_page=False)
        page.screenshot(path=f"test-results/slots-sheet-{width}-full.png", full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"horizontal scroll at {width}: {scroll}"
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(page.url)
    for locator in ("#slot-focus-1", "#slot-gear-2", "#slot-gear-12", "a[data-check=block]"):
        box = page.locator(locator).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, locator


def test_a_block_with_light_armor_puts_a_closed_wound_in_the_rolled_slot(
    sheet_page, slots_sheet, scripted_dice
):
    form = open_check(sheet_page, "block")
    form.locator("select[name=attack]").select_option("strike")
    scripted_dice(4)
    form.get_by_role("button", name="Roll").click()
    result = sheet_page.locator("#roll-result")
    expect(result).to_contain_text("resisted")
    expect(result).to_contain_text("lower torso")
    result.get_by_role("button", name="Confirm: apply to the sheet").click()
    expect(result).to_contain_text("confirmed")
    assert marks(slots_sheet)[("gear", 4)] == ("closed", "")


def test_a_gear_check_with_advantage_where_the_player_picks_the_die(
    sheet_page, slots_sheet, scripted_dice
):
    form = open_check(sheet_page, "traverse")
    form.locator("input[name=advantages]").fill("1")
    scripted_dice(11, 2)
    form.get_by_role("button", name="Roll").click()
    result = sheet_page.locator("#roll-result")
    expect(result).to_contain_text("you pick the die that counts")
    sheet_page.screenshot(path="test-results/slots-pick.png")
    result.get_by_role("button", name="Read 2").click()
    expect(result).to_contain_text("moves safely")
    expect(result.locator(".dice li", has_text="set aside")).to_have_count(1)
    expect(result).not_to_contain_text("Chosen:")
    result.get_by_role("button", name="Confirm: apply to the sheet").click()
    expect(result).to_contain_text("confirmed")
    exhausted = [k for k, (_, c) in marks(slots_sheet).items() if c == "exhaustion"]
    assert len(exhausted) == 2  # slot 6 before, one more after every traverse


def test_an_item_moves_by_drag_and_by_keyboard(sheet_page, slots_sheet):
    coins = SlotsItem.objects.get(name="Sack of coins")
    sheet_page.locator(f"#item-{coins.pk}").drag_to(sheet_page.locator("#slot-gear-12"))
    expect(sheet_page.locator(f"#slot-gear-12 #item-{coins.pk}")).to_be_visible()
    coins.refresh_from_db()
    assert coins.slot == 12

    select = sheet_page.locator(f"#item-{coins.pk} select[name=to]")
    select.focus()
    select.select_option("10")
    sheet_page.keyboard.press("Tab")
    sheet_page.keyboard.press("Enter")
    expect(sheet_page.locator(f"#slot-gear-10 #item-{coins.pk}")).to_be_visible()
    coins.refresh_from_db()
    assert coins.slot == 10


def test_the_gm_dashboard_shows_the_mini_grid(asgi_server, page, log_in, gm, party, slots_sheet):
    log_in(page, gm)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    mini = page.locator(f"#summary-{slots_sheet.character.pk} .slots-mini")
    expect(mini).to_be_visible()
    expect(mini.locator(".mini-cell.cond-bg-exhaustion")).to_have_count(1)
    page.screenshot(path="test-results/slots-dashboard.png")


def test_a_roll_waiting_for_confirmation_screenshot(sheet_page, scripted_dice):
    form = open_check(sheet_page, "block")
    scripted_dice(7)
    form.get_by_role("button", name="Roll").click()
    expect(sheet_page.locator("#roll-result")).to_contain_text("Confirm")
    sheet_page.screenshot(path="test-results/slots-confirm.png", full_page=True)
