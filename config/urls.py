from django.contrib import admin
from django.urls import include, path

from config import js_catalog, pwa
from sheets.systems.registry import all_systems

urlpatterns = [
    # the installable app: its manifest, its service worker (root scope), its offline page
    path("manifest.webmanifest", pwa.web_manifest, name="web_manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline_page, name="offline_page"),
    # the words of the scripts, in one language (docs/i18n.md)
    path("jsi18n/<str:lang>.js", js_catalog.js_catalog, name="js_catalog"),
    path("admin/", admin.site.urls),
    path("accounts/", include("sheets.account_urls")),
    path("characters/<int:pk>/", include("sheets.editing_urls")),
    *(
        path(f"characters/<int:pk>/{system.slug}/", include(system.urls))
        for system in all_systems()
        if system.urls
    ),
    path("", include("sheets.transfer.urls")),
    path("", include("rolls.urls")),
    path("", include("sheets.urls")),
]

# A database error outside a view gets the same "try again" answer as inside one.
handler500 = "config.middleware.server_error"
