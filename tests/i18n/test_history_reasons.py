"""A history reason is stored in English and read on the history page in the reader's
language (sheets/reasons.py, sheets/history.py ``reason_words``). CI fails on a reason
stored as an f-string or a literal the catalogue cannot put into Swedish, and on a
marked reason whose Swedish does not come back from what is stored."""

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import pgettext

from sheets.history import reason_words
from sheets.models import SlotsItem
from sheets.reasons import CONTEXT
from tests.factories_slots import SlotsSheetFactory

ROOT = Path(__file__).resolve().parents[2]
PART = re.compile(r"%\((\w+)\)s")
# where a reason is given to be stored: x._change_reason = R, changes.save(R) (a roll's
# changes, sheets/systems/*/rules and rolls/systems/*/actions), _save(row, R) and
# _apply(sheet, change, R) (the Slots grid), advance_clock(..., why=R) (Agents' clock),
# restore(..., reason=R)
SAVERS = {"changes", "theirs", "self"}


def python_files():
    for folder in ("sheets", "rolls"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def stored_reasons(tree):
    """(line, expression) of each reason given to be stored in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "_change_reason":
                    yield node.lineno, node.value
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        receiver = getattr(func.value, "id", None) if isinstance(func, ast.Attribute) else None
        if name == "save" and receiver in SAVERS and node.args:
            yield node.lineno, node.args[0]
        elif name == "_save" and len(node.args) == 2:
            yield node.lineno, node.args[1]
        elif name == "_apply" and len(node.args) == 3:
            yield node.lineno, node.args[2]
        for keyword in node.keywords:
            if (name, keyword.arg) in (("restore", "reason"), ("advance_clock", "why")):
                yield node.lineno, keyword.value


def branches(expression):
    if isinstance(expression, ast.IfExp):
        yield from branches(expression.body)
        yield from branches(expression.orelse)
    else:
        yield expression


def marked_reasons():
    """Every message marked ``pgettext_noop("history reason", ...)`` in sheets and rolls."""
    found = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "pgettext_noop"
                and len(node.args) == 2
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == CONTEXT
            ):
                found.append(node.args[1].value)
    return found


def test_no_reason_is_stored_in_a_shape_the_history_page_cannot_read():
    unreadable = []
    for path in python_files():
        where = path.relative_to(ROOT).as_posix()
        for line, expression in stored_reasons(ast.parse(path.read_text())):
            for branch in branches(expression):
                if isinstance(branch, ast.JoinedStr):
                    unreadable.append(f"{where}:{line} an f-string: mark a shape instead")
                elif isinstance(branch, ast.Constant) and isinstance(branch.value, str):
                    with translation.override("sv"):
                        if branch.value and reason_words(branch.value) == branch.value:
                            unreadable.append(f"{where}:{line} {branch.value!r} reads English")
    assert not unreadable, unreadable


def test_the_scan_finds_the_reasons_it_is_meant_to():
    """The scan above reads what it should: the Slots grid's and a Twilight attack's."""
    views = ast.parse((ROOT / "sheets/systems/slots/views.py").read_text())
    assert len(list(stored_reasons(views))) >= 12
    combat = (ROOT / "rolls/systems/twilight/actions/combat.py").read_text()
    kinds = {type(expression).__name__ for _line, expression in stored_reasons(ast.parse(combat))}
    assert "BinOp" in kinds  # a marked shape filled with %
    bad = ast.parse('changes.save(f"Attack with {weapon}")\nrow._change_reason = "zzz"')
    assert [type(e).__name__ for _line, e in stored_reasons(bad)] == ["Constant", "JoinedStr"]


def test_every_marked_reason_reads_swedish_from_what_is_stored():
    messages = marked_reasons()
    assert len(messages) >= 40  # the Slots grid, MYZ, Twilight and Agents reasons
    wrong = []
    for message in messages:
        parts = {name: f"Ä{index}" for index, name in enumerate(PART.findall(message))}
        stored = message % parts if parts else message
        with translation.override("sv"):
            swedish = pgettext(CONTEXT, message)
            read = reason_words(stored)
        if swedish == message and message not in SAME_IN_SWEDISH:
            wrong.append(f"{message!r} has no Swedish")
        elif read != (swedish % parts if parts else swedish):
            wrong.append(f"{stored!r} reads {read!r}")
    assert not wrong, wrong


SAME_IN_SWEDISH = {"Stim"}  # the drug's name (docs/glossary-sv.md)


def test_a_shape_finds_its_parts_and_a_part_the_catalogue_knows_reads_swedish():
    with translation.override("sv"):
        assert reason_words("moved to gear slot 8") == "flyttat till utrustningsplats 8"
        # a skill's English label is a part the catalogue knows
        assert reason_words("Raise Research") == "Höj Efterforskning"
        assert reason_words("Something nobody marked") == "Something nobody marked"
    with translation.override("en"):
        assert reason_words("moved to gear slot 8") == "moved to gear slot 8"


@pytest.mark.django_db
def test_the_slots_grid_history_reads_swedish(player_client, player, party):
    sheet = SlotsSheetFactory(character__owner=player, character__party=party)
    url = reverse("slots_item_add", args=[sheet.character.pk])
    player_client.post(url, {"slot": "9", "name": "Lykta"}, headers={"HX-Request": "true"})
    item = SlotsItem.objects.get()
    move = reverse("slots_item_move", args=[sheet.character.pk, item.pk])
    player_client.post(move, {"to": "8"}, headers={"HX-Request": "true"})
    assert item.history.first().history_change_reason == "moved to gear slot 8"  # English
    history = reverse("character_history", args=[sheet.character.pk])
    page = player_client.get(history, headers={"Accept-Language": "sv"}).text
    assert "flyttat till utrustningsplats 8" in page and "föremål tillagt" in page
    assert "moved to gear slot" not in page and "item added" not in page


def test_time_passing_is_stored_in_the_form_its_count_needs_and_read_so():
    from sheets.systems.slots.reasons import time_passed

    assert [time_passed("round", n) for n in (1, 3)] == ["A round passes", "3 rounds pass"]
    assert time_passed("try", 2) == "2 tries pass"
    with translation.override("sv"):
        assert reason_words(time_passed("round", 1)) == "En runda går"
        assert reason_words(time_passed("round", 4)) == "4 rundor går"
        assert reason_words(time_passed("try", 2)) == "2 försök går"
