"""What a person chose for how the app looks to them (the theme), kept with their account
so it follows them to every device they log in from."""

from django.conf import settings
from django.db import models

__all__ = ["Preferences", "Theme"]


class Theme(models.TextChoices):
    DEVICE = "auto", "As the device"
    LIGHT = "light", "Light"
    DARK = "dark", "Dark"


class Preferences(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    theme = models.CharField(max_length=5, choices=Theme.choices, default=Theme.DEVICE)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self):
        return f"{self.user}: {self.get_theme_display()}"
