"""Loading and locking the rows a request edits, and saving one field without lost updates."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import BaseConstraint, prefetch_related_objects
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.prepared import Prepared, kept, objects_together
from sheets.editing.fields import (
    CONFLICT_MESSAGE,
    ORIGINAL_PREFIX,
    CharacterForm,
    FieldRef,
    FieldState,
    build_form,
    import_form,
    resolve,
    same_value,
    shown_value,
    state_for,
    validate_constraints_on,
)
from sheets.history_access import in_english
from sheets.models import Character
from sheets.reasons import pgettext_noop
from sheets.restore import Change
from sheets.summary_read import fill_rows, rows_plan, rows_reads
from sheets.systems.registry import get_system, party_related_paths


def readable_character(request, pk) -> Character:
    """The character with its sheet and rows, if the user may read it; else 404.

    The character first, then only its own system's sheet and rows: one more (small)
    query than a join over every system's sheet, and much less work to build and read."""
    character = get_object_or_404(
        Character.objects.for_user(request.user).select_related(
            "party", "owner", *party_related_paths()
        ),
        pk=pk,
    )
    system = character.system_descriptor
    prefetch_related_objects([character], system.sheet_related_name, *system.sheet_prefetch)
    return character


_editable = Prepared(
    lambda pk, user_pk: (
        Character.objects.readable_by(user_pk)
        .filter(pk=pk)
        .select_related("party", *party_related_paths())
    ),
    int,
    int,
)


def editable_character(request, pk) -> Character:
    """The character if the user may change it (owner, or GM of its party); else 404.
    Its read's SQL is built once (``config.prepared``): every field save makes it."""
    character = None
    if request.user.is_authenticated:
        character = _editable.first(pk, request.user.pk)
    if character is None:
        raise Http404(_("No character here."))
    if not character.can_edit(request.user):
        raise Http404(_("No character here."))
    return character


_SYSTEMS_KNOWN = 4096  # characters whose system this process remembers
_systems: dict[int, str] = {}


def _remember_system(pk: int, slug: str) -> None:
    if len(_systems) >= _SYSTEMS_KNOWN:
        _systems.clear()
    _systems[pk] = slug


def remember_system(character) -> None:
    """What a request read of the character says of its system, remembered."""
    _remember_system(character.pk, character.system)


def character_system(pk: int) -> str | None:
    """The slug of character ``pk``'s game system; None if there is no such character.

    A character's system never changes (the admin shows it read only), so each process
    remembers it: a request that knows the system can read the sheet joined with its
    character in one query."""
    if pk not in _systems:
        slug = Character.objects.filter(pk=pk).values_list("system", flat=True).first()
        if slug is None:
            return None
        _remember_system(pk, slug)
    return _systems[pk]


def locked_editable_sheet(request, pk: int, party_with: tuple[str, ...] = (), action: str = ""):
    """``(character, sheet)`` for a change made under the sheet's lock (a roll), if the
    user may change the character (owner, or GM of its party); else 404. Inside the
    caller's transaction.

    One query where the character's system is known: the sheet row joined with its
    character, the party, the party's settings row the system reads
    (``System.party_related``), the party's relations named in ``party_with`` (the
    caller's own, which this app does not know of) and what it reads with its sheet
    (``System.locked_with``); the sheet's row alone is locked. Otherwise (a remembered
    system that finds no sheet: a pk used again after a rolled back transaction) the
    character, then its sheet, locked, and its system remembered afresh.

    ``action``: the roll about to be made; the lists its ``RollAction.locked_rows`` names
    are read in the same message as the sheet where the database takes several
    statements in one (``config.prepared.objects_together``; on SQLite the roll reads
    them when it needs them, as before)."""
    slug = character_system(pk)
    try:  # a system no longer registered (a restored backup, a test's toy) is forgotten
        system = get_system(slug) if slug is not None else None
    except LookupError:
        system = None
    if system is not None:
        to_character = _to_character(system)
        sheet = _locked_sheet_with_rows(system, _joined(system, party_with), action, pk)
        if sheet is not None:
            character = getattr(sheet, to_character)
            if not character.can_edit(request.user):
                raise Http404(_("No character here."))
            return character, sheet
    character = editable_character(request, pk)
    remember_system(character)
    return character, locked_sheet(character.system_descriptor, character)


def locked_sheet(system, character):
    """The character's sheet row, locked until the transaction ends (sheet before roll,
    always, so two requests never wait on each other crosswise). Its ``character`` is
    the one the request loaded (with its party): the rules read it without a query."""
    lookup = sheet_lookup(system, character)
    sheet = _locked_sheets(system).get(**lookup)
    (field_name,) = lookup
    setattr(sheet, field_name, character)
    return sheet


def _joined(system, party_with: tuple[str, ...] = ()) -> tuple[str, ...]:
    """What a sheet's locked read joins: its character, the party, the party's settings
    row the system reads (``System.party_related``) and the party's ``party_with``."""
    to_character = _to_character(system)
    party = f"{to_character}__party"
    related = (system.party_related, *party_with) if system.party_related else party_with
    return (to_character, party, *(f"{party}__{name}" for name in related))


def _locked_sheet_with_rows(system, joined: tuple[str, ...], action: str, pk: int):
    """The locked read of the sheet (None if there is none), with the lists the roll
    ``action`` reads put in place when they can come in the same round trip."""
    read = _locked_sheet_read(system, joined)
    lookups = next((a.locked_rows for a in system.actions if a.slug == action), ())
    if not lookups or not read.sends_together():
        return read.first(pk)
    plan = rows_plan(system, ("locked rows", system.slug, action, lookups), lookups)
    found = objects_together([(each, (pk,)) for each in (read, *rows_reads(plan))])
    sheet = found[0][0] if found[0] else None
    if sheet is not None:
        fill_rows(sheet, plan, found[1:])
    return sheet


def _locked_sheet_read(system, joined: tuple[str, ...]) -> Prepared:
    """The locked read of a character's sheet by the character's pk, ``joined`` with it:
    each roll makes it, so its SQL is built once per system (``config.prepared``)."""
    to_character = _to_character(system)
    return kept(
        ("locked sheet", system.slug, system.sheet_model, joined, system.locked_with),
        lambda pk: _locked_sheets(system, *joined).filter(**{to_character: pk}),
        int,
    )


def _locked_sheets(system, *joined):
    """The system's sheets, each read with ``joined`` and what the system reads with its
    sheet (``System.locked_with``) in the same query; the sheet's row alone is locked."""
    related = (*joined, *system.locked_with)
    sheets = system.model().objects.select_for_update(of=("self",))
    return sheets.select_related(*related) if related else sheets


def _to_character(system) -> str:
    """The name of the system's sheet field that points at its character."""
    return Character._meta.get_field(system.sheet_related_name).field.name


def sheet_lookup(system, character) -> dict:
    """Filter that finds ``character``'s sheet in the system's sheet model."""
    return {_to_character(system): character.pk}


def edited_rows(system, ref: FieldRef, character):
    """A queryset of the one row ``ref`` edits (empty if it is gone)."""
    return _rows_of(system, ref, character.pk, ref.row_pk)


def _rows_of(system, ref: FieldRef, character_pk: int, row_pk: int | None):
    if ref.kind == "character":
        return Character.objects.filter(pk=character_pk)
    to_character = _to_character(system)
    if ref.kind == "sheet":
        return system.model().objects.filter(**{to_character: character_pk})
    row_model, fk_name = row_model_and_fk(system, ref.collection)
    return row_model.objects.filter(pk=row_pk, **{f"{fk_name}__{to_character}": character_pk})


def locked(system, ref: FieldRef, character):
    """The row ``ref`` edits, locked until the transaction ends; None if it is gone.
    Every field save makes this read: its SQL is built once per kind of row."""
    collection = ref.collection.name if ref.collection is not None else ""
    key = ("locked row", system.slug, system.sheet_model, ref.kind, collection)
    if ref.kind == "row":
        read = kept(
            key,
            lambda pk, row_pk: _rows_of(system, ref, pk, row_pk).select_for_update(),
            int,
            int,
        )
        return read.first(character.pk, ref.row_pk)
    read = kept(key, lambda pk: _rows_of(system, ref, pk, None).select_for_update(), int)
    return read.first(character.pk)


def current_row(system, ref: FieldRef, character):
    """The row ``ref`` edits as it is now, to show it (no lock); None if it is gone."""
    return edited_rows(system, ref, character).first()


def row_model_and_fk(system, collection):
    """The row model of a collection and the name of its foreign key to the sheet."""
    relation = system.model()._meta.get_field(collection.related_name)
    return relation.related_model, relation.field.name


def auto_now_fields(instance) -> list[str]:
    return [f.name for f in instance._meta.concrete_fields if getattr(f, "auto_now", False)]


RULE_BROKEN = gettext_lazy("That value breaks a rule of the sheet; it was not saved.")


def constraint_messages(error: ValidationError) -> list[str]:
    """Messages for the player: a constraint's own message, or a plain sentence instead
    of Django's default one (which names the constraint)."""
    if hasattr(error, "message_dict"):
        found = [message for messages_ in error.message_dict.values() for message in messages_]
    else:
        found = list(error.messages)
    # Django's default message, in English or in the reader's language
    default = str(BaseConstraint.default_violation_error_message).split("%(name)s")[0]
    prefixes = ("Constraint “", default) if default else ("Constraint “",)
    return [str(RULE_BROKEN) if message.startswith(prefixes) else message for message in found]


@dataclass
class FieldResult:
    ref: FieldRef
    outcome: str  # "saved", "unchanged", "error", "conflict", "gone"
    state: FieldState | None = None
    message: str = ""


def save_field(system, character, ref: FieldRef, data) -> FieldResult:
    """Save one field from ``data`` unless it changed since the page showed it.

    A rule only the database holds, broken by the save, rolls the whole transaction
    back (nothing of it is kept) and answers with a message on the field. The save has
    no savepoint of its own to fall back to: on PostgreSQL a row locked by a transaction
    and updated in a savepoint of it gets a MultiXact (a record naming both) as its
    old version's deleter, and SAVEPOINT and RELEASE were two more round trips to the
    database on every field save, the commonest request of a session."""
    return _saved(system, character.pk, ref, data,
                  lambda: (character, locked(system, ref, character)))  # fmt: skip


class SystemUnknown(Exception):
    """The system remembered for a character found no sheet of it (its pk taken again
    by a character of another system): the save must start again from the character."""


def save_field_of(request, pk: int, system, ref: FieldRef, data) -> FieldResult:
    """``save_field`` for character ``pk``, whose system (``system``) the caller knows:
    the character (404 unless the user may change it) is read in the save's transaction,
    with the row ``ref`` edits locked in the same query when that row is the character's
    own or its sheet's (most saves): one read instead of two. A row of a list is locked
    on its own, after the character. ``SystemUnknown``: no sheet of ``system`` for
    ``pk`` (another system's character, or no character at all)."""
    if ref.kind == "row":
        return save_field(system, editable_character(request, pk), ref, data)
    return _saved(system, pk, ref, data, lambda: _locked_with_character(request, pk, system, ref))


def _locked_with_character(request, pk: int, system, ref: FieldRef):
    """``(character, row)``: the character's own row or its sheet's, locked, read with
    the character and its party; 404 unless the user may change the character."""
    if ref.kind == "character":
        character = _locked_character.first(pk)
        row = character
    else:
        row = _locked_sheet_read(system, _joined(system)).first(pk)
        if row is None:  # another system's character, or none: the character tells
            _systems.pop(pk, None)
            raise SystemUnknown(pk)
        character = getattr(row, _to_character(system))
    if character is None or not character.can_edit(request.user):
        raise Http404(_("No character here."))
    return character, row


_locked_character = Prepared(
    lambda pk: (
        Character.objects.filter(pk=pk)
        .select_related("party", *party_related_paths())
        .select_for_update(of=("self",))
    ),
    int,
)


def _saved(system, character_pk: int, ref: FieldRef, data, lock) -> FieldResult:
    """``_save_locked``, a broken rule answered on the field (the transaction rolled
    back). ``lock()``, in the transaction: the character and the row ``ref`` edits,
    locked (None if it is gone)."""
    try:
        return _save_locked(system, ref, data, lock)
    except IntegrityError:
        current = _rows_of(system, ref, character_pk, ref.row_pk).first()
        form = build_form(system, ref, current, data, only_field=True)
        form.is_valid()
        form.add_error(ref.field, str(RULE_BROKEN))
        state = state_for(form[ref.field], character_pk, status="error")
        return FieldResult(ref, "error", state, "; ".join(form[ref.field].errors))


def _save_locked(system, ref: FieldRef, data, lock) -> FieldResult:
    """``save_field`` in its transaction, the edited row locked; an IntegrityError
    leaves it (the transaction rolled back)."""
    with transaction.atomic():
        character, instance = lock()
        if instance is None:
            item = ref.collection.item_label if ref.collection else _("row")
            return FieldResult(
                ref,
                "gone",
                message=_("This %(item)s was removed elsewhere. Your change was not saved.")
                % {"item": item},
            )
        change = Change(character.pk, "")  # its moments, for an undo right after
        shown = build_form(system, ref, instance, only_field=True)
        form_field = shown.fields[ref.field]
        stored = getattr(instance, ref.field)
        already = same_value(form_field, stored, data.get(ref.html_name))
        if not already and not same_value(
            form_field, stored, data.get(ORIGINAL_PREFIX + ref.html_name)
        ):
            # Changed since the page showed it, to something else than this save asks
            # for. (The same value, already stored, is no conflict: the page's own save
            # that left as it reloaded, or a second tab typing the same, lose nothing.)
            message = CONFLICT_MESSAGE % {"current": shown_value(form_field, stored)}
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
        edited = in_english(form.fields[ref.field].label)
        instance._change_reason = pgettext_noop("history reason", "Edited %(what)s") % {
            "what": edited
        }
        # what the game moves with it (an Agents +1 pick moves the skill's level): the
        # form's ``follow(field, before)`` sets it on the row and names it
        follow = getattr(form, "follow", None)
        moved = follow(ref.field, stored) if follow else []
        instance.save(update_fields=[ref.field, *moved, *auto_now_fields(instance)])
        change.finish()
        fresh = build_form(system, ref, instance, only_field=True)
        state = state_for(fresh[ref.field], character.pk, status="saved")
        change.what = _("%(field)s back to %(value)s") % {
            "field": form.fields[ref.field].label,
            "value": shown_value(form_field, stored),
        }
        state.undo, state.undo_url = change.token, reverse("character_undo", args=[character.pk])
        return FieldResult(ref, "saved", state)


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
