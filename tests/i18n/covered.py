"""The parts of the code whose strings are all marked for translation, and so are checked
(tests/i18n/test_marked.py: no unmarked string; test_catalogue.py: every message of
theirs translated into Swedish). Issue 30 marked the app area by area; each area is
added here when it lands (the lead widens the list as branches merge), until it is
simply every template and every Python file of config/, sheets/ and rolls/.

A path ending in "/" covers everything under it."""

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
)


def is_covered(path: str) -> bool:
    return any(path == item or (item.endswith("/") and path.startswith(item)) for item in COVERED)
