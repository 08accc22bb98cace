"""A group check in real browsers: the GM starts a Slots cooperation from the dashboard;
the pending panel appears live on two players' sheet pages (two browser contexts); each
rolls from their own page, one exchanges dice, the results are read, and the outcome
shows on both pages and on the dashboard without a reload."""

from playwright.sync_api import expect

from rolls.models import GroupCheck
from tests.factories import UserFactory, member_of
from tests.factories_slots import SlotsItemFactory, SlotsSheetFactory
from tests.sse_client import wait_for_feed_subscribers, wait_for_open_streams


def test_a_cooperation_started_on_the_dashboard_completes_across_two_players_pages(
    asgi_server, browser, log_in, gm, party, player, scripted_dice
):
    ann = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo_player = member_of(party, UserFactory(username="bo"))
    bo = SlotsSheetFactory(character__owner=bo_player, character__party=party, character__name="Bo")
    SlotsItemFactory(sheet=ann, slot=11, name="Anvil", tags="heavy")

    pages = {}
    for name, user, sheet in (("ann", player, ann), ("bo", bo_player, bo)):
        page = browser.new_context().new_page()
        log_in(page, user)
        page.goto(f"{asgi_server.url}{sheet.character.get_absolute_url()}")
        page.evaluate("window.stillTheSamePage = true")
        pages[name] = page
    gm_page = browser.new_context().new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    wait_for_feed_subscribers(1)  # the server process listens to Redis
    wait_for_open_streams(party.pk, 3)  # and the three pages to the party

    gm_page.locator('[data-group-start="slots-cooperation"]').click()
    gm_page.get_by_label("Ann (player)").check()
    gm_page.get_by_label("Bo (bo)").check()
    gm_page.get_by_role("button", name="Start the group check").click()
    gm_page.wait_for_url(f"{asgi_server.url}/parties/{party.pk}/dashboard/#group-start")
    group = GroupCheck.objects.get()
    gm_view = gm_page.locator(f'[data-group-check="{group.pk}"]')
    expect(gm_view).to_contain_text("0 of 2 in")

    ann_page, bo_page = pages["ann"], pages["bo"]
    ann_panel = ann_page.locator(f'[data-group-check="{group.pk}"]')
    bo_panel = bo_page.locator(f'[data-group-check="{group.pk}"]')
    expect(ann_panel).to_contain_text("Group check: roll now")  # live, no reload
    expect(ann_panel.locator("[data-group-roll]")).to_have_count(1)

    scripted_dice(11)  # Ann's anvil: alone, her traverse would fail
    ann_panel.locator("[data-group-roll]").click()
    expect(bo_panel.locator(f'[data-member="{ann.character.pk}"]')).to_contain_text("Rolled 11")
    expect(gm_view).to_contain_text("1 of 2 in")

    scripted_dice(4)
    bo_panel.locator("[data-group-roll]").click()
    expect(ann_panel).to_contain_text("all rolled")
    ann_panel.get_by_role("button", name="Exchange").click()
    expect(bo_panel.locator(f'[data-member="{ann.character.pk}"]')).to_contain_text("Now 4")

    bo_panel.get_by_role("button", name="Read the results").click()
    for panel in (ann_panel, bo_panel, gm_view):
        expect(panel.locator("[data-group-outcome]")).to_have_text("Ann succeeds, Bo succeeds")
    expect(ann_page.locator(".feed")).to_contain_text("Ann succeeds, Bo succeeds")
    for page in (ann_page, bo_page):
        assert page.evaluate("window.stillTheSamePage") is True
