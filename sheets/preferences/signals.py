from django.contrib.auth.signals import user_logged_in

from sheets.preferences import theme


def _restore_theme(sender, request, user, **kwargs):
    if request is not None and hasattr(request, "session"):
        theme.restore(request, user)


def connect():
    user_logged_in.connect(_restore_theme, dispatch_uid="sheets.preferences.restore_theme")
