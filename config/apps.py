from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = _("Tableside configuration")

    def ready(self):
        from config import checks  # noqa: F401  (registers the system checks)
