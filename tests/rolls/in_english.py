"""A roll action's result with its sayings (``sheets.systems.dice.words``) put into
English, for tests that compare the text a reader sees (issue 30: the actions store
sayings; the page renders them in the reader's language, English by default)."""

import dataclasses

from sheets.systems.dice.words import put_into_words as words


def english_result(result: dict) -> dict:
    """A stored result's lines, rule, notes, odds, choices and dice-group labels in English."""
    result = dict(result)
    for key in ("lines", "push_odds"):
        if key in result:
            result[key] = [[words(label), words(value)] for label, value in result[key]]
    if "choices" in result:
        result["choices"] = [[value, words(label)] for value, label in result["choices"]]
    for key in ("rule", "push_side"):
        if key in result:
            result[key] = words(result[key])
    if "notes" in result:
        result["notes"] = [words(note) for note in result["notes"]]
    if "dice_groups" in result:
        result["dice_groups"] = [
            {**group, "label": words(group["label"])} for group in result["dice_groups"]
        ]
    return result


def english(rolled):
    """A ``Rolled`` as an English reader sees it: label, outcome, result, effect notes."""
    return dataclasses.replace(
        rolled,
        label=words(rolled.label),
        outcome=words(rolled.outcome),
        result=english_result(rolled.result),
        effects=[{**effect, "note": words(effect.get("note", ""))} for effect in rolled.effects],
    )
