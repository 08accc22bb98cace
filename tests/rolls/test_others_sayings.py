"""Agents, Zombiepocalypse and slots store a roll's words as sayings (issue 30): they read
as the same English as before, in Swedish once translated, and rows stored before
sayings (plain text) keep working where the code reads them back."""

from types import SimpleNamespace

from django.utils import translation
from django.utils.translation import gettext, ngettext

from rolls.systems.slots.actions.checks import _edge_words
from rolls.systems.slots.actions.confirming import _drop_suggested
from rolls.systems.zombie.actions import outcome_text
from sheets.systems.dice.core import ScriptedRNG
from sheets.systems.dice.words import put_into_words, say
from sheets.systems.zombie.dice import rules as zombie


def test_a_zombie_outcome_reads_as_the_english_it_replaced():
    setup = zombie.player_check(difficulty=zombie.difficulty({}), complexity=2)
    check = zombie.roll_check(ScriptedRNG([6, 2]), setup)
    assert put_into_words(outcome_text(check)) == "Failed: roll 2 of 2 failed (1 succeeded)"


def test_slots_edge_words_count_advantages_with_plurals():
    rolled = SimpleNamespace(faces=(3, 7, 9), size=12, advantages=2, disadvantages=1,
                             chooser="player")  # fmt: skip
    assert put_into_words(_edge_words(rolled)) == (
        "3 d12: 2 advantages, 1 disadvantage (the player picks)"
    )


def test_confirming_drops_the_suggestion_from_a_saying_and_from_an_old_plain_row():
    new = SimpleNamespace(
        outcome="resisted (suggested)",
        result={"words": {"outcome": say("%(outcome)s (suggested)", outcome="resisted"),
                          "label": say("Gear (%(check)s)", check="block")}},
    )  # fmt: skip
    _drop_suggested(new)
    assert new.outcome == "resisted"
    assert "outcome" not in new.result["words"] and "label" in new.result["words"]
    old = SimpleNamespace(outcome="resisted (suggested)", result={})
    _drop_suggested(old)
    assert old.outcome == "resisted"


def test_a_saying_is_put_into_the_active_language_when_read():
    saying = say("Roll %(n)s", n=2)
    with translation.override("en"):
        assert put_into_words(saying, gettext, ngettext) == "Roll 2"
