"""Number inputs a player types into, on a phone as on a desktop.

``type="number"`` drops letters without a word (Chrome does not even take them; others
send nothing) and its spinner is no help on a phone. A number field of a sheet is drawn
as a text input with the phone's number keyboard (``inputmode``): whatever is typed is
seen and sent, and a value that is not a number comes back with a sentence that names
the range ("Strength takes a number from 0 to 10."). A field that takes a negative
number gets the full keyboard, which has the minus sign (the phones' number pads do
not). static/js/fields.js steps the value with the arrow keys, as the spinner did.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _


def range_words(field: forms.Field) -> str:
    """ "from 0 to 10", "of 0 or more", "" from the field's limits."""
    low, high = getattr(field, "min_value", None), getattr(field, "max_value", None)
    if low is not None and high is not None:
        return _("from %(low)s to %(high)s") % {"low": f"{low:g}", "high": f"{high:g}"}
    if low is not None:
        return _("of %(low)s or more") % {"low": f"{low:g}"}
    if high is not None:
        return _("of %(high)s or less") % {"high": f"{high:g}"}
    return ""


def number_message(field: forms.Field, label: str) -> str:
    """What a value that is not a number is told: "Strength takes a number from 0 to 10."""
    whole = not isinstance(field, forms.DecimalField)
    kind = _("a whole number") if whole and (field.min_value or 0) < 0 else _("a number")
    words = range_words(field)
    values = {"label": label or _("This field"), "kind": kind, "range": words}
    if words:
        sentence = _("%(label)s takes %(kind)s %(range)s") % values
    else:
        sentence = _("%(label)s takes %(kind)s") % values
    if not whole:
        # Translators: examples of a number with decimals, after "... takes a number"
        sentence += " " + _("(1, 0.5 or 0.25)")
    return sentence + "."


def explain_numbers(form: forms.BaseForm) -> forms.BaseForm:
    """Every number field of ``form`` answers a value that is not a number in words."""
    for field in form.fields.values():
        if isinstance(field, forms.IntegerField):  # DecimalField is one too
            field.error_messages = {
                **field.error_messages,
                "invalid": number_message(field, str(field.label or "")),
            }
    return form


def typed_widget(field: forms.Field) -> forms.Widget | None:
    """The text input a number field is drawn with (None: not a number field)."""
    widget = field.widget
    if not isinstance(widget, forms.NumberInput) or not isinstance(field, forms.IntegerField):
        return None
    negative = field.min_value is None or field.min_value < 0
    whole = not isinstance(field, forms.DecimalField)
    # a text input has no min, max or step: the limits go along as data for the arrow keys
    attrs = {key: value for key, value in widget.attrs.items() if key not in ("min", "max", "step")}
    for key in ("min", "max"):
        if key in widget.attrs:
            attrs[f"data-{key}"] = widget.attrs[key]
    if not negative:
        attrs["inputmode"] = "numeric" if whole else "decimal"
    attrs["data-number"] = "whole" if whole else "decimal"
    typed = forms.TextInput(attrs=attrs)
    typed.is_localized = widget.is_localized
    typed.is_required = widget.is_required
    return typed
