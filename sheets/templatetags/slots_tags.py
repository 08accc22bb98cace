"""Template helpers of the Slots sheet: the grid's cells, written in Python
(sheets.systems.slots.cells)."""

from django import template

from sheets.systems.slots.cells import Controls, cells_html

register = template.Library()


def _controls(context) -> Controls | None:
    """The edit controls' shared parts, once per render (None for a viewer who may not
    edit)."""
    if not context.get("can_edit"):
        return None
    character = context["character"]
    key = ("slots_controls", character.pk)
    controls = context.render_context.get(key)
    if controls is None:
        controls = Controls(
            character.pk,
            csrf_token=context.get("csrf_token"),
            gear_numbers=context.get("gear_numbers") or [],
            focus_numbers=context.get("focus_numbers") or [],
        )
        context.render_context[key] = controls
    return controls


@register.simple_tag(takes_context=True)
def slot_cells(context, cells):
    """The ``<li>`` cells of one row of the grid: ``{% slot_cells grid.focus %}``."""
    return cells_html(cells, _controls(context))
