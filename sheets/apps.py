from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "sheets"
    verbose_name = "Parties and character sheets"

    def ready(self):
        from sheets import history_access, signals

        signals.connect()  # Character.updated moves with every sheet and row change
        history_access.install()  # Model.history without a new class each time
