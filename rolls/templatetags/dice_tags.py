"""Drawing dice: what a die's face did (success, bane), and a legend of the kinds shown."""

from django import template

register = template.Library()

# What ``Die.counts`` says of a bad face, in the words the dice engines use.
BANE_WORDS = ("bane", "trauma", "gear damage", "misfire", "cancels", "explosion", "jam",
              "failure", "fails", "reliability", "stress", "wound")  # fmt: skip


def die_mark(die) -> str:
    """ "success", "bane" or "" for a die (a dict from ``rolls.dice.core.as_data``)."""
    counts = str(die.get("counts") or "").lower()
    if "success" in counts and "cancels" not in counts:
        return "success"
    if any(word in counts for word in BANE_WORDS):
        return "bane"
    return ""


@register.filter
def mark(die) -> str:
    return die_mark(die)


@register.simple_tag
def dice_legend(*groups):
    """The kinds of dice shown (each once, in order) and whether any success or bane
    faces are, for the legend under a roll: ``{"kinds": [...], "success": bool, ...}``."""
    kinds, success, bane, rerolled = [], False, False, False
    for dice in groups:
        for die in dice or ():
            kind = die.get("kind", "")
            if kind and kind not in kinds:
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
