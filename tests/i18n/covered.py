"""The parts of the code whose strings are all marked for translation, and so are checked
(tests/i18n/test_marked.py: no unmarked string; test_catalogue.py: every message of
theirs translated into Swedish). Issue 30 marked the app area by area; each area is
added here when it lands (the lead widens the list as branches merge), until it is
simply every template and every Python file of config/, sheets/ and rolls/.

A path ending in "/" covers everything under it; one ending in "/*" the files directly in
that folder."""

COVERED = (
    # i18n-core: the page frame, accounts, errors, the offline page, preferences, config
    "templates/_base.html",
    "templates/_theme_switch.html",
    "templates/_language_switch.html",
    "templates/errors/",
    "templates/pwa/offline.html",
    "templates/registration/",
    "sheets/account_views.py",
    "sheets/account_urls.py",
    "sheets/preferences/",
    "config/",
    "static/js/",
    # i18n-sheets: the generic sheet side (the systems' own folders are not all marked yet)
    "templates/sheets/*",
    "sheets/*",
    "sheets/editing/",
    "sheets/transfer/",
    "sheets/portraits/",
    "sheets/templatetags/",
    "sheets/systems/registry.py",
    "sheets/systems/admin_base.py",
    # i18n-rolls: the generic roll side and the stored rolls' words
    "templates/rolls/*",
    "templates/rolls/discord/",
    "rolls/*",
    "rolls/forms/",
    "rolls/templatetags/",
)


def is_covered(path: str) -> bool:
    return any(_covers(item, path) for item in COVERED)


def _covers(item: str, path: str) -> bool:
    if item.endswith("/*"):  # the files of that folder, not of its folders
        folder = item[:-1]
        return path.startswith(folder) and "/" not in path[len(folder) :]
    return path == item or (item.endswith("/") and path.startswith(item))
