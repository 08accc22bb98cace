"""Reading a page as a Swedish player would (issue 30): what on it is still English.

``swedish`` (a fixture of tests/browser/conftest.py) opens pages in a browser whose
language is Swedish. ``english_left(page)`` reads every text of the page that a person
reads or hears, hidden ones included (a closed tab, a dialog not yet opened, a
``<template>`` the page will show): text nodes, and the title, aria-label, placeholder and
alt attributes and a button's value. It returns the ones that are still English:

- a text that is, whole, an English message of our catalogues (without a context) whose
  Swedish differs ("Strength" shown where "Styrka" should be): a marked string left
  untranslated where it is shown, or shown without its translation (stored English);
- a text holding an English word that no Swedish sentence holds ("the", "your"...):
  an unmarked sentence.

Text a player typed (a name, a note) is theirs: tests give their characters Swedish or
made-up names, so nothing of theirs is read as English. A game's proper noun kept in
English (docs/glossary-sv.md) is not a sentence and is not in the catalogue as one.
"""

import gettext
import re
from functools import cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "config" / "locale" / "sv" / "LC_MESSAGES"
RESULTS = Path("test-results")
SIZES = [(1440, 900), (390, 844)]

# Words of English sentences that are no Swedish words (Swedish "is", "and", "per" are).
ENGLISH_ONLY = re.compile(
    r"\b(the|with|your|you|this|from|not|when|each|into|than|been|which|there|their|"
    r"roll|rolls|rolled|dice|skill|skills|attribute|damage|push|pushed|choose|"
    r"none|only|after|before|yet|would|could|should|will|must)\b",
    re.IGNORECASE,
)
LETTERS = re.compile(r"[^\W\d_]{3,}")

READ_ALOUD = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT |
    NodeFilter.SHOW_TEXT);
  const skip = (el) => el.closest('script, style, noscript, [translate="no"]');
  const visit = (root) => {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walk.currentNode; node; node = walk.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent.trim();
        if (text && node.parentElement && !skip(node.parentElement)) texts.push(text);
        continue;
      }
      if (skip(node)) continue;
      for (const name of ['title', 'aria-label', 'placeholder', 'alt', 'aria-description']) {
        const value = node.getAttribute(name);
        if (value && value.trim()) texts.push(value.trim());
      }
      if (node.matches('input[type=submit], input[type=button]') && node.value) {
        texts.push(node.value.trim());
      }
      if (node.tagName === 'TEMPLATE') visit(node.content);
    }
  };
  visit(document.body);
  texts.push(document.title);
  return texts;
}"""


@cache
def untranslated_english() -> frozenset[str]:
    """Every English message of our Swedish catalogues whose Swedish is another text."""
    english = set()
    for domain in ("django", "djangojs"):
        with open(LOCALE / f"{domain}.mo", "rb") as file:
            catalog = gettext.GNUTranslations(file)._catalog
        for key, swedish in catalog.items():
            message = key[0] if isinstance(key, tuple) else key
            if "\x04" in message:
                # A message with a context is one game's word ("Persuasion" is an Agents
                # skill in Swedish; Twilight keeps its own in English, docs/glossary-sv.md):
                # the page cannot tell which game's it shows. English sentences are still
                # caught by ENGLISH_ONLY.
                continue
            if message and message != swedish and LETTERS.search(message):
                english.add(message)
                english.add(message.rstrip(".:"))
    return frozenset(english)


def english_in(texts, allowed=()) -> list[str]:
    """Of ``texts``, the ones still English (see the module's doc); ``allowed``: texts of
    the test's own data (a player's words) to leave alone."""
    known = untranslated_english()
    left = []
    for text in texts:
        text = " ".join(text.split())
        if not text or text in allowed or not LETTERS.search(text):
            continue
        if text in known or text.rstrip(".:") in known or ENGLISH_ONLY.search(text):
            left.append(text)
    return sorted(set(left))


def english_left(page, allowed=()) -> list[str]:
    """What the page, read whole, still says in English."""
    return english_in(page.evaluate(READ_ALOUD), allowed)


def fits(page, width):
    """Nothing is wider than the screen: no sideways scrolling on a phone."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll}px wide at {width}px"
