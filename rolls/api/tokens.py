"""A party's API tokens: made by its GM, shown once, stored as a digest.

A token reads ``ts_<prefix>_<secret>``: the prefix (8 characters, kept in clear and
shown on the settings page) finds the row, the SHA-256 of the whole token is compared in
constant time with the stored one. The secret is 256 random bits: a plain hash is enough
(nothing to guess from it), and it does not depend on SECRET_KEY, so a new key keeps the
tokens working.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TOKEN_START = "ts_"
PREFIX_LENGTH = 8
PREFIX_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud safely
# last_used is written at most this often per token (not once per request)
LAST_USED_STEP = timedelta(minutes=1)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_prefix() -> str:
    return "".join(secrets.choice(PREFIX_ALPHABET) for _ in range(PREFIX_LENGTH))


class ApiTokenQuerySet(models.QuerySet):
    def active(self):
        return self.filter(revoked__isnull=True)

    def create_for(self, party, *, name: str, user) -> tuple[ApiToken, str]:
        """A new token for ``party``: the row and the token itself, which nothing keeps
        (the page shows it once)."""
        prefix = _new_prefix()
        while self.filter(prefix=prefix).exists():
            prefix = _new_prefix()
        token = f"{TOKEN_START}{prefix}_{secrets.token_urlsafe(32)}"
        row = self.create(
            party=party, name=name, prefix=prefix, digest=_digest(token), created_by=user
        )
        return row, token

    def find(self, token: str) -> ApiToken | None:
        """The token's row (revoked or not) if ``token`` is one of them; else None."""
        start, _, rest = token.partition(TOKEN_START)
        prefix, _, secret = rest.partition("_")
        if start or len(prefix) != PREFIX_LENGTH or not secret:
            return None
        row = self.select_related("party").filter(prefix=prefix).first()
        if row is None or not hmac.compare_digest(row.digest, _digest(token)):
            return None
        return row


class ApiToken(models.Model):
    party = models.ForeignKey(
        "sheets.Party", on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("party")
    )
    name = models.CharField(
        max_length=60,
        help_text=_("What the GM gave it to, e.g. “Foundry”."),
        verbose_name=_("name"),
    )
    prefix = models.CharField(max_length=PREFIX_LENGTH, unique=True, verbose_name=_("prefix"))
    digest = models.CharField(
        max_length=64, help_text=_("SHA-256 of the whole token."), verbose_name=_("digest")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    last_used = models.DateTimeField(null=True, blank=True, verbose_name=_("last used"))
    revoked = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked"))

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self):
        return f"{self.name} ({TOKEN_START}{self.prefix}_…)"

    @property
    def shown(self) -> str:
        """How the page names the token: its start, never its secret."""
        return f"{TOKEN_START}{self.prefix}_…"

    def note_use(self) -> None:
        now = timezone.now()
        if self.last_used is None or now - self.last_used >= LAST_USED_STEP:
            ApiToken.objects.filter(pk=self.pk).update(last_used=now)
            self.last_used = now

    def revoke(self) -> None:
        if self.revoked is None:
            self.revoked = timezone.now()
            self.save(update_fields=["revoked"])
