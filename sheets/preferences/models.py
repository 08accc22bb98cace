"""What a person chose for how the app looks to them (the theme) and the language it
speaks to them in, kept with their account so both follow them to every device they log
in from."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["Preferences", "Theme"]


class Theme(models.TextChoices):
    DEVICE = "auto", _("As the device")
    LIGHT = "light", _("Light")
    DARK = "dark", _("Dark")


class Preferences(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="preferences",
        verbose_name=_("user"),
    )
    theme = models.CharField(
        max_length=5, choices=Theme.choices, default=Theme.DEVICE, verbose_name=_("theme")
    )
    # A code of settings.LANGUAGES ("sv"), or "" for the browser's language. No choices
    # here, so adding a language to settings needs no migration (the view checks it).
    language = models.CharField(max_length=16, blank=True, default="", verbose_name=_("language"))

    class Meta:
        verbose_name = _("preferences")
        verbose_name_plural = _("preferences")

    def __str__(self):
        return f"{self.user}: {self.get_theme_display()}"
