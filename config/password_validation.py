"""A password validator Django lacks: the password must not contain the username.

Django's UserAttributeSimilarityValidator compares the whole password with the username,
so ``davedave1`` for ``dave`` passes (similarity 0.62 < 0.7); a guesser tries exactly
those first."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class UsernameNotInPasswordValidator:
    def __init__(self, min_username_length: int = 3):
        self.min_username_length = min_username_length

    def validate(self, password, user=None):
        username = (getattr(user, "username", "") or "").casefold()
        if len(username) >= self.min_username_length and username in password.casefold():
            raise ValidationError(
                _("Your password must not contain your username."),
                code="password_contains_username",
            )

    def get_help_text(self):
        return _("Your password must not contain your username.")
