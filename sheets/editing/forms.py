"""What the sheet forms of every system share: number ranges known to the server and
the browser, checks across fields that read the stored row for the fields a form does
not edit (a field save edits one field), and the layout of an "add a row" form."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django.core.validators import MaxValueValidator, MinValueValidator


def limit(field, low, high, rule=""):
    """Give a number field its range: the server checks it, the browser knows it, and a
    refusal names ``rule`` when given."""
    field.min_value, field.max_value = low, high
    # in place of the model field's own range (a refusal says it once, not twice)
    kept = [v for v in field.validators
            if not isinstance(v, (MinValueValidator, MaxValueValidator))]  # fmt: skip
    field.validators = [*kept, MinValueValidator(low), MaxValueValidator(high)]
    field.widget.attrs.update(min=low, max=high)
    if rule:
        field.error_messages["min_value"] = field.error_messages["max_value"] = rule


def limit_all(form, limits):
    """``limits``: {field name: (low, high)} for the fields this form holds."""
    for name, (low, high) in limits.items():
        if name in form.fields:
            limit(form.fields[name], low, high)


class CrossFieldMixin:
    """Read a value from the form when it holds it, else from the stored row."""

    def current(self, name):
        if name in self.fields:
            return self.cleaned_data.get(name)
        return getattr(self.instance, name)

    def error_on(self, names, message):
        """Attach the message to the first of ``names`` this form edits."""
        for name in names:
            if name in self.fields:
                self.add_error(name, message)
                return


def add_form_helper(*columns):
    """A crispy helper for an "add a row" form: ``(name, css)`` columns side by side.
    The sheet writes the form from ``helper.columns`` (sheets.editing.markup: a
    page holds several of these forms, and crispy's templates cost more than the rest
    of the page); the layout is there for any other page that renders it with crispy."""
    helper = FormHelper()
    helper.columns = columns
    helper.form_tag = False
    helper.disable_csrf = True
    helper.layout = Layout(Row(*(Column(name, css_class=css) for name, css in columns)))
    return helper
