"""Making a new character: the choices its game's creation starts with, one step a page,
before the sheet.

Each system lists its steps in ``sheets/systems/<s>/creation.py`` and names them on its
registry entry (``System.creation``); nothing here names a system. A step's form is built
as ``Form(sheet, data=None)``, checks the step by the game's creation rules and, once
valid, ``save()``s it to the sheet (the view holds the sheet's lock).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.module_loading import import_string

from sheets.editing.numbers import number_message, typed_widget
from sheets.history_access import in_english
from sheets.reasons import pgettext_noop

CREATION = pgettext_noop("history reason", "Creation: %(what)s")  # a step's history reason


@dataclass(frozen=True)
class Step:
    slug: str  # in the step's URL: "role", "attributes"
    title: str  # "Role", "Attributes"
    form: str  # dotted path of its StepForm
    intro: str = ""  # the game's words for the step, above its form

    @property
    def form_class(self):
        return import_string(self.form)


@dataclass
class Group:
    """A part of a step's form as the page shows it: choices as cards, numbers as a
    compact list with the points they spend, or plain fields."""

    legend: str
    names: tuple[str, ...]
    kind: str = "fields"  # "cards", "numbers", "rows" or "fields"
    note: str = ""
    points: int | None = None  # the points the group's numbers spread (a live count)
    fields: list = field(default_factory=list)
    # "rows": a line each, a label then its inputs under ``columns`` (the label's column
    # first: "Skill", "Points", "Role +1"...); a row without names is a heading
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    columns: tuple[str, ...] = ()
    wide: bool = False  # "rows" of text inputs (names), not of numbers and ticks


class StepForm(forms.Form):
    """One step's form. Subclasses declare their fields, ``layout()`` (the groups) and
    ``save()``; ``descriptions`` holds a line under each card of a choice
    ({field: {value: text}})."""

    descriptions: dict[str, dict[str, str]] = {}

    def __init__(self, sheet, data=None):
        self.sheet = sheet
        super().__init__(data, initial=self.initial_from(sheet))
        self.style()

    def style(self) -> None:
        """Bootstrap's look on every input (again after a form adds fields of its own)."""
        for bound in self.fields.values():
            widget = bound.widget
            if isinstance(widget, forms.RadioSelect | forms.CheckboxInput):
                css = "form-check-input"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            widget.attrs.setdefault("class", css)

    def initial_from(self, sheet) -> dict:
        return {name: getattr(sheet, name, None) for name in self.base_fields}

    def full_clean(self):
        """A number field answers letters with the range it takes ("Strength takes a
        number from 2 to 4."), read from its input's limits (a step may narrow them)."""
        for number in self.fields.values():
            if isinstance(number, forms.IntegerField) and not isinstance(
                number, forms.DecimalField
            ):
                attrs = number.widget.attrs
                low = attrs.get("min", attrs.get("data-min", number.min_value))
                high = attrs.get("max", attrs.get("data-max", number.max_value))
                limits = forms.IntegerField(min_value=low, max_value=high)
                message = number_message(limits, str(number.label or ""))
                number.error_messages = {**number.error_messages, "invalid": message}
        super().full_clean()

    def type_numbers(self) -> None:
        """Number fields drawn as text with the phone's number keyboard, as on the sheet
        (sheets/editing/numbers.py): letters typed stay in view until the answer says
        what the field takes, where ``type="number"`` dropped them without a word."""
        for number in self.fields.values():
            typed = typed_widget(number)
            if typed is not None:
                number.widget = typed

    def layout(self) -> list[Group]:
        return [Group("", tuple(self.fields))]

    def groups(self) -> list[Group]:
        self.type_numbers()
        shown = []
        for group in self.layout():
            group.fields = [self._shown(group, name) for name in group.names]
            group.lines = [
                {"label": label, "fields": [self[name] if name else None for name in names]}
                for label, names in group.rows
            ]
            shown.append(group)
        return shown

    def _shown(self, group, name):
        bound = self[name]
        if group.kind != "cards":
            return bound
        texts = self.descriptions.get(name, {})
        return {
            "field": bound,
            "options": [
                {"widget": option, "text": texts.get(str(option.data["value"]), "")}
                for option in bound
            ],
        }

    def save_sheet(self, title: str, fields: dict) -> None:
        """Set ``fields`` on the sheet and save it, in its history as this step."""
        for name, value in fields.items():
            setattr(self.sheet, name, value)
        self.sheet._change_reason = CREATION % {"what": in_english(title)}
        self.sheet.save()

    def save(self) -> None:
        raise NotImplementedError


def position(steps, slug: str) -> int:
    """The index of the step called ``slug`` (the first for ""); ValueError if none."""
    if not slug:
        return 0
    for index, step in enumerate(steps):
        if step.slug == slug:
            return index
    raise ValueError(slug)


class OneRowForm(StepForm):
    """A step that names the first row of one of the sheet's lists (a talent, a
    mutation): renames it, or adds it. Subclasses set ``related`` (the sheet's rows),
    ``model``, ``title`` and a ``name`` field."""

    related = ""
    model = None
    title = ""

    def rows(self):
        return getattr(self.sheet, self.related).order_by("pk")

    def initial_from(self, sheet):
        first = self.rows().first()
        return {"name": first.name if first else ""}

    def layout(self):
        return [Group("", ("name",))]

    def save(self):
        first = self.rows().first() or self.model(sheet=self.sheet)
        first.name = self.cleaned_data["name"]
        first._change_reason = CREATION % {"what": in_english(self.title)}
        first.save()
