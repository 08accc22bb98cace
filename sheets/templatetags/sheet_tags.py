"""Template helpers of the sheet shell."""

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from sheets.editing.markup import field_html, new_row_fields_html

register = template.Library()


@register.simple_tag
def system_stylesheets(systems):
    """``<link>`` tags of the stylesheets of ``systems`` (one System or several), each once:
    ``{% system_stylesheets system %}`` on a sheet, ``{% system_stylesheets systems %}``
    on the dashboard, where cards and rolls of every system meet."""
    if not isinstance(systems, list | tuple | set):
        systems = [systems]
    paths = dict.fromkeys(s.stylesheet for s in systems if getattr(s, "stylesheet", ""))
    return format_html_join(
        "", '<link rel="stylesheet" href="{}">', ((static(path),) for path in paths)
    )


@register.simple_tag
def counter_boxes(value, maximum, permanent=0):
    """The boxes of a counter: ``[{"n": 1, "mark": "filled"}, ...]`` for ``maximum`` boxes,
    the first ``permanent`` marked permanent, then ``value`` filled."""
    try:
        value, maximum, permanent = int(value or 0), int(maximum), int(permanent or 0)
    except (TypeError, ValueError):
        value, permanent = 0, 0
    marks = ["permanent"] * permanent + ["filled"] * value
    return [
        {"n": n, "mark": marks[n - 1] if n <= len(marks) else ""} for n in range(1, maximum + 1)
    ]


@register.simple_tag
def sheet_field(f, oob=False):
    """A field that saves itself (sheets.editing.markup): ``{% sheet_field f %}``,
    ``oob=True`` in a refresh. Its look on the sheet is its form's (``set_look``)."""
    return field_html(f, oob=oob)


DIE_ICON = mark_safe(
    '<svg class="roll-btn-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<rect x="3.5" y="3.5" width="17" height="17" rx="4" fill="none" stroke="currentColor"'
    ' stroke-width="2"/><circle cx="8.5" cy="8.5" r="1.6" fill="currentColor"/>'
    '<circle cx="15.5" cy="15.5" r="1.6" fill="currentColor"/>'
    '<circle cx="12" cy="12" r="1.6" fill="currentColor"/></svg>'
)


@register.simple_tag(takes_context=True)
def roll_button(context, action, query, label):
    """A roll control beside the row it rolls, for whoever may roll (``can_edit``):
    ``{% roll_button "skill" "skill=fight" "Fight" %}`` opens the roll dialog of the
    character's action ``skill`` with the form prefilled by ``query``."""
    if not context.get("can_edit"):
        return ""
    urls = context.render_context.setdefault("roll_button_urls", {})
    character = context["character"]
    if action not in urls:
        urls[action] = reverse("roll_form", args=[character.pk, action])
    href = f"{urls[action]}?{query}" if query else urls[action]
    # Translators: the roll control beside a skill or weapon: "Roll Fight"
    words = _("Roll %(what)s") % {"what": label}
    return format_html(
        '<a class="roll-btn" href="{}" data-roll-dialog data-roll-action="{}"'
        ' aria-label="{}" title="{}">{}</a>',
        href, action, words, words, DIE_ICON,
    )  # fmt: skip


@register.simple_tag
def new_row_fields(form):
    """The inputs of an "add a row" form, in its helper's columns."""
    return new_row_fields_html(form)


@register.simple_tag
def summary_card(character, summary):
    """A character's card on the GM's dashboard, its header and its summary
    (sheets.summary_card)."""
    from sheets.summary_card import summary_card_html

    return summary_card_html(character, summary)
