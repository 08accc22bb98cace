"""Fields as the page shows them: what an HTML name edits, its state, its form."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.ids import parse_id
from sheets.editing.numbers import explain_numbers, typed_widget
from sheets.models import Character

ORIGINAL_PREFIX = "original-"
CHARACTER_PREFIX = "character"
NEW_ROW_PREFIX = "new"
CHANGED_EVENT = "sheetChanged"

CONFLICT_MESSAGE = gettext_lazy(
    "Changed elsewhere since you opened the sheet: now %(current)s. Your value was not saved."
)


def set_look(field: forms.Field, input_css: str = "", hide_label: bool = False) -> None:
    """How the sheet draws ``field`` wherever it is drawn (the page, a refresh after a
    roll, a conflict, an undo): ``input_css`` sizes its input for its place, and
    ``hide_label`` leaves its label to screen readers. A form sets it in ``__init__``."""
    field.sheet_input_css = input_css
    field.sheet_hide_label = hide_label


def validate_constraints_on(instance, field_name: str) -> None:
    """Validate the model's constraints that mention ``field_name`` (directly or via F()),
    raising one ValidationError with all their messages."""
    errors = []
    for constraint in instance._meta.constraints:
        condition = getattr(constraint, "condition", None)
        fields = condition.referenced_base_fields if condition is not None else set()
        fields |= set(getattr(constraint, "fields", ()) or ())
        if field_name not in fields:
            continue
        try:
            constraint.validate(type(instance), instance)
        except ValidationError as error:
            errors.extend(error.error_list)
    if errors:
        raise ValidationError(errors)


class CharacterForm(forms.ModelForm):
    """The part of every sheet that lives on the character: its name."""

    class Meta:
        model = Character
        fields = ["name"]
        labels = {"name": gettext_lazy("Name")}


TYPING_PAUSE_MS = 700  # a typed value saves this long after the last key


@dataclass
class FieldState:
    """One editable field as a page shows it: its input, the value the page started from
    (``original``), and what happened to it (saved, an error, a conflict...)."""

    bound: forms.BoundField
    url: str
    original: str
    status: str = ""  # "", "saved", "error", "conflict", "updated"
    message: str = ""
    column: str = ""  # grid column classes when the field sits in a row
    undo: str = ""  # after a save: the token that undoes it (sheets.restore)
    undo_url: str = ""

    @property
    def html_name(self) -> str:
        return self.bound.html_name

    @property
    def dom_id(self) -> str:
        return f"f-{self.html_name}"

    @property
    def status_id(self) -> str:
        return f"{self.dom_id}-status"

    @property
    def input_id(self) -> str:
        return self.bound.auto_id or f"id_{self.html_name}"

    @property
    def label(self) -> str:
        return self.bound.label

    @property
    def errors(self) -> list[str]:
        return list(self.bound.errors) if self.bound.form.is_bound else []

    @property
    def is_checkbox(self) -> bool:
        return isinstance(self.bound.field.widget, forms.CheckboxInput)

    @property
    def input_css(self) -> str:
        """Classes sizing the input for its place on the sheet (``set_look``)."""
        return getattr(self.bound.field, "sheet_input_css", "")

    @property
    def hide_label(self) -> bool:
        return getattr(self.bound.field, "sheet_hide_label", False)

    @property
    def is_invalid(self) -> bool:
        return bool(self.errors) or self.status == "conflict"

    @property
    def stored_shown(self) -> str:
        """The stored value as a sentence shows it ("3", "Gearhead", "empty")."""
        return shown_value(self.bound.field, self.bound.initial)

    @property
    def is_typed(self) -> bool:
        """Typed into (text, number): it also saves after a pause in typing."""
        widget = self.bound.field.widget
        return not self.is_checkbox and not isinstance(widget, (forms.Select, forms.RadioSelect))

    def widget(self):
        """The input, wired to save itself on change and, typed into, after a short pause
        in typing (so a reload loses nothing), sized for its place (``input_css``)."""
        widget = self.bound.field.widget
        if self.is_checkbox:
            css = "form-check-input"
        elif isinstance(widget, forms.Select):
            css = "form-select form-select-sm"
        else:
            css = "form-control form-control-sm"
        if self.input_css:
            css += f" {self.input_css}"
        if self.is_invalid:
            css += " is-invalid"
        attrs = {
            "id": self.input_id,
            "class": css,
            "aria-describedby": self.status_id,
            "hx-post": self.url,
            "hx-trigger": f"change, input changed delay:{TYPING_PAUSE_MS}ms"
            if self.is_typed
            else "change",
            "hx-target": f"#{self.status_id}",
            "hx-swap": "outerHTML",
            "hx-sync": "this:queue last",
        }
        if self.is_invalid:
            attrs["aria-invalid"] = "true"
        return self.bound.as_widget(widget=typed_widget(self.bound.field), attrs=attrs)

    def take(self, other: FieldState) -> None:
        """Show ``other``'s outcome in place of this state (a re-rendered page)."""
        self.bound, self.original = other.bound, other.original
        self.status, self.message = other.status, other.message


@dataclass(frozen=True)
class FieldRef:
    """What an HTML field name edits: a field of the character, of the sheet, or of a row."""

    html_name: str
    field: str
    kind: str  # "character", "sheet" or "row"
    collection: object = None  # registry.Collection for a row
    row_pk: int | None = None

    @property
    def prefix(self) -> str | None:
        if self.kind == "character":
            return CHARACTER_PREFIX
        if self.kind == "row":
            return f"{self.collection.name}-{self.row_pk}"
        return None


def resolve(system, html_name: str) -> FieldRef | None:
    """The field ``html_name`` edits on a sheet of ``system``, or None if it edits nothing."""
    head, _, rest = html_name.partition("-")
    if head == CHARACTER_PREFIX and rest:
        if rest in CharacterForm.base_fields:
            return FieldRef(html_name, rest, "character")
        return None
    for collection in system.collections:
        if head == collection.name and rest:
            row_pk, _, name = rest.partition("-")
            row_pk = parse_id(row_pk)
            if row_pk is not None and name in collection.form_class.base_fields:
                return FieldRef(html_name, name, "row", collection, row_pk)
            return None
    if not rest and system.field_form and html_name in import_form(system).base_fields:
        return FieldRef(html_name, html_name, "sheet")
    return None


def import_form(system):
    from django.utils.module_loading import import_string

    return import_string(system.field_form)


def build_form(system, ref: FieldRef, instance, data=None, *, only_field=False):
    """The form that edits ``ref``'s target; with ``only_field``, just that one field."""
    if ref.kind == "character":
        form = CharacterForm(data, instance=instance, prefix=CHARACTER_PREFIX)
    elif ref.kind == "row":
        form = ref.collection.form_class(data, instance=instance, prefix=ref.prefix)
    else:
        form = import_form(system)(data, instance=instance)
    if only_field:
        form.fields = {ref.field: form.fields[ref.field]}
    return explain_numbers(form)


def stored_original(bound: forms.BoundField) -> str:
    """The stored value as the hidden "original" input carries it."""
    value = bound.field.prepare_value(bound.initial)
    return "" if value is None else str(value)


def same_value(form_field, stored, raw) -> bool:
    """Is the stored value the one the page showed (``raw``, as the browser sent it)?"""
    if raw is None:
        return False
    try:
        return form_field.to_python(raw) == form_field.to_python(form_field.prepare_value(stored))
    except ValidationError:
        return False


def shown_value(form_field, value) -> str:
    """A stored value as a sentence shows it: 3, Gearhead, yes, “Rope”, empty."""
    choices = dict(getattr(form_field, "choices", None) or ())
    if value in choices:
        return str(choices[value])
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Decimal):
        normal = value.normalize()
        return format(normal, "f") if normal == normal.to_integral_value() else str(normal)
    if value is None or value == "":
        return _("empty")
    if isinstance(value, str):
        return f"“{value}”"
    return str(value)


def field_url(character_pk: int, html_name: str) -> str:
    return reverse("sheet_field_save", args=[character_pk, html_name])


def state_for(bound, character_pk, *, status="", message="", column="", url_base=None):
    if url_base is None:
        url = field_url(character_pk, bound.html_name)
    else:
        url = url_base.replace("__name__", bound.html_name)
    return FieldState(
        bound=bound,
        url=url,
        original=stored_original(bound),
        status=status,
        message=message,
        column=column,
    )
