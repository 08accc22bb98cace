"""Two MYZ rules a player meets in the browser: healing says the time it stands for,
and a character who rested less is told nothing heals; Rot-Eater emits rot only at an
enemy at Arm's Length, and says so next to the range."""

from playwright.sync_api import expect

from sheets.models import MutantSheet
from tests.factories import MutantMutationFactory


def test_resting_less_heals_nothing_and_rot_is_emitted_at_arms_length_only(
    asgi_server, page, log_in, player, mutant_sheet
):
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(
        damage=2, grub=3, mutation_points=3, rot_temporary=2
    )
    log_in(page, player)
    page.goto(f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}")
    heal = page.get_by_role("link", name="Heal damage (4 hours of rest, grub)")
    expect(heal).to_be_visible()
    expect(page.get_by_role("link", name="Sleep (8 hours, confusion)")).to_be_visible()
    heal.click()
    dialog = page.locator("#roll-dialog")
    dialog.get_by_label("Less than that: nothing heals").check()
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(dialog.locator("[data-outcome]")).to_have_text(
        "Rested less than 4 hours: nothing heals."
    )
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    assert (sheet.damage, sheet.grub) == (2, 3)
    page.keyboard.press("Escape")

    page.get_by_role("link", name="Rot-Eater").click()
    dialog.get_by_label("Emit rot at an enemy at Arm's Length", exact=False).check()
    dialog.get_by_label("Enemy's range (emit rot)").select_option("near")
    dialog.get_by_role("button", name="Roll", exact=True).click()
    field = dialog.get_by_label("Enemy's range (emit rot)")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(dialog).to_contain_text("not at Near range")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).mutation_points == 3
