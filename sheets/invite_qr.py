"""The invite link as a QR code a phone scans (segno, SVG written on the server): dark
modules on white with the standard four-module quiet zone, so it reads on the dark
theme; no style attribute (the strict CSP), sized by tableside.css."""

from __future__ import annotations

import segno
from django.http.request import split_domain_port
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from config import lan

ERROR_CORRECTION = "m"  # a smudged or glaring screen still scans
QUIET_ZONE = 4


def invite_qr_svg(url: str) -> SafeString:
    code = segno.make(url, error=ERROR_CORRECTION, micro=False)
    svg = code.svg_inline(
        dark="#000", light="#fff", border=QUIET_ZONE, omitsize=True, svgclass="invite-qr"
    )
    label = escape(_("QR code of the invite link"))
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))


def network_addresses_of_this_page(request) -> list[str]:
    """When the GM reads the page by a loopback address (127.0.0.1, localhost), a phone
    cannot follow the link: the same page at this machine's network addresses."""
    host, port = split_domain_port(request.get_host())
    if not lan.is_loopback(host):
        return []
    port_part = f":{port}" if port else ""
    return [
        f"http://{lan.url_host(address)}{port_part}{request.path}"
        for address in lan.interface_addresses()
    ]
