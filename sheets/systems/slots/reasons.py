"""The history reasons the Slots sheet stores (in English, read in the reader's
language by sheets/reasons.py): one message for each, marked "history reason"."""

from sheets.reasons import pgettext_noop

ITEM_ADDED = pgettext_noop("history reason", "item added")
ITEM_REMOVED = pgettext_noop("history reason", "item removed")
ITEM_MOVED = pgettext_noop("history reason", "moved to gear slot %(slot)s")
ITEM_BROKE = pgettext_noop("history reason", "a fragile item broke")
IDEA_ADDED = pgettext_noop("history reason", "idea added")
IDEA_REMOVED = pgettext_noop("history reason", "idea removed")
IDEA_MOVED = pgettext_noop("history reason", "moved to focus slot %(slot)s")
IDEAS_SWAPPED = pgettext_noop("history reason", "swapped with focus slot %(slot)s")
PACK_DROPPED = pgettext_noop("history reason", "pack dropped")
PACK_PICKED_UP = pgettext_noop("history reason", "pack picked up")
WAKES_UP = pgettext_noop("history reason", "wakes up")
WOUND_TREATED = pgettext_noop("history reason", "wound treated")
WOUND_HEALED = pgettext_noop("history reason", "wound healed")
CONDITION_REMOVED = pgettext_noop("history reason", "condition removed")
BY_THE_RULES = pgettext_noop("history reason", "the rules' effects")
CLOCK_SET = pgettext_noop("history reason", "Set by the GM")
A_ROUND_PASSES = pgettext_noop("history reason", "A round passes")
A_TRY_PASSES = pgettext_noop("history reason", "A try passes")
ROUNDS_PASS = pgettext_noop("history reason", "%(count)s rounds pass")
TRIES_PASS = pgettext_noop("history reason", "%(count)s tries pass")

# a wound taken, by its kind; a condition marked, by its name (a slug of the mark row)
WOUND_TAKEN = {
    "open": pgettext_noop("history reason", "open wound"),
    "closed": pgettext_noop("history reason", "closed wound"),
}
CONDITION_MARKED = {
    "bleeding": pgettext_noop("history reason", "bleeding marked"),
    "corruption": pgettext_noop("history reason", "corruption marked"),
    "disease": pgettext_noop("history reason", "disease marked"),
    "exhaustion": pgettext_noop("history reason", "exhaustion marked"),
    "fire": pgettext_noop("history reason", "fire marked"),
    "hunger": pgettext_noop("history reason", "hunger marked"),
    "ice": pgettext_noop("history reason", "ice marked"),
    "poison": pgettext_noop("history reason", "poison marked"),
    "suffocation": pgettext_noop("history reason", "suffocation marked"),
    "terror": pgettext_noop("history reason", "terror marked"),
}


def time_passed(span: str, count: int) -> str:
    """The reason for ``count`` rounds (or tries) passing at once. A stored reason is one
    English sentence, so its plural is English's: one of two messages by the count,
    each translated whole (Swedish counts the same way)."""
    if span == "round":
        return A_ROUND_PASSES if count == 1 else ROUNDS_PASS % {"count": count}
    return A_TRY_PASSES if count == 1 else TRIES_PASS % {"count": count}
