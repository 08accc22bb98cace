from django.apps import AppConfig


class RollsConfig(AppConfig):
    name = "rolls"
    verbose_name = "Rolls"

    def ready(self):
        from rolls.stream import connect_sheet_signals

        connect_sheet_signals()
