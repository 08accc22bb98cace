"""A sheet's life in a real browser: Undo right after a save, restoring an earlier version
from the history page (the GM's dashboard follows live), and every system's sheet
printed to PDF on A4 and Letter."""

import io
import re
import unicodedata

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from sheets.models import Character, MutantSheet
from sheets.systems.registry import all_systems
from tests.sse_client import wait_for_feed_subscribers


def test_undo_and_restore_bring_a_value_back_on_the_sheet_and_the_gms_dashboard(
    asgi_server, browser, log_in, gm, party, player, mutant_sheet
):
    character = mutant_sheet.character
    gm_context, player_context = browser.new_context(), browser.new_context()
    gm_page = gm_context.new_page()
    log_in(gm_page, gm)
    gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    card = gm_page.locator(f"#summary-{character.pk}")
    expect(card).to_contain_text("5/5")
    wait_for_feed_subscribers(1)

    page = player_context.new_page()
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    damage = page.get_by_label("Damage", exact=True)

    # A save, then its Undo from the keyboard: the old value is back, here and live on
    # the GM's card.
    damage.fill("2")
    damage.press("Tab")
    undo = page.locator("#f-damage-status").get_by_role("button", name="Undo")
    expect(undo).to_be_visible()
    expect(card).to_contain_text("3/5")
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#f-damage-status")).to_contain_text("Undone: back to 0")
    expect(damage).to_have_value("0")
    expect(damage).to_be_focused()
    expect(card).to_contain_text("5/5")

    # Two more saves, then the history page restores the version with Damage 2.
    for value in ("2", "1"):
        damage.fill(value)
        damage.press("Tab")
        expect(page.locator("#f-damage-status")).to_contain_text("Saved")
        page.wait_for_timeout(2100)  # (so the history reads them as two changes)
    expect(card).to_contain_text("4/5")
    page.get_by_role("link", name="History").click()
    entries = page.locator("[data-history-entry]")
    entry = entries.filter(has_text="Damage (Strength trauma) 0 → 2").first
    entry.get_by_text("Restore this version").click()
    entry.get_by_role("button", name=re.compile("Restore the sheet as of")).click()
    expect(page.locator(".messages")).to_contain_text("is back as it was")
    expect(entries.first).to_contain_text("Restored the sheet as of")
    expect(entries.first).to_contain_text("Damage (Strength trauma) 1 → 2")
    expect(card).to_contain_text("3/5")

    page.get_by_role("link", name=re.compile("Back to")).click()
    expect(page.get_by_label("Damage", exact=True)).to_have_value("2")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).damage == 2
    gm_context.close()
    player_context.close()


# What each system's demo character (the one `manage.py demo` gives the first player)
# prints: its pages on A4 and on Letter, as measured, and values that must be on them:
# the name, an attribute (or what it gives), an item of gear.
PRINTED = {
    "mutant": (2, 2, ["Krin", "3 base dice", "Lucky bottle cap"]),
    "twilight": (1, 1, ["Kasia Nowak", "STR C", "Medkit"]),
    "agents": (2, 2, ["Dana Reyes", "Firearms +3", "Grenades"]),
    "zombie": (1, 1, ["Nell Okafor", "Unspent", "Bandages"]),
    "slots": (1, 1, ["Tamsin", "Short sword", "Healing kit"]),
}


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    text = " ".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.mark.parametrize("index", range(len(all_systems())), ids=[s.slug for s in all_systems()])
def test_every_sheet_prints_on_a4_and_letter_as_a_paper_sheet(
    asgi_server, page, log_in, party, player, index
):
    system = all_systems()[index]
    character = Character(owner=player, party=party, system=system.slug)
    system.call("demo", character, index)
    a4_pages, letter_pages, values = PRINTED[system.slug]
    log_in(page, player)
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    page.wait_for_load_state("networkidle")

    for paper, expected_pages in (("A4", a4_pages), ("Letter", letter_pages)):
        pages, text = pdf_text(page.pdf(format=paper))
        assert pages == expected_pages, f"{system.slug} on {paper}: {pages} pages"
        for value in values:
            assert value in text, f"{value!r} is not on the printed {system.slug} sheet"
        # nothing that acts: no buttons, no feed, no forms to add rows
        for absent in ("Table feed", "Remove", "Rolls", "Add a"):
            assert absent not in text, f"{absent!r} printed on the {system.slug} sheet"
