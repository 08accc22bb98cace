"""What every system's roll form shares: it is built as ``Form(sheet, data=None,
initial=None)``, keeps the sheet it rolls against, renders through crispy without its
own ``<form>`` tag (the roll dialog wraps it), accepts a link's prefill only when the
field would, and reads its values for the odds before (or without) a valid submission.
"""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from sheets.editing.numbers import typed_widget


def _out_of_range(label, low, high, rule) -> str:
    span = {"low": f"{low:+d}", "high": f"{high:+d}"} if low < 0 else {"low": low, "high": high}
    values = {"label": label, "span": _("%(low)s to %(high)s") % span, "rule": rule}
    if rule:
        return _("%(label)s runs from %(span)s: %(rule)s.") % values
    return _("%(label)s runs from %(span)s.") % values


def _not_whole(label) -> str:
    return _("%(label)s must be a whole number.") % {"label": label}


def _missing(label) -> str:
    return _("Give the %(label)s.") % {"label": str(label).lower()}


# the messages are read when shown, in the reader's language (the fields are made once)
out_of_range, not_whole, missing = (
    lazy(_out_of_range, str),
    lazy(_not_whole, str),
    lazy(_missing, str),
)


def whole_number(label, low, high, initial=0, help_text="", rule="") -> forms.IntegerField:
    """A whole number from ``low`` to ``high``, checked by the server and known to the
    browser; a refusal says the range and names ``rule`` when given."""
    message = out_of_range(label, low, high, rule)
    return forms.IntegerField(
        label=label, min_value=low, max_value=high, initial=initial, help_text=help_text,
        error_messages={
            "min_value": message, "max_value": message,
            "invalid": not_whole(label), "required": missing(label),
        },
    )  # fmt: skip


class SheetRollForm(forms.Form):
    # A field left blank reads as its default (True), or as blank (False: a system
    # whose blank means "none", such as a Zombiepocalypse level with no dice).
    blank_is_default = True

    rows: tuple[tuple[str, ...], ...] = ()  # fields side by side in the dialog

    def __init__(self, sheet, data=None, *args, **kwargs):
        self.sheet = sheet
        super().__init__(data, *args, **kwargs)
        for number in self.fields.values():
            # drawn as text with the number keyboard, as on the sheet: letters typed stay
            # in view until the answer names the field (type="number" dropped them)
            typed = typed_widget(number)
            if typed is not None:
                number.widget = typed
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        if self.rows:
            self.helper.layout = Layout(
                *(
                    Row(*(Column(name, css_class="col-12 col-sm") for name in row))
                    for row in self.rows
                )
            )

    def get_initial_for_field(self, field, field_name):
        """A value handed in as ``initial`` (a link's query string: ``?skill=fight``) is
        used when the field accepts it; anything else (``?skill=flying``) falls back to
        the field's own default, so a mistyped link never breaks the form or its odds."""
        value = super().get_initial_for_field(field, field_name)
        if field_name not in self.initial:
            return value
        try:
            return field.clean(value)
        except forms.ValidationError:
            return field.initial() if callable(field.initial) else field.initial

    def value(self, name):
        """The submitted value of a field when it is valid, else its default (coerced as
        the field would, so a choice of numbers reads as a number)."""
        field = self.fields[name]
        if self.is_bound:
            self.is_valid()
            if name in self.cleaned_data:
                value = self.cleaned_data[name]
                if value not in (None, "") or not self.blank_is_default:
                    return value
        value = self.get_initial_for_field(field, name)
        if isinstance(field, forms.TypedChoiceField) and value not in (None, ""):
            return field.coerce(value)
        return value

    def values(self) -> dict:
        return {name: self.value(name) for name in self.fields}

    def odds(self) -> list[list[str]]:
        """[label, percentage] rows of the roll's exact odds; none by default."""
        return []
