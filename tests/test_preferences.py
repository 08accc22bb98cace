"""The theme a person chooses (as the device, light or dark): kept on their account and in
the session, drawn by the base template without a query of its own."""

import pytest
from django.urls import reverse

from sheets.preferences.models import Preferences
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
THEME = reverse("choose_theme")


def html_tag(page: str) -> str:
    return page[page.index("<html") : page.index(">", page.index("<html")) + 1]


def test_without_a_choice_a_page_follows_the_device(client):
    tag = html_tag(client.get("/").text)
    assert 'data-theme="auto"' in tag  # static/js/access.js sets light or dark from it


def test_a_person_chooses_light_and_it_is_kept_on_their_account(client):
    user = UserFactory(username="nell")
    client.force_login(user)
    response = client.post(THEME, {"theme": "light", "next": "/characters/new/"})
    assert response.status_code == 302 and response["Location"] == "/characters/new/"
    assert Preferences.objects.get(user=user).theme == "light"
    tag = html_tag(client.get("/").text)
    assert 'data-bs-theme="light"' in tag and 'data-theme="light"' in tag


def test_the_choice_follows_the_person_to_a_new_device(client):
    user = UserFactory(username="nell")
    Preferences.objects.create(user=user, theme="dark")
    client.post(reverse("login"), {"username": "nell", "password": PASSWORD})
    tag = html_tag(client.get("/").text)
    assert 'data-bs-theme="dark"' in tag and 'data-theme="dark"' in tag


def test_someone_not_logged_in_may_choose_for_this_browser(client):
    client.post(THEME, {"theme": "light"})
    assert 'data-bs-theme="light"' in html_tag(client.get("/").text)
    assert not Preferences.objects.exists()


@pytest.mark.parametrize("value", ["", "purple", "LIGHT"])
def test_an_unknown_theme_is_refused_and_nothing_changes(client, value):
    user = UserFactory(username="nell")
    Preferences.objects.create(user=user, theme="dark")
    client.force_login(user)
    response = client.post(THEME, {"theme": value})
    assert response.status_code == 400
    assert Preferences.objects.get(user=user).theme == "dark"


def test_the_switch_never_sends_anyone_to_another_site(client):
    response = client.post(THEME, {"theme": "dark", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_the_navbar_switch_marks_the_chosen_theme(client):
    client.force_login(UserFactory(username="nell"))
    client.post(THEME, {"theme": "dark"})
    page = client.get("/").text
    assert 'value="dark" aria-pressed="true">Dark</button>' in page
    assert 'value="light" aria-pressed="false">Light</button>' in page
