"""The project's URLs, and two views that fail: one raises, one loses its database."""

from django.db import OperationalError
from django.urls import path

from config.urls import handler500
from config.urls import urlpatterns as project_urlpatterns


def broken(request):
    raise RuntimeError("a bug in a view")


def database_gone(request):
    raise OperationalError("server closed the connection unexpectedly")


urlpatterns = [
    path("test-broken/", broken),
    path("test-database-gone/", database_gone),
    *project_urlpatterns,
]
__all__ = ["handler500", "urlpatterns"]
