"""The per-system part of docs/export-format.md, written from the models and the forms
the import validates with (so the document says what the import checks). A test keeps
the document in step: ``python manage.py shell -c "from sheets.transfer.describe import
markdown; print(markdown())"`` prints the part to paste between the markers."""

from __future__ import annotations

from django import forms
from django.db import models
from django.forms import modelform_factory
from django.utils.module_loading import import_string

from sheets.systems.registry import all_systems
from sheets.transfer.export import data_fields
from sheets.transfer.importing import _row_form_class, bounded
from sheets.transfer.spec import transfer_of

BEGIN = "<!-- generated: sheets/transfer/describe.py -->"
END = "<!-- end of generated part -->"


def _form_fields(form_class, instance) -> dict:
    try:
        return form_class(instance=instance).fields
    except (ValueError, AttributeError):  # a form that reads the saved sheet's rows
        return form_class.base_fields


def _kind(f, form_field, ref=None) -> str:
    if ref:
        return f"position in `{ref}` (0, 1, ...) or null"
    if isinstance(f, models.ForeignKey):
        return f"name of a {f.related_model._meta.verbose_name}"
    choices = [c for c, _ in (f.choices or ()) if c != ""]
    if choices:
        blank = ' or ""' if f.blank else ""
        return "one of " + ", ".join(f"`{c}`" for c in choices) + blank
    if isinstance(f, models.BooleanField):
        return "true/false"
    if isinstance(f, (models.IntegerField, models.DecimalField)):
        low = getattr(form_field, "min_value", None)
        high = getattr(form_field, "max_value", None)
        what = "whole number" if isinstance(f, models.IntegerField) else "number"
        null = ", or null" if f.null else ""
        if low is not None and high is not None:
            return f"{what} {low} to {high}{null}"
        if low is not None:
            return f"{what} from {low}{null}"
        return what + null
    if isinstance(f, (models.CharField, models.TextField)):
        limit = f" (up to {f.max_length})" if getattr(f, "max_length", None) else ""
        return f"text{limit}"
    return type(f).__name__


def _table(model, form_fields, exclude=(), refs=None) -> list[str]:
    lines = ["| field | value | meaning |", "| --- | --- | --- |"]
    for f in data_fields(model, exclude):
        kind = _kind(f, form_fields.get(f.name), (refs or {}).get(f.name))
        label = str(f.verbose_name)
        lines.append(f"| `{f.name}` | {kind} | {label} |")
    return lines


def markdown() -> str:
    out = [BEGIN, ""]
    for system in all_systems():
        transfer = transfer_of(system)
        sheet_model = system.model()
        base = import_string(system.field_form) if system.field_form else forms.ModelForm
        fields = [f.name for f in data_fields(sheet_model, transfer.sheet_exclude)]
        sheet_form = bounded(modelform_factory(sheet_model, form=base, fields=fields))
        out += [f'### {system.name} (`"system": "{system.slug}"`)', ""]
        if transfer.sheet_exclude:
            out += [
                f"Not written: {', '.join(f'`{n}`' for n in transfer.sheet_exclude)} "
                "(a database id).",
                "",
            ]
        out += ["`sheet`:", ""]
        out += _table(sheet_model, _form_fields(sheet_form, sheet_model()), transfer.sheet_exclude)
        out.append("")
        for spec in transfer.lists:
            model = getattr(sheet_model, spec.related_name).rel.related_model
            form_class = _row_form_class(model, spec, [f.name for f in data_fields(model)])
            out += [f"`{spec.name}`: a list of {model._meta.verbose_name_plural}, each:", ""]
            out += _table(model, _form_fields(form_class, model()), spec.exclude, spec.refs)
            out.append("")
    out.append(END)
    return "\n".join(out)
