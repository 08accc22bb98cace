"""The Mutant: Year Zero sheet in a real browser: fields that save themselves, refused
saves, rows with undo, changes arriving from rolls, rolling a skill from the sheet, and
the same sheet without JavaScript. Krin is an Enforcer: Strength 5, Agility 3, Fight 3."""

import re

import pytest
from playwright.sync_api import expect

from sheets.models import MutantSheet


def stored(sheet):
    return MutantSheet.objects.get(pk=sheet.pk)


def change(page, label, value):
    """Type a value into a field and leave it, as a person does: it saves on change."""
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    field.press("Tab")
    return field


@pytest.fixture
def sheet_url(asgi_server, mutant_sheet):
    return f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}"


@pytest.fixture
def sheet_page(asgi_server, page, log_in, player, sheet_url):
    """Krin's sheet, open in the player's browser. (The server is asked for first so it
    stops after the page has closed its live feed.)"""
    log_in(page, player)
    page.goto(sheet_url)
    expect(page.get_by_role("heading", name="Krin", exact=True)).to_be_visible()
    return page


@pytest.fixture
def page_without_javascript(browser, log_in, player, sheet_url):
    """Krin's sheet in a browser with JavaScript turned off: the whole sheet in one
    page (nothing fetches the tabs, so the page sends it to ``?all``)."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    log_in(page, player)
    page.goto(sheet_url)
    page.wait_for_url("**?all")
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)
    yield page
    context.close()


# ------------------------------------------------------------------------ fields


def test_a_field_saves_itself_with_a_saved_mark_and_its_base_dice_follow(sheet_page, mutant_sheet):
    change(sheet_page, "Strength", "4")
    expect(sheet_page.locator("#f-strength-status")).to_contain_text("Saved")
    expect(sheet_page.locator("#dice-strength")).to_contain_text("4 base dice")
    expect(sheet_page.locator("#encumbrance")).to_contain_text("of 8 lines")
    assert stored(mutant_sheet).strength == 4


def test_with_javascript_the_sections_need_no_save_button(sheet_page):
    buttons = sheet_page.locator("[data-nojs-submit]")
    expect(buttons.first).to_be_attached()
    for button in buttons.all():
        expect(button).to_be_hidden()


def test_a_value_out_of_range_is_refused_next_to_the_field_and_nothing_is_stored(
    sheet_page, mutant_sheet
):
    change(sheet_page, "Damage", "7")
    expect(sheet_page.locator("#f-damage-status")).to_contain_text(
        "Damage cannot be more than Strength (5)"
    )
    expect(sheet_page.get_by_label("Damage", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(sheet_page.locator("#dice-strength")).to_contain_text("5 base dice")
    assert stored(mutant_sheet).damage == 0


def test_a_stale_save_is_refused_and_the_field_shows_the_current_value(sheet_page, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(agility=4)  # the GM, another tab
    change(sheet_page, "Agility", "2")
    expect(sheet_page.locator("#f-agility-status")).to_contain_text(
        "Changed elsewhere since you opened the sheet: now 4"
    )
    expect(sheet_page.get_by_label("Agility", exact=True)).to_have_value("4")
    assert stored(mutant_sheet).agility == 4


def test_two_quick_saves_of_one_field_both_land(sheet_page, mutant_sheet):
    damage = sheet_page.get_by_label("Damage", exact=True)
    damage.fill("1")
    damage.press("Tab")
    damage.fill("2")
    damage.press("Tab")
    expect(sheet_page.locator("#f-damage-original")).to_have_value("2")
    expect(sheet_page.locator("#f-damage-status")).to_contain_text("Saved")
    expect(sheet_page.locator("#dice-strength")).to_contain_text("3 base dice")
    assert stored(mutant_sheet).damage == 2
    saved = [record.damage for record in mutant_sheet.history.order_by("history_date")]
    assert saved[-2:] == [1, 2]


def test_a_slow_refresh_never_calls_the_players_own_second_save_a_change_from_elsewhere(
    sheet_page, mutant_sheet
):
    held = []  # the refresh the first save asks for is slow: held until the second landed
    sheet_page.route("**/refresh/**", lambda route: held.append(route))
    original = sheet_page.locator("#f-damage-original")
    change(sheet_page, "Damage", "1")
    expect(original).to_have_value("1")
    while not held:
        sheet_page.wait_for_timeout(20)
    change(sheet_page, "Damage", "2")
    expect(original).to_have_value("2")

    # The held refresh finds Damage 2 where the page had sent 1; the refresh the second
    # save asked for waits behind it, so once that one is asked for, the first is shown.
    with sheet_page.expect_request(lambda request: "/refresh/" in request.url):
        held[0].continue_()
    sheet_page.unroute("**/refresh/**")  # lets the second one through
    expect(sheet_page.locator("#dice-strength")).to_contain_text("3 base dice")
    expect(sheet_page.locator("#f-damage-status")).to_contain_text("Saved")
    expect(sheet_page.locator("#f-damage-status")).not_to_contain_text("elsewhere")


# -------------------------------------------------------------------------- rows


def test_a_gear_line_is_added_removed_and_brought_back_with_the_encumbrance_following(
    sheet_page, mutant_sheet
):
    carrying = sheet_page.locator("#encumbrance")
    sheet_page.locator("#id_gear-new-name").fill("Rope")
    sheet_page.locator("#id_gear-new-weight").fill("3")
    sheet_page.get_by_role("button", name="Add gear line").click()
    expect(sheet_page.locator("#rows-gear .sheet-row")).to_have_count(1)
    expect(carrying).to_contain_text("Carrying 3 of 10 lines")
    expect(sheet_page.locator("#id_gear-new-name")).to_have_value("")
    rope = mutant_sheet.gear.get()

    sheet_page.get_by_role("button", name="Remove gear line Rope").click()
    expect(sheet_page.locator(f"#row-gear-{rope.pk}")).to_contain_text("Removed gear line")
    expect(carrying).to_contain_text("Carrying 0 of 10 lines")
    assert not mutant_sheet.gear.exists()

    sheet_page.get_by_role("button", name="Undo").click()
    expect(sheet_page.locator(f"#id_gear-{rope.pk}-name")).to_have_value("Rope")
    expect(carrying).to_contain_text("Carrying 3 of 10 lines")
    assert mutant_sheet.gear.get().name == "Rope"


# ------------------------------------------------------- what follows a change


def test_changing_the_role_relabels_the_specialist_skill(sheet_page, mutant_sheet):
    expect(sheet_page.locator("#f-specialist_skill-name")).to_have_text("Intimidate")
    sheet_page.get_by_role("link", name="Character", exact=True).click()
    sheet_page.get_by_label("Role").select_option("gearhead")
    expect(sheet_page.locator("#f-specialist_skill-name")).to_have_text("Jury Rig")
    expect(sheet_page.locator("#specialist-note")).to_contain_text("rolled with Wits")
    expect(sheet_page.locator("#sheet-header")).to_contain_text("Gearhead")
    expect(sheet_page.get_by_role("link", name="Roll Jury Rig")).to_be_visible()
    assert stored(mutant_sheet).role == "gearhead"


def test_a_change_from_a_roll_arrives_without_touching_the_field_being_edited(
    sheet_page, mutant_sheet
):
    # The player is typing a new Damage when a roll (in another tab) stores 1 damage and
    # 2 mutation points; the roll's answer tells the page "sheetChanged".
    damage = sheet_page.get_by_label("Damage", exact=True)
    damage.fill("3")
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=1, mutation_points=2)
    sheet_page.evaluate("htmx.trigger(document.body, 'sheetChanged')")

    expect(sheet_page.get_by_label("Mutation points", exact=True)).to_have_value("2")
    expect(sheet_page.locator("#f-mutation_points-status")).to_contain_text("changed by a roll")
    expect(sheet_page.locator("#dice-strength")).to_contain_text("4 base dice")
    expect(damage).to_have_value("3")
    expect(damage).to_be_focused()

    # Their save then meets the roll's damage and says so, instead of overwriting it.
    damage.press("Tab")
    expect(sheet_page.locator("#f-damage-status")).to_contain_text("now 1")
    expect(damage).to_have_value("1")
    assert stored(mutant_sheet).damage == 1


# ---------------------------------------------------------- rolling from the sheet


def test_roll_next_to_a_skill_opens_the_skill_form_with_that_skill_chosen(sheet_page, sheet_url):
    sheet_page.get_by_role("link", name="Roll Fight").click()
    dialog = sheet_page.get_by_role("dialog")
    form = dialog.locator("#roll-form-slot form[data-roll-form=skill]")
    expect(form.locator("select[name=skill]")).to_have_value("fight")
    expect(form.get_by_role("button", name="Roll", exact=True)).to_be_focused()  # Enter rolls
    expect(form.locator(".odds")).to_contain_text("%")
    assert sheet_page.url == sheet_url  # in the sheet's roll dialog, not a new page


def test_roll_next_to_a_skill_works_from_the_keyboard(sheet_page):
    sheet_page.get_by_label("Shoot", exact=True).focus()
    sheet_page.keyboard.press("Tab")
    expect(sheet_page.get_by_role("link", name="Roll Shoot")).to_be_focused()
    sheet_page.keyboard.press("Enter")
    expect(sheet_page.locator("#roll-form-slot select[name=skill]")).to_have_value("shoot")


# ---------------------------------------------------------------- no JavaScript


def test_without_javascript_a_section_is_edited_and_saved_with_its_button(
    page_without_javascript, mutant_sheet
):
    page = page_without_javascript
    attributes = page.locator("#section-attributes")
    page.get_by_label("Strength", exact=True).fill("4")
    page.get_by_label("Wits", exact=True).fill("4")
    attributes.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved: Strength, Wits.")).to_be_visible()
    expect(page.get_by_label("Strength", exact=True)).to_have_value("4")

    page.get_by_label("Doubt", exact=True).fill("7")
    attributes.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Doubt cannot be more than Empathy (3)")).to_be_visible()
    sheet = stored(mutant_sheet)
    assert (sheet.strength, sheet.wits, sheet.doubt) == (4, 4, 0)


def test_without_javascript_a_gear_line_is_added_and_removed(page_without_javascript, mutant_sheet):
    page = page_without_javascript
    page.locator("#id_gear-new-name").fill("Rope")
    page.get_by_role("button", name="Add gear line").click()
    expect(page.get_by_text("Added gear line “Rope”.")).to_be_visible()
    expect(page.locator("#rows-gear .sheet-row")).to_have_count(1)
    assert mutant_sheet.gear.get().name == "Rope"

    page.get_by_role("button", name="Remove gear line Rope").click()
    expect(page.get_by_text("Removed gear line “Rope”.")).to_be_visible()
    assert not mutant_sheet.gear.exists()


def test_without_javascript_roll_next_to_a_skill_opens_the_roll_page_for_it(
    page_without_javascript,
):
    page = page_without_javascript
    page.get_by_role("link", name="Roll Fight").click()
    expect(page.get_by_role("heading", name="Skill roll")).to_be_visible()
    expect(page.locator("select[name=skill]")).to_have_value("fight")


# --------------------------------------------------------------------------- CSP


def test_the_sheet_breaks_no_content_security_policy_rule(
    asgi_server, page, log_in, player, sheet_url
):
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', function (event) {"
        "  window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);"
        "});"
    )
    log_in(page, player)
    page.goto(sheet_url)
    page.get_by_role("link", name="Character", exact=True).click()
    change(page, "Face", "Scarred chin")  # a save, its oob swaps and the refresh
    expect(page.locator("#f-face-status")).to_contain_text("Saved")
    page.get_by_role("link", name="Roll Fight").click()
    expect(page.locator("#roll-form-slot .odds")).to_contain_text("%")

    assert page.evaluate("window.cspViolations") == []
    assert not [e for e in errors if re.search("Content Security Policy|htmx", e, re.I)], errors
