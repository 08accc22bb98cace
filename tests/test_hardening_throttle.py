"""Login, sign-up and password-change throttling, and strong passwords on sign-up and
password change (issue 15, item 2)."""

import itertools
import time
from datetime import timedelta

import pytest
from axes.utils import reset
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

_addresses = (f"10.15.{n // 250}.{n % 250 + 1}" for n in itertools.count())


def forget_sign_ups(ip):
    """Sign-up posts are counted in the cache, which is Redis in CI's second leg and
    outlives a test run: the address's counts of this window and the last go."""
    from django.core.cache import cache

    window = settings.SIGNUP_WINDOW
    start = int(time.time() // window * window)
    cache.delete_many([f"throttle:signup:{ip}:{s}" for s in (start, start - window)])


@pytest.fixture
def address():
    """A client address of this test's own: failures counted in Redis (the cache handler)
    outlive a test's database transaction (and a test run), so each test starts clean
    and cleans up."""
    ip = next(_addresses)
    reset(ip=ip)
    forget_sign_ups(ip)
    yield ip
    reset(ip=ip)
    forget_sign_ups(ip)


@pytest.fixture
def account(address):
    user = UserFactory(username=f"krin-{address.replace('.', '-')}")
    yield user
    reset(username=user.username)


def log_in(client, username, password, address):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_repeated_wrong_passwords_lock_the_account_with_when_to_retry(
    client, account, password, address
):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        assert log_in(client, account.username, "wrong-guess", address).status_code == 200
    locked = log_in(client, account.username, "wrong-guess", address)
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.text and "Try again in 15 minutes" in locked.text
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert 'name="username"' in locked.text, "the login form is still there"

    right = log_in(client, account.username, password, address)
    assert right.status_code == 429, "even the right password waits for the cool-off"
    assert "_auth_user_id" not in client.session


def test_the_lock_is_by_account_whatever_the_address(client, account, password, address):
    for n in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, account.username, "wrong-guess", f"{address}{n:02d}"[:15])
    elsewhere = log_in(client, account.username, password, "10.99.99.99")
    reset(ip="10.99.99.99")
    assert elsewhere.status_code == 429
    for n in range(settings.AXES_FAILURE_LIMIT):
        reset(ip=f"{address}{n:02d}"[:15])


def test_the_lock_is_by_address_whatever_the_account(client, account, password, address):
    guessed = [f"guess-{n}-{address}" for n in range(settings.AXES_FAILURE_LIMIT)]
    for username in guessed:
        log_in(client, username, "wrong-guess", address)
    assert log_in(client, account.username, password, address).status_code == 429
    for username in guessed:
        reset(username=username)
    # The same account from another address is not locked.
    other = next(_addresses)
    assert log_in(client, account.username, password, other).status_code == 302
    reset(ip=other)


def test_without_a_client_address_the_lock_is_by_account_alone(client, password):
    """A server on a Unix socket gives no client address (no REMOTE_ADDR): logging in
    still works there (no 500 from a made-up address in the attempts table on
    PostgreSQL), a guessed account is locked, and the guesser does not lock out every
    other client that comes without an address."""
    suffix = next(_addresses).replace(".", "-")
    guessed, other = UserFactory(username=f"nomad-{suffix}"), UserFactory(username=f"sky-{suffix}")
    try:
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            assert log_in(client, guessed.username, "wrong-guess", "").status_code == 200
        assert log_in(client, guessed.username, "wrong-guess", "").status_code == 429
        assert log_in(client, guessed.username, password, "").status_code == 429
        answer = log_in(Client(), other.username, password, "")
        assert answer.status_code == 302 and answer["Location"] == reverse("home")
    finally:
        reset(username=guessed.username)
        reset(username=other.username)


def test_the_lock_lifts_after_the_cool_off(client, settings, account, password, address):
    settings.AXES_COOLOFF_TIME = timedelta(seconds=2)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, account.username, "wrong-guess", address)
    assert log_in(client, account.username, password, address).status_code == 429
    time.sleep(2.3)
    response = log_in(client, account.username, password, address)
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_wrong_old_passwords_on_password_change_are_throttled_too(
    client, account, password, address
):
    client.force_login(account)
    data = {
        "old_password": "wrong-guess",
        "new_password1": "fresh-zone-pass-31",
        "new_password2": "fresh-zone-pass-31",
    }
    url = reverse("password_change")
    statuses = [
        client.post(url, data, REMOTE_ADDR=address).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert statuses[:-1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)
    assert statuses[-1] == 429
    throttled = client.post(url, {**data, "old_password": password}, REMOTE_ADDR=address)
    assert throttled.status_code == 429 and "Try again in" in throttled.text
    account.refresh_from_db()
    assert account.check_password(password), "nothing changed while throttled"


def test_a_wrong_old_password_is_refused_next_to_its_field(client, account, address):
    client.force_login(account)
    response = client.post(
        reverse("password_change"),
        {"old_password": "wrong-guess", "new_password1": "fresh-zone-pass-31",
         "new_password2": "fresh-zone-pass-31"},
        REMOTE_ADDR=address,
    )  # fmt: skip
    assert response.status_code == 200
    assert response.context["form"].errors["old_password"]


def test_sign_ups_from_one_address_are_throttled(client, settings, address):
    settings.SIGNUP_LIMIT = 3
    for n in range(3):
        response = client.post(
            reverse("signup"),
            {"username": f"mutant{n}", "password1": "short", "password2": "short"},
            REMOTE_ADDR=address,
        )
        assert response.status_code == 200
    refused = client.post(
        reverse("signup"),
        {"username": "mutant9", "password1": "zone-stalker-77", "password2": "zone-stalker-77"},
        REMOTE_ADDR=address,
    )
    assert refused.status_code == 429 and "Try again in" in refused.text
    assert int(refused["Retry-After"]) <= settings.SIGNUP_WINDOW
    assert not get_user_model().objects.filter(username="mutant9").exists()
    other = next(_addresses)
    forget_sign_ups(other)
    elsewhere = client.post(
        reverse("signup"),
        {"username": "mutant9", "password1": "zone-stalker-77", "password2": "zone-stalker-77"},
        REMOTE_ADDR=other,
    )
    assert elsewhere.status_code == 302
    forget_sign_ups(other)


@pytest.mark.parametrize(
    ("username", "weak_password", "reason"),
    [
        ("dave", "davedave1", "must not contain your username"),
        ("vanja", "stalk3r", "too short"),
        ("vanja", "password123", "too common"),
        ("vanja", "3141592653589", "entirely numeric"),
        ("vanja.elk", "vanjaelk-rot", "too similar"),
    ],
)
def test_sign_up_refuses_weak_passwords_next_to_the_field(
    client, address, username, weak_password, reason
):
    response = client.post(
        reverse("signup"),
        {"username": username, "password1": weak_password, "password2": weak_password},
        REMOTE_ADDR=address,
    )
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["password2"])
    assert reason in errors
    assert reason in response.text, "the reason is shown on the page"
    assert not get_user_model().objects.filter(username=username).exists()


def test_password_change_refuses_a_weak_new_password(client, account, password, address):
    client.force_login(account)
    weak = f"{account.username}1"
    response = client.post(
        reverse("password_change"),
        {"old_password": password, "new_password1": weak, "new_password2": weak},
        REMOTE_ADDR=address,
    )
    assert response.status_code == 200
    assert "must not contain your username" in " ".join(
        response.context["form"].errors["new_password2"]
    )
    account.refresh_from_db()
    assert account.check_password(password)
