"""The session store reads Django's session rows with a prepared read: a session of
Django's own store stays valid, an expired one logs out."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from config.sessions import SessionStore
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_project_uses_this_store():
    assert settings.SESSION_ENGINE == "config.sessions"


def test_a_session_written_by_djangos_store_reads_the_same():
    old = DjangoStore()
    old["party"] = 7
    old.create()
    assert SessionStore(old.session_key)["party"] == 7


def test_an_expired_or_unknown_session_reads_empty_and_forgets_its_key():
    store = SessionStore()
    store["party"] = 7
    store.create()
    Session.objects.filter(pk=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert expired.load() == {} and expired.session_key is None
    unknown = SessionStore("x" * 32)
    assert unknown.load() == {} and unknown.session_key is None


def test_a_logged_in_player_stays_logged_in_and_is_logged_out_when_the_session_ends(client):
    user = UserFactory()
    client.force_login(user)
    home = reverse("home")
    assert client.get(home).context["user"] == user
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert not client.get(home).context["user"].is_authenticated


def test_a_session_logged_in_through_djangos_model_backend_stays_logged_in(client):
    """Sessions made before the prepared backend name Django's: read as its stand-in."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from config import auth

    user = UserFactory()
    old = DjangoStore()
    old.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: auth.DJANGO_PATH,
                HASH_SESSION_KEY: user.get_session_auth_hash()})  # fmt: skip
    old.create()
    client.cookies[settings.SESSION_COOKIE_NAME] = old.session_key
    assert client.get(reverse("home")).context["user"] == user
    assert auth.DJANGO_PATH not in settings.AUTHENTICATION_BACKENDS


def test_the_prepared_backend_reads_the_user_and_refuses_an_inactive_one():
    from config.auth import PreparedModelBackend

    backend = PreparedModelBackend()
    user = UserFactory()
    assert backend.get_user(user.pk) == user
    assert backend.get_user(10**6) is None
    assert backend.get_user("not a key") is None
    user.is_active = False
    user.save()
    assert backend.get_user(user.pk) is None
