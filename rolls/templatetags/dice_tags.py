"""Drawing dice: what a die's face did (success, bane), and a legend of the kinds shown."""

import re

from django import template
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from config.form_renderer import escaped
from rolls.spoken import count_words, kind_words, spoken_roll
from sheets.systems.dice.words import put_into_words

register = template.Library()

# What ``Die.counts`` says of a bad face, in the words the dice engines use.
BANE_WORDS = ("bane", "trauma", "gear damage", "misfire", "cancels", "explosion", "jam",
              "failure", "fails", "reliability", "stress", "wound")  # fmt: skip


def die_mark(die) -> str:
    """ "success", "bane" or "" for a die (a dict from ``sheets.systems.dice.core.as_data``)."""
    counts = put_into_words(die.get("counts") or "").lower()  # the engines' English
    if "success" in counts and "cancels" not in counts:
        return "success"
    if any(word in counts for word in BANE_WORDS):
        return "bane"
    return ""


@register.filter
def die_kind(kind) -> str:
    """A die's kind in the reader's words (``rolls.spoken.kind_words``)."""
    return kind_words(kind)


@register.filter
def mark(die) -> str:
    return die_mark(die)


SIZE_ONLY = re.compile(r"^[dD]\d+$")  # a kind that only names the die (T2K's "d8")


@register.simple_tag
def dice_legend(*groups):
    """The kinds of dice shown (each once, in order) and whether any success or bane
    faces are, for the legend under a roll: ``{"kinds": [...], "success": bool, ...}``.
    A kind that only names the die's size (T2K's base dice) gets no swatch: the die
    shows its size, and a blank swatch read as a box to tick (as if to pick dice to push)."""
    kinds, success, bane, rerolled = [], False, False, False
    for dice in groups:
        for die in dice or ():
            kind = die.get("kind", "")
            if kind and kind not in kinds and not SIZE_ONLY.match(kind):
                kinds.append(kind)
            found = die_mark(die)
            success = success or found == "success"
            bane = bane or found == "bane"
            rerolled = rerolled or bool(die.get("rerolled"))
    return {"kinds": kinds, "success": success, "bane": bane, "rerolled": rerolled}


@register.filter
def all_dice(result) -> list:
    """Every die of a roll's result, whether grouped or not."""
    if result.get("dice_groups"):
        return [die for group in result["dice_groups"] for die in group.get("dice", ())]
    return list(result.get("dice") or ())


MARKS = {
    "success": '<span class="die-mark" aria-hidden="true">&#9733;</span>',
    "bane": '<span class="die-mark" aria-hidden="true">&#9760;</span>',
}


# A die's markup by what it shows and the reader's language: a roll's dice are drawn
# for its answer, its feed card and the GM's, each die's words looked up in the catalogue
# one by one (most of a roll's translations), and a table throws the same few faces all
# night. ``forget_drawn`` empties it (a test that changes a catalogue).
_drawn: dict[tuple, str] = {}
DRAWN_KEPT = 4_096


def forget_drawn() -> None:
    _drawn.clear()


def _die(die: dict, pushed: bool, language: str) -> str:
    shown = (die.get("kind", ""), die.get("face"), die.get("size"), die.get("counts") or "")
    key = (language, bool(pushed), bool(die.get("rerolled")), *map(repr, shown))
    drawn = _drawn.get(key)
    if drawn is None:
        if len(_drawn) >= DRAWN_KEPT:
            _drawn.clear()  # a fresh start beats bookkeeping: the faces come back
        drawn = _drawn[key] = _draw_die(die, pushed)
    return drawn


def _draw_die(die: dict, pushed: bool) -> str:
    kind, face = escaped(kind_words(die.get("kind", ""))), escaped(die.get("face"))
    size = escaped(die.get("size"))
    counts = escaped(count_words(die.get("counts") or ""))
    found = die_mark(die)
    css = f"die die-{slugify(die.get('kind', ''))} die-d{size}"
    if found:
        css += f" die-{found}"
    if die.get("rerolled"):
        css += " die-rerolled"
        after, said = ", " + _("re-rolled by the push"), ", " + _("re-rolled")
    elif pushed:
        css, after = css + " die-kept", ", " + _("kept")
        said = after
    else:
        after = said = ""
    title = f"{kind} d{size}: {face}" + (f" ({counts})" if counts else "") + after
    size_mark = name = ""
    if die.get("size") != 6:
        size_mark = f'<span class="die-size" aria-hidden="true">d{size}</span>'
        name = f" d{size}"
    heard = _("%(kind)s die%(size)s shows %(face)s") % {"kind": kind, "size": name, "face": face}
    heard += (f": {counts}" if counts else "") + said
    return (
        f'<li class="{css}" title="{title}"><span class="die-face" aria-hidden="true">'
        f"{face}</span>{size_mark}{MARKS.get(found, '')}"
        f'<span class="visually-hidden">{heard}</span></li>'
    )


@register.simple_tag
def dice_list(dice, pushed=False, small=False):
    """The dice of a throw as the page draws them (a card shows dozens: written here
    rather than as a template per die): each with its kind, size, face, what the face
    did (a star for a success, a skull for a bane), and whether a push re-rolled it."""
    if not dice:
        return ""
    language = get_language()  # the reader's, once for the throw
    items = "".join(_die(die, bool(pushed), language) for die in dice)
    css = "dice dice-small" if small else "dice"
    named = _("Dice")
    return mark_safe(f'<ul class="{css}" aria-label="{named}">{items}</ul>')


@register.filter
def spoken(roll) -> str:
    """A roll in one line for a screen reader (rolls.spoken): the dialog says it once."""
    return spoken_roll(
        roll.label_words, roll.outcome_words, roll.result, roll.effects, roll.is_push
    )
