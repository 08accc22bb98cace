"""Django's model backend with its per-request read prepared.

Every request of a logged-in person reads its user by primary key (``get_user``): a
``config.prepared`` read, its SQL built once per process, instead of a query built
anew each time. Logging in (``authenticate``) is Django's own.

A session remembers the backend that logged its person in, by dotted path, and Django
logs out a session whose backend is no longer listed: sessions made before this
backend (``django.contrib.auth.backends.ModelBackend``) are read as this backend's
(``config.sessions``), so nobody is logged out by the change.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from config.prepared import Prepared

PATH = "config.auth.PreparedModelBackend"
DJANGO_PATH = "django.contrib.auth.backends.ModelBackend"

_by_pk = Prepared(lambda pk: get_user_model()._default_manager.filter(pk=pk), int)


class PreparedModelBackend(ModelBackend):
    def get_user(self, user_id):
        try:
            user = _by_pk.first(user_id)
        except (TypeError, ValueError):  # not a primary key: nobody
            return None
        return user if user is not None and self.user_can_authenticate(user) else None
