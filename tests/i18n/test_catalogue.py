"""CI fails when the Swedish catalogue misses a message, leaves one fuzzy or empty
(issue 30), and the pure-Python compiler (config/catalogue.py) writes what gettext reads.

The messages are gathered as ``make messages`` gathers them: Django's makemessages (ours,
which knows ``say``/``say_n``) into a temporary copy of config/locale, so the committed
catalogue is merged with what the code marks now; an entry there that is new (empty),
fuzzy (its English changed) or untranslated fails. Needs GNU gettext's xgettext and
msgmerge (``make test`` installs Debian's gettext). Messages only found outside the
covered paths (tests/i18n/covered.py) are left to the areas' own branches."""

import ast
import gettext
import os
import re
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from config.catalogue import Entry, read_po, write_mo
from tests.i18n.covered import is_covered

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "config" / "locale"


SOURCES = ["config", "sheets", "rolls", "templates", "static"]


@pytest.fixture(scope="module")
def gathered(tmp_path_factory):
    """{domain: (the entries makemessages leaves in a copy of the Swedish catalogue,
    their source files)}. makemessages writes into any locale/ folder it walks past and
    into LOCALE_PATHS, so it runs in a copy of the sources, never on the real catalogue."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge")):
        pytest.fail("The catalogue test needs GNU gettext: apt-get install gettext")
    copy = tmp_path_factory.mktemp("tree")
    leave_out = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "vendor", "*.png")
    for folder in SOURCES:
        shutil.copytree(ROOT / folder, copy / folder, ignore=leave_out)
    locale = copy / "config" / "locale"
    found = {}
    here = os.getcwd()
    os.chdir(copy)  # makemessages reads the tree from the current folder
    try:
        with override_settings(LOCALE_PATHS=[locale]):
            for domain in ("django", "djangojs"):
                call_command(
                    "makemessages", locale=["sv"], domain=domain, no_obsolete=True,
                    add_location="file", verbosity=0,
                )  # fmt: skip
                po = locale / "sv" / "LC_MESSAGES" / f"{domain}.po"
                found[domain] = (read_po(po), locations(po)) if po.exists() else ([], {})
    finally:
        os.chdir(here)
    return found


def locations(path: Path) -> dict[tuple, list[str]]:
    """Each entry's source files (its "#: " lines), by (msgctxt, msgid)."""
    where: dict[tuple, list[str]] = {}
    current: list[str] = []
    context = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#: "):
            current += line[3:].split()
        elif line.startswith("msgctxt "):
            context = ast.literal_eval(line[8:])
        elif line.startswith("msgid "):
            key = (context, ast.literal_eval(line[6:]))
            where[key] = current
            current, context = [], None
    return where


def problems(entries: list[Entry], where: dict) -> list[str]:
    found = []
    for entry in entries:
        if entry.msgid == "" or entry.obsolete:
            continue
        files = [location.split(":")[0] for location in where.get(entry.key, [])]
        if not any(is_covered(file) for file in files):
            continue
        if entry.fuzzy:
            found.append(f"fuzzy (its English changed?): {entry.msgid!r} in {files}")
        elif not entry.translated:
            found.append(f"not translated: {entry.msgid!r} in {files}")
    return found


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_marked_message_is_in_swedish(gathered, domain):
    """Every message the covered code marks is in the Swedish catalogue, translated and
    not fuzzy (run ``make messages`` and translate what it added)."""
    entries, where = gathered[domain]
    found = problems(entries, where)
    assert not found, "\n".join(found)


def test_the_catalogue_check_sees_a_missing_translation():
    where = {
        (None, "Roll"): ["templates/_base.html"],
        (None, "Push"): ["bench/tables.py"],
    }
    entries = [
        Entry(msgid="Roll", msgstr={0: ""}),
        Entry(msgid="Push", msgstr={0: ""}),  # not covered: the bench's words are no page's
    ]
    assert problems(entries, where) == ["not translated: 'Roll' in ['templates/_base.html']"]
    fuzzy = Entry(msgid="Roll", msgstr={0: "Slå"}, flags={"fuzzy"})
    assert problems([fuzzy], where)[0].startswith("fuzzy")
    assert problems([Entry(msgid="Roll", msgstr={0: "Slå"})], where) == []


PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\w*\}")


def misplaced(entries: list[Entry]) -> list[str]:
    """Translations naming a placeholder their English does not (formatting it is a
    KeyError, or the placeholder shows as it is), or, without a plural, leaving one out."""
    found = []
    for entry in entries:
        if entry.msgid == "" or entry.obsolete or not entry.translated:
            continue
        english = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        for text in entry.msgstr.values():
            named = set(PLACEHOLDER.findall(text))
            if not named <= english or (entry.msgid_plural is None and named != english):
                found.append(f"{entry.msgid!r} -> {text!r}")
    return found


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_translation_names_the_placeholders_of_its_english(domain):
    assert not misplaced(read_po(LOCALE / "sv" / "LC_MESSAGES" / f"{domain}.po"))


def test_the_placeholder_check_sees_a_stray_or_missing_one():
    stray = Entry(msgid="Exhaustion", msgstr={0: "utmattning %(n)s"})
    lost = Entry(msgid="%(n)s rounds", msgstr={0: "rundor"})
    plural = Entry(msgid="a base-die 1", msgid_plural="%(n)s base-die 1s",
                   msgstr={0: "en 1:a", 1: "%(n)s 1:or"})  # fmt: skip
    assert misplaced([stray, lost, plural]) == [
        "'Exhaustion' -> 'utmattning %(n)s'", "'%(n)s rounds' -> 'rundor'",
    ]  # fmt: skip


def test_the_committed_catalogue_is_whole_and_compiles(tmp_path):
    """The committed .po parses, has the Swedish plural rule, and compiles to a .mo that
    Python's gettext reads with the same translations (plurals and contexts too)."""
    po = LOCALE / "sv" / "LC_MESSAGES" / "django.po"
    entries = read_po(po)
    header = entries[0]
    assert header.msgid == "" and "nplurals=2; plural=(n != 1);" in header.msgstr[0]
    mo = tmp_path / "django.mo"
    write_mo(entries, mo)
    with mo.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)
    assert catalogue.gettext("Log in") == "Logga in"
    assert catalogue.ngettext("%(count)d minute", "%(count)d minutes", 1) == "%(count)d minut"
    assert catalogue.ngettext("%(count)d minute", "%(count)d minutes", 5) == "%(count)d minuter"


def test_the_compiler_leaves_out_fuzzy_and_empty_entries(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        '#, fuzzy\nmsgid "Push"\nmsgstr "Pressa"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgctxt "die"\nmsgid "Skill"\nmsgstr "Färdighet"\n\n'
        'msgid "one \\"die\\""\nmsgid_plural "%(n)d dice"\nmsgstr[0] "en \\"tärning\\""\n'
        'msgstr[1] "%(n)d tärningar"\n',
        encoding="utf-8",
    )
    mo = tmp_path / "x.mo"
    write_mo(read_po(po), mo)
    with mo.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)
    assert catalogue.gettext("Push") == "Push"  # fuzzy: left out, as msgfmt does
    assert catalogue.gettext("Empty") == "Empty"
    assert catalogue.pgettext("die", "Skill") == "Färdighet"
    assert catalogue.ngettext('one "die"', "%(n)d dice", 1) == 'en "tärning"'
    assert catalogue.ngettext('one "die"', "%(n)d dice", 3) == "%(n)d tärningar"
