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
    # i18n-sheets: the generic sheet side (the systems' own folders are not all marked yet)
    *(f"templates/sheets/{name}" for name in (
        "_boxes.html", "_collection.html", "_gm_rolls.html", "_part_follows.html",
        "_party_settings_strip.html", "_party_state.html", "_refresh.html", "_row.html",
        "_row_add.html", "_row_added.html", "_row_removed.html", "_rows.html", "_shell.html",
        "_summary.html", "_summary_card_body.html", "_undo.html", "character_new.html",
        "creation.html", "dashboard.html", "history.html", "home.html", "import.html",
        "import_done.html", "landing.html", "party_detail.html", "party_join.html",
        "party_new.html", "party_settings.html", "portrait.html",
    )),
    *(f"sheets/{name}" for name in (
        "views.py", "creation.py", "creation_views.py", "forms.py", "models.py",
        "party_settings.py", "settings_views.py", "history.py", "history_access.py",
        "restore.py", "restore_views.py", "signals.py", "urgency.py", "invite_qr.py",
        "admin.py", "editing/", "transfer/", "portraits/", "templatetags/",
        "systems/registry.py", "systems/admin_base.py",
    )),
    # i18n-rolls: the generic roll side and the stored rolls' words
    *(f"templates/rolls/{name}" for name in (
        "_api_tokens.html", "_dialog.html", "_feed.html", "_feed_log.html",
        "_group_checks.html", "_group_slot.html", "_initiative_hidden.html",
        "_initiative_listen.html", "_initiative_panel.html", "_initiative_slot.html",
        "_initiative_strip.html", "_initiative_strip_slot.html", "_initiative_swaps.html",
        "_log.html", "_panel.html", "_roll_dice.html", "_side.html", "group_error.html",
        "group_new.html", "initiative_error.html", "initiative_new.html", "roll_page.html",
        "discord/",
    )),
    *(f"rolls/{name}" for name in (
        "views.py", "cards.py", "groups.py", "group_views.py", "initiative.py",
        "initiative_views.py", "npc_views.py", "time_views.py", "undo.py", "spoken.py",
        "log_entry.py", "receivers.py", "admin.py", "models.py", "forms/", "templatetags/",
    )),
)  # fmt: skip


def is_covered(path: str) -> bool:
    return any(path == item or (item.endswith("/") and path.startswith(item)) for item in COVERED)
