"""Slots in Swedish (issue 30): a Swedish player reads the whole slot grid (slot names,
conditions, tags, the move and remove controls), every roll dialog and its result (a
check picked and confirmed, a fall, corruption), and the GM reads the dashboard card,
time passing and the party's rounds and tries, with nothing left in English, at
1440x900 and 390x844. English stays the default."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.swedish import english_in, english_left, fits
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)

SIZES = [(1440, 900), (390, 844)]
# the test's own data: the party's name and what the player typed
OURS = (
    "The Ark", "The Ark · Tableside", "The Ark: inställningar · Tableside", "Tindra",
    "Läderväst", "Kortsvärd", "Bucklare", "Sovsäck", "Myntpung", "Gryningsfadern", "Sikte",
    "trollet", "player", "gm",
)  # fmt: skip


@pytest.fixture
def slots_sheet(player, party):
    sheet = SlotsSheetFactory(
        character__owner=player, character__party=party, character__name="Tindra"
    )
    SlotsItemFactory(sheet=sheet, slot=3, name="Läderväst", tags="light armor, flammable")
    SlotsItemFactory(sheet=sheet, slot=4, name="Läderväst", tags="light armor, flammable")
    SlotsItemFactory(sheet=sheet, slot=7, name="Kortsvärd", tags="weapon, rigid, sharp")
    SlotsItemFactory(sheet=sheet, slot=8, name="Bucklare", tags="shield, rigid, blunt")
    SlotsItemFactory(sheet=sheet, slot=9, name="Sovsäck", tags="cushioning, flammable")
    SlotsItemFactory(
        sheet=sheet, slot=11, name="Myntpung", tags="noisy, heavy", wrapped=True, damaged=True
    )
    SlotsIdeaFactory(sheet=sheet, slot=1, kind="devotion", name="Gryningsfadern")
    SlotsIdeaFactory(
        sheet=sheet, slot=3, kind="interest", name="Sikte", target="trollet", concentrating=True
    )
    SlotsMarkFactory(sheet=sheet, number=5, wound="closed")
    SlotsMarkFactory(sheet=sheet, number=2, wound="open")
    SlotsMarkFactory(sheet=sheet, number=6, condition="exhaustion")
    SlotsMarkFactory(sheet=sheet, area="focus", number=4, condition="terror")
    return sheet


def swedish_page(swedish, log_in, user, width, height):
    page = swedish(width, height)
    log_in(page, user)
    return page


def read_all(page, where="body"):
    """Open every folded part (the grid's tools, the pending rolls) so hidden text is read."""
    page.evaluate(
        "(sel) => document.querySelectorAll(sel + ' details').forEach(d => d.open = true)",
        where,
    )


def check_swedish(page, width, name):
    assert english_left(page, allowed=OURS) == []
    fits(page, width)
    page.screenshot(path=f"test-results/sv-slots-{name}-{width}.png", full_page=True)


def open_dialog(page, action, check=None):
    selector = f"#slots-grid a[data-roll-action={action}]"
    if check:
        selector += f"[data-check={check}]"
    page.locator(selector).click()
    form = page.locator(f"form[data-roll-form={action}]")
    expect(form).to_be_visible()
    return form


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_slot_grid_reads_swedish(asgi_server, swedish, log_in, player, slots_sheet, width,
                                     height):  # fmt: skip
    page = swedish_page(swedish, log_in, player, width, height)
    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}?all")
    grid = page.locator("#slots-grid")
    expect(grid).to_contain_text("Fokusplatser")
    expect(grid).to_contain_text("huvud")
    expect(grid).to_contain_text("ben och fötter")
    expect(grid).to_contain_text("hängivenhet")
    expect(grid).to_contain_text("tung rustning")
    expect(grid.get_by_role("button", name="Flytta Sikte")).to_be_attached()
    expect(page.locator(".badge", has_text="Människa")).to_be_visible()
    expect(page.locator("#slot-gear-6")).to_have_attribute("aria-label", re.compile("utmattning"))
    read_all(page)
    check_swedish(page, width, "sheet")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_check_picked_and_confirmed_reads_swedish(asgi_server, swedish, log_in, player,
                                                    slots_sheet, scripted_dice, width,
                                                    height):  # fmt: skip
    page = swedish_page(swedish, log_in, player, width, height)
    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    form = open_dialog(page, "check", "block")
    expect(form).to_contain_text("Fördelar")
    form.locator("input[name=advantages]").fill("1")
    check_swedish(page, width, "check-dialog")
    scripted_dice(4, 11)
    form.get_by_role("button", name="Slå", exact=True).click()
    result = page.locator("#roll-result")
    expect(result).to_contain_text("du väljer tärningen som räknas")
    check_swedish(page, width, "check-pick")
    result.get_by_role("button", name=re.compile("^Läs 4")).click()
    expect(result).to_contain_text("emotstått")
    expect(result).to_contain_text("nedre bål")
    check_swedish(page, width, "check-suggested")
    result.get_by_role("button", name=re.compile("^Bekräfta")).click()
    expect(result.locator(".badge", has_text="bekräftat")).to_be_visible()
    check_swedish(page, width, "check-confirmed")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_fall_and_corruption_read_swedish(asgi_server, swedish, log_in, player, slots_sheet,
                                            scripted_dice, width, height):  # fmt: skip
    page = swedish_page(swedish, log_in, player, width, height)
    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    form = open_dialog(page, "fall")
    form.locator("input[name=feet]").fill("20")
    expect(form).to_contain_text("Landar på")
    check_swedish(page, width, "fall-dialog")
    scripted_dice(9, 1)
    form.get_by_role("button", name="Slå", exact=True).click()
    result = page.locator("#roll-result")
    expect(result).to_contain_text("Sovsäck dämpar fallet")
    expect(result).to_contain_text("vad tärningarna än säger hamnar du liggande")
    check_swedish(page, width, "fall-result")

    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    form = open_dialog(page, "corruption")
    check_swedish(page, width, "corruption-dialog")
    form.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("#roll-result")).to_contain_text("Korrumperad")
    read_all(page)
    check_swedish(page, width, "corruption-result")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_gm_reads_the_card_time_and_rounds_in_swedish(asgi_server, swedish, log_in, gm, party,
                                                          slots_sheet, width,
                                                          height):  # fmt: skip
    page = swedish_page(swedish, log_in, gm, width, height)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    card = page.locator(f"#summary-{slots_sheet.character.pk}")
    expect(card.locator(".slots-mini")).to_be_visible()
    expect(card).to_contain_text("Människa")
    # the dashboard's other systems' forms are theirs: read the Slots card only
    texts = card.inner_text().split("\n") + card.evaluate(
        "el => [...el.querySelectorAll('[title], [aria-label]')]"
        ".flatMap(n => [n.title, n.getAttribute('aria-label')]).filter(Boolean)"
    )
    assert english_in(texts, allowed=OURS) == []
    fits(page, width)
    page.screenshot(path=f"test-results/sv-slots-dashboard-{width}.png", full_page=True)

    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    form = open_dialog(page, "time")
    form.locator("select[name=span]").select_option("try")
    expect(form).to_contain_text("Sträng kyla")
    check_swedish(page, width, "time-dialog")
    form.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("#roll-result")).to_contain_text("försök går")
    check_swedish(page, width, "time-result")

    page.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
    expect(page.locator("body")).to_contain_text("Rundor och försök")
    read_all(page)
    check_swedish(page, width, "party-settings")


def test_english_is_still_the_default(asgi_server, page, log_in, player, slots_sheet):
    log_in(page, player)
    page.goto(f"{asgi_server.url}{slots_sheet.character.get_absolute_url()}")
    expect(page.locator("#slots-grid")).to_contain_text("Focus slots")
    expect(page.locator("#slots-grid")).to_contain_text("legs and feet")
