"""The parts of the code whose strings are all marked for translation, and so are checked
(tests/i18n/test_marked.py: no unmarked string; test_catalogue.py: every message of
theirs translated into Swedish): all of it. A new folder of config/, sheets/, rolls/,
templates/ or static/js/ is covered the day it is made.

A path ending in "/" covers everything under it; one ending in "/*" the files directly in
that folder."""

COVERED = (
    # Every template, every Python file of the three packages, every script: issue 30
    # marked the app area by area (the page frame, the generic sheet and roll sides,
    # then the five systems' own folders) and each area joined this list as it landed.
    "templates/",
    "config/",
    "sheets/",
    "rolls/",
    "static/js/",
)


def is_covered(path: str) -> bool:
    return any(_covers(item, path) for item in COVERED)


def _covers(item: str, path: str) -> bool:
    if item.endswith("/*"):  # the files of that folder, not of its folders
        folder = item[:-1]
        return path.startswith(folder) and "/" not in path[len(folder) :]
    return path == item or (item.endswith("/") and path.startswith(item))
