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
