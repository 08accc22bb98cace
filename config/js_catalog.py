"""The JavaScript catalogue (djangojs domain, docs/i18n.md): Django's JavaScriptCatalog
for one language at ``/jsi18n/<lang>.js?v=<version>``, a script file (no inline script:
the CSP holds) that pages load once and then keep: the version changes whenever a
catalogue does, so the browser may keep each version for a year."""

import hashlib
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

_catalog = JavaScriptCatalog.as_view(domain="djangojs", packages=["config"])


def _version() -> str:
    digest = hashlib.sha256()
    for folder in settings.LOCALE_PATHS:
        for mo in sorted(Path(folder).glob("*/LC_MESSAGES/djangojs.mo")):
            digest.update(mo.parent.parent.name.encode())
            digest.update(mo.read_bytes())
    return digest.hexdigest()[:12]


_cached_version = lru_cache(maxsize=1)(_version)


def version() -> str:
    """Worked out once per process (each time while DEBUG is on, as files change)."""
    return _version() if settings.DEBUG else _cached_version()


@require_safe
def js_catalog(request, lang):
    if lang not in {code for code, _name in settings.LANGUAGES}:
        raise Http404("No such language")
    with translation.override(lang):
        response = _catalog(request)
    if request.GET.get("v") == version():
        response["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response["Cache-Control"] = "no-cache"
    return response
