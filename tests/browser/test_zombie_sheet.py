"""The Zombiepocalypse sheet in a real browser: a failed task refused on retry and allowed
again once the GM marks the situation changed; the Player's Option bought after a failed
roll turning it into a success on the sheet and in the GM's live feed; screenshots."""

import pytest
from playwright.sync_api import expect

from rolls.models import Roll
from tests.factories_zombie import ZombieConditionFactory, ZombieSheetFactory, ZombieTaskFactory
from tests.sse_client import wait_for_feed_subscribers

REFUSAL = "failed: it cannot be tried again until the situation changes"
DOOR = "Break down the cellar door"


@pytest.fixture
def survivor(player, party):
    sheet = ZombieSheetFactory(
        character__owner=player, character__party=party, character__name="Dana",
        background="ER nurse",
    )  # fmt: skip
    ZombieConditionFactory(sheet=sheet, name="Sprained ankle", modifier=-1)
    ZombieConditionFactory(sheet=sheet, name="Exhausted", kind="status", modifier=-1)
    ZombieTaskFactory(sheet=sheet, name=DOOR)
    ZombieTaskFactory(sheet=sheet, name="Pick the pharmacy lock")
    return sheet


@pytest.fixture
def sheet_url(asgi_server, survivor):
    return f"{asgi_server.url}{survivor.character.get_absolute_url()}"


def roll_task(page, task_name, *, uncheck=()):
    """Click the task's roll control, leave the injuries the GM rules out, and roll."""
    page.get_by_role("link", name=f"Roll {task_name}", exact=True).click()
    form = page.locator("#roll-form-slot form[data-roll-form=check]")
    expect(form.locator(".odds")).to_contain_text("%")
    for label in uncheck:
        form.get_by_label(label).uncheck()
    form.get_by_role("button", name="Roll", exact=True).click()
    return page.locator("[data-roll-result]")


def test_a_failed_task_is_refused_on_retry_until_the_gm_marks_the_situation_changed(
    asgi_server, browser, log_in, gm, player, survivor, sheet_url, scripted_dice
):
    task = survivor.tasks.get(name=DOOR)
    player_context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = player_context.new_page()
    log_in(page, player)
    page.goto(sheet_url)

    scripted_dice(3)  # with the sprained ankle (-1) and exhausted (status -1): 3 - 2 = 1
    result = roll_task(page, DOOR)
    expect(result.locator("[data-outcome]")).to_have_text("Failed")
    expect(result.locator(".dice .die")).to_contain_text("3")

    page.goto(sheet_url)
    row = page.locator(f"#task-{task.pk}")
    expect(row.locator("[data-task-status]")).to_have_text("failed")
    expect(row.locator("[data-refusal]")).to_contain_text(REFUSAL.capitalize())
    expect(row.get_by_role("link", name=f"Roll {DOOR}", exact=True)).to_have_count(0)

    # A retry through the form itself (the task picked by hand) is refused, no dice thrown.
    retry_dice = scripted_dice()
    page.goto(f"{asgi_server.url}/characters/{survivor.pk}/roll/check/?task={task.pk}")
    form = page.locator("form[data-roll-form=check]")
    expect(form).to_contain_text(REFUSAL)
    form.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("form[data-roll-form=check]")).to_contain_text(f"{DOOR}: {REFUSAL}")
    assert retry_dice.asked == [] and Roll.objects.count() == 1

    # The GM: a horde battered the door.
    gm_context = browser.new_context(viewport={"width": 1440, "height": 900})
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(sheet_url)
    gm_page.get_by_role("link", name=f"Roll a ruling on {DOOR}", exact=True).click()
    ruling = gm_page.locator("#roll-form-slot form[data-roll-form=ruling]")
    ruling.get_by_label("Why").fill("a horde battered the door")
    ruling.get_by_role("button", name="Roll", exact=True).click()
    expect(gm_page.locator("[data-roll-result] [data-outcome]")).to_have_text(
        f"Situation changed: {DOOR} can be tried again"
    )

    # The feed shows it, and the player may try again.
    page.goto(sheet_url)
    expect(page.locator(".side-feed")).to_contain_text(f"Situation changed: {DOOR}")
    expect(page.locator(f"#task-{task.pk} [data-task-status]")).to_have_text("open")
    scripted_dice(6)
    result = roll_task(page, DOOR)
    expect(result.locator("[data-outcome]")).to_have_text("Success")
    task.refresh_from_db()
    assert task.status == "succeeded"
    gm_context.close()
    player_context.close()


def test_the_players_option_bought_after_a_failed_roll_turns_it_into_a_success(
    asgi_server, browser, log_in, gm, party, player, survivor, sheet_url, scripted_dice
):
    gm_context = browser.new_context(viewport={"width": 1440, "height": 900})
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    summary = gm_page.locator(f"#summary-{survivor.pk}")
    expect(summary).to_contain_text("unspent")
    wait_for_feed_subscribers(1)

    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    log_in(page, player)
    page.goto(sheet_url)
    expect(page.locator("[data-option]")).to_have_text("Unspent")

    # Holding the door: a 3, the injuries ruled out by the GM, fails...
    scripted_dice(3)
    result = roll_task(
        page, DOOR, uncheck=("Sprained ankle -1 (injury)", "Exhausted -1 (status effect)")
    )
    expect(result.locator("[data-outcome]")).to_have_text("Failed")
    made = Roll.objects.get()
    feed = gm_page.locator(f"#feed-log-{party.pk}")
    expect(feed.locator(f'[data-roll="{made.pk}"]')).to_contain_text("Failed")

    # ...then she buys Strong +1: the same 3 reads as a success.
    buy = page.locator("form[data-buy-option]")
    buy.get_by_label("Skill").fill("Strong")
    buy.get_by_label("Scope").fill("holding doors")
    buy.get_by_role("button", name="Buy it and re-read this roll").click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_have_text(
        "Success with Strong (holding doors) +1"
    )
    expect(page.locator("[data-option-bought]")).to_contain_text("Was: Failed")
    page.screenshot(path="test-results/zombie-option-bought.png")

    # On the sheet and in the GM's feed, without the GM reloading.
    page.goto(sheet_url)
    expect(page.locator("[data-option]")).to_have_text("Strong (holding doors) +1")
    task = survivor.tasks.get(name=DOOR)
    expect(page.locator(f"#task-{task.pk}")).to_have_count(0)  # done: off the open list
    expect(page.locator(".z-done")).to_contain_text(DOOR)
    # live, from the sheet (a card whose publish was lost is read from the store within ~4 s)
    expect(summary).to_contain_text("Strong (holding doors) +1", timeout=10_000)
    # The roll's card: re-sent as "roll-update" (the feed swaps it in place where the shell
    # handles that event); after a reload in any case.
    gm_page.reload()
    feed = gm_page.locator(f"#feed-log-{party.pk}")
    expect(feed.locator(f'[data-roll="{made.pk}"]')).to_contain_text(
        "Success with Strong (holding doors) +1"
    )
    expect(feed.locator(f'[data-roll="{made.pk}"] .dice .die')).to_contain_text("3")
    gm_context.close()
    context.close()


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_screenshots_of_the_sheet(
    asgi_server, browser, log_in, gm, player, survivor, sheet_url, scripted_dice, width, height
):
    """Artifacts for a reviewer (test-results/, not committed), and the first view: the
    option, the tasks with their roll controls and the injuries fit 1440 x 900."""
    scripted_dice(5, 2)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}/characters/{survivor.pk}/roll/check/")
    form = page.locator("form[data-roll-form=check]")
    form.locator("select[name=task]").select_option(label="Pick the pharmacy lock")
    form.locator("select[name=complexity]").select_option("2")
    form.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_contain_text("Failed")
    page.screenshot(path=f"test-results/zombie-roll-{width}.png", full_page=True)
    page.goto(sheet_url)
    expect(page.locator("[data-option]")).to_be_visible()
    page.screenshot(path=f"test-results/zombie-sheet-{width}.png")
    page.screenshot(path=f"test-results/zombie-sheet-{width}-full.png", full_page=True)
    no_sideways = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert no_sideways
    if width == 1440:
        for region in ("#section-option", "#section-tasks-view", "#section-conditions"):
            box = page.locator(region).bounding_box()
            assert box["y"] < height, f"{region} starts below the first viewport"
        task_roll = page.get_by_role("link", name=f"Roll {DOOR}", exact=True)
        assert task_roll.bounding_box()["y"] + 10 < height
    context.close()
