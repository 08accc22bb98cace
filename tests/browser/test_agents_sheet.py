"""The Agents sheet in a real browser: a failed roll from the sheet puts a stress point and
an XP point on the sheet and on the GM's dashboard without a reload; screenshots of the
sheet at 1440 x 900 and 390 x 844 for a reviewer (test-results/, not committed)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from rolls.models import Roll
from sheets.models import AgentSheet, AgentSkill
from sheets.systems.agents.demo import fill
from tests.factories_agents import AgentClockFactory
from tests.sse_client import wait_for_feed_subscribers

RESULTS = Path("test-results")


def show_skill_editor(page):
    """Look at the Agent & skills tab: its skill editor is fetched when first seen."""
    expect(page.locator("#agent")).to_be_visible()
    page.locator("#agent").scroll_into_view_if_needed()
    expect(page.locator("#agent [data-tab-body]")).to_be_attached()


@pytest.fixture
def dana(player, party):
    from sheets.models import Character

    AgentClockFactory(party=party, day=3, hour=14)
    return fill(Character(owner=player, party=party, system="agents"), 0)


def test_a_failed_roll_puts_stress_and_xp_on_the_sheet_and_the_dashboard_live(
    asgi_server, browser, log_in, gm, party, player, dana, scripted_dice
):
    character = dana.character
    firearms = AgentSkill.objects.get(sheet=dana, name="Firearms")
    gm_context, player_context = browser.new_context(), browser.new_context()
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    summary = gm_page.locator(f"#summary-{character.pk}")
    expect(summary).to_contain_text("1 (-1 on rolls)")
    wait_for_feed_subscribers(1)

    page = player_context.new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}#agent")
    page.evaluate("window.stillTheSamePage = true")
    show_skill_editor(page)
    expect(page.get_by_label("Firearms XP", exact=True)).to_have_value("0")

    page.get_by_role("link", name="Roll Firearms").click()
    form = page.locator("#roll-form-slot form[data-roll-form=basic]")
    expect(form.locator("select[name=skill]")).to_have_value(str(firearms.pk))
    expect(form.locator(".odds")).to_contain_text("Failure")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=RESULTS / "agents-roll-dialog-1440.png")

    # 1 + 3 + INT 6 (+1) + Journeyman 2 - stress 1 + Day (Human) +1 = 7: fails 12 + 2 twice
    scripted_dice(1, 3, 12, 12)
    form.get_by_role("button", name="Roll", exact=True).click()
    result = page.locator("[data-roll-result]")
    expect(result.locator("[data-outcome]")).to_have_text("Failure")
    expect(result.locator(".dice .die")).to_have_count(4)
    page.screenshot(path=RESULTS / "agents-roll-result-1440.png")

    expect(page.get_by_label("Firearms XP", exact=True)).to_have_value("1")
    expect(page.locator("[data-stress]")).to_contain_text("2")
    stored = AgentSheet.objects.get(pk=dana.pk)
    assert stored.stress == 2
    assert AgentSkill.objects.get(pk=firearms.pk).xp == 1
    assert page.evaluate("window.stillTheSamePage") is True

    roll = Roll.objects.get(character=character)
    expect(gm_page.locator(f'#feed-log-{party.pk} [data-roll="{roll.pk}"]')).to_contain_text(
        "Failure"
    )
    expect(summary).to_contain_text("2 (-2 on rolls)")
    gm_context.close()
    player_context.close()


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_screenshots_of_the_sheet(asgi_server, page, log_in, player, dana, width, height):
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, player)
    page.goto(f"{asgi_server.url}{dana.character.get_absolute_url()}")
    expect(page.get_by_role("heading", name="Dana Reyes")).to_be_visible()
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=RESULTS / f"agents-sheet-{width}.png")
    page.screenshot(path=RESULTS / f"agents-sheet-{width}-full.png", full_page=True)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"{scroll_width}px wide at {width}px: horizontal scroll"


def test_the_skill_editor_arrives_after_the_page_and_a_draft_typed_in_it_survives_a_reload(
    asgi_server, page, log_in, player, dana
):
    """The skill editor comes when its tab is first shown: its inputs save themselves
    like any other, and a draft left in it goes back once it arrives."""
    firearms = AgentSkill.objects.get(sheet=dana, name="Firearms")
    log_in(page, player)
    page.goto(f"{asgi_server.url}{dana.character.get_absolute_url()}")
    xp = page.get_by_label("Firearms XP", exact=True)
    expect(page.get_by_label("Role", exact=True)).to_be_attached()  # the tabs came
    expect(page.get_by_text("Loading the skill editor")).to_be_attached()  # not yet seen
    expect(xp).to_have_count(0)
    page.get_by_role("link", name="Agent & skills").click()
    show_skill_editor(page)
    expect(xp).to_have_value("0")
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)

    # typed, and the page left before its save went out
    page.evaluate(
        "name => sessionStorage.setItem('tableside-drafts:' + location.pathname,"
        " JSON.stringify({[name]: {value: '3', original: '0'}}))",
        f"skills-{firearms.pk}-xp",
    )
    page.reload()
    show_skill_editor(page)
    expect(xp).to_have_value("3")
    expect(page.locator(f"#f-skills-{firearms.pk}-xp-status")).to_contain_text("Saved")
    assert AgentSkill.objects.get(pk=firearms.pk).xp == 3


def test_a_skill_editor_that_does_not_load_says_so_and_links_the_whole_sheet(
    asgi_server, page, log_in, player, dana
):
    log_in(page, player)
    page.route("**/section/tabs/", lambda route: route.abort())
    page.goto(f"{asgi_server.url}{dana.character.get_absolute_url()}#agent")
    placeholder = page.locator("[data-deferred-tab]")
    expect(placeholder).to_contain_text("did not load", timeout=10_000)  # after two retries
    link = placeholder.get_by_role("link", name="Show the rest of the sheet")
    expect(link).to_be_visible()

    page.unroute("**/section/tabs/")
    link.click()  # the whole sheet, every tab in place
    expect(page.get_by_label("Firearms XP", exact=True)).to_have_value("0")
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)
