"""Export and import in a real browser: each system's sheet is downloaded from its
header, the file imported on the import page, and the new sheet shows the same values;
a malformed file lists its errors by path and creates nothing. Screenshots of the
import page with errors (1440x900, 390x844) go to test-results/."""

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from sheets.models import Character
from sheets.systems.registry import all_systems
from sheets.transfer.export import character_document

SHOTS = Path("test-results")
SHOWN = """els => els.map(e => {
    const name = e.name.replace(/^original-/, "");
    const select = document.querySelector(`select[name="${name}"]`);
    const option = select && select.selectedIndex >= 0
        ? select.options[select.selectedIndex] : null;
    return [e.name, option ? option.text : e.value];
})"""


def originals(page) -> list[tuple[str, str]]:
    """Every field's value on the sheet, rows named by position, not by id; a choice as
    its option's words (a spare magazine's weapon is an id underneath). Read from the
    whole sheet in one page (?all: every tab, the Agents skill editor among them)."""
    page.goto(page.url.split("#")[0].split("?")[0] + "?all")
    expect(page.locator("[data-deferred-tab]")).to_have_count(0)
    pairs = page.eval_on_selector_all(".field-original", SHOWN)
    return [
        (re.sub(r"\d+", "#", name), value)
        for name, value in pairs
        if name != "original-character-name"  # the copy is named apart
    ]


def comparable(doc):
    return {k: v for k, v in doc.items() if k not in ("exported", "character")}


def test_export_then_import_gives_the_same_sheet_and_a_bad_file_creates_nothing(
    asgi_server, page, log_in, player, tmp_path
):
    mine = []
    for system in all_systems():
        character = Character.objects.create_with_sheet(
            owner=player, name=f"{system.short_name} hero", system=system.slug
        )
        system.call("demo", character, 0)
        mine.append(Character.objects.get(pk=character.pk))  # as the demo left it
    page.set_viewport_size({"width": 1440, "height": 900})
    log_in(page, player)
    for original in mine:
        page.goto(f"{asgi_server.url}{original.get_absolute_url()}")
        before = originals(page)
        with page.expect_download() as download:
            page.locator("[data-export-sheet]").click()
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        assert path.name.endswith(".json") and original.system in path.name
        page.goto(f"{asgi_server.url}/characters/import/")
        page.get_by_label("Character file").set_input_files(path)
        page.get_by_label("Name").fill(f"{original.name} again")
        page.get_by_role("button", name="Import").click()
        expect(page.locator("h1")).to_have_text(f"{original.name} again is imported")
        page.get_by_role("link", name="Open the sheet").click()
        expect(page.locator("#sheet-name")).to_have_text(f"{original.name} again")
        assert originals(page) == before, original.system
        copy = Character.objects.get(owner=player, name=f"{original.name} again")
        assert comparable(character_document(copy)) == comparable(character_document(original))

    count = Character.objects.count()
    bad = json.loads(path.read_text())
    bad["sheet"]["notes"] = 12
    bad["sheet"]["cold_tries"] = 500
    bad["items"] = [{"slot": 99, "name": "", "colour": "red"}, "a sword"]
    page.goto(f"{asgi_server.url}/characters/import/")
    page.get_by_label("Character file").set_input_files(
        {
            "name": "broken.json",
            "mimeType": "application/json",
            "buffer": json.dumps(bad).encode(),
        }
    )
    page.get_by_role("button", name="Import").click()
    errors = page.locator("[data-import-errors]")
    expect(errors).to_contain_text("Nothing was imported")
    expect(errors.locator("code")).to_have_text(["sheet.notes", "sheet.cold_tries"])
    assert Character.objects.count() == count
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "import-errors-1440.png"), full_page=True)
    # the rows' errors, once the sheet's own fields are right
    bad["sheet"]["notes"], bad["sheet"]["cold_tries"] = "", 0
    page.get_by_label("Character file").set_input_files(
        {
            "name": "broken.json",
            "mimeType": "application/json",
            "buffer": json.dumps(bad).encode(),
        }
    )
    page.get_by_role("button", name="Import").click()
    for path_shown in ("items[0].colour", "items[0].slot", "items[0].name", "items[1]"):
        expect(errors.get_by_text(path_shown, exact=True)).to_be_visible()
    assert Character.objects.count() == count
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "import-errors-390.png"), full_page=True)
