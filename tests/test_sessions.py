"""The session store reads Django's session rows with a prepared read: a session of
Django's own store stays valid, an expired one logs out; a session the process knows is
read with its user in one statement, and who is logged in is still the session's say."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from config.sessions import SessionStore
from tests.factories import UserFactory
from tests.queries import reads

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


# A session read with its user in one statement (config.sessions, config.auth.hand_over)


def session_and_user_reads(client, url):
    """The statements of a GET that read the session table and the user table."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    sql = [query["sql"] for query in captured.captured_queries]
    return response, reads(sql, "django_session"), reads(sql, "auth_user")


def forget_whose_sessions():
    from config import sessions

    sessions._user_of.clear()


def test_a_logged_in_request_reads_its_session_and_its_user_in_one_statement(client):
    user = UserFactory()
    client.force_login(user)  # the log-in's process knows whose session it is
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert response.context["user"] == user
    assert len(sessions) == 1 and sessions == users


def test_a_session_the_process_has_not_seen_reads_alone_then_with_its_user(client):
    user = UserFactory()
    client.force_login(user)
    forget_whose_sessions()  # as on the other worker, or after a restart
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert response.context["user"] == user
    assert len(sessions) == 1 and len(users) == 1 and sessions != users
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert response.context["user"] == user and len(sessions) == 1 and sessions == users


def test_a_password_changed_elsewhere_still_logs_the_session_out(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("home")).context["user"] == user
    user.set_password("a-new-secret-for-the-table")
    user.save()
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert users == sessions[:1]  # read together, and the fresh hash is the one checked
    assert not response.context["user"].is_authenticated


def test_a_deactivated_or_deleted_player_is_logged_out(client):
    user = UserFactory()
    client.force_login(user)
    user.is_active = False
    user.save()
    assert not client.get(reverse("home")).context["user"].is_authenticated
    other = UserFactory()
    client.force_login(other)
    other.delete()  # its sessions stay until they end: read alone, then nobody
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert not response.context["user"].is_authenticated
    assert len(sessions) == 2 and sessions[0] in users  # the joined read, then alone


def test_an_expired_session_read_with_its_user_logs_out(client):
    user = UserFactory()
    client.force_login(user)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    response, sessions, users = session_and_user_reads(client, reverse("home"))
    assert sessions == users and not response.context["user"].is_authenticated


def test_a_remembered_user_the_session_does_not_name_is_not_taken(client):
    from config import sessions

    user, stranger = UserFactory(), UserFactory()
    client.force_login(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    sessions._user_of[key] = stranger.pk  # a wrong guess reads the stranger's row along
    response, _sessions, users = session_and_user_reads(client, reverse("home"))
    assert response.context["user"] == user and len(users) == 2
    assert sessions._user_of[key] == user.pk  # corrected from the session's own data


def test_the_backend_takes_a_handed_user_once_and_only_for_its_own_id():
    from config.auth import PreparedModelBackend, hand_over

    backend = PreparedModelBackend()
    user, other = UserFactory(), UserFactory()
    handed = type(user).objects.get(pk=user.pk)
    hand_over(handed)
    assert backend.get_user(other.pk) == other  # not the one handed: read, and dropped
    assert backend.get_user(user.pk) is not handed
    hand_over(handed)
    assert backend.get_user(user.pk) is handed
    assert backend.get_user(user.pk) is not handed  # taken once
    handed.is_active = False
    hand_over(handed)
    assert backend.get_user(user.pk) is None


def test_a_logged_out_session_is_forgotten_and_its_cookie_reads_nobody(client):
    from config import sessions

    user = UserFactory()
    client.force_login(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert sessions._user_of[key] == user.pk
    client.post(reverse("logout"))
    assert key not in sessions._user_of
    client.cookies[settings.SESSION_COOKIE_NAME] = key  # the old cookie, kept
    assert not client.get(reverse("home")).context["user"].is_authenticated
