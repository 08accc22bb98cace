"""The project's form renderer: Django's stock widget templates, written in Python.

A sheet page holds a hundred or more inputs, and Django renders each widget through
three small templates (the widget, ``input.html``, ``attrs.html``): about half of a
sheet's server time went there. This renderer produces the same markup as those
templates, byte for byte (tests/test_form_renderer.py compares the two over every kind
of widget the project uses), for the plain inputs, the checkbox, the textarea and the
select. Any other template (a form, a field, a custom widget, crispy's layouts) is
rendered by Django's templates as before.
"""

from __future__ import annotations

import html

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.safestring import SafeData

WIDGETS = "django/forms/widgets/"
# Django's widget templates that are exactly ``{% include ".../input.html" %}``
INPUTS = frozenset(
    WIDGETS + name
    for name in [
        "input.html", "checkbox.html", "color.html", "date.html", "datetime.html",
        "email.html", "file.html", "hidden.html", "number.html", "password.html",
        "search.html", "tel.html", "text.html", "time.html", "url.html",
    ]
)  # fmt: skip
SELECT = WIDGETS + "select.html"
OPTION = WIDGETS + "select_option.html"
TEXTAREA = WIDGETS + "textarea.html"


def escaped(value) -> str:
    """Django's ``conditional_escape`` without its lazy-string wrapper (called thousands
    of times a page): a safe string as it is, anything else as ``str`` then escaped."""
    if isinstance(value, SafeData):
        return str(value)
    return html.escape(value if type(value) is str else str(value))


def csrf_input(token) -> str:
    """``{% csrf_token %}`` for markup written in Python: the hidden input, or nothing
    without a token (Django's placeholder "NOTPROVIDED" included)."""
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escaped(token)}">'


def _formatted(value) -> str:
    """``{{ value|stringformat:'s' }}``."""
    return escaped(value) if isinstance(value, SafeData) else html.escape(str(value))


def _shown(value) -> str:
    """``{{ value }}``: localized, then escaped unless safe (a plain string as it is)."""
    if type(value) is str:
        return html.escape(value)
    return escaped(localize(value))


def _attrs(attrs: dict) -> str:
    """``attrs.html``: ``False`` leaves the attribute out, ``True`` writes its name alone."""
    parts = []
    for name, value in attrs.items():
        if value is False:
            continue
        parts.append(f" {_shown(name)}")
        if value is not True:
            parts.append(f'="{_formatted(value)}"')
    return "".join(parts)


def _input(widget: dict) -> str:
    value = "" if widget["value"] is None else f' value="{_formatted(widget["value"])}"'
    return (
        f'<input type="{_shown(widget["type"])}" name="{_shown(widget["name"])}"'
        f"{value}{_attrs(widget['attrs'])}>"
    )


def _option(option: dict) -> str:
    return (
        f'<option value="{_formatted(option["value"])}"{_attrs(option["attrs"])}>'
        f"{_shown(option['label'])}</option>\n"
    )


def _select(widget: dict) -> str | None:
    parts = [f'<select name="{_shown(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_shown(group_name)}">')
        for option in options:
            if option["template_name"] != OPTION:
                return None  # a custom option template: leave it to Django
            parts.append(f"\n  {_option(option)}")
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _textarea(widget: dict) -> str:
    value = _shown(widget["value"]) if widget["value"] else ""
    return (
        f'<textarea name="{_shown(widget["name"])}"{_attrs(widget["attrs"])}>\n{value}</textarea>'
    )


class WidgetRenderer(DjangoTemplates):
    """``FORM_RENDERER``: the stock widgets in Python, everything else from templates."""

    def render(self, template_name, context, request=None):
        widget = context.get("widget") if isinstance(context, dict) else None
        if widget is not None:
            markup = None
            if template_name in INPUTS:
                markup = _input(widget)
            elif template_name == SELECT:
                markup = _select(widget)
            elif template_name == TEXTAREA:
                markup = _textarea(widget)
            if markup is not None:
                return markup.strip()
        return super().render(template_name, context, request)
