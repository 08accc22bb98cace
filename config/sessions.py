"""Sessions in the database, each read with SQL built once per process, most of them
with their user in the same statement.

Every request of a logged-in person reads its session row, then its user: with Django's
own store the session's read was a query built anew each time (4% of a worker under the
``tables`` bench). This store is Django's database store (the same table and rows: the
sessions of before stay valid) whose read is a ``config.prepared`` read by key; the
expiry is checked in Python (a date is not a value a prepared read takes). A session
logged in through Django's model backend reads as logged in through ``config.auth``'s,
which stands for it.

The session table does not say whose a session is (the user's id is inside its encoded
data), so a process remembers it for the sessions it has read or written (``_user_of``,
at most ``REMEMBERED`` of them). A session read again is then read with that user in one
statement (the user's row, the session's data and expiry beside it), and the user is
handed to ``config.auth`` for the request if the session's own data names that user
(``hand_over``); a session the process has not seen, or whose user is gone, is read
alone, then its user as before. Who is logged in is still decided by the session's data
and Django's checks: the remembered id only chooses which user row comes along.
"""

from __future__ import annotations

from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db.models import Subquery
from django.utils import timezone

from config import auth
from config.prepared import Prepared

REMEMBERED = 20_000

_by_key = Prepared(lambda key: Session.objects.filter(session_key=key), str)


def _with_session(pk, key):
    session = Session.objects.filter(session_key=key)
    return (
        get_user_model()
        ._default_manager.filter(pk=pk)
        .annotate(
            tableside_session_data=Subquery(session.values("session_data")),
            tableside_session_expires=Subquery(session.values("expire_date")),
        )
    )


_user_with_session = Prepared(_with_session, int, str)
_user_of: dict[str, int] = {}  # session key -> the user its data named


def _remember(session_key: str, data: dict) -> None:
    try:
        user_id = int(data[SESSION_KEY])
    except (KeyError, TypeError, ValueError):
        _user_of.pop(session_key, None)
        return
    if len(_user_of) >= REMEMBERED and session_key not in _user_of:
        _user_of.clear()  # a fresh start beats bookkeeping: the next reads are two
    _user_of[session_key] = user_id


class SessionStore(db.SessionStore):
    def load(self):
        data = super().load()
        if data.get(BACKEND_SESSION_KEY) == auth.DJANGO_PATH:  # logged in before the change
            data[BACKEND_SESSION_KEY] = auth.PATH
        user = self.__dict__.pop("_read_user", None)  # read with the session, if it was
        if self.session_key is not None:
            _remember(self.session_key, data)
        named = data.get(SESSION_KEY)
        auth.hand_over(user if user is not None and str(user.pk) == str(named) else None)
        return data

    def save(self, must_create=False):
        super().save(must_create)
        if self.session_key is not None:  # a log-in: this process reads it with its user
            _remember(self.session_key, getattr(self, "_session_cache", {}))

    def delete(self, session_key=None):
        _user_of.pop(session_key or self.session_key, None)  # logged out
        super().delete(session_key)

    def _get_session_from_db(self):
        key = self.session_key
        user_id = _user_of.get(key) if key else None
        user = _user_with_session.first(user_id, key) if user_id is not None else None
        if user is None:  # not remembered, or its user is gone: the session alone
            return self._current(_by_key.first(key))
        data = user.__dict__.pop("tableside_session_data")
        expires = user.__dict__.pop("tableside_session_expires")
        self._read_user = user
        if data is None:  # the session is gone (logged out elsewhere)
            return self._current(None)
        return self._current(Session(session_key=key, session_data=data, expire_date=expires))

    def _current(self, session):
        """``session`` if it is there and has not expired; else None, its key forgotten."""
        if session is None or session.expire_date <= timezone.now():
            _user_of.pop(self.session_key, None)
            self._session_key = None
            return None
        return session
