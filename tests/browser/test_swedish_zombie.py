"""Zombiepocalypse read by a Swedish player and GM (issue 30): the survivor's sheet (every
tab), its creation steps and history, the Skill Check dialog and its result (a failure,
then the Player's Option bought after it), the GM's task ruling and zombie check on the
sheet, the GM's dashboard card, zombie check and team lift, and the party's log; nothing
left in English, nothing wider than the screen, at 1440x900 and 390x844. English stays
the default."""

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from rolls.models import GroupCheck, Roll
from sheets.systems.zombie.kinds import ensure_zombie_kinds
from sheets.systems.zombie.models import ZombieItem, ZombieWeapon
from tests.browser.swedish import SIZES, english_left, fits
from tests.factories import UserFactory, member_of
from tests.factories_zombie import ZombieConditionFactory, ZombieSheetFactory, ZombieTaskFactory

DOOR = "Bryt upp källardörren"
LOCK = "Dyrka upp apoteket"
# The test's own data: the users' names (the conftest's)
OURS = ("player", "gm", "bjorn")
# The GM's dashboard shows every system's GM rolls: all of them in Swedish too.
OTHER_AREAS = ()
WIDTHS = [pytest.param(width, height, id=str(width)) for width, height in SIZES]


@pytest.fixture
def survivor(player, party):
    party.name = "Arken"  # the conftest's "The Ark" would read as English
    party.save()
    sheet = ZombieSheetFactory(
        character__owner=player, character__party=party, character__name="Astrid",
        background="Sjuksköterska", description="Kort, seg, alltid i rörelse.",
        notes="Letar efter sin bror vid radiomasten.",
    )  # fmt: skip
    ZombieConditionFactory(sheet=sheet, name="Stukad fot", modifier=-1)
    ZombieConditionFactory(sheet=sheet, name="Utmattad", kind="status", modifier=-1)
    ZombieTaskFactory(sheet=sheet, name=DOOR)
    ZombieTaskFactory(sheet=sheet, name=LOCK, status="failed")
    ZombieItem.objects.create(sheet=sheet, name="Förband", quantity=6, note="rena")
    ZombieWeapon.objects.create(
        sheet=sheet, name="Revolver", ammo=".38", rounds=5, note="sex skott"
    )
    ensure_zombie_kinds()
    return sheet


def shot(page, name, width):
    page.screenshot(path=f"test-results/sv-zombie-{name}-{width}.png", full_page=True)


def reads_swedish(page, width, name, others=()):
    left = english_left(page, allowed=OURS + others)
    assert left == [], f"{name}: {left}"
    fits(page, width)
    shot(page, name, width)


def roll_in_dialog(page, link, form_kind):
    """Open a roll control of the sheet and return its form (the dialog's)."""
    page.get_by_role("link", name=link, exact=True).click()
    form = page.locator(f"#roll-form-slot form[data-roll-form={form_kind}]")
    expect(form).to_be_visible()
    return form


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_survivors_sheet_creation_and_history_read_swedish(
    asgi_server, swedish, log_in, player, survivor, width, height
):
    page = swedish(width, height)
    log_in(page, player)
    url = f"{asgi_server.url}{survivor.character.get_absolute_url()}"
    page.goto(url + "?all")
    expect(page.locator("#section-option")).to_contain_text("Spelarens val")
    expect(page.locator("#section-tasks-view")).to_contain_text("Uppgifter")
    expect(page.locator(f"#task-{survivor.tasks.get(name=LOCK).pk}")).to_contain_text("misslyckad")
    reads_swedish(page, width, "sheet")

    for step in survivor.character.system_descriptor.creation_steps:
        page.goto(f"{url}create/{step.slug}/")
        expect(page.locator("h1")).to_have_text(str({"who": "Vem du var"}.get(step.slug)
                                                     or "Spelarens val"))  # fmt: skip
        reads_swedish(page, width, f"creation-{step.slug}")
    page.goto(f"{url}create/who/")
    page.get_by_label("Vem du var").fill("")
    step = page.locator("form[novalidate]")
    step.locator("button[type=submit]").last.click()
    expect(page.locator("form[novalidate]")).to_contain_text("Berätta vem din överlevande var.")
    reads_swedish(page, width, "creation-error")

    page.goto(f"{url}history/")
    reads_swedish(page, width, "history")


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_failed_check_and_the_players_option_bought_after_it_read_swedish(
    asgi_server, swedish, log_in, player, survivor, scripted_dice, width, height
):
    page = swedish(width, height)
    log_in(page, player)
    url = f"{asgi_server.url}{survivor.character.get_absolute_url()}"
    page.goto(url)
    form = roll_in_dialog(page, f"Slå {DOOR}", "check")
    expect(form.locator(".odds")).to_contain_text("%")
    expect(form).to_contain_text("Skador och tillstånd som gäller")
    reads_swedish(page, width, "check-dialog")

    scripted_dice(3)  # 3, the ankle -1 and the exhaustion -1: 1, a failure
    form.get_by_role("button", name="Slå", exact=True).click()
    result = page.locator("[data-roll-result]")
    expect(result.locator("[data-outcome]")).to_have_text("Misslyckades")
    expect(result.locator("form[data-buy-option]")).to_contain_text("Spelarens val")
    reads_swedish(page, width, "check-failed")

    buy = result.locator("form[data-buy-option]")
    buy.get_by_label("Färdighet").fill("Stark")
    buy.get_by_label("Omfång").fill("hålla dörrar")
    buy.get_by_label("Bonus").fill("3")
    buy.locator("button[type=submit]").click()
    expect(page.locator("[data-option-bought]")).to_contain_text("Stark (hålla dörrar) +3")
    reads_swedish(page, width, "option-bought")

    roll = Roll.objects.get()
    page.goto(f"{asgi_server.url}/rolls/{roll.pk}/")
    expect(page.locator("body")).to_contain_text("Modifikation")
    reads_swedish(page, width, "roll-page")

    page.goto(url + "?all")
    expect(page.locator("[data-option-roll]")).to_contain_text("Slag:")
    reads_swedish(page, width, "sheet-option-spent")
    page.goto(f"{url}history/")
    expect(page.locator("main")).to_contain_text("Spelarens val köpt efter ett slag")
    reads_swedish(page, width, "history-option")


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_gms_rulings_zombie_checks_dashboard_and_team_lift_read_swedish(
    asgi_server, swedish, log_in, gm, party, player, survivor, scripted_dice, width, height
):
    page = swedish(width, height)
    log_in(page, gm)
    url = f"{asgi_server.url}{survivor.character.get_absolute_url()}"
    # A ruling on the failed lock: the situation changed.
    page.goto(url)
    form = roll_in_dialog(page, f"Slå ett beslut om {LOCK}", "ruling")
    form.get_by_label("Varför").fill("en hord bankade på dörren")
    reads_swedish(page, width, "ruling-dialog")
    form.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_contain_text(LOCK)
    reads_swedish(page, width, "ruling-result")

    # A zombie's check against the survivor, from the sheet's GM rolls.
    page.goto(f"{url}roll/monster/")
    form = page.locator("form[data-roll-form=monster]")
    form.get_by_label("Vad den försöker").fill("få syn på henne i mörkret")
    expect(form.locator(".odds")).to_contain_text("%")
    expect(page.locator("body")).to_contain_text("zombiesorter")  # what the roll reads
    reads_swedish(page, width, "monster-form")
    scripted_dice(5)
    form.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_be_visible()
    reads_swedish(page, width, "monster-result")

    # The dashboard: the survivor's card, the zombie check from the GM's menu.
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator(f"#summary-{survivor.pk}")).to_contain_text("Spelarens val")
    expect(page.locator(f"#summary-{survivor.pk}")).to_contain_text("Misslyckade uppgifter")
    reads_swedish(page, width, "dashboard", OTHER_AREAS)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/gm-roll/zombie/zombie/")
    form = page.locator("form[data-roll-form]")
    form.get_by_label("Vilken zombie").fill("Ruttna Rut")
    reads_swedish(page, width, "npc-form")
    scripted_dice(6)
    form.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_contain_text("Ruttna Rut")
    reads_swedish(page, width, "npc-result")

    # A team lift: started from its form, the helper joins, the survivor lifts for both.
    helper_player = member_of(party, UserFactory(username="bjorn"))
    helper = ZombieSheetFactory(
        character__owner=helper_player, character__party=party, character__name="Björn"
    )
    page.goto(f"{asgi_server.url}/parties/{party.pk}/groups/new/zombie/lift/")
    expect(page.locator("main")).to_contain_text("Mycket tung")
    reads_swedish(page, width, "lift-form")
    page.get_by_label("Vad de lyfter").fill("Lyft stocken")
    page.get_by_label("Astrid").check()
    page.get_by_label("Björn").check()
    page.get_by_label("Vem slår för laget").select_option(label="Astrid")
    page.get_by_role("button", name="Starta gruppslaget").click()
    group = GroupCheck.objects.get()
    helper_client = Client()
    helper_client.force_login(helper_player)
    part = reverse("group_part", args=[group.pk, helper.pk])
    assert helper_client.post(part, headers={"HX-Request": "true"}).status_code == 200
    lifter = Client()
    lifter.force_login(player)
    scripted_dice(4)
    part = reverse("group_part", args=[group.pk, survivor.pk])
    assert lifter.post(part, headers={"HX-Request": "true"}).status_code == 200
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    expect(page.locator(f'[data-group-check="{group.pk}"]')).to_contain_text(
        "Lagarbete: Lyft stocken"
    )
    reads_swedish(page, width, "lift-done", OTHER_AREAS)

    page.goto(f"{asgi_server.url}/parties/{party.pk}/log/")
    expect(page.locator("body")).to_contain_text("Lagarbete: Lyft stocken")
    reads_swedish(page, width, "log")


def test_english_stays_the_default(asgi_server, browser, log_in, player, survivor):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{survivor.character.get_absolute_url()}")
    expect(page.locator("#option-title")).to_have_text("Player's Option")
    expect(page.locator(f"#task-{survivor.tasks.get(name=LOCK).pk}")).to_contain_text(
        "Failed: it cannot be tried again"
    )
    context.close()
