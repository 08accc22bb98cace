"""The GM's table in real browsers: a dashboard with characters of three systems (MYZ,
T2K, Slots) follows a player's roll and a player's edit live (the card highlighted and
moved to the top once its alert comes, the party strip naming who needs help), and the
party's settings (the sector's rot level) reach the player's open sheet and roll form
without a reload; the feed's filters stay when the dashboard reloads."""

import re

from playwright.sync_api import expect

from rolls.models import Roll
from tests.factories import UserFactory, member_of
from tests.factories_slots import SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def test_the_dashboard_and_the_sheets_follow_the_table_live(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet, scripted_dice
):
    krin = mutant_sheet.character
    anna = TwilightSheetFactory(
        character__owner=member_of(party, UserFactory()), character__party=party,
        character__name="Anna",
    ).character  # fmt: skip
    bo = SlotsSheetFactory(
        character__owner=member_of(party, UserFactory()), character__party=party,
        character__name="Bo",
    ).character  # fmt: skip

    gm_context, player_context = browser.new_context(), browser.new_context()
    violations = []
    for context in (gm_context, player_context):
        context.add_init_script(
            "document.addEventListener('securitypolicyviolation', event => "
            "console.error('CSP violation: ' + event.violatedDirective))"
        )
        context.on(
            "console",
            lambda message: violations.append(message.text) if "CSP" in message.text else None,
        )
    dashboard = gm_context.new_page()
    log_in(dashboard, gm)
    dashboard.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    cards = dashboard.locator("[data-summary-slot] .summary-card")
    expect(cards).to_have_count(3)
    for character in (anna, bo, krin):
        expect(dashboard.locator(f"#summary-{character.pk}")).to_contain_text(character.name)
    expect(dashboard.locator("[data-strip=help]")).to_contain_text("nobody")
    dashboard.evaluate("window.stillTheSamePage = true")
    wait_for_feed_subscribers(1)

    page = player_context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{krin.get_absolute_url()}")
    wait_for_open_streams(party.pk, 2)  # the dashboard and the sheet listen

    # The player rolls Fight: the roll lands in the GM's feed, linking to its detail.
    scripted_dice(6, 1, 3, 4, 2, 5, 2, 1)
    page.get_by_role("link", name="Roll Fight").click()
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_have_text("1 success, 1 damage")
    page.get_by_role("button", name="Close").click()
    roll = Roll.objects.get(character=krin)
    card = dashboard.locator(f'#feed-log-{party.pk} [data-roll="{roll.pk}"]')
    expect(card).to_contain_text("Krin")
    expect(card.locator("a.roll-card-link")).to_have_attribute("href", f"/rolls/{roll.pk}/")

    # The player edits Damage to 5: Strength breaks. Krin's card changes, is highlighted
    # and goes first (alerts first); the strip says Krin needs help.
    damage = page.get_by_label("Damage", exact=True)
    damage.fill("5")
    damage.press("Tab")
    expect(page.locator("#f-damage-status")).to_contain_text("Saved")
    summary = dashboard.locator(f"#summary-{krin.pk}")
    expect(summary).to_contain_text("Strength broken")
    expect(summary).to_have_class(re.compile("is-changed"))
    expect(cards.first).to_have_id(f"summary-{krin.pk}")
    expect(dashboard.locator("[data-strip=help]")).to_contain_text("Krin")

    # The player has the rot roll open when the GM sets the sector's rot level on the
    # settings page (a second tab): the strip, the player's sheet and the open form
    # follow without a reload.
    page.get_by_role("link", name="Roll the rot").click()
    source = page.locator("#roll-form-slot select[name=source]")
    expect(source).to_have_value("level1")
    settings = gm_context.new_page()
    settings.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
    settings.get_by_label("Rot level", exact=True).select_option("3")
    settings.locator("#settings-mutant").get_by_role("button", name="Save").click()
    expect(settings.get_by_role("status").first).to_contain_text("rot level is 3")
    expect(dashboard.locator("#party-settings-strip")).to_contain_text("Rot level: 3, hotspot")
    expect(page.locator("#sheet-party-state")).to_contain_text("Rot level: 3, hotspot")
    expect(source).to_have_value("level3")
    expect(source.locator("option")).to_have_count(2)  # the sector's level, or an attack

    assert dashboard.evaluate("window.stillTheSamePage") is True

    # The feed's filters: only failures hides the successful Fight, and stays on reload.
    tone = dashboard.locator("#filter-tone")
    tone.select_option("failure")
    expect(card).to_be_hidden()
    dashboard.reload()
    expect(tone).to_have_value("failure")
    expect(dashboard.locator(f'[data-roll="{roll.pk}"]')).to_be_hidden()
    tone.select_option("")
    expect(dashboard.locator(f'[data-roll="{roll.pk}"]')).to_be_visible()
    assert not violations, "the strict Content Security Policy blocked something"
    gm_context.close()
    player_context.close()
