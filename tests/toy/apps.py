from django.apps import AppConfig


class ToyConfig(AppConfig):
    name = "tests.toy"
    label = "toy"
    verbose_name = "Toy system (tests only)"
    default_auto_field = "django.db.models.BigAutoField"
