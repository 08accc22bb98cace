from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Tableside configuration"

    def ready(self):
        from config import checks  # noqa: F401  (registers the system checks)
