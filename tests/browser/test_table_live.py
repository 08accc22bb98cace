"""The whole path in real browsers: a player edits their sheet, rolls a skill on the
server, pushes, and the trauma lands on the sheet; meanwhile the GM's dashboard, in a
second browser context, shows both rolls and the new trauma without reloading."""

from playwright.sync_api import expect

from rolls.models import Roll
from sheets.models import MutantSheet
from tests.sse_client import wait_for_feed_subscribers


def logged_in_page(browser, log_in, user, url):
    """A page of its own browser context (a second person at the table), at ``url``."""
    page = browser.new_context().new_page()
    log_in(page, user)
    page.goto(url)
    return page


def test_a_pushed_roll_lands_on_the_sheet_and_on_the_gms_dashboard_live(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    character = mutant_sheet.character

    gm_context, player_context = browser.new_context(), browser.new_context()
    violations = []
    for context in (gm_context, player_context):
        context.add_init_script(
            "document.addEventListener('securitypolicyviolation', event => "
            "console.error('CSP violation: ' + event.violatedDirective + ' ' + event.sample))"
        )
        context.on(
            "console",
            lambda message: violations.append(message.text) if "CSP" in message.text else None,
        )
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    summary = gm_page.locator(f"#summary-{character.pk}")
    expect(summary).to_contain_text("5/5")
    expect(gm_page.locator("[data-feed-empty]")).to_be_visible()
    gm_page.evaluate("window.stillTheSamePage = true")
    wait_for_feed_subscribers(1)

    page = player_context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")

    # Edit a field in place, in the Character tab: it saves on change.
    page.get_by_role("link", name="Character", exact=True).click()
    face = page.get_by_label("Face")
    face.fill("Scarred chin")
    face.press("Tab")
    expect(page.locator("#f-face-status")).to_contain_text("Saved")

    # Roll Fight on the server: Strength 5 (5 base dice) and Fight 3 (3 skill dice).
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    page.get_by_role("link", name="Roll Fight").click()
    expect(page.locator("#roll-form-slot select[name=skill]")).to_have_value("fight")
    expect(page.locator(".odds")).to_contain_text("%")
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    result = page.locator("[data-roll-result]")
    expect(result.locator("[data-outcome]")).to_have_text("1 success, 1 damage")
    expect(result.locator(".dice .die")).to_have_count(8)

    # Push: base 6 and base 1 stay; the other six dice are rolled again.
    scripted_dice(1, 1, 4, 6, 3, 2)  # (the feed's card offers the push too: the dialog's)
    page.get_by_role("dialog").get_by_role("button", name="Push the roll", exact=True).click()
    expect(result.get_by_text("pushed")).to_be_visible()
    expect(page.locator("[data-effects]")).to_contain_text("Strength trauma +3")
    expect(page.locator("[data-roll-result] .dice .die.die-rerolled")).to_have_count(6)

    # "Roll again" offers the dice of the sheet as it is now: Strength 5 - 3 trauma = 2
    # base dice, with Fight's 3 skill dice.
    page.get_by_role("button", name="Roll again").click()
    expect(page.locator("#roll-form-slot .roll-pool .die")).to_have_count(5)
    expect(page.locator("#roll-form-slot .roll-pool .die-base")).to_have_count(2)

    # Three base-die 1s after the push: 3 damage and 3 mutation points, on the sheet.
    page.get_by_role("button", name="Close").click()
    expect(page.get_by_label("Damage", exact=True)).to_have_value("3")
    expect(page.locator("#dice-strength")).to_contain_text("2 base dice")
    stored = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (stored.damage, stored.mutation_points, stored.face) == (3, 3, "Scarred chin")

    # The GM saw both rolls arrive, and the new trauma, without reloading.
    rolls = Roll.objects.filter(character=character).order_by("pk")
    assert rolls.count() == 2
    feed = gm_page.locator(f"#feed-log-{party.pk}")
    for roll in rolls:
        expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_be_visible()
    expect(feed.locator("[data-roll]").first).to_contain_text("pushed")
    expect(summary).to_contain_text("2/5")
    assert gm_page.evaluate("window.stillTheSamePage") is True
    assert not violations, "the strict Content Security Policy blocked something"
    gm_context.close()
    player_context.close()


def test_an_undone_roll_says_so_on_the_gms_dashboard_live(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    mutant_sheet.armor_name, mutant_sheet.armor_rating = "Scrap leathers", 3
    mutant_sheet.save()
    character = mutant_sheet.character
    gm_page = logged_in_page(
        browser, log_in, gm, f"{asgi_server.url}/parties/{party.pk}/dashboard/"
    )
    expect(gm_page.locator("[data-feed-empty]")).to_be_visible()
    wait_for_feed_subscribers(1)
    page = logged_in_page(
        browser, log_in, player, f"{asgi_server.url}{character.get_absolute_url()}"
    )

    # Armor 3 against 3 damage: one 6 stops one, a 1 costs a point of rating; 2 get through
    page.get_by_role("link", name="Roll armor").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Incoming damage").fill("3")
    scripted_dice(6, 1, 4)
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-effects]")).to_contain_text("Strength")
    card = gm_page.locator(f"#feed-log-{party.pk} [data-roll]").first
    expect(card.locator("[aria-label=Effects]")).to_contain_text("Strength")
    expect(card.locator("[data-undone]")).to_have_count(0)

    dialog.get_by_role("button", name="Undo these effects").click()
    expect(dialog.locator("[data-undo-outcome]")).to_contain_text("Undone: the effects of")
    # the GM sees, without reloading, that the effects no longer hold
    expect(card.locator("[data-undone]")).to_contain_text("Undone: the effects of")
    expect(card).to_contain_text("undone")
    stored = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (stored.damage, stored.armor_rating) == (0, 3)
    for each in (page, gm_page):
        each.context.close()


def test_a_value_the_gm_fixes_shows_on_the_players_open_sheet(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet
):
    sheet_url = f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}"
    page = logged_in_page(browser, log_in, player, sheet_url)
    strength = page.get_by_label("Strength", exact=True)
    expect(strength).to_have_value("5")
    wait_for_feed_subscribers(1)

    gm_page = logged_in_page(browser, log_in, gm, sheet_url)
    gm_strength = gm_page.get_by_label("Strength", exact=True)
    gm_strength.fill("4")
    gm_strength.press("Tab")
    expect(gm_page.locator("#f-strength-status")).to_contain_text("Saved")

    # the player's page, untouched, shows the GM's value and says where it came from
    expect(strength).to_have_value("4")
    expect(page.locator("#f-strength-status")).to_contain_text("Now 4")
    expect(page.locator("#dice-strength")).to_contain_text("4 base dice")
    # and the player's next change starts from it: no conflict; the echo of that change
    # on the feed asks for no second refresh
    refreshes = []
    page.on("request", lambda r: refreshes.append(r.url) if "/refresh/" in r.url else None)
    strength.fill("3")
    strength.press("Tab")
    expect(page.locator("#f-strength-status")).to_contain_text("Saved")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).strength == 3
    page.wait_for_timeout(1500)
    assert len(refreshes) == 1, refreshes
    for each in (page, gm_page):
        each.context.close()
