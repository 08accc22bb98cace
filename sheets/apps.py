from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    name = "sheets"
    verbose_name = _("Parties and character sheets")

    def ready(self):
        from sheets import history_access, signals
        from sheets.portraits import store as portraits
        from sheets.preferences import signals as preference_signals
        from sheets.systems.registry import systems_changed

        signals.connect()  # Character.updated moves with every sheet and row change
        systems_changed.connect(signals.reconnect, dispatch_uid="sheets-systems-changed")
        history_access.install()  # Model.history without a new class each time
        preference_signals.connect()  # a stored theme follows its person into each session
        portraits.connect()  # a deleted character's portrait files go with it
