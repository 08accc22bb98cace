"""The slot grid's cells (a numbered slot with its marks, and the items or idea it holds,
each with its move and remove controls), written in Python.

Slots has no tabs, so a sheet's first answer is the whole grid: fifteen cells for a
human and what they hold. As included templates (a cell, then one per thing, some 460
``{% if %}`` a page) a cell cost about half a millisecond and the page about 40 ms in
process (PostgreSQL); written here the fifteen cells take 0.3 ms together and the page
about 21 ms. The markup is the templates' own, whitespace aside. The page's template
calls it through ``{% slot_cells %}`` (slots_tags); tests/sheets/test_slots_cells.py
holds what a cell shows.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from config.form_renderer import csrf_input, escaped
from sheets.systems.slots import words

# a row's primary key, in reversed URLs, to be replaced by each row's own
_ROW = 987654321
_POST = ' hx-target="#slots-grid" hx-swap="outerHTML"'


def _row_url(name: str, character_pk: int) -> tuple[str, str]:
    """The URL ``name`` of one of the character's rows, cut around the row's key."""
    head, _, tail = reverse(name, args=[character_pk, _ROW]).rpartition(str(_ROW))
    return head, tail


class Controls:
    """What the edit controls of every cell share, worked out once a page: the URLs, the
    CSRF input and the slot numbers a thing may move to. A viewer who may not edit gets
    none (``None`` where a function takes them)."""

    def __init__(self, character_pk, csrf_token=None, gear_numbers=(), focus_numbers=()):
        self.csrf_input = csrf_input(csrf_token)
        self.unmark_url = reverse("slots_unmark", args=[character_pk])
        self.urls = {
            (kind, action): _row_url(f"slots_{kind}_{action}", character_pk)
            for kind in ("item", "idea")
            for action in ("move", "remove")
        }
        self.numbers = {"item": list(gear_numbers), "idea": list(focus_numbers)}
        self._options: dict = {}
        # the controls' words, looked up once a page (the reader's language)
        self.words = {
            "move_to": escaped(_("Move %(item)s to slot")),
            "move": escaped(_("Move %(item)s")),
            # Translators: the button that moves an item or idea to the slot chosen
            "Move": escaped(pgettext("Slots button", "Move")),
            "remove": escaped(_("Remove %(item)s")),
        }

    def url(self, kind: str, action: str, pk) -> str:
        head, tail = self.urls[kind, action]
        return f"{head}{pk}{tail}"

    def options(self, kind: str, selected) -> str:
        """The ``<option>``s of a thing's Move select, its own slot selected."""
        key = (kind, selected)
        if key not in self._options:
            self._options[key] = "".join(
                f'<option value="{n}"{" selected" if n == selected else ""}>{n}</option>'
                for n in self.numbers[kind]
            )
        return self._options[key]


def _idea_words(idea) -> str:
    target = f": {escaped(idea.target)}" if idea.target else ""
    concentrating = " " + _("(concentrating)") if idea.concentrating else ""
    kind = escaped(words.idea_kind(idea.kind))
    return f' <span class="thing-kind">{kind}{target}{concentrating}</span>\n'


def _item_words(item) -> str:
    damaged = _("damaged")
    text = f' <span class="badge text-bg-warning">{damaged}</span>' if item.damaged else ""
    text += "\n"
    if item.tags or item.free_tags:
        comma = ", " if item.tags and item.free_tags else ""
        wrapped = " " + _("(wrapped)") if item.wrapped else ""
        text += (
            f'<span class="thing-tags">{escaped(words.tags(item.tags))}{comma}'
            f"{escaped(item.free_tags)}{wrapped}</span>\n"
        )
    return text


def _thing_controls(thing, kind: str, name: str, controls: Controls) -> str:
    move = controls.url(kind, "move", thing.pk)
    remove = controls.url(kind, "remove", thing.pk)
    csrf = controls.csrf_input
    said = controls.words
    move_to, move_it = said["move_to"] % {"item": name}, said["move"] % {"item": name}
    remove_it = said["remove"] % {"item": name}
    return (
        '<div class="thing-controls">\n'
        f'<form method="post" action="{move}" hx-post="{move}"{_POST}'
        ' class="thing-move" data-move-form>\n'
        f"{csrf}\n"
        '<select name="to" class="form-select form-select-sm"'
        f' aria-label="{move_to}">{controls.options(kind, thing.slot)}</select>\n'
        '<button type="submit" class="btn btn-sm btn-outline-primary"'
        f' aria-label="{move_it}">{said["Move"]}</button>\n'
        "</form>\n"
        f'<form method="post" action="{remove}" hx-post="{remove}"{_POST}>\n'
        f'{csrf}<button type="submit" class="btn btn-sm btn-outline-danger"'
        f' aria-label="{remove_it}">&times;</button>\n'
        "</form>\n"
        "</div>\n"
    )


def thing_html(thing, kind: str, controls: Controls | None) -> str:
    """An item (``kind="item"``) or an idea (``"idea"``) in its slot: its name and words,
    and, for an editor, draggable with a Move select and a remove button."""
    name = escaped(thing.name)
    drag = ""
    if controls is not None:
        area = "gear" if kind == "item" else "focus"
        drag = (
            f' draggable="true" data-move-url="{controls.url(kind, "move", thing.pk)}"'
            f' data-move-area="{area}"'
        )
    words = _idea_words(thing) if kind == "idea" else _item_words(thing)
    tools = "" if controls is None else _thing_controls(thing, kind, name, controls)
    return (
        f'<div class="slot-thing slot-{kind}" id="{kind}-{thing.pk}"{drag}>\n'
        f'<span class="thing-name">{name}</span>{words}{tools}</div>\n'
    )


def _cell_classes(cell) -> str:
    classes = f"slot-cell slot-{escaped(cell['kind'])}"
    if cell["wound"]:
        classes += f" wound-{escaped(cell['wound'])}"
    if cell["condition"]:
        classes += f" cond-bg-{escaped(cell['condition'])}"
    if cell.get("dropped"):
        classes += " slot-dropped"
    return classes


def _cell_top(cell, number: str, condition: str, wound: str) -> str:
    top = f'<div class="slot-top">\n<span class="slot-number">{number}</span>\n'
    name = cell.get("name")
    if name and name != cell["kind"]:
        top += f'<span class="slot-name">{escaped(words.slot_name(name))}</span>\n'
    if condition:
        burning = cell.get("burning")
        named = escaped(words.condition(cell["condition"]))
        if burning:
            rounds = ngettext("%(n)s round", "%(n)s rounds", burning) % {"n": burning}
            named = f"{named}, {escaped(rounds)}"
        top += (
            f'<span class="cond-letter cond-{condition}" title="{named}">'
            f"{escaped(cell['letter'])}</span>\n"
        )
    if wound:
        mark = "X" if cell["wound"] == "open" else "/"
        title = _("open wound") if cell["wound"] == "open" else _("closed wound")
        top += f'<span class="wound-mark" title="{escaped(title)}">{mark}</span>\n'
    return top + "</div>\n"


def _cell_contents(cell, controls: Controls | None) -> str:
    if cell["area"] == "focus":
        idea = cell.get("idea")
        things = thing_html(idea, "idea", controls) if idea else ""
    elif cell.get("dropped"):
        things = f'<span class="slot-empty">{escaped(_("pack down"))}</span>\n'
    else:
        things = "".join(thing_html(item, "item", controls) for item in cell.get("items", ()))
    return f'<div class="slot-contents">\n{things}</div>\n'


def cell_html(cell: dict, controls: Controls | None) -> str:
    """One numbered slot (a cell of ``sheet.grid``): its number and name, its wound and
    condition marks, what it holds, and for an editor the drop target and "clear"."""
    area, number = escaped(cell["area"]), escaped(cell["number"])
    wound, condition = escaped(cell["wound"]), escaped(cell["condition"])
    if cell["area"] == "focus":
        where = escaped(_("focus slot %(number)s") % {"number": cell["number"]})
    else:
        where = escaped(_("gear slot %(number)s") % {"number": cell["number"]})
    label = where
    if cell.get("name"):
        label += f" ({escaped(words.slot_name(cell['name']))})"
    if wound:
        label += ", " + escaped(_("open wound") if cell["wound"] == "open" else _("closed wound"))
    named = escaped(words.condition(cell["condition"])) if condition else ""
    if condition:
        label += f", {named}"
    drop = " data-drop-target" if controls is not None and not cell.get("dropped") else ""
    clear = ""
    if controls is not None and condition:
        url = controls.unmark_url
        remove_from = escaped(_("Remove %(condition)s from %(slot)s")) % {
            "condition": named,
            "slot": where,
        }
        clear_it = escaped(_("clear %(condition)s")) % {"condition": named}
        clear = (
            f'<form method="post" action="{url}" hx-post="{url}"{_POST} class="slot-unmark">'
            f'{controls.csrf_input}<input type="hidden" name="slot" value="{area}-{number}">'
            '<button type="submit" class="btn btn-link btn-sm p-0"'
            f' aria-label="{remove_from}">{clear_it}</button></form>\n'
        )
    return (
        f'<li class="{_cell_classes(cell)}" id="slot-{area}-{number}" data-area="{area}"'
        f' data-slot="{number}"{drop} aria-label="{label}">\n'
        f"{_cell_top(cell, number, condition, wound)}"
        f"{_cell_contents(cell, controls)}{clear}</li>\n"
    )


def cells_html(cells, controls: Controls | None) -> SafeString:
    """A row of cells, as the ``<li>``s of its list."""
    return mark_safe("\n" + "".join(cell_html(cell, controls) for cell in cells))
