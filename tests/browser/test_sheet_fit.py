"""Every system's filled-in sheet at the desk widths players use (1440, 1280 and 1024 px,
the feed beside the sheet): no name or label cut short, none running under a field or
into another label, in the first view and in every tab."""

from pathlib import Path

import pytest
from django.db import transaction
from playwright.sync_api import expect

from sheets.models import Character
from sheets.systems.registry import all_systems

WIDTHS = ({"width": 1440, "height": 900}, {"width": 1280, "height": 800},
          {"width": 1024, "height": 768})  # fmt: skip

# What the page shows in words beside fields: attribute and skill names, field labels,
# the T2K dice. A text box is its text's own extent (a Range), so a word that overflows
# its box is seen where it is drawn.
CLASHES = (Path(__file__).parent / "sheet_fit.js").read_text()


def filled_in(system, owner, party) -> Character:
    """The system's demo character (its rows: weapons, gear, injuries...) for ``owner``."""
    character = Character(owner=owner, party=party, system=system.slug)
    with transaction.atomic():
        system.call("demo", character, 0)
    return character


@pytest.mark.parametrize("system", list(all_systems()), ids=lambda system: system.slug)
def test_nothing_on_the_sheet_is_cut_short_or_runs_into_a_field(
    system, asgi_server, page, log_in, player, party
):
    character = filled_in(system, player, party)
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    expect(page.locator(".sheet-first-view")).to_be_visible()
    tabs = page.locator(".sheet-tabs [data-tab]")
    expect(tabs.first).to_be_visible()
    found = []
    for size in WIDTHS:
        page.set_viewport_size(size)
        found += [f"{size['width']} px, first view: {clash}"
                  for clash in page.locator(".sheet-first-view").evaluate(CLASHES)]  # fmt: skip
        for tab in tabs.all():
            tab.click()
            panel = page.locator(".sheet-tab.is-active")
            expect(panel).to_have_id(tab.get_attribute("data-tab"))
            found += [f"{size['width']} px, {tab.inner_text()} tab: {clash}"
                      for clash in panel.evaluate(CLASHES)]  # fmt: skip
    assert found == []


@pytest.mark.parametrize("system", list(all_systems()), ids=lambda system: system.slug)
def test_on_a_phone_nothing_opened_makes_the_page_wider_than_the_screen(
    system, asgi_server, browser, log_in, player, party
):
    """Every section opened (the tabs' sections, every "more" and tool that folds out):
    the page still fits a 390 px phone, nothing to scroll sideways."""
    character = filled_in(system, player, party)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    expect(page.locator(".sheet-tabs [data-tab]").first).to_be_attached()
    toggles = page.locator(".sheet-tabs [aria-expanded=false]")
    for toggle in toggles.all():
        if toggle.is_visible():
            toggle.click()
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true })")
    page.wait_for_timeout(100)
    wide = page.evaluate(
        "[...document.querySelectorAll('.sheet-page *')].filter(e => e.offsetParent"
        " && e.getBoundingClientRect().right > innerWidth + 1).slice(0, 5)"
        ".map(e => e.tagName + '.' + [...e.classList].join('.') + ' ' +"
        " (e.textContent || '').trim().slice(0, 30))"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
    context.close()
