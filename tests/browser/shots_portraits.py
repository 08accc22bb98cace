"""Not a test: screenshots of every system's sheet header with and without a portrait
(run by hand: pytest tests/browser/shots_portraits.py)."""

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from sheets.portraits import images, store
from sheets.systems.registry import all_systems
from tests.browser.test_sheet_fit import filled_in

OUT = Path("/tmp/portrait-shots")


def face() -> bytes:
    image = Image.new("RGB", (600, 800), (70, 90, 110))
    draw = ImageDraw.Draw(image)
    draw.ellipse((170, 150, 430, 450), fill=(225, 185, 150))
    draw.rectangle((120, 480, 480, 800), fill=(120, 60, 40))
    draw.ellipse((230, 260, 260, 290), fill=(30, 30, 30))
    draw.ellipse((340, 260, 370, 290), fill=(30, 30, 30))
    out = io.BytesIO()
    image.save(out, "JPEG")
    return out.getvalue()


@pytest.mark.parametrize("system", list(all_systems()), ids=lambda s: s.slug)
def test_shots(system, asgi_server, page, log_in, player, party, media):
    character = filled_in(system, player, party)
    log_in(page, player)
    for with_portrait in (False, True):
        if with_portrait:
            store.replace(character, images.portrait_files(face()))
        for size in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
            page.set_viewport_size(size)
            page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
            page.locator(".sheet-first-view").wait_for()
            page.wait_for_timeout(300)
            name = f"{system.slug}-{size['width']}-{'portrait' if with_portrait else 'none'}.png"
            page.screenshot(path=str(OUT / name))


def test_pages(asgi_server, browser, log_in, gm, player, party, mutant_sheet, media,
               scripted_dice):  # fmt: skip
    from rolls.models import Roll
    from tests.pictures import picture

    krin = mutant_sheet.character
    for size in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
        w = size["width"]
        page = browser.new_context(viewport=size).new_page()
        log_in(page, player)
        page.goto(f"{asgi_server.url}/characters/{krin.pk}/portrait/")
        page.screenshot(path=str(OUT / f"page-{w}-none.png"))
        page.get_by_label("Portrait").set_input_files(
            {"name": "x.png", "mimeType": "image/png", "buffer": picture("GIF")}
        )
        page.get_by_role("button", name="Upload").click()
        page.screenshot(path=str(OUT / f"page-{w}-error.png"))
        store.replace(krin, images.portrait_files(face()))
        page.goto(f"{asgi_server.url}/characters/{krin.pk}/portrait/")
        page.get_by_role("button", name="Remove the portrait…").click()
        page.screenshot(path=str(OUT / f"page-{w}-confirm.png"))
        if not Roll.objects.exists():
            Roll.objects.create(
                character=krin,
                party=party,
                user=player,
                system="mutant",
                kind="d6",
                label="D6",
                outcome="4",
            )
        gm_page = browser.new_context(viewport=size).new_page()
        log_in(gm_page, gm)
        gm_page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
        gm_page.wait_for_timeout(500)
        gm_page.screenshot(path=str(OUT / f"dashboard-{w}.png"), full_page=True)
        page.goto(f"{asgi_server.url}/")
        page.screenshot(path=str(OUT / f"home-{w}.png"))
