"""Editing a sheet in place, for every game system: one field at a time, rows added and
removed, no lost updates and no false conflicts.

Nothing here names a game system: the system's descriptor (``character.system_descriptor``)
gives the sheet's field form (``field_form``), its lists of rows (``collections``) and the
partials of its sheet template.

How a field saves
-----------------
Every input of the sheet posts, on change, to ``field/<html name>/`` with two values: the
new value and ``original-<html name>``, the value the page showed. HTML names say what
they edit: ``character-name`` (the character), ``strength`` (a field of the sheet),
``gear-12-bonus`` (field ``bonus`` of row 12 of the ``gear`` collection).

Inside one transaction the target row is locked (``select_for_update``) and its stored
value compared with the original:

- different: someone changed it since the page showed it (another tab, the GM, a roll).
  Refused with 409, a clear message and the current value, which becomes the field's
  new original. Nothing is overwritten.
- equal: the one field is validated by the form, then by every database constraint of
  the model (so a value that would break one is a message, never a 500); an error is a
  422 with the message next to the field and the stored row unchanged. A valid value is
  saved alone (``update_fields``): saves of different fields never touch each other.

The answer to a save carries the saved mark and, out of band, the field's new original,
so the next save from the same page starts from the stored value. htmx queues a field's
saves (``hx-sync``), so quick successive changes go one after the other, each from the
value the previous one stored. A successful change sends ``sheetChanged`` (after the
swap); the page then asks ``refresh/`` for its derived values and for any field whose
stored value no longer matches the page (a roll changed it), without touching the others.

Without JavaScript each section of the sheet is a normal form posting to ``save/``:
the fields whose submitted value differs from their original are saved the same way,
then the browser is redirected to the sheet (or the sheet is shown again with the
messages next to the fields).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget, trigger_client_event

from rolls.models import Roll
from sheets.models import Character

ORIGINAL_PREFIX = "original-"
CHARACTER_PREFIX = "character"
NEW_ROW_PREFIX = "new"
CHANGED_EVENT = "sheetChanged"

CONFLICT_MESSAGE = (
    "Changed elsewhere since you opened the sheet: now {current}. Your value was not saved."
)


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
        labels = {"name": "Name"}


# --------------------------------------------------------------------------- fields


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
    def is_invalid(self) -> bool:
        return bool(self.errors) or self.status == "conflict"

    def widget(self):
        """The input, wired to save itself on change."""
        widget = self.bound.field.widget
        if self.is_checkbox:
            css = "form-check-input"
        elif isinstance(widget, forms.Select):
            css = "form-select form-select-sm"
        else:
            css = "form-control form-control-sm"
        if self.is_invalid:
            css += " is-invalid"
        attrs = {
            "id": self.input_id,
            "class": css,
            "aria-describedby": self.status_id,
            "hx-post": self.url,
            "hx-trigger": "change",
            "hx-target": f"#{self.status_id}",
            "hx-swap": "outerHTML",
            "hx-sync": "this:queue last",
        }
        if self.is_invalid:
            attrs["aria-invalid"] = "true"
        return self.bound.as_widget(attrs=attrs)

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
            if row_pk.isdigit() and name in collection.form_class.base_fields:
                return FieldRef(html_name, name, "row", collection, int(row_pk))
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
    return form


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
        return "yes" if value else "no"
    if isinstance(value, Decimal):
        normal = value.normalize()
        return format(normal, "f") if normal == normal.to_integral_value() else str(normal)
    if value is None or value == "":
        return "empty"
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


# ------------------------------------------------------------------ whole sheet


@dataclass
class RowState:
    collection: object  # registry.Collection
    row: object
    fields: list[FieldState]
    remove_url: str
    restore_url: str

    @property
    def dom_id(self) -> str:
        return f"row-{self.collection.name}-{self.row.pk}"

    @property
    def label(self) -> str:
        return str(self.row) or self.collection.item_label


@dataclass
class CollectionState:
    collection: object  # registry.Collection
    rows: list[RowState]
    add_form: forms.ModelForm
    add_url: str
    save_url: str

    @property
    def name(self) -> str:
        return self.collection.name

    @property
    def rows_id(self) -> str:
        return f"rows-{self.collection.name}"

    @property
    def add_id(self) -> str:
        return f"add-{self.collection.name}"


def _url_base(character_pk: int) -> str:
    return field_url(character_pk, "__name__")


def row_state(character_pk, collection, row, url_base=None) -> RowState:
    form = collection.form_class(instance=row, prefix=f"{collection.name}-{row.pk}")
    columns = getattr(form, "row_columns", {})
    url_base = url_base or _url_base(character_pk)
    args = [character_pk, collection.name, row.pk]
    return RowState(
        collection=collection,
        row=row,
        fields=[
            state_for(form[name], character_pk, column=columns.get(name, "col"), url_base=url_base)
            for name in form.fields
        ],
        remove_url=reverse("sheet_row_remove", args=args),
        restore_url=reverse("sheet_row_restore", args=args),
    )


def new_row_form(collection, sheet, data=None):
    manager = getattr(sheet, collection.related_name)
    instance = manager.model(**{manager.field.name: sheet})
    prefix = f"{collection.name}-{NEW_ROW_PREFIX}"
    return collection.form_class(data, instance=instance, prefix=prefix)


def collection_state(character, sheet, collection, url_base=None) -> CollectionState:
    """A list of rows with their inputs; uses the sheet's prefetched rows (``.all()``)."""
    rows = getattr(sheet, collection.related_name).all()
    url_base = url_base or _url_base(character.pk)
    return CollectionState(
        collection=collection,
        rows=[row_state(character.pk, collection, row, url_base) for row in rows],
        add_form=new_row_form(collection, sheet),
        add_url=reverse("sheet_row_add", args=[character.pk, collection.name]),
        save_url=reverse("sheet_save", args=[character.pk]),
    )


def editing_context(character, sheet) -> dict:
    """What a sheet template needs to edit in place, for a system's ``context()``.

    - ``editable_fields``: every field's FieldState by HTML name (character, sheet, rows);
    - ``collections``: a CollectionState per list of rows, by collection name;
    - ``save_url`` (the no-JavaScript form action) and ``refresh_url``.
    Runs no query when the sheet's rows are prefetched.
    """
    system = character.system_descriptor
    url_base = _url_base(character.pk)
    fields: dict[str, FieldState] = {}
    name_form = CharacterForm(instance=character, prefix=CHARACTER_PREFIX)
    for bound in name_form:
        fields[bound.html_name] = state_for(bound, character.pk, url_base=url_base)
    if system.field_form:
        for bound in import_form(system)(instance=sheet):
            fields[bound.html_name] = state_for(bound, character.pk, url_base=url_base)
    collections = {}
    for collection in system.collections:
        state = collection_state(character, sheet, collection, url_base)
        collections[collection.name] = state
        for row in state.rows:
            for row_field in row.fields:
                fields[row_field.html_name] = row_field
    return {
        "editable_fields": fields,
        "collections": collections,
        "save_url": reverse("sheet_save", args=[character.pk]),
        "refresh_url": reverse("sheet_refresh", args=[character.pk]),
    }


# ----------------------------------------------------------------- loading rows


def readable_character(request, pk) -> Character:
    """The character with its sheet and rows, if the user may read it; else 404."""
    return get_object_or_404(
        Character.objects.for_user(request.user).with_sheets().select_related("party", "owner"),
        pk=pk,
    )


def editable_character(request, pk) -> Character:
    """The character if the user may change it (owner, or GM of its party); else 404."""
    character = get_object_or_404(
        Character.objects.for_user(request.user).select_related("party"), pk=pk
    )
    if not character.can_edit(request.user):
        raise Http404("No character here.")
    return character


def sheet_lookup(system, character) -> dict:
    """Filter that finds ``character``'s sheet in the system's sheet model."""
    forward = Character._meta.get_field(system.sheet_related_name).field
    return {forward.name: character.pk}


def locked(system, ref: FieldRef, character):
    """The row ``ref`` edits, locked until the transaction ends; None if it is gone."""
    if ref.kind == "character":
        return Character.objects.select_for_update().filter(pk=character.pk).first()
    sheet_model = system.model()
    if ref.kind == "sheet":
        return (
            sheet_model.objects.select_for_update()
            .filter(**sheet_lookup(system, character))
            .first()
        )
    row_model, fk_name = row_model_and_fk(system, ref.collection)
    return (
        row_model.objects.select_for_update()
        .filter(
            pk=ref.row_pk,
            **{f"{fk_name}__{k}": v for k, v in sheet_lookup(system, character).items()},
        )
        .first()
    )


def row_model_and_fk(system, collection):
    """The row model of a collection and the name of its foreign key to the sheet."""
    relation = system.model()._meta.get_field(collection.related_name)
    return relation.related_model, relation.field.name


def auto_now_fields(instance) -> list[str]:
    return [f.name for f in instance._meta.concrete_fields if getattr(f, "auto_now", False)]


RULE_BROKEN = "That value breaks a rule of the sheet; it was not saved."


def constraint_messages(error: ValidationError) -> list[str]:
    """Messages for the player: a constraint's own message, or a plain sentence instead
    of Django's default one (which names the constraint)."""
    if hasattr(error, "message_dict"):
        found = [message for messages_ in error.message_dict.values() for message in messages_]
    else:
        found = list(error.messages)
    return [RULE_BROKEN if message.startswith("Constraint “") else message for message in found]


# ------------------------------------------------------------------- one field


@dataclass
class FieldResult:
    ref: FieldRef
    outcome: str  # "saved", "unchanged", "error", "conflict", "gone"
    state: FieldState | None = None
    message: str = ""


def save_field(system, character, ref: FieldRef, data) -> FieldResult:
    """Save one field from ``data`` unless it changed since the page showed it."""
    with transaction.atomic():
        instance = locked(system, ref, character)
        if instance is None:
            item = ref.collection.item_label if ref.collection else "row"
            return FieldResult(
                ref,
                "gone",
                message=f"This {item} was removed elsewhere. Your change was not saved.",
            )
        shown = build_form(system, ref, instance, only_field=True)
        form_field = shown.fields[ref.field]
        stored = getattr(instance, ref.field)
        if not same_value(form_field, stored, data.get(ORIGINAL_PREFIX + ref.html_name)):
            message = CONFLICT_MESSAGE.format(current=shown_value(form_field, stored))
            state = state_for(shown[ref.field], character.pk, status="conflict", message=message)
            return FieldResult(ref, "conflict", state, message)

        form = build_form(system, ref, instance, data, only_field=True)
        if form.is_valid():
            try:
                # The form skips constraints that involve fields it does not hold (Damage
                # <= Strength when only Damage is edited): check, on the row, those that
                # involve the edited field (one query each, not one per constraint).
                validate_constraints_on(form.instance, ref.field)
            except ValidationError as error:
                form.add_error(ref.field, constraint_messages(error))
        if not form.is_valid():
            state = state_for(form[ref.field], character.pk, status="error")
            return FieldResult(ref, "error", state, "; ".join(form[ref.field].errors))

        instance = form.instance
        if getattr(instance, ref.field) == stored:
            fresh = build_form(system, ref, instance, only_field=True)
            return FieldResult(
                ref, "unchanged", state_for(fresh[ref.field], character.pk, status="saved")
            )
        instance._change_reason = f"Edited {form.fields[ref.field].label}"
        try:
            with transaction.atomic():
                instance.save(update_fields=[ref.field, *auto_now_fields(instance)])
        except IntegrityError:
            form = build_form(system, ref, locked(system, ref, character), data, only_field=True)
            form.is_valid()
            form.add_error(ref.field, RULE_BROKEN)
            state = state_for(form[ref.field], character.pk, status="error")
            return FieldResult(ref, "error", state, "; ".join(form[ref.field].errors))
        fresh = build_form(system, ref, instance, only_field=True)
        return FieldResult(ref, "saved", state_for(fresh[ref.field], character.pk, status="saved"))


def changed_fields(system, data) -> list[FieldRef]:
    """The fields of a submitted section whose value differs from the one the page showed."""
    refs = []
    for key in data:
        if not key.startswith(ORIGINAL_PREFIX):
            continue
        ref = resolve(system, key.removeprefix(ORIGINAL_PREFIX))
        if ref is None:
            continue
        form_field = build_form_class_field(system, ref)
        submitted = form_field.widget.value_from_datadict(data, {}, ref.html_name)
        try:
            changed = form_field.to_python(submitted) != form_field.to_python(data[key])
        except ValidationError:
            changed = True
        if changed:
            refs.append(ref)
    return refs


def build_form_class_field(system, ref: FieldRef):
    if ref.kind == "character":
        form_class = CharacterForm
    elif ref.kind == "row":
        form_class = ref.collection.form_class
    else:
        form_class = import_form(system)
    return form_class.base_fields[ref.field]


# ----------------------------------------------------------------------- pages


def sheet_page_context(request, character) -> dict:
    """The sheet page's context (the same keys as ``sheets.views.character_sheet``)."""
    system = character.system_descriptor
    sheet = character.sheet
    is_gm = character.party is not None and character.party.gm_id == request.user.pk
    return {
        "character": character,
        "sheet": sheet,
        "system": system,
        "can_edit": character.can_edit(request.user),
        "is_gm": is_gm,
        "party": character.party,
        "actions": system.actions_for(character, request.user),
        "recent_rolls": Roll.objects.filter(character=character).for_log()[:10],
        **system.call("context", character, sheet),
    }


def render_sheet(request, pk, *, results=(), add_forms=None, status=200):
    """The whole sheet again (no JavaScript), showing each result next to its field."""
    character = readable_character(request, pk)
    context = sheet_page_context(request, character)
    fields = context.get("editable_fields", {})
    for result in results:
        if result.state is not None and result.ref.html_name in fields:
            fields[result.ref.html_name].take(result.state)
    for name, form in (add_forms or {}).items():
        context["collections"][name].add_form = form
    return render(request, character.system_descriptor.sheet_template, context, status=status)


def changed(response):
    """Tell the page its sheet changed, once the answer is in place."""
    return trigger_client_event(response, CHANGED_EVENT, after="swap")


def htmx_field_response(request, result: FieldResult):
    if result.outcome in {"saved", "unchanged"}:
        response = render(request, "sheets/_field.html#saved", {"f": result.state})
        return changed(response) if result.outcome == "saved" else response
    if result.outcome == "error":
        return render(request, "sheets/_field.html#status", {"f": result.state}, status=422)
    if result.outcome == "conflict":
        response = render(request, "sheets/_field.html", {"f": result.state}, status=409)
        return reswap(retarget(response, f"#{result.state.dom_id}"), "outerHTML")
    # gone: the whole row was removed elsewhere
    ref = result.ref
    return row_gone_response(request, f"row-{ref.collection.name}-{ref.row_pk}", result.message)


def row_gone_response(request, dom_id: str, message: str):
    """409: the row this request was about is no longer there (or cannot come back);
    the message replaces the row on the page."""
    response = render(
        request, "sheets/_row_removed.html", {"dom_id": dom_id, "message": message}, status=409
    )
    return reswap(retarget(response, f"#{dom_id}"), "outerHTML")


def finish_without_js(request, pk, results):
    """Redirect to the sheet with a message, or show it again with the problems."""
    for result in results:
        if result.outcome == "gone":
            messages.warning(request, result.message)
    problems = [r for r in results if r.outcome in {"error", "conflict"}]
    if problems:
        status = 422 if any(r.outcome == "error" for r in problems) else 409
        messages.error(
            request,
            "Some values were not saved: see the messages next to the fields.",
        )
        return render_sheet(request, pk, results=results, status=status)
    saved = [r for r in results if r.outcome == "saved"]
    if saved:
        labels = ", ".join(r.state.label for r in saved)
        messages.success(request, f"Saved: {labels}.")
    elif not any(r.outcome == "gone" for r in results):
        messages.info(request, "Nothing to save: no value changed.")
    return redirect("character_sheet", pk=pk)


@login_required
@require_POST
def field_save(request, pk, name):
    """Save one field (htmx: on change); its answer is that field's partial."""
    character = editable_character(request, pk)
    system = character.system_descriptor
    ref = resolve(system, name)
    if ref is None:
        raise Http404("No such field on this sheet.")
    result = save_field(system, character, ref, request.POST)
    if request.htmx:
        return htmx_field_response(request, result)
    return finish_without_js(request, pk, [result])


@login_required
@require_POST
def sheet_save(request, pk):
    """A section of the sheet submitted as a normal form (no JavaScript)."""
    character = editable_character(request, pk)
    system = character.system_descriptor
    results = [
        save_field(system, character, ref, request.POST)
        for ref in changed_fields(system, request.POST)
    ]
    return finish_without_js(request, pk, results)


# ------------------------------------------------------------------------ rows


def _collection_or_404(system, name):
    try:
        return system.collection(name)
    except KeyError:
        raise Http404("No such list on this sheet.") from None


def _sheet_for(system, character, *, lock=False):
    queryset = system.model().objects
    if lock:
        queryset = queryset.select_for_update()
    return get_object_or_404(queryset, **sheet_lookup(system, character))


def _row_context(character, collection, row):
    return {"row": row_state(character.pk, collection, row), "character": character}


@login_required
@require_POST
def row_add(request, pk, collection):
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    sheet = _sheet_for(system, character)
    form = new_row_form(found, sheet, request.POST)
    if not form.is_valid():
        if request.htmx:
            state = CollectionState(
                found, [], form, reverse("sheet_row_add", args=[pk, found.name]),
                reverse("sheet_save", args=[pk]),
            )  # fmt: skip
            response = render(request, "sheets/_row_add.html", {"collection": state}, status=422)
            return reswap(retarget(response, f"#{state.add_id}"), "outerHTML")
        messages.error(request, f"The new {found.item_label} was not added: see the form.")
        return render_sheet(request, pk, add_forms={found.name: form}, status=422)
    form.instance._change_reason = f"Added {found.item_label}"
    row = form.save()
    if not request.htmx:
        messages.success(request, f"Added {found.item_label} “{row}”.")
        return redirect("character_sheet", pk=pk)
    fresh = CollectionState(
        found, [], new_row_form(found, sheet), reverse("sheet_row_add", args=[pk, found.name]),
        reverse("sheet_save", args=[pk]),
    )  # fmt: skip
    context = {**_row_context(character, found, row), "collection": fresh}
    return changed(render(request, "sheets/_row_added.html", context))


@login_required
@require_POST
def row_remove(request, pk, collection, row_pk):
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    row_model, fk_name = row_model_and_fk(system, found)
    dom_id = f"row-{found.name}-{row_pk}"
    with transaction.atomic():
        sheet = _sheet_for(system, character, lock=True)
        row = row_model.objects.select_for_update().filter(pk=row_pk, **{fk_name: sheet}).first()
        if row is None:
            message = f"This {found.item_label} was already removed."
            if request.htmx:
                return row_gone_response(request, dom_id, message)
            messages.warning(request, message)
            return redirect("character_sheet", pk=pk)
        label = str(row)
        row._change_reason = f"Removed {found.item_label}"
        row.delete()
    message = f"Removed {found.item_label} “{label}”."
    if not request.htmx:
        messages.success(request, message)
        return redirect("character_sheet", pk=pk)
    context = {
        "dom_id": dom_id,
        "message": message,
        "restore_url": reverse("sheet_row_restore", args=[pk, found.name, row_pk])
        if hasattr(row_model, "history")
        else "",
        "item_label": found.item_label,
    }
    return changed(render(request, "sheets/_row_removed.html", context))


@login_required
@require_POST
def row_restore(request, pk, collection, row_pk):
    """Undo a removal: the row comes back as it was, from its history."""
    character = editable_character(request, pk)
    system = character.system_descriptor
    found = _collection_or_404(system, collection)
    row_model, fk_name = row_model_and_fk(system, found)
    if not hasattr(row_model, "history"):
        raise Http404("This list keeps no history.")
    fk_attname = row_model._meta.get_field(fk_name).attname
    dom_id = f"row-{found.name}-{row_pk}"
    with transaction.atomic():
        sheet = _sheet_for(system, character, lock=True)
        existing = row_model.objects.filter(pk=row_pk).first()
        if existing is not None:
            if getattr(existing, fk_attname) != sheet.pk:
                raise Http404("No such row on this sheet.")
            row, restored = existing, False  # already back (a second click on Undo)
        else:
            record = (
                row_model.history.filter(**{row_model._meta.pk.name: row_pk})
                .order_by("-history_date", "-history_id")
                .first()
            )
            if record is None or getattr(record, fk_attname) != sheet.pk:
                raise Http404("No such row on this sheet.")
            if record.history_type != "-":
                message = f"This {found.item_label} cannot be brought back."
                if request.htmx:
                    return row_gone_response(request, dom_id, message)
                messages.warning(request, message)
                return redirect("character_sheet", pk=pk)
            row = record.instance
            row._change_reason = f"Restored {found.item_label} (undo)"
            row.save(force_insert=True)
            restored = True
    if not request.htmx:
        if restored:
            messages.success(request, f"{found.item_label.capitalize()} “{row}” is back.")
        return redirect("character_sheet", pk=pk)
    response = render(request, "sheets/_row.html", _row_context(character, found, row))
    return changed(response) if restored else response


# ------------------------------------------------------------------ refreshing


@login_required
@require_GET
def section(request, pk, name):
    """One section of the sheet (a partial of the system's sheet template)."""
    character = readable_character(request, pk)
    system = character.system_descriptor
    if name not in system.sections:
        raise Http404("No such section.")
    context = sheet_page_context(request, character)
    return render(request, f"{system.sheet_template}#{name}", context)


@login_required
@require_GET
def refresh(request, pk):
    """After ``sheetChanged``: the derived values, and every field or list of rows whose
    stored value differs from what the page shows (``original-*`` in the query), all
    out of band. Fields the page already shows as stored are left alone."""
    character = readable_character(request, pk)
    system = character.system_descriptor
    context = sheet_page_context(request, character)
    fields = context.get("editable_fields", {})
    sheet = context["sheet"]

    stale = []
    page_rows: dict[str, set[int]] = {c.name: set() for c in system.collections}
    for key, raw in request.GET.items():
        if not key.startswith(ORIGINAL_PREFIX):
            continue
        ref = resolve(system, key.removeprefix(ORIGINAL_PREFIX))
        if ref is None:
            continue
        if ref.kind == "row":
            page_rows[ref.collection.name].add(ref.row_pk)
        state = fields.get(ref.html_name)
        if state is None:
            continue  # a row removed since: its list is refreshed below
        if not same_value(state.bound.field, state.bound.initial, raw):
            current = shown_value(state.bound.field, state.bound.initial)
            state.status = "updated"
            state.message = f"Now {current}: changed by a roll or elsewhere."
            stale.append(state)

    stale_collections = []
    for collection in system.collections:
        stored_rows = {row.pk for row in getattr(sheet, collection.related_name).all()}
        if stored_rows != page_rows[collection.name]:
            stale_collections.append(context["collections"][collection.name])
    stale = [
        state
        for state in stale
        if not any(state is f for c in stale_collections for row in c.rows for f in row.fields)
    ]
    context.update(
        {
            "stale_fields": stale,
            "stale_collections": stale_collections,
            "system_refresh": f"{system.sheet_template}#{system.refresh_partial}",
        }
    )
    return render(request, "sheets/_refresh.html", context)
