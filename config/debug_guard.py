"""DEBUG never answers beyond this machine: however the development server was started
(`manage.py runserver 0.0.0.0:8000` too), a request from another address gets a 403
that points to `make table`. Installed only when DEBUG is on (config/settings.py)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseForbidden

from config.async_middleware import BothModesMiddleware
from config.lan import is_loopback

REFUSAL = (
    "This is Tableside's development server (DEBUG on): it answers this computer only. "
    "To let players on this network in, the GM runs: make table\n"
)


class LoopbackOnlyWhileDebugMiddleware(BothModesMiddleware):
    def handle(self, request):
        return refusal(request) or self.get_response(request)

    async def ahandle(self, request):
        return refusal(request) or await self.get_response(request)


def refusal(request) -> HttpResponseForbidden | None:
    client = request.META.get("REMOTE_ADDR") or ""
    if settings.DEBUG and client and not is_loopback(client):
        return HttpResponseForbidden(REFUSAL, content_type="text/plain; charset=utf-8")
    return None
