"""Putting a whole sheet back as it was: restore from the history page, and undo right
after a change (a field save, a roll's effects).

A sheet's past is read from its django-simple-history records: the character (its
name), the system's sheet row, and every row model whose foreign key ``sheet`` points
at that sheet (found on the sheet model, as ``sheets.signals`` finds them), so nothing
here names a system. Restoring writes the differences back as ordinary saves and
deletes, inside one transaction with the sheet row locked (the lock every roll takes),
each with a change reason and the user: the restore is itself a change in the history,
and can be restored past in turn. Rows keep their ids (an id is never handed out twice),
so a row that points at another row (a magazine at its weapon) still finds it.

An undo is a restore to the moment just before one change, allowed only while nothing
has changed since: the change is named by a signed token holding the character and the
two moments around its saves (``Change.token``), handed to the page with the change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from sheets.models import Character
from sheets.reasons import pgettext_noop

UNDO_SALT = "tableside.sheet-undo"
UNDO_MAX_AGE = timedelta(hours=12)  # an undo is offered right after the change
KEPT_FIELDS = {"name"}  # what a restore puts back on the character itself (not its party)


class RestoreRefused(Exception):
    """A restore or undo that cannot be done; the message is for the player."""


# ---- the models of a sheet -----------------------------------------------------------


def row_models(system) -> list[tuple[type, str]]:
    """(row model, attname of its foreign key to the sheet) for every recorded row
    model of the system's sheet; a model pointing at another row model comes after it."""
    found = []
    for relation in system.model()._meta.related_objects:
        model = relation.related_model
        if relation.one_to_many and relation.field.name == "sheet" and hasattr(model, "history"):
            found.append((model, relation.field.attname))
    models = [model for model, _ in found]

    def depth(model) -> int:
        return sum(
            1 for f in model._meta.concrete_fields if f.is_relation and f.related_model in models
        )

    return sorted(found, key=lambda pair: depth(pair[0]))


def _row_links(model, models) -> list:
    """The foreign keys of a row model to other row models of the same sheet."""
    return [
        f
        for f in model._meta.concrete_fields
        if f.is_relation and f.related_model in models and f.name != "sheet"
    ]


def _copied_fields(model, skip=()) -> list:
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key
        and not getattr(f, "auto_now", False)
        and not getattr(f, "auto_now_add", False)
        and f.name not in skip
    ]


# ---- what the sheet was at a moment ----------------------------------------------------


@dataclass
class Version:
    """The sheet as it was: its records (historical rows, one per object)."""

    character: object | None
    sheet: object
    rows: dict[type, dict[object, object]] = field(default_factory=dict)  # model -> pk -> record


def _upto(queryset, moment: datetime, inclusive: bool):
    lookup = "history_date__lte" if inclusive else "history_date__lt"
    return queryset.filter(**{lookup: moment}).order_by("history_date", "history_id")


def version_at(character: Character, moment: datetime, *, inclusive: bool = True) -> Version:
    """The sheet as it stood at ``moment`` (with ``inclusive``, the changes made at that
    very moment count); RestoreRefused when the sheet did not exist yet."""
    system = character.system_descriptor
    sheet_model = system.model()
    sheet_record = (
        _upto(sheet_model.history.filter(**{sheet_model._meta.pk.attname: character.pk}),
              moment, inclusive).last()
    )  # fmt: skip
    if sheet_record is None or sheet_record.history_type == "-":
        raise RestoreRefused(_("The sheet had not been made yet at that time."))
    version = Version(
        character=_upto(character.history.all(), moment, inclusive).last(), sheet=sheet_record
    )
    for model, fk in row_models(system):
        latest: dict[object, object] = {}
        for record in _upto(model.history.filter(**{fk: character.pk}), moment, inclusive):
            latest[getattr(record, model._meta.pk.attname)] = record
        version.rows[model] = {
            pk: record for pk, record in latest.items() if record.history_type != "-"
        }
    return version


def changed_since(character: Character, moment: datetime) -> bool:
    """Has anything of the sheet been recorded after ``moment``?"""
    system = character.system_descriptor
    sheet_model = system.model()
    queries = [
        character.history.all(),
        sheet_model.history.filter(**{sheet_model._meta.pk.attname: character.pk}),
        *(model.history.filter(**{fk: character.pk}) for model, fk in row_models(system)),
    ]
    return any(q.filter(history_date__gt=moment).exists() for q in queries)


def recorded_between(character: Character, start: datetime, end: datetime) -> bool:
    system = character.system_descriptor
    sheet_model = system.model()
    queries = [
        character.history.all(),
        sheet_model.history.filter(**{sheet_model._meta.pk.attname: character.pk}),
        *(model.history.filter(**{fk: character.pk}) for model, fk in row_models(system)),
    ]
    return any(q.filter(history_date__gte=start, history_date__lte=end).exists() for q in queries)


# ---- writing a version back ------------------------------------------------------------


def _mark(instance, reason: str, user) -> None:
    instance._change_reason = reason
    if user is not None and getattr(user, "is_authenticated", False):
        instance._history_user = user


def _exists(model_field, value) -> bool:
    if value is None:
        return model_field.null
    return model_field.related_model._default_manager.filter(pk=value).exists()


def _differences(instance, record, fields) -> list[str]:
    """The fields of ``instance`` whose value differs from the record's, set from it
    (a foreign key to something since deleted keeps its current value)."""
    changed = []
    for model_field in fields:
        old = getattr(record, model_field.attname)
        if getattr(instance, model_field.attname) == old:
            continue
        if model_field.is_relation and not _exists(model_field, old):
            continue
        setattr(instance, model_field.attname, old)
        changed.append(model_field.name)
    return changed


def _rebuilt(model, fk, sheet, pk, record, fields, links, version):
    """A row removed since, as the record shows it, under its old id."""
    row = model(pk=pk, **{fk: sheet.pk})
    for model_field in fields:
        setattr(row, model_field.attname, getattr(record, model_field.attname))
    for link in links:  # a row it pointed at that is gone (SET_NULL leaves no record)
        target = getattr(row, link.attname)
        if target is not None and target not in version.rows[link.related_model]:
            setattr(row, link.attname, None)
    if model.objects.filter(pk=pk).exists():
        row.pk = None  # (never expected: ids are not handed out twice) a new id
    return row


def _put_back_rows(system, sheet, version: Version, reason: str, user) -> int:
    """Rows removed since come back, rows added since go, changed rows take their old
    values. Returns how many rows changed."""
    count = 0
    pairs = row_models(system)
    models = [model for model, _ in pairs]
    current = {
        model: {row.pk: row for row in model.objects.select_for_update().filter(**{fk: sheet.pk})}
        for model, fk in pairs
    }
    # rows whose history begins with their creation; the others were written before
    # history was kept for them (an Agents sheet's seed skills, until 2026-11): they were
    # there all along
    created = {
        model: set(model.history.filter(**{fk: sheet.pk}, history_type="+").values_list(
            model._meta.pk.attname, flat=True))
        for model, fk in pairs
    }  # fmt: skip
    # rows added since go first (those pointing at others before what they point at)
    for model, _fk in reversed(pairs):
        for pk, row in current[model].items():
            if pk not in version.rows[model] and pk in created[model]:
                _mark(row, reason, user)
                row.delete()
                count += 1
    for model, fk in pairs:
        kept = {**version.rows[model]}
        links = _row_links(model, models)
        fields = _copied_fields(model, skip={"sheet"})
        updates, inserts = [], []
        for pk, record in kept.items():
            row = current[model].get(pk)
            if row is None:
                inserts.append(_rebuilt(model, fk, sheet, pk, record, fields, links, version))
                continue
            changed = _differences(row, record, fields)
            if changed:
                _mark(row, reason, user)
                updates.append((row, changed))
        try:
            with transaction.atomic():
                for row, changed in updates:
                    row.save(update_fields=changed)
        except IntegrityError:
            # rows swapping unique places (two ideas trading focus slots): out, then in
            for stale in model.objects.filter(pk__in=[row.pk for row, _ in updates]):
                _mark(stale, reason, user)
                stale.delete()
            inserts += [row for row, _ in updates]
        for row in inserts:
            _mark(row, reason, user)
            row.save(force_insert=True)
        count += len(updates) + len(inserts)
    return count


def restore(character: Character, moment: datetime, *, user, reason: str,
            inclusive: bool = True, unchanged_after: datetime | None = None) -> int:  # fmt: skip
    """Put the whole sheet back as it was at ``moment``: the character's name, the sheet's
    fields and all its rows, in one transaction with the sheet locked. With
    ``unchanged_after``, refuse if anything was recorded after that moment (an undo).
    Returns how many objects changed (0: the sheet already was so)."""
    system = character.system_descriptor
    sheet_model = system.model()
    with transaction.atomic():
        sheet = sheet_model.objects.select_for_update().get(pk=character.pk)
        if unchanged_after is not None and changed_since(character, unchanged_after):
            raise RestoreRefused(
                _(
                    "The sheet has changed since, so this was not undone. "
                    "Its history can restore an earlier version."
                )
            )
        version = version_at(character, moment, inclusive=inclusive)
        count = 0
        locked_character = Character.objects.select_for_update().get(pk=character.pk)
        if version.character is not None:
            fields = [f for f in _copied_fields(Character) if f.name in KEPT_FIELDS]
            changed = _differences(locked_character, version.character, fields)
            if changed:
                _mark(locked_character, reason, user)
                locked_character.save(update_fields=[*changed, "updated"])
                count += 1
        skip = {f.name for f in sheet_model._meta.concrete_fields if f.primary_key}
        changed = _differences(sheet, version.sheet, _copied_fields(sheet_model, skip=skip))
        if changed:
            _mark(sheet, reason, user)
            sheet.save(update_fields=changed)
            count += 1
        count += _put_back_rows(system, sheet, version, reason, user)
    character.name = locked_character.name
    return count


def restore_reason(moment: datetime) -> str:
    """Stored in English (a history reason); the history page puts it into words."""
    return pgettext_noop("history reason", "Restored the sheet as of %(what)s") % {
        "what": shown_moment(moment)
    }


def shown_moment(moment: datetime) -> str:
    return dateformat.format(timezone.localtime(moment), "j M Y, H:i:s")


# ---- undo --------------------------------------------------------------------------------


@dataclass
class Change:
    """The moments around one change's saves (taken with its rows locked)."""

    character_id: int
    what: str
    started: datetime = field(default_factory=timezone.now)
    finished: datetime | None = None
    roll_id: int | None = None  # the roll whose effects these are, if a roll made them

    def finish(self) -> None:
        self.finished = timezone.now()

    @property
    def token(self) -> str:
        data = {
            "c": self.character_id,
            "w": self.what,
            "s": self.started.isoformat(),
            "f": (self.finished or timezone.now()).isoformat(),
        }
        if self.roll_id is not None:
            data["r"] = self.roll_id
        return signing.dumps(
            data,
            salt=UNDO_SALT,
            compress=True,
        )


def read_token(token: str, character: Character) -> Change:
    try:
        data = signing.loads(token, salt=UNDO_SALT, max_age=UNDO_MAX_AGE)
        change = Change(
            character_id=int(data["c"]),
            what=str(data["w"]),
            started=datetime.fromisoformat(data["s"]),
            finished=datetime.fromisoformat(data["f"]),
            roll_id=int(data["r"]) if data.get("r") is not None else None,
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise RestoreRefused(_("This undo has expired; the sheet's history can still restore "
                               "an earlier version.")) from None  # fmt: skip
    if change.character_id != character.pk:
        raise RestoreRefused(_("This undo is for another sheet."))
    return change


def undo(character: Character, token: str, *, user) -> Change:
    """Revert exactly one change (named by its token) if nothing changed since."""
    change = read_token(token, character)
    if not recorded_between(character, change.started, change.finished):
        raise RestoreRefused(_("There was nothing to undo."))
    restore(
        character,
        change.started,
        user=user,
        reason=pgettext_noop("history reason", "Undid: %(what)s") % {"what": change.what},
        inclusive=False,
        unchanged_after=change.finished,
    )
    return change
