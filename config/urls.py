from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("sheets.account_urls")),
    path("characters/<int:pk>/", include("sheets.editing_urls")),
    path("", include("rolls.urls")),
    path("", include("sheets.urls")),
]
