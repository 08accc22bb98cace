"""The markup of a field that saves itself, written in Python.

A sheet shows 80 to 320 of these; as an included template they cost more than the rest
of the page together. ``{% sheet_field f %}`` (sheet_tags) writes the whole field, and
the save views answer with its parts: the status line and the original value.

The field: its label, its input (``FieldState.widget``), the hidden ``original-<name>``
input the page saves from, and the status line (Saved with an Undo, an error with Put
back, a conflict, an update from elsewhere) that screen readers hear.
"""

from __future__ import annotations

from django.forms import CheckboxInput, Select
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from config.form_renderer import escaped

from .fields import FieldState
from .numbers import typed_widget


def original_html(f: FieldState, oob: bool = False) -> str:
    """The value the page started from, sent back with the next save."""
    swap = ' hx-swap-oob="true"' if oob else ""
    return (
        f'<input type="hidden" class="field-original" name="original-{escaped(f.html_name)}"'
        f' id="{escaped(f.dom_id)}-original" value="{escaped(f.original)}"'
        f' autocomplete="off"{swap}>'
    )


def _status_text(f: FieldState) -> str:
    # (the words outside the f-strings: makemessages does not read inside them)
    if f.status == "saved":
        saved = escaped(_("Saved"))
        text = f'<span class="saved-mark">&#10003; {saved}</span>'
        if f.undo_url:
            values = f'{{"undo": "{escaped(f.undo)}", "field": "{escaped(f.html_name)}"}}'
            undo_label = escaped(_("Undo this change to %(field)s") % {"field": f.label})
            undo = escaped(_("Undo"))
            text += (
                ' <button type="button" class="btn btn-link btn-sm undo-change" data-undo'
                f" hx-post=\"{escaped(f.undo_url)}\" hx-vals='{values}'"
                f' hx-target="#{escaped(f.dom_id)}" hx-swap="outerHTML"'
                f' aria-label="{undo_label}">{undo}</button>'
            )
        return text
    if f.status == "error":
        errors = " ".join(escaped(error) for error in f.errors) or escaped(f.message)
        put_back = escaped(_("Put back %(value)s") % {"value": f.stored_shown})
        return (
            f'<span class="text-danger">{errors}</span> <button type="button"'
            f' class="btn btn-link btn-sm put-back" data-put-back>{put_back}</button>'
        )
    if f.status in {"conflict", "updated"}:
        return escaped(f.message)
    return ""


def status_html(f: FieldState) -> str:
    """What happened to the field, announced politely."""
    state = f" is-{escaped(f.status)}" if f.status else ""
    return (
        f'<div class="field-status{state}" id="{escaped(f.status_id)}" role="status"'
        f' aria-live="polite">{_status_text(f)}</div>'
    )


def saved_html(f: FieldState) -> SafeString:
    """The answer to a save: the status line, and the new original value out of band."""
    return mark_safe(status_html(f) + original_html(f, oob=True))


def field_html(f: FieldState, oob: bool = False) -> SafeString:
    """The whole field, in the look its form gives it (``fields.set_look``), so a field
    drawn again (a refresh, a conflict, an undo) looks as the page drew it. ``oob``: sent
    out of band (a refresh of a field changed elsewhere)."""
    css = "sheet-field"
    if f.is_checkbox:
        css += " form-check"
    if f.is_invalid:
        css += " is-invalid"
    swap = ' hx-swap-oob="true"' if oob else ""
    label_for = f'for="{escaped(f.input_id)}" id="{escaped(f.dom_id)}-label">{escaped(f.label)}'
    widget = f.widget()
    if f.is_checkbox:
        inner = f'{widget}\n  <label class="form-check-label small" {label_for}</label>'
    else:
        hidden = " visually-hidden" if f.hide_label else ""
        inner = f'<label class="form-label{hidden}" {label_for}</label>\n  {widget}'
    return mark_safe(
        f'<div class="{css}" id="{escaped(f.dom_id)}"{swap}>\n  {inner}\n'
        f"  {original_html(f)}\n  {status_html(f)}\n</div>"
    )


def _new_row_field(bound, css: str) -> str:
    widget = bound.field.widget
    checkbox = isinstance(widget, CheckboxInput)
    if checkbox:
        classes = "form-check-input"
    elif isinstance(widget, Select):
        classes = "form-select form-select-sm"
    else:
        classes = "form-control form-control-sm"
    attrs = {"class": classes + (" is-invalid" if bound.errors else "")}
    described = []
    if bound.help_text:
        described.append(f"{bound.auto_id}_helptext")
    if bound.errors:
        described.append(f"{bound.auto_id}_error")
        attrs["aria-invalid"] = "true"
    if described:
        attrs["aria-describedby"] = " ".join(described)
    required = '<span class="asteriskField">*</span>' if bound.field.required else ""
    label = f'for="{escaped(bound.id_for_label)}">{escaped(bound.label)}{required}'
    typed = typed_widget(bound.field)
    if checkbox:
        inner = (
            f'<div class="form-check mb-1">{bound.as_widget(attrs=attrs)}'
            f'<label class="form-check-label small" {label}</label></div>'
        )
    else:
        inner = (
            f'<label class="form-label small mb-1" {label}</label>'
            f"{bound.as_widget(widget=typed, attrs=attrs)}"
        )
    if bound.help_text:
        inner += (
            f'<div class="form-text" id="{bound.auto_id}_helptext">{escaped(bound.help_text)}</div>'
        )
    if bound.errors:
        errors = " ".join(escaped(error) for error in bound.errors)
        inner += f'<div class="invalid-feedback d-block" id="{bound.auto_id}_error">{errors}</div>'
    return f'<div class="{escaped(css)} mb-2">{inner}</div>'


def new_row_fields_html(form) -> SafeString:
    """The inputs of an "add a row" form, side by side in the columns its ``helper``
    names (sheets.editing.forms.add_form_helper), with errors under their field and the
    form's own errors above."""
    helper = getattr(form, "helper", None)
    columns = getattr(helper, "columns", None) or [(name, "col-12") for name in form.fields]
    parts = []
    if form.non_field_errors():
        errors = " ".join(escaped(error) for error in form.non_field_errors())
        parts.append(f'<div class="alert alert-danger py-1 px-2 small mb-2">{errors}</div>')
    fields = "".join(_new_row_field(form[name], css) for name, css in columns)
    parts.append(f'<div class="row g-2">{fields}</div>')
    return mark_safe("".join(parts))
