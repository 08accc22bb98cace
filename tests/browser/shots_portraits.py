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
