"""The Slots card's summary on the GM's dashboard: the mini grid (each slot's letter or
number, its wound and its condition), then the values and alerts
(``sheets.summary_card``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.form_renderer import escaped
from sheets.summary_card import shown, values_html


def _condition(cell) -> tuple[str, str]:
    """The cell's class for its condition, and the words its title ends with."""
    if not cell["condition"]:
        return "", ""
    return f" cond-bg-{escaped(cell['condition'])}", f": {shown(cell['condition_words'])}"


def _focus_cell(cell) -> str:
    colour, said = _condition(cell)
    title = shown(_("focus %(n)s") % {"n": cell["number"]})
    face = shown(cell["letter"] or cell["number"])
    return f'<span class="mini-cell{colour}" title="{title}{said}">{face}</span>'


def _gear_cell(cell) -> str:
    colour, said = _condition(cell)
    wound = cell["wound"]
    if wound == "open":
        face, hurt = "X", ": " + shown(_("open wound"))
    elif wound:
        face = "/" if wound == "closed" else shown(cell["letter"] or cell["number"])
        hurt = ": " + shown(_("closed wound"))
    else:
        face, hurt = shown(cell["letter"] or cell["number"]), ""
    marked = f" wound-{escaped(wound)}" if wound else ""
    title = f"{shown(cell['number'])} {shown(cell['name_words'])}{hurt}{said}"
    return f'<span class="mini-cell{colour}{marked}" title="{title}">{face}</span>'


def summary_html(summary) -> str:
    grid = summary.grid
    rows = [
        "".join(_focus_cell(cell) for cell in grid["focus"]),
        *("".join(_gear_cell(cell) for cell in group["cells"]) for group in grid["groups"]),
    ]
    label = shown(_("Slot grid"))  # (outside the f-string: xgettext reads no f-string)
    return (
        f'<div class="slots-mini" aria-label="{label}">'
        + "".join(f'<div class="slots-mini-row">{row}</div>' for row in rows)
        + f"</div>{values_html(summary)}"
    )
