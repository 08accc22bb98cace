"""The one table the configuration app keeps: answers remembered by idempotency key
(config/idempotency.py). It lives here, beside its middleware, because config imports
neither app (pyproject.toml's import contracts)."""

from django.conf import settings
from django.db import models


class IdempotentRequest(models.Model):
    """A state-changing request a logged-in person sent with an ``Idempotency-Key``:
    claimed (``status`` empty) while its view runs, then its answer, replayed to any
    repeat of the same key for ``TABLESIDE_IDEMPOTENCY_KEEP_HOURS``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=128)
    method = models.CharField(max_length=10)
    path = models.TextField()
    status = models.PositiveSmallIntegerField(null=True, blank=True)  # empty: still running
    headers = models.JSONField(default=list)  # [[name, value], ...] as the view set them
    body = models.BinaryField(default=b"")
    created = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user")
        ]

    def __str__(self):
        return f"{self.method} {self.path} ({self.key})"
