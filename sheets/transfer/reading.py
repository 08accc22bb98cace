"""From an uploaded file to a document the import can trust the shape of: size, UTF-8,
JSON, which kind of file it is (a Tableside export or a Foundry VTT actor), which system,
which schema version (older ones migrated). Every refusal is a sentence for the page."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sheets.systems.registry import all_systems, get_system
from sheets.transfer import foundry
from sheets.transfer.spec import SCHEMA, transfer_of

MAX_BYTES = 1_000_000  # a full sheet is a few kilobytes; a party file is not imported


class Refused(Exception):
    """The file as a whole cannot be read (not JSON, another system, unknown version)."""


@dataclass
class Document:
    system: object  # the registry's System
    data: dict  # a Tableside character document at the current schema
    source: str = gettext_lazy("Tableside file")
    left_out: list[str] = field(default_factory=list)
    migrated_from: int | None = None


def read_bytes(raw: bytes) -> dict:
    if len(raw) > MAX_BYTES:
        raise Refused(
            _("The file is too big (%(size)s kB): a sheet is at most 1 MB.")
            % {"size": len(raw) // 1000}
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refused(_("The file is not UTF-8 text: export it again as JSON.")) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(_("The file is not JSON: pick the .json file an export gave you.")) from None
    if not isinstance(data, dict):
        raise Refused(_("The file is JSON but not a character: it should be one {...} object."))
    return data


def read_upload(upload) -> dict:
    if upload.size > MAX_BYTES:
        raise Refused(
            _("The file is too big (%(size)s kB): a sheet is at most 1 MB.")
            % {"size": upload.size // 1000}
        )
    return read_bytes(upload.read(MAX_BYTES + 1))


def document(data: dict, chosen: str = "") -> Document:
    """What the file is, for which system, at the current schema. ``chosen``: the system
    the page asked for ("" to take the file's)."""
    if data.get("tableside") == "party":
        raise Refused(
            _("This is a party file: import its characters one by one (export each sheet).")
        )
    if "tableside" not in data and foundry.is_actor(data):
        system, read = foundry.reader(data, chosen)
        converted, left_out = read(data)
        return Document(system, converted, foundry.source_name(system), left_out)
    if data.get("tableside") != "character":
        raise Refused(
            _(
                "This is not a Tableside character file (nor a Foundry VTT actor): it has no "
                '"tableside": "character".'
            )
        )
    slug = data.get("system")
    known = {s.slug for s in all_systems()}
    if not isinstance(slug, str) or slug not in known:
        names = ", ".join(sorted(known))
        raise Refused(
            _("The file's system %(slug)s is not one Tableside knows (%(names)s).")
            % {"slug": repr(slug), "names": names}
        )
    system = get_system(slug)
    if chosen and chosen != slug:
        raise Refused(
            _(
                "This is a %(system)s character, not a %(chosen)s one: "
                "choose %(system)s (or any system) and upload it again."
            )
            % {"system": system.name, "chosen": get_system(chosen).name}
        )
    version = data.get("schema")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise Refused(
            _("The file's schema version %(version)s is not a version number.")
            % {"version": repr(version)}
        )
    if version > SCHEMA:
        raise Refused(
            _(
                "The file was written with schema version %(version)s, newer than this "
                "Tableside reads (up to %(schema)s): update Tableside or export it again."
            )
            % {"version": version, "schema": SCHEMA}
        )
    migrated_from = version if version < SCHEMA else None
    return Document(system, migrate(system, data), migrated_from=migrated_from)


def migrate(system, data: dict) -> dict:
    """Bring a file up to the current schema one version at a time: the core's step
    (the shape every system shares), then the system's own step, if any."""
    transfer = transfer_of(system)
    version = data["schema"]
    while version < SCHEMA:
        for steps in (CORE_MIGRATIONS, transfer.migrations):
            if version in steps:
                data = import_string(steps[version])(data)
        version += 1
        data["schema"] = version
    return data


def v0_to_v1(data: dict) -> dict:
    """Schema 0 (the first draft, docs/export-format.md): the name at the top
    (``"name"``) and the lists inside the sheet (``"sheet": {..., "lists": {...}}``).
    Schema 1 has ``"character": {"name"}`` and each list at the top."""
    data = dict(data)
    sheet = data.get("sheet")
    if isinstance(sheet, dict):
        sheet = dict(sheet)
        lists = sheet.pop("lists", {})
        if isinstance(lists, dict):
            for name, rows in lists.items():
                data.setdefault(name, rows)
        data["sheet"] = sheet
    if "character" not in data:
        data["character"] = {"name": data.pop("name", "")}
    return data


CORE_MIGRATIONS = {0: "sheets.transfer.reading.v0_to_v1"}
