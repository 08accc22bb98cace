"""Slots' own words in the reader's language: slot names, slot kinds, conditions, gear
tags, idea kinds, check names, outcomes and the built-in peoples (issue 30).

They are stored and compared in English (a people's slot names are rows an admin may
edit; a condition is a slug in a mark row; the engine reads tags by name), so they are
put into words only where they are shown. Each has a context: "pack" the slot's name is
not "pack" elsewhere, "fire" the condition is not a command. The contexts are the ones
the pure engine names in stored sayings (sheets/systems/slots/dice/sheet.py); a name
the catalogue does not know (an admin's own people) is shown as it was typed.
"""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from sheets.systems.slots.dice import sheet as engine

SLOT_NAMES = (
    pgettext_lazy("Slots slot name", "head"),
    pgettext_lazy("Slots slot name", "upper torso"),
    pgettext_lazy("Slots slot name", "lower torso"),
    pgettext_lazy("Slots slot name", "legs and feet"),
    pgettext_lazy("Slots slot name", "arm and hand"),
    pgettext_lazy("Slots slot name", "grip"),
    pgettext_lazy("Slots slot name", "pack"),
    pgettext_lazy("Slots slot name", "torso"),
    pgettext_lazy("Slots slot name", "legs"),
    pgettext_lazy("Slots slot name", "arms"),
    pgettext_lazy("Slots slot name", "sack"),
)
KINDS = {
    "body": pgettext_lazy("Slots slot kind", "Body"),
    "grip": pgettext_lazy("Slots slot kind", "Grip"),
    "pack": pgettext_lazy("Slots slot kind", "Pack"),
}
CONDITIONS = {
    "bleeding": pgettext_lazy("Slots condition", "bleeding"),
    "corruption": pgettext_lazy("Slots condition", "corruption"),
    "disease": pgettext_lazy("Slots condition", "disease"),
    "exhaustion": pgettext_lazy("Slots condition", "exhaustion"),
    "fire": pgettext_lazy("Slots condition", "fire"),
    "hunger": pgettext_lazy("Slots condition", "hunger"),
    "ice": pgettext_lazy("Slots condition", "ice"),
    "poison": pgettext_lazy("Slots condition", "poison"),
    "suffocation": pgettext_lazy("Slots condition", "suffocation"),
    "terror": pgettext_lazy("Slots condition", "terror"),
}
TAGS = {
    "heavy": pgettext_lazy("Slots gear tag", "heavy"),
    "noisy": pgettext_lazy("Slots gear tag", "noisy"),
    "smelly": pgettext_lazy("Slots gear tag", "smelly"),
    "rigid": pgettext_lazy("Slots gear tag", "rigid"),
    "flammable": pgettext_lazy("Slots gear tag", "flammable"),
    "blunt": pgettext_lazy("Slots gear tag", "blunt"),
    "sharp": pgettext_lazy("Slots gear tag", "sharp"),
    "cushioning": pgettext_lazy("Slots gear tag", "cushioning"),
    "fragile": pgettext_lazy("Slots gear tag", "fragile"),
    "heavy armor": pgettext_lazy("Slots gear tag", "heavy armor"),
    "light armor": pgettext_lazy("Slots gear tag", "light armor"),
    "shield": pgettext_lazy("Slots gear tag", "shield"),
    "weapon": pgettext_lazy("Slots gear tag", "weapon"),
}
IDEA_KINDS = {
    "spell": pgettext_lazy("Slots idea kind", "spell"),
    "bond": pgettext_lazy("Slots idea kind", "bond"),
    "devotion": pgettext_lazy("Slots idea kind", "devotion"),
    "interest": pgettext_lazy("Slots idea kind", "interest"),
}
CHECKS = {
    "traverse": pgettext_lazy("Slots check", "traverse"),
    "sneak": pgettext_lazy("Slots check", "sneak"),
    "block": pgettext_lazy("Slots check", "block"),
    "dodge": pgettext_lazy("Slots check", "dodge"),
    "concentrate": pgettext_lazy("Slots check", "concentrate"),
    "beseech": pgettext_lazy("Slots check", "beseech"),
    "morale": pgettext_lazy("Slots check", "morale"),
    "grit": pgettext_lazy("Slots check", "grit"),
    "insanity": pgettext_lazy("Slots check", "insanity"),
    "fall": pgettext_lazy("Slots check", "fall"),
    # the attacks a block or dodge answers
    "strike": pgettext_lazy("Slots check", "strike"),
    "missile": pgettext_lazy("Slots check", "missile"),
    "grab": pgettext_lazy("Slots check", "grab"),
    "blast": pgettext_lazy("Slots check", "blast"),
}
OUTCOMES = (
    pgettext_lazy("Slots outcome", "fails"),
    pgettext_lazy("Slots outcome", "moves safely"),
    pgettext_lazy("Slots outcome", "stumbles"),
    pgettext_lazy("Slots outcome", "unnoticed"),
    pgettext_lazy("Slots outcome", "noticed"),
    pgettext_lazy("Slots outcome", "blocked"),
    pgettext_lazy("Slots outcome", "resisted"),
    pgettext_lazy("Slots outcome", "dodged"),
    pgettext_lazy("Slots outcome", "keeps concentration"),
    pgettext_lazy("Slots outcome", "loses concentration"),
    pgettext_lazy("Slots outcome", "answered"),
    pgettext_lazy("Slots outcome", "unanswered"),
    pgettext_lazy("Slots outcome", "holds firm"),
    pgettext_lazy("Slots outcome", "flees, surrenders or cowers"),
    pgettext_lazy("Slots outcome", "stays conscious"),
    pgettext_lazy("Slots outcome", "falls unconscious"),
    pgettext_lazy("Slots outcome", "keeps their will"),
    pgettext_lazy("Slots outcome", "acts against their will"),
    pgettext_lazy("Slots outcome", "unharmed"),
    pgettext_lazy("Slots outcome", "cushioned"),
    pgettext_lazy("Slots outcome", "open wound"),
    pgettext_lazy("Slots outcome", "closed wound"),
    pgettext_lazy("Slots outcome", "reopened wound"),
    pgettext_lazy("Slots outcome", "bleeding worsens"),
    pgettext_lazy("Slots outcome", "hurt"),
)
PEOPLES = (
    pgettext_lazy("Slots people", "Human"),
    pgettext_lazy("Slots people", "Goblin"),
)

assert engine.SLOT_NAME == "Slots slot name" and engine.CONDITION == "Slots condition"
assert engine.OUTCOME == "Slots outcome" and engine.CHECK_NAME == "Slots check"


def slot_name(name: str) -> str:
    return pgettext("Slots slot name", name) if name else ""


def kind(value: str) -> str:
    return str(KINDS.get(value, value))


def condition(value: str) -> str:
    return str(CONDITIONS.get(value, value)) if value else ""


def tag(value: str) -> str:
    return str(TAGS.get(value, value))


def tags(text: str) -> str:
    """A stored "sharp, weapon" in words."""
    return ", ".join(tag(t.strip()) for t in text.split(",") if t.strip())


def idea_kind(value: str) -> str:
    return str(IDEA_KINDS.get(value, value))


def check(value: str) -> str:
    return str(CHECKS.get(value, value))


def outcome(value: str) -> str:
    return pgettext("Slots outcome", value) if value else ""


def people(value) -> str:
    """A people's name: the built-in ones in the reader's words, an admin's as typed."""
    name = str(value)
    return pgettext("Slots people", name) if name else ""
