"""Initiative in real browsers: the GM starts a MYZ conflict for two characters and a
group of NPCs from the dashboard; a player's open sheet shows the order and whose turn it
is, live, without the hidden NPC card; the GM's turns move the marker. In Slots the GM
sets the order from the keyboard (and by dragging), and a round passes on the party's
clock."""

from playwright.sync_api import expect

from rolls.models import Conflict
from sheets.systems.slots.models import SlotsClock
from tests.factories import MutantSheetFactory, UserFactory, member_of
from tests.factories_slots import SlotsSheetFactory
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def test_a_myz_conflict_reaches_the_players_sheet_live(
    asgi_server, browser, log_in, gm, party, player, scripted_dice
):
    ann = MutantSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo_player = member_of(party, UserFactory(username="bo"))
    MutantSheetFactory(character__owner=bo_player, character__party=party, character__name="Bo")

    ann_page = browser.new_context().new_page()
    log_in(ann_page, player)
    ann_page.goto(f"{asgi_server.url}{ann.character.get_absolute_url()}")
    ann_page.evaluate("window.stillTheSamePage = true")
    strip = ann_page.locator("#initiative-strip")
    expect(strip).to_be_hidden()  # no conflict yet: nothing shows
    gm_page = browser.new_context().new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_feed_subscribers(1)
    wait_for_open_streams(party.pk, 2)

    gm_page.locator('[data-initiative-start="mutant"]').click()
    expect(gm_page.get_by_label("Ann (player)")).to_be_checked()  # everyone, unless unticked
    gm_page.get_by_label("NPC or group 1").fill("Marauders")
    gm_page.get_by_label("How many (1)").fill("4")
    gm_page.get_by_label("Hide the NPCs' cards from the players").check()
    scripted_dice(7, 1, 4)  # Ann 7, Bo 1, the Marauders 5
    gm_page.get_by_role("button", name="Draw the cards").click()
    gm_page.wait_for_url(f"{asgi_server.url}/parties/{party.pk}/dashboard/#initiative")
    conflict = Conflict.objects.get()
    marauders = conflict.combatants.get(name="Marauders")

    panel = gm_page.locator("#initiative")
    names = panel.locator("[data-combatant] .initiative-name")
    expect(names).to_have_text(["Bo", "Marauders \u00d74", "Ann"])
    expect(panel.locator(f'[data-combatant="{marauders.pk}"] [data-card]')).to_have_text("card 5")

    # the player's sheet, live: the order, the NPCs' place without their card
    chips = strip.locator("[data-combatant] .initiative-name")
    expect(chips).to_have_text(["Bo", "Marauders \u00d74", "Ann"])
    hidden = strip.locator(f'[data-combatant="{marauders.pk}"] [data-card]')
    expect(hidden).to_have_text("NPC")
    expect(strip).not_to_contain_text("5")
    expect(strip).to_contain_text("The round has not begun.")

    gm_page.get_by_role("button", name="Begin round 1").click()
    expect(strip.locator('[aria-current="step"] .initiative-name')).to_have_text("Bo")
    expect(strip.locator("[data-initiative-now]")).to_contain_text("Acting now: Bo")
    gm_page.get_by_role("button", name="Next turn: Marauders \u00d74").click()
    expect(strip.locator('[aria-current="step"] .initiative-name')).to_have_text(
        "Marauders \u00d74"
    )
    gm_page.get_by_role("button", name="Next turn: Ann").click()
    expect(strip.locator("[data-initiative-now]")).to_contain_text("your turn")
    expect(panel.locator('[aria-current="step"] .initiative-name')).to_have_text("Ann")
    gm_page.get_by_role("button", name="End round 1").click()
    expect(strip.locator("[data-initiative-round]")).to_have_text("Round 2")
    expect(strip.locator('[aria-current="step"]')).to_have_count(0)

    # before round 2 begins, Ann asks Bo to swap cards; the GM accepts for Bo
    strip.get_by_label("Ann swaps cards with").select_option(label="Bo")
    strip.get_by_role("button", name="Ask").click()
    expect(strip.locator("[data-swap-pending]")).to_contain_text("Waiting for Bo's player.")
    panel.locator("[data-swap-accept]").click()
    expect(chips).to_have_text(["Ann", "Marauders \u00d74", "Bo"])
    expect(names).to_have_text(["Ann", "Marauders \u00d74", "Bo"])
    assert ann_page.evaluate("window.stillTheSamePage") is True


def test_the_slots_gm_orders_by_keyboard_and_a_round_passes_on_the_clock(
    asgi_server, browser, log_in, gm, party, player
):
    ann = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    SlotsSheetFactory(character__owner=player, character__party=party, character__name="Bo")
    SlotsClock.objects.create(party=party, rounds=0)
    ann_page = browser.new_context().new_page()
    log_in(ann_page, player)
    ann_page.goto(f"{asgi_server.url}{ann.character.get_absolute_url()}")
    gm_page = browser.new_context().new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_feed_subscribers(1)
    wait_for_open_streams(party.pk, 2)

    gm_page.locator('[data-initiative-start="slots"]').click()
    gm_page.get_by_label("NPC or group 1").fill("Crab")
    gm_page.get_by_role("button", name="Start the conflict").click()
    gm_page.wait_for_url(f"{asgi_server.url}/parties/{party.pk}/dashboard/#initiative")
    crab = Conflict.objects.get().combatants.get(name="Crab")
    panel = gm_page.locator("#initiative")
    names = panel.locator("[data-combatant] .initiative-name")
    expect(names).to_have_text(["Ann", "Bo", "Crab"])

    up = gm_page.locator(f"#move-up-{crab.pk}")
    up.focus()
    gm_page.keyboard.press("Enter")
    expect(names).to_have_text(["Ann", "Crab", "Bo"])
    expect(up).to_be_focused()  # the focus follows the combatant moved
    gm_page.keyboard.press("Enter")
    expect(names).to_have_text(["Crab", "Ann", "Bo"])
    expect(up).to_be_focused()
    chips = ann_page.locator("#initiative-strip [data-combatant] .initiative-name")
    expect(chips).to_have_text(["Crab", "Ann", "Bo"])  # the player sees it, live

    # dragged: Bo to the top
    panel.locator("[data-combatant]").nth(2).drag_to(panel.locator("[data-combatant]").nth(0))
    expect(names).to_have_text(["Bo", "Crab", "Ann"])
    expect(chips).to_have_text(["Bo", "Crab", "Ann"])

    gm_page.get_by_role("button", name="Next round").click()
    expect(panel.locator("[data-initiative-round]")).to_have_text("Round 2")
    expect(gm_page.locator("#party-settings-strip")).to_contain_text("Round: 1")
    assert SlotsClock.objects.get(party=party).rounds == 1
    expect(gm_page.locator(".feed")).to_contain_text("Ann")  # time passed: a roll each
