"""How a throw's dice are drawn (rolls.templatetags.dice_tags.dice_list): each die's
kind, size and face, what the face did, and what a push did to it, for the eye (classes,
marks) and for screen readers (the hidden sentence)."""

import re

from django.utils import translation

from rolls.spoken import spoken_die
from rolls.templatetags.dice_tags import dice_legend, dice_list, die_kind
from tests.rolls.swedish import swedish_words


def items(html: str) -> list[str]:
    return re.findall(r"<li .*?</li>", html)


def test_a_success_on_a_base_d6_kept_by_a_push():
    (die,) = items(dice_list([{"kind": "base", "size": 6, "face": 6, "counts": "success"}], True))
    assert 'class="die die-base die-d6 die-success die-kept"' in die
    assert 'title="base d6: 6 (success), kept"' in die
    assert "&#9733;" in die and "die-size" not in die  # a star; d6 is the default size
    assert '<span class="visually-hidden">base die shows 6: success, kept</span>' in die


def test_a_bane_rerolled_on_a_d8_names_its_size_and_the_push():
    dice = [{"kind": "gear slot", "size": 8, "face": 1, "counts": "bane", "rerolled": True}]
    (die,) = items(dice_list(dice))
    assert 'class="die die-gear-slot die-d8 die-bane die-rerolled"' in die
    assert 'title="gear slot d8: 1 (bane), re-rolled by the push"' in die
    assert '<span class="die-size" aria-hidden="true">d8</span>' in die and "&#9760;" in die
    assert "gear slot die d8 shows 1: bane, re-rolled</span>" in die


def test_a_plain_face_is_unmarked_and_text_is_escaped():
    html = dice_list([{"kind": "<b>", "size": 12, "face": 7, "counts": ""}], small=True)
    assert html.startswith('<ul class="dice dice-small" aria-label="Dice">')
    (die,) = items(html)
    assert "die-mark" not in die and "die-kept" not in die
    assert "<b>" not in die and "&lt;b&gt; die d12 shows 7</span>" in die


def test_no_dice_draw_nothing():
    assert dice_list([]) == "" and dice_list(None) == ""


def test_the_legend_draws_no_blank_swatch_for_dice_named_by_their_size_alone():
    t2k = [{"kind": "d8", "size": 8, "face": 2}, {"kind": "ammo", "size": 6, "face": 6}]
    assert dice_legend(t2k)["kinds"] == ["ammo"]
    assert dice_legend([{"kind": "d12", "size": 12, "face": 3}])["kinds"] == []


def test_a_swedish_reader_reads_the_kind_in_swedish_and_the_class_stays_english():
    words = {"die kind\x04base": "grund", "die kind\x04ammo": "ammunition"}
    with swedish_words(words), translation.override("sv"):
        (die,) = items(dice_list([{"kind": "base", "size": 6, "face": 3, "counts": ""}]))
        assert 'class="die die-base die-d6"' in die  # the style is the stored kind's
        assert 'title="grund d6: 3"' in die and ">base" not in die
        assert spoken_die({"kind": "ammo", "size": 6, "face": 2}) == "ammunition 2"
        # a kind the table does not know (T2K's "d8", a name) is shown as it is
        assert spoken_die({"kind": "d8", "size": 8, "face": 5}) == "d8 d8 5"
        legend = dice_legend([{"kind": "base", "size": 6, "face": 6, "counts": ""}])
        assert [die_kind(kind) for kind in legend["kinds"]] == ["grund"]


def test_a_die_drawn_again_is_drawn_for_its_reader_and_what_the_push_did():
    """The same face drawn again comes from the drawn dice: in each reader's language,
    and kept, re-rolled or plain as the throw says."""
    die = {"kind": "base", "size": 6, "face": 4, "counts": ""}
    with swedish_words({"die kind\x04base": "grund"}):
        english = dice_list([die])
        with translation.override("sv"):
            assert 'title="grund d6: 4"' in dice_list([die])
        assert dice_list([die]) == english and 'title="base d6: 4"' in english
        assert "die-kept" in dice_list([die], True) and "die-kept" not in dice_list([die])
        rerolled = dice_list([{**die, "rerolled": True}], True)
        assert "die-rerolled" in rerolled and "die-kept" not in rerolled
        assert "die-d8" in dice_list([{**die, "size": 8}])  # its size is its own
