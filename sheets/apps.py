from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "sheets"
    verbose_name = "Parties and character sheets"
