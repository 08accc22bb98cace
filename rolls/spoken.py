"""A roll as a screen reader hears it, in one line: what was rolled, the dice, the
outcome and what changed on the sheet. The roll dialog says it once through its status
region (static/js/access.js) instead of reading the whole result card."""

from __future__ import annotations


def spoken_die(die: dict) -> str:
    """ "base 6 success", "skill d10 3", "gear 1 gear damage, re-rolled"."""
    size = die.get("size")
    words = [str(die.get("kind") or "die")]
    if size and size != 6:
        words.append(f"d{size}")
    words.append(str(die.get("face")))
    if die.get("counts"):
        words.append(str(die["counts"]))
    said = " ".join(words)
    return said + ", re-rolled" if die.get("rerolled") else said


def all_dice(result: dict) -> list[dict]:
    if result.get("dice_groups"):
        return [die for group in result["dice_groups"] for die in group.get("dice") or ()]
    return list(result.get("dice") or ())


def spoken_roll(label: str, outcome: str, result: dict, effects: list, pushed: bool) -> str:
    """One line: "Pushed: Fight: 1 success. Dice: base 6 success, base 1. Sheet: ..."."""
    said_pushed = pushed and "pushed" not in label.lower()  # most labels say it already
    line = f"{'Pushed: ' if said_pushed else ''}{label}: {outcome}."
    dice = all_dice(result or {})
    if dice:
        line += " Dice: " + "; ".join(spoken_die(die) for die in dice) + "."
    changed = [str(e.get("note") or e.get("target") or "") for e in effects or ()]
    changed = [words for words in changed if words]
    if changed:
        line += " On the sheet: " + "; ".join(changed) + "."
    return line
