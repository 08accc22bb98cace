import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_signing_up_logs_the_new_player_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "vanja", "password1": "zone-stalker-77", "password2": "zone-stalker-77"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert client.get(reverse("home")).context["user"].username == "vanja"


def test_mismatched_passwords_are_refused_next_to_the_field(client):
    response = client.post(
        reverse("signup"),
        {"username": "vanja", "password1": "zone-stalker-77", "password2": "zone-stalker-78"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["password2"], "the error sits on the confirmation"
    assert not get_user_model().objects.filter(username="vanja").exists()


def test_the_login_page_logs_a_player_in(client, player, password):
    response = client.post(reverse("login"), {"username": "player", "password": password})
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_logging_out_takes_a_post_and_ends_the_session(player_client):
    response = player_client.post(reverse("logout"))
    assert response.status_code == 302
    # logged out, the home page is the landing page, and a sheet needs a login again
    assert "Sign up" in player_client.get(reverse("home")).text
    assert player_client.get(reverse("character_create")).status_code == 302


def test_the_logged_out_home_page_says_what_tableside_is(client):
    page = client.get(reverse("home")).text
    assert "rolls the dice on the server" in page
    assert reverse("login") in page and reverse("signup") in page
    assert "Twilight: 2000" in page or "Mutant: Year Zero" in page


def test_a_player_changes_their_password(player_client, player, password):
    response = player_client.post(
        reverse("password_change"),
        {"old_password": password, "new_password1": "new-zone-pass-99",
         "new_password2": "new-zone-pass-99"},
    )  # fmt: skip
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("new-zone-pass-99")


def test_pages_carry_a_strict_content_security_policy(player_client):
    response = player_client.get(reverse("home"))
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    nonce = policy.split("'nonce-")[1].split("'")[0]
    assert f'nonce="{nonce}"' in response.text, "htmx is loaded with the request's nonce"


def test_signing_up_never_redirects_to_another_site(client):
    response = client.post(
        reverse("signup") + "?next=https://evil.example/",
        {"username": "vanja", "password1": "zone-stalker-77", "password2": "zone-stalker-77"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_signing_up_follows_a_next_page_of_this_site(client):
    response = client.post(
        reverse("signup") + "?next=/join/ARKDEMO1/",
        {"username": "vanja", "password1": "zone-stalker-77", "password2": "zone-stalker-77"},
    )
    assert response["Location"] == "/join/ARKDEMO1/"
