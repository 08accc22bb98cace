"""The editable state of a whole sheet: every field and list of rows, for a system's page."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.urls import reverse

from sheets.editing.fields import (
    CHARACTER_PREFIX,
    NEW_ROW_PREFIX,
    CharacterForm,
    FieldState,
    field_url,
    import_form,
    state_for,
)
from sheets.editing.numbers import explain_numbers


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
    form = collection.form_class(data, instance=instance, prefix=prefix)
    return form if data is None else explain_numbers(form)


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


class Collections(dict):
    """Collection states by name, each built the first time something asks for it (the
    page's first answer leaves the tabs, where most lists are, to follow: their rows and
    inputs are then never built). A built collection's row fields join ``fields``."""

    def __init__(self, build, names, fields):
        super().__init__()
        self._build, self._names, self._fields = build, set(names), fields

    def __missing__(self, name):
        if name not in self._names:
            raise KeyError(name)
        state = self[name] = self._build(name)
        for row in state.rows:
            for row_field in row.fields:
                self._fields[row_field.html_name] = row_field
        return state


def editing_context(character, sheet, lazy: bool = False) -> dict:
    """What a sheet template needs to edit in place, for a system's ``context()``.

    - ``editable_fields``: every field's FieldState by HTML name (character, sheet, rows);
    - ``collections``: a CollectionState per list of rows, by collection name;
    - ``save_url`` (the no-JavaScript form action) and ``refresh_url``.
    Runs no query when the sheet's rows are prefetched. ``lazy`` (the page's first
    answer): a collection is built when the template first names it, and only then are
    its rows' fields in ``editable_fields``.
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
    by_name = {collection.name: collection for collection in system.collections}
    collections = Collections(
        lambda name: collection_state(character, sheet, by_name[name], url_base),
        by_name,
        fields,
    )
    if not lazy:
        for name in by_name:  # built now, in the registry's order
            collections.__missing__(name)
    return {
        "editable_fields": fields,
        "collections": collections,
        "save_url": reverse("sheet_save", args=[character.pk]),
        "refresh_url": reverse("sheet_refresh", args=[character.pk]),
    }
