"""Django's model backend with its per-request read prepared.

Every request of a logged-in person reads its user by primary key (``get_user``): a
``config.prepared`` read, its SQL built once per process, instead of a query built
anew each time. Logging in (``authenticate``) is Django's own.

The session store (``config.sessions``) usually reads the user in the same statement as
the session and hands it over (``hand_over``): ``get_user`` then takes that user instead
of reading it again, if it is the one asked for. Django asks for the user only after
loading the request's session (the user's id is in it), and every load of a session
hands over afresh (a user or nobody), so the user taken is always the one read with this
request's session, as fresh as a read of its own. Django's checks run on it as on a user
read here: active (``user_can_authenticate``), and its session hash (``get_user``).

A session remembers the backend that logged its person in, by dotted path, and Django
logs out a session whose backend is no longer listed: sessions made before this
backend (``django.contrib.auth.backends.ModelBackend``) are read as this backend's
(``config.sessions``), so nobody is logged out by the change.
"""

from __future__ import annotations

import contextvars

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from config.prepared import Prepared

PATH = "config.auth.PreparedModelBackend"
DJANGO_PATH = "django.contrib.auth.backends.ModelBackend"

_by_pk = Prepared(lambda pk: get_user_model()._default_manager.filter(pk=pk), int)

# The user read with the request's session, until get_user takes it (a context
# variable: under ASGI each request runs in a context of its own).
_handed: contextvars.ContextVar[object | None] = contextvars.ContextVar(
    "tableside_user_read_with_session", default=None
)


def hand_over(user) -> None:
    """The user read with the session just loaded (None: none was), for ``get_user``."""
    _handed.set(user)


class PreparedModelBackend(ModelBackend):
    def get_user(self, user_id):
        handed = _handed.get()
        if handed is not None:
            _handed.set(None)  # taken once
            if handed.pk == user_id:
                return handed if self.user_can_authenticate(handed) else None
        try:
            user = _by_pk.first(user_id)
        except (TypeError, ValueError):  # not a primary key: nobody
            return None
        return user if user is not None and self.user_can_authenticate(user) else None
