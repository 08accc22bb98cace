"""What a Discord webhook URL must look like, and how the GM reads it back (masked).

A webhook URL is a secret: whoever holds it may post to the channel. Only Discord's
own hosts are accepted, over HTTPS, with the path Discord gives
(``/api/webhooks/<id>/<token>``); the tests' own HTTP server is let in by a setting
(``TABLESIDE_DISCORD_ALLOWED_HOSTS``), never by loosening the rule.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

DISCORD_HOSTS = frozenset(
    {"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}
)
PATH = re.compile(
    r"^/api(?:/v\d{1,2})?/webhooks/(?P<id>\d{1,30})/(?P<token>[A-Za-z0-9_-]{1,200})/?$"
)
MASK = "••••"


class WebhookError(ValueError):
    """The URL is not a Discord webhook's; the message says why, for the field."""


def extra_hosts() -> frozenset[str]:
    """Hosts accepted besides Discord's, over HTTP or HTTPS (the tests' own server)."""
    return frozenset(h.lower() for h in getattr(settings, "TABLESIDE_DISCORD_ALLOWED_HOSTS", ()))


def validate_webhook_url(value: str) -> str:
    """The URL, stripped, if it is a Discord webhook's; else ``WebhookError``."""
    url = (value or "").strip()
    if not url:
        raise WebhookError(_("Paste the webhook URL Discord gave you."))
    if any(c.isspace() for c in url) or not url.isascii():
        raise WebhookError(_("A webhook URL has no spaces or accented letters."))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise WebhookError(_("This is not a URL.")) from None
    host = (parts.hostname or "").lower()
    extra = host in extra_hosts()
    if parts.scheme != "https" and not (extra and parts.scheme == "http"):
        raise WebhookError(_("A Discord webhook URL starts with https://."))
    if host not in DISCORD_HOSTS and not extra:
        raise WebhookError(_("The address must be on discord.com (or discordapp.com)."))
    if parts.username or parts.password or (port not in (None, 443) and not extra):
        raise WebhookError(_("The address must be on discord.com (or discordapp.com)."))
    if not PATH.match(parts.path) or parts.fragment:
        raise WebhookError(
            _("A webhook URL reads https://discord.com/api/webhooks/<number>/<token>.")
        )
    return url


def masked(url: str) -> str:
    """The URL as the GM reads it back: the host, then only the token's last 4 letters
    (https://discord.com/api/webhooks/…/••••cdef)."""
    parts = urlsplit(url)
    match = PATH.match(parts.path)
    token = match["token"] if match else ""
    return f"{parts.scheme}://{parts.netloc}/api/webhooks/…/{MASK}{token[-4:]}"
