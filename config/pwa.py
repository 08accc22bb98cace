"""The installable app: the web app manifest, the service worker and its offline page
(docs/offline.md).

- ``/manifest.webmanifest``: name, colours, icons; opens on the player's table (home).
- ``/sw.js``: the service worker, served from the root so its scope is the whole site. It
  is a template: the list of the app shell's static files (their collected, hashed names)
  and a version made from their contents are written into it, so a deploy that changes a
  file changes the worker, and browsers install the new one (and drop the old caches).
- ``/offline/``: what a page never opened on this device shows without a connection. It
  names no one: it is cached for whoever uses the device.
- ``ViewerMiddleware``: every HTML answer says whose it is (``Tableside-Viewer``, a keyed
  hash of the user's id, or ``anonymous``), so the worker never serves a page cached for
  one person to another (a log-out, an expired session, another log-in).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.db import DatabaseError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from config import js_catalog
from config.async_middleware import BothModesMiddleware

VIEWER_HEADER = "Tableside-Viewer"
THEME_COLOUR = "#212529"  # Bootstrap's dark body background, the app's default theme
ICONS = (
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/maskable-192.png", "192x192", "image/png", "maskable"),
    ("icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/tableside.svg", "any", "image/svg+xml", "any"),
)
# What every page loads besides the project's own css/ and js/ (see _base.html).
SHELL_EXTRA = (
    "vendor/bootstrap-5.3.9/bootstrap.min.css",
    "vendor/bootstrap-5.3.9/bootstrap.bundle.min.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/ext/hx-sse-2.min.js",
    "favicon.svg",
)
SHELL_FOLDERS = (("css", ".css"), ("js", ".js"), ("icons", ""))
# Paths the worker leaves alone (straight to the network, never cached): the live feed,
# the health checks, the admin, the accounts' pages, a roll's form and odds.
NEVER_CACHED = (
    r"^/parties/\d+/events/",
    r"^/parties/\d+/log/",
    r"^/healthz",
    r"^/readyz",
    r"^/admin/",
    r"^/accounts/",
    r"/roll/",
    r"/odds/",
    r"^/sw\.js$",
)


def shell_names() -> list[str]:
    """The static files of the app shell, by their names in the static folders."""
    names = list(SHELL_EXTRA)
    for folder in settings.STATICFILES_DIRS:
        for sub, suffix in SHELL_FOLDERS:
            for path in sorted((Path(folder) / sub).glob(f"*{suffix}")):
                if path.is_file() and not path.name.startswith("."):
                    names.append(f"{sub}/{path.name}")
    return names


def _version() -> tuple[str, tuple[str, ...]]:
    """(version, the shell's URLs): the version hashes every shell file's content and the
    worker's and offline page's templates, so any change makes a new worker."""
    digest = hashlib.sha256()
    urls = []
    for name in shell_names():
        found = finders.find(name)
        if found:
            digest.update(name.encode())
            digest.update(Path(found).read_bytes())
        urls.append(static(name))
    for template in ("pwa/sw.js", "pwa/offline.html"):
        digest.update(Path(get_template(template).origin.name).read_bytes())
    return digest.hexdigest()[:16], tuple(urls)


_cached_version = lru_cache(maxsize=1)(_version)


def shell() -> tuple[str, tuple[str, ...]]:
    """The version and the shell's URLs (worked out once per process; every request
    while DEBUG is on, as files change under the development server)."""
    return _version() if settings.DEBUG else _cached_version()


@require_safe
def service_worker(request):
    version, urls = shell()
    # the scripts' words in each language (config/js_catalog.py): a new catalogue is a
    # new worker too
    words = js_catalog.version()
    catalogues = [
        f"{reverse('js_catalog', args=[code])}?v={words}" for code, _name in settings.LANGUAGES
    ]
    config = {
        "version": f"{version}-{words}",
        "shell": [*urls, *catalogues, reverse("offline_page"), reverse("web_manifest")],
        "offline": reverse("offline_page"),
        "logout": reverse("logout"),
        "never": list(NEVER_CACHED),
        "viewerHeader": VIEWER_HEADER,
    }
    body = get_template("pwa/sw.js").render({"config": json.dumps(config, indent=2)})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # asked again on every visit: a deploy shows at once
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def web_manifest(request):
    manifest = {
        "id": "/",
        "name": "Tableside",
        "short_name": "Tableside",
        "description": _("Your character sheets and the table's dice, on your phone."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": THEME_COLOUR,
        "categories": ["games", "entertainment"],
        "icons": [
            {"src": static(name), "sizes": sizes, "type": kind, "purpose": purpose}
            for name, sizes, kind, purpose in ICONS
        ],
    }
    response = JsonResponse(manifest, json_dumps_params={"indent": 2})
    response["Content-Type"] = "application/manifest+json"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline_page(request):
    """The page for a place never opened on this device, when there is no connection.
    Cached by the worker for whoever uses the device: it names no one."""
    response = render(request, "pwa/offline.html", {"theme_colour": THEME_COLOUR})
    response["Cache-Control"] = "no-cache"
    return response


def viewer_of(request, user=None) -> str:
    """Whose the answer is: a keyed hash of the user's id, or ``anonymous``. ``user``:
    the request's user already read (on the event loop, where ``request.user`` may not
    ask the database)."""
    if user is None:
        user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anonymous"
    return salted_hmac("tableside.pwa.viewer", str(user.pk), algorithm="sha256").hexdigest()[:20]


class ViewerMiddleware(BothModesMiddleware):
    """Say whose every HTML answer is (``Tableside-Viewer``), for the service worker."""

    def handle(self, request):
        response = self.get_response(request)
        if names_its_viewer(response):
            with contextlib.suppress(DatabaseError):
                response[VIEWER_HEADER] = viewer_of(request)
        return response

    async def ahandle(self, request):
        response = await self.get_response(request)
        if names_its_viewer(response):
            with contextlib.suppress(DatabaseError):
                user = await request.auser() if hasattr(request, "auser") else None
                response[VIEWER_HEADER] = viewer_of(request, user)
        return response


def names_its_viewer(response) -> bool:
    """An HTML answer, not a server error: a 5xx (a busy or unreachable database) names
    no one, since reading who is logged in would ask that database again, outside the
    middleware that answers its failure; the worker keeps such a page for no one."""
    return response.status_code < 500 and response.get("Content-Type", "").startswith("text/html")
