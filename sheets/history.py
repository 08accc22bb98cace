"""A sheet's history as people read it: every recorded change to the character, its
system sheet and the sheet's rows (django-simple-history), newest first, as readable
differences ("Damage 1 -> 2"), one roll's or one save's changes grouped together.

Nothing here names a system: the sheet model and the row models come from the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils.translation import gettext as _

from sheets.history_access import SHEET_ROWS_REASON
from sheets.models import Character
from sheets.reasons import reason_in_words
from sheets.restore import row_models

GROUP_WINDOW = timedelta(seconds=2)  # changes of one request land within this
SKIPPED_FIELDS = {"updated", "created", "character", "sheet"}


@dataclass
class Change:
    what: str  # "Damage 1 → 2", "Added gear line “Rope”"
    kind: str  # "edit", "add", "remove"


@dataclass
class Entry:
    """One group of changes: made together by one person for one reason."""

    when: object
    user: object
    reason: str
    changes: list[Change] = field(default_factory=list)
    by_gm: bool = False

    @property
    def reason_words(self) -> str:
        return reason_words(self.reason)


def reason_words(reason: str) -> str:
    """A stored history reason in the reader's language (sheets/reasons.py); one stored
    before its shape was marked is looked up whole (a label: "Mutation roll"), and
    anything else shows as stored."""
    if not reason:
        return ""
    marked = reason_in_words(reason)
    return marked if marked is not None else _(reason)


def _first_up(text: str) -> str:
    """The first letter up, the rest as it is ("XP" stays "XP", not "Xp")."""
    return text[:1].upper() + text[1:]


def _label(model, name: str) -> str:
    try:
        return _first_up(str(model._meta.get_field(name).verbose_name))
    except Exception:  # a field the model no longer has
        return _first_up(name.replace("_", " "))


def _shown(model, name: str, value) -> str:
    try:
        model_field = model._meta.get_field(name)
    except Exception:
        model_field = None
    choices = dict(getattr(model_field, "choices", None) or ())
    if value in choices:
        return str(choices[value])
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value in (None, ""):
        return _("empty")
    return str(value)


def _record_changes(record, previous, item_label: str | None) -> list[Change]:
    model = record.instance_type
    name = str(record.instance) if item_label else ""
    if record.history_type == "+":
        if item_label is None:
            # the system sheet's creation is the first version (the character's own
            # creation comes with it)
            return (
                []
                if model._meta.model_name == "character"
                else [Change(_("Created the sheet"), "add")]
            )
        return [Change(_("Added %(item)s “%(name)s”") % {"item": item_label, "name": name}, "add")]
    if record.history_type == "-":
        if item_label is None:
            return [Change(_("Removed sheet “%(name)s”") % {"name": name}, "remove")]
        return [
            Change(_("Removed %(item)s “%(name)s”") % {"item": item_label, "name": name}, "remove")
        ]
    if previous is None:
        return []
    delta = record.diff_against(previous)
    prefix = (
        _("%(item)s “%(name)s”: ") % {"item": _first_up(str(item_label)), "name": name}
        if item_label
        else ""
    )
    return [
        Change(
            f"{prefix}{_label(model, c.field)} {_shown(model, c.field, c.old)} → "
            f"{_shown(model, c.field, c.new)}",
            "edit",
        )
        for c in delta.changes
        if c.field not in SKIPPED_FIELDS
    ]


def records_of(character: Character):
    """(record, item label or None) for every history row of the character, its sheet
    and its rows; a few queries per model, however long the history."""
    system = character.system_descriptor
    sheet_model = system.model()
    found = [(r, None) for r in character.history.all().select_related("history_user")]
    found += [
        (r, None)
        for r in sheet_model.history.filter(
            **{sheet_model._meta.pk.attname: character.pk}
        ).select_related("history_user")
    ]
    labels = {}
    for collection in system.collections:
        relation = sheet_model._meta.get_field(collection.related_name)
        labels[relation.related_model] = collection.history_label or collection.item_label
    # every recorded row model of the sheet, listed or not (the Slots grid's items, ideas
    # and marks are edited through the system's own endpoints)
    for row_model, fk in row_models(system):
        label = labels.get(row_model) or str(row_model._meta.verbose_name).removeprefix(
            f"{system.name.lower()} "
        )
        rows = row_model.history.filter(**{fk: character.pk}).select_related("history_user")
        found += [(r, label) for r in rows]
    return found


def entries(character: Character) -> list[Entry]:
    """The character's history, newest first, grouped by request."""
    gm_id = character.party.gm_id if character.party_id else None
    result: list[Entry] = []
    found = records_of(character)
    # each record's previous version, without a query per record
    previous = {}
    last_seen = {}
    for record, _label in sorted(found, key=lambda pair: (pair[0].history_date, pair[0].pk)):
        key = (record.instance_type, getattr(record, record.instance_type._meta.pk.attname))
        previous[id(record)] = last_seen.get(key)
        last_seen[key] = record
    records = sorted(found, key=lambda pair: pair[0].history_date, reverse=True)
    for record, item_label in records:
        if record.history_type == "+" and record.history_change_reason == SHEET_ROWS_REASON:
            continue  # a new sheet's own rows (an agent's 56 skills): "Created the sheet"
        changes = _record_changes(record, previous[id(record)], item_label)
        if not changes:
            continue
        reason = record.history_change_reason or ""
        last = result[-1] if result else None
        if (
            last is not None
            and last.user == record.history_user
            and last.reason == reason
            and last.when - record.history_date <= GROUP_WINDOW
        ):
            last.changes.extend(changes)
            continue
        result.append(
            Entry(
                when=record.history_date,
                user=record.history_user,
                reason=reason,
                changes=changes,
                by_gm=gm_id is not None
                and record.history_user_id == gm_id
                and gm_id != character.owner_id,
            )
        )
    return result
