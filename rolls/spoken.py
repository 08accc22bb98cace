"""A roll as a screen reader hears it, in one line: what was rolled, the dice, the
outcome and what changed on the sheet. The roll dialog says it once through its status
region (static/js/access.js) instead of reading the whole result card."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from rolls.models import in_words

# The kinds of dice the engines store (``Die.kind``, English words kept as data: the
# page's CSS classes are made from them), in the reader's words when shown.
# Translators: a kind of die, shown beside the die ("base d6: 4") and in the legend
DIE_KINDS = {
    "die": pgettext_lazy("die kind", "die"),
    "base": pgettext_lazy("die kind", "base"),
    "skill": pgettext_lazy("die kind", "skill"),
    "gear": pgettext_lazy("die kind", "gear"),
    "negative": pgettext_lazy("die kind", "negative"),
    "ammo": pgettext_lazy("die kind", "ammo"),
    "hit location": pgettext_lazy("die kind", "hit location"),
    "hit-location": pgettext_lazy("die kind", "hit location"),
    "check": pgettext_lazy("die kind", "check"),
    "zombie": pgettext_lazy("die kind", "zombie"),
    "opponent": pgettext_lazy("die kind", "opponent"),
    "burn": pgettext_lazy("die kind", "burn"),
    "hours": pgettext_lazy("die kind", "hours"),
    "player": pgettext_lazy("die kind", "player"),
    "referee": pgettext_lazy("die kind", "referee"),
    "damage": pgettext_lazy("die kind", "damage"),
    "extra damage": pgettext_lazy("die kind", "extra damage"),
    "interruption": pgettext_lazy("die kind", "interruption"),
    "healing": pgettext_lazy("die kind", "healing"),
    "trauma": pgettext_lazy("die kind", "trauma"),
    "afterlife": pgettext_lazy("die kind", "afterlife"),
    "gear-slot": pgettext_lazy("die kind", "gear slot"),
    "focus": pgettext_lazy("die kind", "focus"),
}


def kind_words(kind) -> str:
    """A die's kind in the reader's words: a known kind from ``DIE_KINDS``, a saying in
    words, anything else (a size such as T2K's "d8") as it is."""
    if isinstance(kind, str) and kind in DIE_KINDS:
        return str(DIE_KINDS[kind])
    return in_words(kind or "")


def count_words(counts) -> str:
    """What a die counted for in the reader's words: a saying, or an engine's plain
    English word ("success", "misfire": marked by the systems, e.g. MYZ's rules.py)."""
    if isinstance(counts, str):
        return _(counts) if counts else ""
    return in_words(counts)


def spoken_die(die: dict) -> str:
    """ "base 6 success", "skill d10 3", "gear 1 gear damage, re-rolled"."""
    size = die.get("size")
    words = [kind_words(die.get("kind") or "die")]
    if size and size != 6:
        words.append(f"d{size}")
    words.append(str(die.get("face")))
    if die.get("counts"):
        words.append(count_words(die["counts"]))
    said = " ".join(words)
    return _("%(die)s, re-rolled") % {"die": said} if die.get("rerolled") else said


def all_dice(result: dict) -> list[dict]:
    if result.get("dice_groups"):
        return [die for group in result["dice_groups"] for die in group.get("dice") or ()]
    return list(result.get("dice") or ())


def spoken_roll(label: str, outcome: str, result: dict, effects: list, pushed: bool) -> str:
    """One line: "Pushed: Fight: 1 success. Dice: base 6 success, base 1. Sheet: ..."."""
    said_pushed = pushed and _("pushed") not in label.lower()  # most labels say it already
    line = _("%(label)s: %(outcome)s.") % {"label": label, "outcome": outcome}
    if said_pushed:
        line = _("Pushed: %(roll)s") % {"roll": line}
    dice = all_dice(result or {})
    if dice:
        line += " " + _("Dice: %(dice)s.") % {"dice": "; ".join(spoken_die(die) for die in dice)}
    changed = [in_words(e.get("note") or e.get("target") or "") for e in effects or ()]
    changed = [words for words in changed if words]
    if changed:
        line += " " + _("On the sheet: %(changes)s.") % {"changes": "; ".join(changed)}
    return line
