"""The translation catalogues (config/locale/<lang>/LC_MESSAGES/*.po) read and compiled
to .mo in pure Python, so no machine needs GNU gettext to serve or test Tableside
(gettext's xgettext is only needed to extract messages: ``make messages``).

``python -m config.catalogue`` compiles every .po whose .mo is missing or older (``make``
runs it before serving or testing; tests/conftest.py too). The .mo files are not kept in
git (docs/i18n.md). Imports nothing from Django: it runs before settings exist.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)  # plural index -> text (0 alone)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid


def _unquote(text: str, path: Path, number: int) -> str:
    text = text.strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"{path}:{number}: expected a quoted string, found {text!r}")
    return ast.literal_eval(text)  # PO escapes are C's: \n \t \" \\ as in Python


def read_po(path: Path) -> list[Entry]:
    """The entries of a PO file, the header (msgid "") first, obsolete ones (#~) kept
    with ``obsolete`` set."""
    entries: list[Entry] = []
    entry = Entry()
    current: tuple[str, int] | None = None  # which field continuation lines extend
    started = False

    def finish():
        nonlocal entry, started, current
        if started:
            entries.append(entry)
        entry, started, current = Entry(), False, None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if line.startswith("#,"):
            if started and entry.msgstr:
                finish()
            entry.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if keyword.startswith('"'):
            if current is None:
                raise ValueError(f"{path}:{number}: a string outside any field")
            name, index = current
            text = _unquote(line, path, number)
            if name == "msgstr":
                entry.msgstr[index] += text
            else:
                setattr(entry, name, getattr(entry, name) + text)
            continue
        if keyword in ("msgctxt", "msgid") and started and entry.msgstr:
            finish()  # a new entry begins without a blank line between
        if not started:
            entry.line = number
        started = True
        entry.obsolete = entry.obsolete or obsolete
        text = _unquote(rest, path, number)
        if keyword.startswith("msgstr["):
            index = int(keyword[7:-1])
            entry.msgstr[index] = text
            current = ("msgstr", index)
        elif keyword == "msgstr":
            entry.msgstr[0] = text
            current = ("msgstr", 0)
        elif keyword in ("msgid", "msgid_plural", "msgctxt"):
            setattr(entry, keyword, text)
            current = (keyword, 0)
        else:
            raise ValueError(f"{path}:{number}: unknown keyword {keyword!r}")
    finish()
    return entries


def write_mo(entries: list[Entry], path: Path) -> None:
    """A GNU .mo file of the translated, not fuzzy, not obsolete entries (the header
    always), as msgfmt writes it (no hash table: readers search the sorted keys)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.obsolete:
            continue
        is_header = entry.msgid == "" and entry.msgctxt is None
        if not is_header and (entry.fuzzy or not entry.translated):
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        value = "\0".join(entry.msgstr[index] for index in sorted(entry.msgstr))
        pairs[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    originals, translations, data = [], [], bytearray()
    for key in keys:
        originals.append((len(key), data_at + len(data)))
        data += key + b"\0"
    for key in keys:
        value = pairs[key]
        translations.append((len(value), data_at + len(data)))
        data += value + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0)
    table = b"".join(struct.pack("<2I", *pair) for pair in originals + translations)
    path.write_bytes(header + table + bytes(data))


def compile_all(locale_dir: Path = LOCALE_DIR, force: bool = False) -> list[Path]:
    """Compile each .po whose .mo is missing or older; the .mo files written."""
    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            write_mo(read_po(po), mo)
            written.append(mo)
    return written


if __name__ == "__main__":
    for mo in compile_all(force="--force" in sys.argv[1:]):
        print(f"compiled {mo.relative_to(LOCALE_DIR.parent.parent)}")
