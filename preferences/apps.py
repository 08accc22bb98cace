from django.apps import AppConfig


class PreferencesConfig(AppConfig):
    name = "preferences"
    verbose_name = "People's preferences"

    def ready(self):
        from preferences import signals

        signals.connect()  # a stored theme follows its person into each new session
