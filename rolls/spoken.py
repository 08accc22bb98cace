"""A roll as a screen reader hears it, in one line: what was rolled, the dice, the
outcome and what changed on the sheet. The roll dialog says it once through its status
region (static/js/access.js) instead of reading the whole result card."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rolls.models import in_words


def spoken_die(die: dict) -> str:
    """ "base 6 success", "skill d10 3", "gear 1 gear damage, re-rolled"."""
    size = die.get("size")
    kind = die.get("kind")
    # a die's kind in the reader's words (rolls.templatetags.dice_tags.DIE_KIND)
    words = [pgettext("kind of die", str(kind)) if kind else _("die")]
    if size and size != 6:
        words.append(f"d{size}")
    words.append(str(die.get("face")))
    if die.get("counts"):
        counts = die["counts"]
        words.append(_(counts) if isinstance(counts, str) else in_words(counts))
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
