"""The sheet shell in a real browser, on the Mutant: Year Zero sheet: what the first
viewport holds, rolling from a row in the dialog without the page moving, the phone
layout, saving as you type, a refused value, tabs that keep the URL, counter boxes.
Screenshots land in test-results/ for a reviewer to look at."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rolls.models import Roll
from sheets.models import MutantSheet
from tests.factories import MutantWeaponFactory

SHOTS = Path("test-results")
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def stored(sheet):
    return MutantSheet.objects.get(pk=sheet.pk)


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def assert_inside(page, inner, outer):
    """``inner`` is drawn wholly within ``outer`` (not cut off at its edge)."""
    a, b = box(page, inner), box(page, outer)
    assert a["width"] > 0 and a["height"] > 0, inner
    assert b["x"] <= a["x"] and a["x"] + a["width"] <= b["x"] + b["width"], (inner, a, b)
    assert b["y"] <= a["y"] and a["y"] + a["height"] <= b["y"] + b["height"], (inner, a, b)


@pytest.fixture
def krin(mutant_sheet):
    MutantWeaponFactory(sheet=mutant_sheet, name="Scrap rifle", bonus=2, damage=2, range="long")
    MutantWeaponFactory(sheet=mutant_sheet, name="Machete", bonus=1, damage=2)
    return mutant_sheet


@pytest.fixture
def open_sheet(asgi_server, browser, log_in, player, krin):
    contexts = []

    def open_at(viewport):
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        log_in(page, player)
        page.goto(f"{asgi_server.url}{krin.character.get_absolute_url()}")
        expect(page.locator("#sheet-name")).to_have_text("Krin")
        expect(page.locator(".sheet-tab.is-active")).to_have_count(1)  # the tabs came, set up
        return page

    yield open_at
    for context in contexts:
        context.close()


def test_the_first_viewport_holds_header_attributes_skills_and_weapons(open_sheet):
    page = open_sheet(DESKTOP)
    for region in ("#sheet-header", "#section-attributes", "#section-skills",
                   "#section-weapons-view"):  # fmt: skip
        found = box(page, region)
        assert found["y"] >= 0 and found["y"] + found["height"] <= DESKTOP["height"], region
    expect(page.locator("#section-weapons-view")).to_contain_text("Scrap rifle")
    assert page.title() == "Krin · MYZ · Tableside"
    shot(page, "myz-sheet-1440")


def test_a_skill_rolls_and_pushes_in_the_dialog_and_the_page_never_moves(
    open_sheet, krin, scripted_dice
):
    page = open_sheet(DESKTOP)
    page.evaluate("window.scrollTo(0, 150)")
    scroll = page.evaluate("window.scrollY")
    assert scroll > 0
    control = page.get_by_role("link", name="Roll Fight")
    control.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".odds")).to_contain_text("%")
    # Strength 5, Fight 3: eight dice; Enter on the focused Roll button rolls.
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    roll_button = dialog.get_by_role("button", name="Roll", exact=True)
    expect(roll_button).to_be_focused()
    assert roll_button.evaluate("b => getComputedStyle(b).outlineStyle") == "solid"  # seen
    page.keyboard.press("Enter")
    expect(dialog.locator("[data-outcome]")).to_have_text("1 success, 1 damage")
    expect(dialog.locator(".dice .die-success")).to_have_count(1)
    expect(dialog.locator(".dice-legend")).to_contain_text("base")
    shot(page, "myz-roll-dialog-1440")

    scripted_dice(1, 1, 4, 6, 3, 2)
    dialog.get_by_role("button", name="Push the roll").click()
    expect(dialog.get_by_text("pushed", exact=True)).to_be_visible()
    expect(dialog.locator(".dice .die-rerolled")).to_have_count(6)
    expect(dialog.get_by_role("button", name="Push the roll")).to_have_count(0)
    dialog.get_by_role("button", name="Close").click()

    expect(dialog).to_be_hidden()
    expect(control).to_be_focused()
    assert page.evaluate("window.scrollY") == scroll
    expect(page.locator("#id_damage")).to_have_value("3")
    assert stored(krin).damage == 3
    # drawn again after the roll as the attributes row draws it: the trauma box, its
    # label for screen readers only, and what changed it read whole inside the row
    expect(page.locator("#id_damage")).to_have_class(re.compile(r"\btrauma-input\b"))
    expect(page.locator("#f-damage-label")).to_have_class(re.compile(r"\bvisually-hidden\b"))
    expect(page.locator("#f-damage-status")).to_contain_text("changed by a roll")
    assert_inside(page, "#f-damage-status", ".attribute-block:first-child")
    assert_inside(page, ".attribute-block:first-child .attribute-name", "#section-attributes")
    # The side column shows the party's feed once, this character's rolls marked.
    feed_cards = page.locator(".sheet-side [data-roll]")
    expect(feed_cards).to_have_count(2)
    expect(feed_cards.first).to_have_class(__import__("re").compile(r"\bis-mine\b"))


def test_a_rolls_own_page_offers_no_roll_again_that_does_nothing(
    asgi_server, page, log_in, player, krin, scripted_dice
):
    log_in(page, player)
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    page.goto(f"{asgi_server.url}/characters/{krin.pk}/roll/skill/?skill=fight")
    page.get_by_role("button", name="Roll", exact=True).click()  # no JavaScript path: a page
    expect(page.locator("[data-outcome]")).to_have_text("1 success, 1 damage")
    expect(page.get_by_role("button", name="Push the roll")).to_be_visible()
    expect(page.get_by_role("button", name="Roll again")).to_be_hidden()


def test_a_small_die_in_the_feed_shows_its_face_and_its_size_apart(
    asgi_server, page, log_in, player, krin
):
    Roll.objects.create(
        character=krin.character, party=krin.character.party, system="twilight", kind="skill",
        label="Ranged Combat", outcome="2 successes",
        result={"dice": [{"kind": "base", "size": 10, "face": 10, "counts": "success"},
                         {"kind": "base", "size": 8, "face": 7, "counts": "success"}]},
    )  # fmt: skip
    log_in(page, player)
    page.goto(f"{asgi_server.url}{krin.character.get_absolute_url()}")
    die = page.locator(".sheet-side .dice-small .die-d10").first
    expect(die).to_be_visible()
    face, size = die.locator(".die-face").bounding_box(), die.locator(".die-size").bounding_box()
    assert face["y"] + face["height"] <= size["y"] + 1, (face, size)  # the size below the face
    outer = die.bounding_box()
    assert outer["y"] <= size["y"] and size["y"] + size["height"] <= outer["y"] + outer["height"]


def test_a_weapon_row_opens_its_roll_with_the_weapon_and_skill_chosen(open_sheet, krin):
    page = open_sheet(DESKTOP)
    page.get_by_role("link", name="Roll Scrap rifle").click()
    form = page.get_by_role("dialog").locator("form[data-roll-form=skill]")
    expect(form.locator("select[name=skill]")).to_have_value("shoot")
    rifle = krin.weapons.get(name="Scrap rifle")
    expect(form.locator("select[name=gear]")).to_have_value(f"weapon:{rifle.pk}")


def test_on_a_phone_nothing_scrolls_sideways_the_header_sticks_and_the_dialog_is_a_bottom_sheet(
    open_sheet,
):
    page = open_sheet(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "myz-sheet-390")
    page.evaluate("window.scrollTo(0, 1200)")
    header = box(page, "#sheet-header")
    assert header["y"] <= 1, "the sheet's header stays at the top"
    expect(page.locator("#sheet-header").get_by_role("button", name="Rolls")).to_be_in_viewport()

    small = page.evaluate(
        "[...document.querySelectorAll('.sheet-page .btn, .sheet-page .roll-btn')]"
        ".filter(b => b.offsetParent && b.getBoundingClientRect().height < 44)"
        ".map(b => b.textContent.trim() || b.getAttribute('aria-label'))"
    )
    assert small == [], f"tap targets under 44 px: {small}"
    roll = page.get_by_role("link", name="Roll Shoot")
    roll_box = roll.bounding_box()
    assert roll_box["width"] >= 44 and roll_box["height"] >= 44
    roll.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator(".odds")).to_contain_text("%")
    # it slides up: wait for the end of its animation
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
    sheet_box = dialog.bounding_box()
    assert abs(sheet_box["y"] + sheet_box["height"] - PHONE["height"]) <= 2
    assert sheet_box["width"] >= PHONE["width"] - 2
    shot(page, "myz-roll-dialog-390")


def test_on_a_phone_the_tabs_are_sections_that_open_and_close(open_sheet):
    page = open_sheet(PHONE)
    toggle = page.get_by_role("button", name="Gear", exact=True)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#gear-body")).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#gear-body")).to_be_visible()


def test_a_value_typed_and_never_left_survives_a_reload(open_sheet, krin):
    page = open_sheet(DESKTOP)
    page.get_by_role("link", name="Character", exact=True).click()
    page.get_by_label("Clothing", exact=True).fill("Patched rain poncho")  # no Tab, no change event
    page.reload()
    page.get_by_role("link", name="Character", exact=True).click()
    expect(page.get_by_label("Clothing", exact=True)).to_have_value("Patched rain poncho")
    expect(page.locator("#f-clothing-status")).to_contain_text("Saved")
    assert stored(krin).clothing == "Patched rain poncho"


def test_a_draft_whose_save_landed_as_the_page_left_shows_saved_not_a_conflict(open_sheet, krin):
    """The page's own save left as it reloaded and landed before the new page was drawn:
    its draft (from the old value) meets the value already stored."""
    page = open_sheet(DESKTOP)
    page.evaluate(
        "sessionStorage.setItem('tableside-drafts:' + location.pathname, JSON.stringify("
        "{clothing: {value: 'Patched rain poncho', original: ''}}))"
    )
    MutantSheet.objects.filter(pk=krin.pk).update(clothing="Patched rain poncho")
    page.reload()
    page.get_by_role("link", name="Character", exact=True).click()
    expect(page.get_by_label("Clothing", exact=True)).to_have_value("Patched rain poncho")
    status = page.locator("#f-clothing-status")
    expect(status).to_contain_text("Saved")
    expect(status).not_to_contain_text("Changed elsewhere")
    assert page.evaluate("sessionStorage.getItem('tableside-drafts:' + location.pathname)") == "{}"


def test_saving_shows_saving_then_saved_and_the_mark_fades(open_sheet):
    page = open_sheet(DESKTOP)
    fight = page.get_by_label("Fight", exact=True)
    fight.fill("2")
    status = page.locator("#f-fight-status")
    expect(status).to_contain_text("Saved")  # typed: it saves after a pause, no blur
    # the mark goes with the save's Undo, which stays a few seconds (sheet.js UNDO_SHOWN_MS)
    expect(status.get_by_role("button", name="Undo this change to Fight")).to_be_visible()
    expect(status).to_be_hidden(timeout=11000)


@pytest.mark.parametrize(
    ("viewport", "typed", "says"),
    [(DESKTOP, "11", "less than or equal to 10"), (DESKTOP, "-3", "greater than or equal to 0"),
     (PHONE, "-3", "greater than or equal to 0")],
    ids=["1440-above", "1440-below", "390-below"],
)  # fmt: skip
def test_a_refused_value_says_why_once_inside_its_row_and_offers_the_stored_value_back(
    open_sheet, krin, viewport, typed, says
):
    page = open_sheet(viewport)
    strength = page.get_by_label("Strength", exact=True)
    strength.fill(typed)
    strength.press("Tab")
    status = page.locator("#f-strength-status")
    expect(status).to_contain_text(says)
    assert status.inner_text().count(says) == 1
    expect(status.locator(".text-danger")).to_have_count(1)
    message = status.locator(".text-danger").inner_text()
    expect(page.get_by_text(message)).to_have_count(1)  # once on the whole page
    expect(strength).to_have_attribute("aria-invalid", "true")
    # read whole, on its own line inside the attribute's row, the dice line still seen
    assert_inside(page, "#f-strength-status", ".attribute-block:first-child")
    assert_inside(page, ".attribute-block:first-child", "#section-attributes")
    expect(page.locator("#dice-strength")).to_be_visible()
    assert box(page, "#dice-strength")["y"] >= box(page, "#f-strength-status")["y"] + 8
    status.get_by_role("button", name="Put back 5").click()
    expect(strength).to_have_value("5")
    expect(strength).not_to_have_attribute("aria-invalid", "true")
    assert stored(krin).strength == 5


def test_tabs_keep_the_url_and_a_link_opens_its_tab(open_sheet, asgi_server, krin):
    page = open_sheet(DESKTOP)
    expect(page.locator("#gear")).to_be_visible()
    expect(page.locator("#mutations")).to_be_hidden()
    page.get_by_role("link", name="Mutations & talents").click()
    assert page.url.endswith("#mutations")
    expect(page.locator("#mutations")).to_be_visible()
    expect(page.locator("#gear")).to_be_hidden()
    page.goto(f"{asgi_server.url}{krin.character.get_absolute_url()}#character")
    page.reload()
    expect(page.locator("#character")).to_be_visible()


def test_the_tabs_and_the_feeds_rolls_follow_the_first_answer(open_sheet, asgi_server, krin):
    character = krin.character
    earlier = Roll.objects.create(
        character=character, party=character.party, user=character.owner, system="mutant",
        kind="d6", label="D6", outcome="rolled before the page opened",
    )  # fmt: skip
    page = open_sheet(DESKTOP)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}#injuries")
    expect(page.locator(f'[data-roll="{earlier.pk}"]')).to_be_visible()
    expect(page.locator("[data-feed-loading]")).to_have_count(0)
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)
    expect(page.locator("#injuries")).to_be_visible()  # the tab the URL names, once it came
    expect(page.locator("#gear")).to_be_hidden()
    expect(page.locator('.sheet-tabs [data-tab="injuries"]')).to_have_attribute(
        "aria-current", "true"
    )
    page.get_by_role("link", name="Gear").click()
    expect(page.locator("#rows-weapons .sheet-row")).to_have_count(2)


def test_tabs_that_fail_to_arrive_are_asked_for_again(asgi_server, page, log_in, player, krin):
    # The first two asks for the tabs meet a busy server ("try again"); the third lands.
    answered = []

    def busy_twice(route):
        answered.append(route.request.url)
        if len(answered) <= 2:
            route.fulfill(status=503, body="Try again")
        else:
            route.continue_()

    log_in(page, player)
    page.route("**/section/tabs/", busy_twice)
    page.goto(f"{asgi_server.url}{krin.character.get_absolute_url()}#mutations")
    expect(page.locator("#mutations")).to_be_visible(timeout=10_000)
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)
    assert len(answered) == 3


def test_a_counter_box_sets_the_count(open_sheet, krin):
    page = open_sheet(DESKTOP)
    page.get_by_role("button", name="Experience points 4").click()
    expect(page.get_by_label("Experience points", exact=True)).to_have_value("4")
    expect(page.locator("#f-experience-status")).to_contain_text("Saved")
    assert stored(krin).experience == 4
    expect(page.locator("#sheet-counters")).to_contain_text("4")


def test_a_rolls_result_reaches_the_feed_once(open_sheet, krin, scripted_dice):
    page = open_sheet(DESKTOP)
    scripted_dice(4)
    page.get_by_role("button", name="Rolls").click()
    page.get_by_role("link", name="D6", exact=True).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-outcome]")).to_have_text("Total 4")
    roll = Roll.objects.get()
    expect(page.locator(f'[data-roll="{roll.pk}"]')).to_have_count(1)
