"""The generic sheet side in another language (issue 30): what must not change with the
reader's language (the dashboard's order, a constraint's plain sentence, stored history
reasons) and what a dice refusal carries for the page to put into words."""

import pytest
from django.core.exceptions import ValidationError
from django.db.models import BaseConstraint
from django.utils import translation

from sheets import urgency
from sheets.editing.saving import RULE_BROKEN, constraint_messages
from sheets.history import reason_words
from sheets.history_access import in_english
from sheets.systems.dice.core import DiceError, require_face, require_int
from sheets.systems.dice.initiative import require_combatants
from sheets.systems.dice.words import say


def test_an_alert_given_as_a_saying_ranks_by_its_english_words():
    broken = say("%(attribute)s broken", attribute="Strength")
    assert urgency.alert_level(broken) == "hurt"
    assert urgency.alert_rank(broken) == urgency.alert_rank("Strength broken")
    assert urgency.ordered_alerts(["encumbered", broken]) == [broken, "encumbered"]


def test_django_s_constraint_message_becomes_the_plain_sentence_in_swedish_too():
    with translation.override("sv"):
        default = BaseConstraint.default_violation_error_message % {"name": "damage_lte"}
        assert not str(default).startswith("Constraint “")  # Django's own Swedish
        found = constraint_messages(ValidationError(default))
        assert found == [str(RULE_BROKEN)]
        # a constraint's own message is kept as it is
        assert constraint_messages(ValidationError("Damage is at most Strength.")) == [
            "Damage is at most Strength."
        ]


def test_a_dice_refusal_is_english_text_and_carries_its_saying():
    with pytest.raises(DiceError) as caught:
        require_int("base dice", "x", minimum=0)
    assert str(caught.value) == "base dice must be a whole number, not 'x'"
    assert caught.value.saying == {
        "say": "%(name)s must be a whole number, not %(value)s",
        "with": {"name": "base dice", "value": "'x'"},
    }
    with pytest.raises(DiceError) as caught:
        require_int("penalty", 2, maximum=0)
    assert str(caught.value) == "penalty cannot be positive (2)"
    with pytest.raises(DiceError) as caught:
        require_face(7, 6, "a base die")
    assert str(caught.value) == "a base die shows 1 to 6, not 7: that face cannot come up"
    with pytest.raises(DiceError) as caught:
        require_combatants(0)
    assert caught.value.saying == {"say": "a conflict needs at least one combatant"}
    assert DiceError("plain words").saying is None


def test_a_history_reason_is_stored_in_english_whatever_the_reader_s_language():
    label = translation.gettext_lazy("name")  # in Django's own Swedish catalogue
    with translation.override("sv"):
        assert str(label) != "name"
        assert in_english(label) == "name"
        # and read back in the reader's language, the label inside it too
        assert reason_words("Edited name").endswith(str(label))
        assert reason_words("Something a system wrote") == "Something a system wrote"
    assert reason_words("Edited name") == "Edited name"
    assert reason_words("Creation: Role") == "Creation: Role"
    assert reason_words("") == ""
