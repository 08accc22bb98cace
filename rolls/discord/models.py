"""The party's Discord webhook: its URL (read back by the GM only, masked) and how the
last post went, for the GM to see on the settings page."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rolls.discord.webhooks import masked


class PartyWebhook(models.Model):
    SENT, FAILED, DROPPED = "sent", "failed", "dropped"
    STATES = [(SENT, _("Posted")), (FAILED, _("Failed")), (DROPPED, _("Not posted"))]

    party = models.OneToOneField(
        "sheets.Party", on_delete=models.CASCADE, related_name="discord_webhook",
        verbose_name=_("party"),
    )  # fmt: skip
    url = models.CharField(
        max_length=500, help_text=_("A secret: whoever has it posts there."), verbose_name=_("URL")
    )
    language = models.CharField(
        max_length=10, blank=True, default="", verbose_name=_("language"),
        help_text=_("The language posts are written in: the GM's when they connected it "
                    "(empty: the site's default)."),
    )  # fmt: skip
    updated = models.DateTimeField(auto_now=True, verbose_name=_("updated"))
    last_state = models.CharField(
        max_length=10, choices=STATES, blank=True, default="", verbose_name=_("last post")
    )
    last_status = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Discord's HTTP answer to the last post (0: none)."),
        verbose_name=_("last answer"),
    )  # fmt: skip
    last_reason = models.CharField(
        max_length=300, blank=True, default="", verbose_name=_("why it failed")
    )
    last_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last post at"))
    last_roll = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("last roll"))
    last_sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last posted at"))

    class Meta:
        app_label = "rolls"
        verbose_name = _("Discord webhook")
        verbose_name_plural = _("Discord webhooks")

    def __str__(self):
        return f"{self.party}: {self.masked}"

    @property
    def masked(self) -> str:
        return masked(self.url)

    @property
    def failing(self) -> bool:
        return self.last_state in (self.FAILED, self.DROPPED)
