"""A document into a new character, all or nothing: every field and every row goes
through the ModelForm the sheet is edited with (widened to every field of the file), so
the game's bounds hold; every error is kept with its path ("skills[3].level: ...") and,
if there is one, nothing is saved."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import DatabaseError, IntegrityError, models, transaction
from django.forms import modelform_factory
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from sheets.models import Character
from sheets.reasons import pgettext_noop
from sheets.transfer.export import SKIPPED, data_fields
from sheets.transfer.spec import transfer_of

MAX_ROWS = 300  # rows in one list: far above any sheet, low enough to stay quick
TOP_KEYS = {"tableside", "system", "schema", "exported", "character", "sheet"}
REASON = pgettext_noop("history reason", "imported from a file")


@dataclass
class Imported:
    character: Character | None = None
    errors: list[str] = field(default_factory=list)


class _Invalid(Exception):
    """Raised inside the transaction to roll it back when any error was found."""


def import_document(doc, user, *, name: str = "", party=None) -> Imported:
    """Create ``doc`` (a reading.Document) as a new character owned by ``user``."""
    system, data = doc.system, doc.data
    transfer = transfer_of(system)
    errors: list[str] = []
    _check_top(data, transfer, errors)
    character_name = name or _character_name(data, errors)
    if errors:
        return Imported(errors=errors)
    try:
        with transaction.atomic():
            character = Character.objects.create_with_sheet(
                owner=user, name=character_name, system=system.slug, party=party
            )
            sheet = character.sheet
            _import_sheet(system, transfer, sheet, data.get("sheet", {}), errors)
            if not errors:
                for spec in transfer.lists:
                    _import_rows(sheet, spec, data.get(spec.name, []), errors)
            if errors:
                raise _Invalid
    except _Invalid:
        return Imported(errors=errors)
    except (IntegrityError, DatabaseError):  # a rule the forms missed: nothing was saved
        return Imported(errors=[_("The sheet breaks a rule of the game: nothing was saved.")])
    return Imported(character=character)


def _check_top(data, transfer, errors):
    allowed = TOP_KEYS | set(transfer.by_name)
    for key in data:
        if key not in allowed:
            errors.append(f"{key}: " + _("not part of this system's character file"))
    if not isinstance(data.get("sheet", {}), dict):
        errors.append("sheet: " + _("must be an object of fields"))
    for spec in transfer.lists:
        rows = data.get(spec.name, [])
        if not isinstance(rows, list):
            errors.append(f"{spec.name}: " + _("must be a list of rows"))
        elif len(rows) > MAX_ROWS:
            errors.append(
                f"{spec.name}: "
                + _("%(count)s rows, at most %(most)s") % {"count": len(rows), "most": MAX_ROWS}
            )


def _character_name(data, errors) -> str:
    character = data.get("character")
    name = character.get("name") if isinstance(character, dict) else None
    if not isinstance(name, str) or not name.strip():
        errors.append("character.name: " + _("give the character a name"))
        return ""
    if len(name) > 100:
        errors.append("character.name: " + _("at most 100 characters"))
    return name.strip()


def type_error(f, value) -> str:
    """Why ``value`` cannot go in model field ``f`` as JSON gave it ("" if it can)."""
    if value is None:
        return "" if f.null else _("must have a value")
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(f, models.ForeignKey):
        return "" if isinstance(value, str) else _("must be text (a name)")
    if isinstance(f, models.BooleanField):
        return "" if isinstance(value, bool) else _("must be true or false")
    if isinstance(f, models.DecimalField):
        return "" if number or isinstance(value, str) else _("must be a number")
    if isinstance(f, models.IntegerField):
        return "" if number and float(value).is_integer() else _("must be a whole number")
    if isinstance(f, (models.CharField, models.TextField)):
        return "" if isinstance(value, str) else _("must be text")
    return ""


def _constraint_bounds(model) -> dict[str, tuple]:
    """{field: (low, high)} from the model's range constraints ("x__gte": 0, "x__lte": 100),
    so a number out of them is refused on its own field, in words, not as a constraint."""
    bounds: dict[str, list] = {}
    for constraint in model._meta.constraints:
        condition = getattr(constraint, "condition", None)
        if not isinstance(condition, models.Q) or condition.connector != models.Q.AND:
            continue
        for child in condition.children:
            if not isinstance(child, tuple) or type(child[1]) is not int:
                continue
            name, _, lookup = child[0].rpartition("__")
            low_high = bounds.setdefault(name, [None, None])
            if lookup == "gte":
                low_high[0] = child[1]
            elif lookup == "lte":
                low_high[1] = child[1]
    return {name: tuple(pair) for name, pair in bounds.items()}


def bounded(form_class):
    """``form_class`` whose number fields also carry the model's range constraints."""
    model = form_class._meta.model
    limits = _constraint_bounds(model)

    class Bounded(form_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            for name, (low, high) in limits.items():
                field = self.fields.get(name)
                if not isinstance(field, (forms.IntegerField, forms.DecimalField)):
                    continue
                if low is not None and (field.min_value is None or low > field.min_value):
                    field.min_value = low
                    field.validators.append(MinValueValidator(low))
                if high is not None and (field.max_value is None or high < field.max_value):
                    field.max_value = high
                    field.validators.append(MaxValueValidator(high))

    Bounded.__name__ = form_class.__name__
    return Bounded


def _form_value(value):
    return str(value) if isinstance(value, Decimal) else value


def _messages(form, path, errors, skip=()):
    for name, messages in form.errors.items():
        if name in skip:
            continue
        where = path if name == "__all__" else f"{path}.{name}"
        errors.extend(f"{where}: {message}" for message in messages)


def _import_sheet(system, transfer, sheet, values, errors):
    """The sheet's own fields. A value of the wrong type is reported and left at the
    blank sheet's default, so the form still reports every other field's problems."""
    model = type(sheet)
    fields = {f.name: f for f in data_fields(model, transfer.sheet_exclude)}
    data = {name: _form_value(getattr(sheet, f.attname)) for name, f in fields.items()}
    bad = set()
    for key, value in values.items():
        f = fields.get(key)
        problem = _("not a field of this sheet") if f is None else type_error(f, value)
        if not problem and isinstance(f, models.ForeignKey):
            target = f.related_model.objects.filter(name=value).first()
            if target is None:
                known = ", ".join(f.related_model.objects.values_list("name", flat=True))
                problem = _("no %(what)s named %(value)s here (%(known)s)") % {
                    "what": f.verbose_name,
                    "value": repr(value),
                    "known": known,
                }
            else:
                value = target.pk
        if problem:
            errors.append(f"sheet.{key}: {problem}")
            bad.add(key)
            continue
        data[key] = value
    base = import_string(system.field_form) if system.field_form else forms.ModelForm
    form_class = bounded(modelform_factory(model, form=base, fields=list(fields)))
    form = form_class(data=data, instance=sheet)
    if not form.is_valid() or bad:
        _messages(form, "sheet", errors, skip=bad)
        return
    form.instance._change_reason = REASON
    form.save()


def _row_form_class(model, spec, names):
    base = spec.form_class or forms.ModelForm
    form_class = modelform_factory(model, form=base, fields=names)
    form_class.add_fields = ()  # every field, even on a new row (AddFieldsMixin)
    return bounded(form_class)


def _import_rows(sheet, spec, rows, errors):
    model = getattr(type(sheet), spec.related_name).rel.related_model
    fields = {f.name: f for f in data_fields(model, spec.exclude)}
    form_class = _row_form_class(model, spec, list(fields))
    saved = getattr(sheet, "_imported_rows", {})
    sheet._imported_rows = saved
    saved[spec.name] = []
    for index, row in enumerate(rows):
        path = f"{spec.name}[{index}]"
        saved[spec.name].append(None)
        if not isinstance(row, dict):
            errors.append(f"{path}: " + _("must be an object of fields"))
            continue
        try:
            instance = spec.matcher(sheet, row) if spec.matcher else None
        except ValueError as refusal:
            errors.append(f"{path}: {refusal}")
            continue
        if instance is None:
            instance = model(sheet=sheet)
        data = {name: _form_value(getattr(instance, f.attname)) for name, f in fields.items()}
        bad = set()
        for key, value in row.items():
            f = fields.get(key)
            if f is None or key in SKIPPED:
                errors.append(
                    f"{path}.{key}: "
                    + _("not a field of a %(what)s") % {"what": model._meta.verbose_name}
                )
                bad.add(key)
                continue
            if key in spec.refs:
                value, problem = _reference(saved, spec.refs[key], value)
            else:
                problem = type_error(f, value)
            if problem:
                errors.append(f"{path}.{key}: {problem}")
                bad.add(key)
                continue
            data[key] = value
        form = form_class(data=data, instance=instance)
        if not form.is_valid() or bad:
            _messages(form, path, errors, skip=bad)
            continue
        try:
            with transaction.atomic():
                obj = form.save(commit=False)
                obj._change_reason = REASON
                obj.save()
        except IntegrityError:
            errors.append(f"{path}: " + _("clashes with another row (one per slot, one per name)"))
            continue
        saved[spec.name][index] = obj.pk


def _reference(saved, list_name, value):
    """A row of another list, by its position there -> its new primary key."""
    if value is None:
        return None, ""
    if not isinstance(value, int) or isinstance(value, bool):
        return None, _("must be a position in %(list)s (0, 1, ...) or null") % {"list": list_name}
    targets = saved.get(list_name, [])
    if not 0 <= value < len(targets):
        return None, _("%(list)s has no row %(n)s") % {"list": list_name, "n": value}
    if targets[value] is None:
        return None, _("%(list)s[%(n)s] could not be imported") % {"list": list_name, "n": value}
    return targets[value], ""
