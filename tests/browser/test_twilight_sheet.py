"""The Twilight: 2000 sheet in real browsers: Ronson attacks with his M249 and ammo
dice, pushes, the weapon jams; the rounds, the reliability and the jam land on his sheet
and on the GM's dashboard without a reload. Screenshots at 1440x900 and 390x844 go to
test-results/ for a reviewer."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from sheets.models import TwilightWeapon
from tests.factories_twilight import (
    TwilightArmorFactory,
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightWeaponFactory,
)
from tests.sse_client import wait_for_feed_subscribers

SHOTS = Path("test-results")


@pytest.fixture
def ronson(player, party):
    sheet = TwilightSheetFactory(
        character__owner=player, character__party=party, nationality="American",
        branch="US Army", rank="Sergeant", damage=1, recon="D", survival="D", command="D",
    )  # fmt: skip
    saw = TwilightWeaponFactory(sheet=sheet)
    TwilightWeaponFactory(
        sheet=sheet, name="M9 pistol", skill="ranged_combat", damage=1, rate_of_fire=2,
        magazine_capacity=15, rounds_loaded=15,
    )  # fmt: skip
    TwilightMagazineFactory(sheet=sheet, weapon=saw)
    TwilightArmorFactory(sheet=sheet)
    return sheet


def test_attack_push_and_jam_land_on_the_sheet_and_the_dashboard(
    asgi_server, browser, log_in, gm, party, player, ronson, scripted_dice
):
    character = ronson.character
    saw = ronson.weapons.get(name="M249 SAW")
    gm_context, player_context = browser.new_context(), browser.new_context()
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    summary = gm_page.locator(f"#summary-{character.pk}")
    expect(summary).to_contain_text("200/200 rounds")
    gm_page.evaluate("window.stillTheSamePage = true")
    wait_for_feed_subscribers(1)

    page = player_context.new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    weapon = page.locator(f"#weapon-{saw.pk}")
    expect(weapon.locator("[data-rounds]")).to_have_text("200/200")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "twilight-sheet-1440.png"))
    for name in ("Attributes & skills", "Weapons"):
        box = page.get_by_role("heading", name=name, exact=True).bounding_box()
        assert box and box["y"] + box["height"] < 900, f"{name} is not in the first viewport"
    page.evaluate("window.stillTheSamePage = true")

    # D12 4, D10 1; ammo dice 1, 3, 6: a miss. Ammo spent 1 + 3 + 6 + 1 = 11.
    scripted_dice(4, 1, 1, 3, 6)
    weapon.locator("[data-roll-action=attack]").click()  # the roll dialog opens on it
    dialog = page.locator("#roll-dialog")
    dialog.get_by_label("Ammo dice").fill("3")
    expect(dialog.locator(".odds")).to_contain_text("%")
    dialog.get_by_role("button", name="Roll", exact=True).click()
    result = dialog.locator("[data-roll-result]")
    expect(result.locator("[data-outcome]")).to_contain_text("Miss")
    expect(result.locator(".dice .die-ammo")).to_have_count(3)
    expect(weapon.locator("[data-rounds]")).to_have_text("189/200")
    page.screenshot(path=str(SHOTS / "twilight-attack-dialog-1440.png"))

    # Push: the 1s stay; D12 4 -> 8 (a hit), ammo 3 -> 5. Two 1s: 2 reliability, jammed.
    scripted_dice(8, 5)
    dialog.get_by_role("button", name="Push the roll").click()
    expect(result.locator("[data-outcome]")).to_contain_text("weapon jammed")
    expect(weapon.locator("[data-jammed]")).to_be_visible()
    expect(weapon.locator("[data-reliability]")).to_have_text("3/5")
    expect(weapon.locator("[data-rounds]")).to_have_text("187/200")
    expect(weapon.locator("[data-roll-action=attack]")).to_have_count(0)
    expect(weapon.locator("[data-roll-action=clear_jam]")).to_have_count(1)
    stored = TwilightWeapon.objects.get(pk=saw.pk)
    assert (stored.rounds_loaded, stored.reliability, stored.jammed) == (187, 3, True)
    assert page.evaluate("window.stillTheSamePage") is True

    # The pushed attack hit with one ammo 6: it goes to damage; the location die says head.
    allocate = dialog.locator("[data-allocate]")
    allocate.get_by_label("Name").fill("Marauder")
    allocate.get_by_label("Ammo 6s on damage").fill("1")
    scripted_dice(6)
    allocate.get_by_role("button", name="Roll hit locations").click()
    hits = dialog.locator("[data-hits]")
    expect(hits).to_contain_text("Marauder: head (6), 3 damage")
    expect(hits).to_contain_text("critical injury")
    expect(dialog.get_by_role("button", name="Push the roll")).to_have_count(0)

    # The GM's dashboard followed, live.
    expect(summary).to_contain_text("187/200 rounds, jammed")
    expect(gm_page.locator(f"#feed-log-{party.pk}")).to_contain_text("weapon jammed")
    assert gm_page.evaluate("window.stillTheSamePage") is True

    page.evaluate("document.getElementById('roll-dialog').close()")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "twilight-sheet-390.png"))
    page.screenshot(path=str(SHOTS / "twilight-sheet-390-full.png"), full_page=True)
    page.locator(".t2k-arms").screenshot(path=str(SHOTS / "twilight-weapons-390.png"))
    gm_page.screenshot(path=str(SHOTS / "twilight-dashboard-1440.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    gm_context.close()
    player_context.close()
