"""Sessions in the database, each read with SQL built once per process.

Every request of a logged-in person reads its session row: with Django's own store that
was a query built anew each time (4% of a worker under the ``tables`` bench). This store
is Django's database store (the same table and rows: the sessions of before stay
valid) whose read is a ``config.prepared`` read by key; the expiry is checked in Python
(a date is not a value a prepared read takes). A session logged in through Django's
model backend reads as logged in through ``config.auth``'s, which stands for it.
"""

from __future__ import annotations

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from config import auth
from config.prepared import Prepared

_by_key = Prepared(lambda key: Session.objects.filter(session_key=key), str)


class SessionStore(db.SessionStore):
    def load(self):
        data = super().load()
        if data.get(BACKEND_SESSION_KEY) == auth.DJANGO_PATH:  # logged in before the change
            data[BACKEND_SESSION_KEY] = auth.PATH
        return data

    def _get_session_from_db(self):
        session = _by_key.first(self.session_key)
        if session is None or session.expire_date <= timezone.now():
            self._session_key = None
            return None
        return session
