"""The MYZ paper sheet's other boxes in a real browser (issue 8, items 8 and 10): once the
page includes the partials (templates/sheets/mutant/_supplies.html...), supplies weigh in
the encumbrance as they are typed, the conditions toggle, and eating from the sheet
changes it. Skipped while the page does not include them. Screenshots go to
test-results/ (not committed)."""

import pytest
from playwright.sync_api import expect

from sheets.models import MutantSheet
from tests.factories import MutantCriticalInjuryFactory, MutantMutationFactory


@pytest.fixture
def sheet_page(asgi_server, page, log_in, player, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(grub=2, water=1, starving=True)
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    MutantCriticalInjuryFactory(
        sheet=mutant_sheet, name="Crushed ribs", lethal=True, time_limit="3 days"
    )
    log_in(page, player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    return page


def test_supplies_weigh_and_the_conditions_toggle(sheet_page, mutant_sheet):
    page = sheet_page
    expect(page.locator("#supplies-weight")).to_contain_text("0.75 lines")
    for size, name in (((1440, 900), "wide"), ((390, 844), "phone")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=f"test-results/mutant-paper-sheet-{name}.png", full_page=True)
    page.set_viewport_size({"width": 1440, "height": 900})
    grub = page.get_by_label("Grub", exact=True)
    grub.fill("10")
    grub.press("Tab")
    expect(page.locator("#f-grub-status")).to_contain_text("Saved")
    expect(page.locator("#supplies-weight")).to_contain_text("2.75 lines")
    page.get_by_label("Hypothermic").check()
    expect(page.locator("#f-hypothermic-status")).to_contain_text("Saved")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).hypothermic
    expect(page.locator("#lethal-injuries")).to_contain_text("Crushed ribs")


def test_eating_from_the_sheet_spends_the_ration_and_ends_starving(sheet_page, mutant_sheet):
    page = sheet_page
    sheet_url = page.url
    page.get_by_role("link", name="Eat & drink").click()
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    expect(
        page.get_by_text("Consumed a ration of grub and a ration of water").first
    ).to_be_visible()
    page.screenshot(path="test-results/mutant-daily-ration.png", full_page=False)
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (sheet.grub, sheet.water, sheet.starving) == (1, 0, False)
    page.goto(sheet_url)  # (the roll dialog, or the roll page without the shell's dialog)
    expect(page.get_by_label("Starving", exact=True)).not_to_be_checked()
    expect(page.locator("#section-supplies").get_by_label("Grub", exact=True)).to_have_value("1")


def test_the_rot_eater_form_heals_from_the_roll_page(
    asgi_server, page, log_in, player, mutant_sheet, scripted_dice
):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(
        mutation_points=2, rot_temporary=1, rot_permanent=1, fatigue=1
    )
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    log_in(page, player)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{asgi_server.url}/characters/{mutant_sheet.pk}/roll/rot-eater/")
    page.get_by_label("Recover 1 point of an attribute", exact=False).check()
    page.get_by_label("Attribute to recover").select_option("agility")
    scripted_dice(5)
    page.get_by_role("button", name="Roll").last.click()
    expect(page.get_by_text("Agility recovers 1 point").first).to_be_visible()
    page.screenshot(path="test-results/mutant-rot-eater.png", full_page=True)
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (sheet.fatigue, sheet.rot_temporary, sheet.rot_permanent) == (0, 0, 1)
    assert sheet.mutation_points == 1
