"""Foundry VTT actors: recognise one, find which game system wrote it, and the small
helpers the systems' readers share. Each reader (``Transfer.foundry``) turns the actor
into a Tableside document and lists what it left out; the import then validates that
document like any other file."""

from __future__ import annotations

import html
import re

from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from sheets.systems.registry import all_systems, get_system
from sheets.transfer.spec import transfer_of


def is_actor(data: dict) -> bool:
    """An actor export: a name, a type, its data under "system" (Foundry 10 and later)
    or "data" (before), and its items."""
    body = data.get("system", data.get("data"))
    return isinstance(data.get("type"), str) and isinstance(body, dict) and "items" in data


def system_id(data: dict) -> str:
    """The Foundry system that exported the actor, when the file says it."""
    stats = data.get("_stats")
    if isinstance(stats, dict) and isinstance(stats.get("systemId"), str):
        return stats["systemId"]
    flags = data.get("flags")
    source = flags.get("exportSource") if isinstance(flags, dict) else None
    if isinstance(source, dict) and isinstance(source.get("system"), str):
        return source["system"]
    return ""


def reader(data: dict, chosen: str = ""):
    """(System, read) for this actor: by the Foundry system id the file names, else the
    system the page asked for; refused when no Tableside system reads it."""
    from sheets.transfer.reading import Refused

    readers = {s.slug: transfer_of(s) for s in all_systems() if transfer_of(s).foundry}
    foundry_id = system_id(data)
    slug = next((slug for slug, t in readers.items() if foundry_id in t.foundry_ids), "")
    if foundry_id and not slug:
        raise Refused(
            _(
                "This Foundry VTT actor comes from the %(id)s system; Tableside reads "
                "actors of %(ids)s."
            )
            % {
                "id": repr(foundry_id),
                "ids": ", ".join(i for t in readers.values() for i in t.foundry_ids),
            }
        )
    if chosen and slug and chosen != slug:
        raise Refused(
            _(
                "This Foundry VTT actor is a %(system)s character, not a "
                "%(chosen)s one: choose %(system)s (or any system)."
            )
            % {"system": get_system(slug).name, "chosen": get_system(chosen).name}
        )
    slug = slug or chosen
    if not slug:
        raise Refused(
            _(
                "This Foundry VTT actor does not say which game it is from: choose its system "
                "and upload it again."
            )
        )
    if slug not in readers:
        raise Refused(
            _("Tableside does not read Foundry VTT actors for %(system)s.")
            % {"system": get_system(slug).name}
        )
    return get_system(slug), import_string(readers[slug].foundry)


def source_name(system) -> str:
    return _("Foundry VTT actor (%(system)s)") % {"system": system.name}


# Helpers for the readers -------------------------------------------------------------


def body(obj) -> dict:
    """An actor's or an item's own data: "system" (Foundry 10+) or "data" (older)."""
    if not isinstance(obj, dict):
        return {}
    found = obj.get("system", obj.get("data"))
    return found if isinstance(found, dict) else {}


def dig(obj, *path, default=None):
    for key in path:
        if not isinstance(obj, dict) or key not in obj:
            return default
        obj = obj[key]
    return obj


def number(value, default=0):
    """A whole number from what Foundry stored (numbers, "3", "" ...)."""
    if isinstance(value, bool):
        return default
    if isinstance(value, (int, float)):
        return int(value) if float(value).is_integer() else default
    if isinstance(value, str):
        try:
            return int(float(value.strip()))
        except ValueError:
            return default
    return default


def decimal(value, default=0.0) -> float:
    if isinstance(value, bool):
        return default
    try:
        result = float(value)
    except (TypeError, ValueError):
        return default
    return result if result == result and abs(result) < 1e6 else default


BREAKS = re.compile(r"<br\s*/?>|</(p|div|li|h[1-6])>", re.IGNORECASE)
TAGS = re.compile(r"<[^>]+>")


def text(value, limit: int | None = None) -> str:
    """Plain text from a Foundry string (its descriptions are HTML), cut to ``limit``."""
    if not isinstance(value, str):
        return ""
    plain = html.unescape(TAGS.sub("", BREAKS.sub("\n", value)))
    plain = re.sub(r"[ \t]+", " ", plain)
    plain = re.sub(r"\s*\n\s*", "\n", plain).strip()
    return plain[:limit] if limit else plain


def items(data: dict) -> list[dict]:
    found = data.get("items")
    return [i for i in found if isinstance(i, dict)] if isinstance(found, list) else []


def item_name(item) -> str:
    return text(item.get("name"), 100) or "(unnamed)"
