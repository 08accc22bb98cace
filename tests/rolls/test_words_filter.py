"""``{{ value|words }}`` (rolls/templatetags/words.py): a stored roll's words in the
reader's language; old plain strings as they were; a catalogue's mistake shows the
English rather than breaking the page."""

import pytest
from django.template import Context, Template
from django.utils import translation

from sheets.systems.dice.words import say, say_in, say_n
from tests.rolls.swedish import swedish  # noqa: F401  (a fixture)


def shown(value) -> str:
    return Template("{% load words %}{{ value|words }}").render(Context({"value": value}))


@pytest.mark.usefixtures("swedish")
def test_a_saying_reads_in_english_by_default_and_in_swedish_for_a_swedish_reader():
    with translation.override("en"):
        assert shown(say("%(count)s successes", count=3)) == "3 successes"
    assert shown(say("%(count)s successes", count=3)) == "3 lyckanden"


@pytest.mark.usefixtures("swedish")
def test_a_plural_takes_the_form_of_its_count():
    assert shown(say_n("%(n)s success", "%(n)s successes", 1)) == "1 lyckande"
    assert shown(say_n("%(n)s success", "%(n)s successes", 4)) == "4 lyckanden"
    with translation.override("en"):
        assert shown(say_n("%(n)s success", "%(n)s successes", 1)) == "1 success"
        assert shown(say_n("%(n)s success", "%(n)s successes", 4)) == "4 successes"


@pytest.mark.usefixtures("swedish")
def test_a_saying_inside_a_saying_is_put_into_words_too():
    trauma = say("%(attribute)s trauma", attribute=say("Strength"))
    assert shown(trauma) == "trauma på Styrka"
    with translation.override("en"):
        assert shown(trauma) == "Strength trauma"


@pytest.mark.usefixtures("swedish")
def test_a_saying_with_a_context_takes_that_contexts_translation():
    """One English word, two Swedish ones: MYZ's Agility is Kyla, Twilight's Smidighet."""
    mutant = say("%(attribute)s trauma", attribute=say_in("Mutant: Year Zero attribute", "Agility"))
    assert shown(mutant) == "trauma på Kyla"
    assert shown(say("%(attribute)s trauma", attribute=say("Agility"))) == "trauma på Smidighet"
    with translation.override("en"):
        assert shown(mutant) == "Agility trauma"


@pytest.mark.usefixtures("swedish")
def test_a_list_is_joined_and_each_part_translated():
    assert shown([say("Fight"), "Ghoul", say("Strength")]) == "Slåss, Ghoul, Styrka"


@pytest.mark.usefixtures("swedish")
def test_old_plain_strings_and_empties_show_as_they_were():
    assert shown("2 successes") == "2 successes"  # a row stored before sayings
    assert shown(None) == "" and shown(7) == "7"


@pytest.mark.usefixtures("swedish")
def test_a_bad_catalogue_entry_shows_the_english_and_does_not_break():
    assert shown(say("%(skill)s roll", skill="Fight")) == "Fight roll"


@pytest.mark.usefixtures("swedish")
def test_values_are_escaped_in_a_template():
    assert shown(say("%(attribute)s trauma", attribute="<b>x</b>")) == (
        "trauma på &lt;b&gt;x&lt;/b&gt;"
    )
