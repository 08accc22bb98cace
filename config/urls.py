from django.contrib import admin
from django.urls import include, path

from sheets.systems.registry import all_systems

urlpatterns = [
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
