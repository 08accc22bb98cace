from django.contrib.auth.signals import user_logged_in

from sheets.preferences import language, theme


def _restore_choices(sender, request, user, **kwargs):
    if request is not None and hasattr(request, "session"):
        theme.restore(request, user)
        language.restore(request, user)


def connect():
    user_logged_in.connect(_restore_choices, dispatch_uid="sheets.preferences.restore_theme")
