"""Draw Tableside's app icons (static/icons/): a yellow d6 over a blue d10 on the app's
dark background, as an SVG and as PNGs (192 and 512 px, and "maskable" ones whose dice sit
inside the safe circle a phone's launcher may cut the icon to).

One geometry (a 512-unit square) feeds both the SVG and Pillow's drawing, so the two
agree. Run:  python manage.py draw_icons
"""

from __future__ import annotations

import math
from pathlib import Path

from django.core.management.base import BaseCommand
from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[3] / "static" / "icons"
BACKGROUND = "#212529"  # Bootstrap's dark body colour: the app's background
D10_FILL, D10_EDGE = "#4dabf7", "#0b2540"  # the sheet's attribute dice (tableside.css)
D6_FILL, PIP = "#f2c417", "#1d1d1d"  # the MYZ base die, as on the favicon
UNIT = 512
# the d10: its outline (a kite) and the edges of its faces
D10_OUTLINE = [(196, 64), (318, 214), (196, 372), (74, 214)]
D10_EDGES = [
    [(196, 64), (140, 236), (196, 276), (252, 236), (196, 64)],
    [(74, 214), (140, 236)],
    [(318, 214), (252, 236)],
    [(196, 276), (196, 372)],
]
D6_CENTRE, D6_SIDE, D6_RADIUS, D6_TURN = (326, 322), 212, 34, 12  # degrees, clockwise
PIPS = [(-56, -56), (56, -56), (0, 0), (-56, 56), (56, 56)]
PIP_RADIUS = 21


def turned(point, centre=D6_CENTRE, degrees=D6_TURN):
    angle = math.radians(degrees)
    x, y = point
    return (
        centre[0] + x * math.cos(angle) - y * math.sin(angle),
        centre[1] + x * math.sin(angle) + y * math.cos(angle),
    )


def svg() -> str:
    """The scalable icon (any size): a rounded square."""
    outline = " ".join(f"{x},{y}" for x, y in D10_OUTLINE)
    edges = "".join(
        f'<polyline points="{" ".join(f"{x},{y}" for x, y in edge)}"/>' for edge in D10_EDGES
    )
    half = D6_SIDE / 2
    cx, cy = D6_CENTRE
    pips = "".join(f'<circle cx="{cx + x}" cy="{cy + y}" r="{PIP_RADIUS}"/>' for x, y in PIPS)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {UNIT} {UNIT}">'
        "<title>Tableside</title>"
        f'<rect width="{UNIT}" height="{UNIT}" rx="96" fill="{BACKGROUND}"/>'
        f'<polygon points="{outline}" fill="{D10_FILL}" stroke="{D10_EDGE}" stroke-width="10"'
        ' stroke-linejoin="round"/>'
        f'<g fill="none" stroke="{D10_EDGE}" stroke-width="8" stroke-linejoin="round">{edges}</g>'
        f'<g transform="rotate({D6_TURN} {cx} {cy})">'
        f'<rect x="{cx - half}" y="{cy - half}" width="{D6_SIDE}" height="{D6_SIDE}"'
        f' rx="{D6_RADIUS}" fill="{D6_FILL}" stroke="{BACKGROUND}" stroke-width="12"/>'
        f'<g fill="{PIP}">{pips}</g></g></svg>\n'
    )


def png(size: int, maskable: bool) -> Image.Image:
    """The icon at ``size`` px, drawn 4x larger and scaled down (smooth edges). Maskable:
    the background fills the square and the dice shrink into the safe circle (80%)."""
    big = size * 4
    scale = big / UNIT
    shrink = 0.72 if maskable else 1.0
    offset = big * (1 - shrink) / 2

    def at(point):
        return (offset + point[0] * scale * shrink, offset + point[1] * scale * shrink)

    def width(units):
        return max(1, round(units * scale * shrink))

    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=BACKGROUND)
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=round(96 * scale), fill=BACKGROUND)
    draw.polygon([at(p) for p in D10_OUTLINE], fill=D10_FILL, outline=D10_EDGE, width=width(10))
    for edge in D10_EDGES:
        draw.line([at(p) for p in edge], fill=D10_EDGE, width=width(8), joint="curve")
    # the d6: a rounded square drawn upright on its own layer, turned, laid on top
    side = D6_SIDE * scale * shrink
    pad = side * 0.25
    layer_size = round(side + 2 * pad)
    layer = Image.new("RGBA", (layer_size, layer_size), (0, 0, 0, 0))
    layer_draw = ImageDraw.Draw(layer)
    border = width(6)
    layer_draw.rounded_rectangle(
        (pad - border, pad - border, pad + side + border, pad + side + border),
        radius=round(D6_RADIUS * scale * shrink) + border,
        fill=BACKGROUND,
    )
    layer_draw.rounded_rectangle(
        (pad, pad, pad + side, pad + side), radius=round(D6_RADIUS * scale * shrink), fill=D6_FILL
    )
    middle = layer_size / 2
    r = PIP_RADIUS * scale * shrink
    for x, y in PIPS:
        px, py = middle + x * scale * shrink, middle + y * scale * shrink
        layer_draw.ellipse((px - r, py - r, px + r, py + r), fill=PIP)
    layer = layer.rotate(-D6_TURN, resample=Image.Resampling.BICUBIC)
    cx, cy = at(D6_CENTRE)
    image.alpha_composite(layer, (round(cx - middle), round(cy - middle)))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "tableside.svg").write_text(svg())
    for size in (192, 512):
        png(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
        png(size, maskable=True).save(OUT / f"maskable-{size}.png", optimize=True)
    # iOS takes a square without transparency and rounds it itself
    png(180, maskable=True).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)


class Command(BaseCommand):
    help = "Draw the app's icons into static/icons/ (the manifest's and the home screen's)."

    def handle(self, *args, **options):
        main()
        self.stdout.write(f"Icons drawn in {OUT}")
