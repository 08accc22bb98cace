"""DEBUG never answers beyond this machine: however the development server was started
(`manage.py runserver 0.0.0.0:8000` too), a request from another address gets a 403
that points to `make table`. Installed only when DEBUG is on (config/settings.py)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseForbidden

from config.lan import is_loopback

REFUSAL = (
    "This is Tableside's development server (DEBUG on): it answers this computer only. "
    "To let players on this network in, the GM runs: make table\n"
)


class LoopbackOnlyWhileDebugMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        client = request.META.get("REMOTE_ADDR") or ""
        if settings.DEBUG and client and not is_loopback(client):
            return HttpResponseForbidden(REFUSAL, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
