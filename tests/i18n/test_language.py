"""The reader's language (issue 30): the browser's, unless they choose one; a logged-in
person's stored choice wins over the browser's after log-in and stays after log-out."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from config import js_catalog
from config.throttle import retry_context
from sheets.preferences.models import Preferences
from tests.factories import UserFactory

COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_lang(response) -> str:
    text = response.content.decode()
    start = text.index("<html lang=") + len('<html lang="')
    return text[start : text.index('"', start)]


@pytest.mark.django_db
def test_english_is_the_default(client):
    response = client.get(reverse("login"))
    assert html_lang(response) == "en"
    assert "Log in" in response.content.decode()


@pytest.mark.django_db
def test_the_browser_language_is_followed(client):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="sv-SE,sv;q=0.9,en;q=0.5")
    text = response.content.decode()
    assert html_lang(response) == "sv"
    assert "Logga in" in text and "Skapa ett konto" in text
    assert "Användarnamn" in text  # Django's own catalogue: the form's labels


@pytest.mark.django_db
def test_choosing_a_language_without_an_account_keeps_it_in_a_cookie(client):
    response = client.post(
        reverse("choose_language"), {"language": "sv", "next": reverse("signup")}
    )
    assert response.status_code == 302 and response["Location"] == reverse("signup")
    assert response.cookies[COOKIE].value == "sv"
    page = client.get(reverse("signup"), HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(page) == "sv" and "Skapa ditt konto" in page.content.decode()


@pytest.mark.django_db
def test_a_person_s_choice_is_kept_on_their_account(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("choose_language"), {"language": "sv", "next": "/"})
    assert Preferences.objects.get(user=user).language == "sv"
    client.post(reverse("choose_language"), {"language": "", "next": "/"})
    assert Preferences.objects.get(user=user).language == ""
    page = client.get(reverse("password_change"), HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(page) == "en"  # "as the browser" again
    assert client.cookies[COOKIE].value == ""  # deleted


@pytest.mark.django_db
def test_the_stored_choice_wins_over_the_browser_after_log_in_and_stays_after_log_out(
    client, password
):
    user = UserFactory()
    Preferences.objects.create(user=user, language="sv")
    client.cookies[COOKIE] = "en"  # this browser spoke English before
    response = client.post(
        reverse("login"), {"username": user.username, "password": password},
        HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "sv"
    page = client.get(reverse("password_change"), HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(page) == "sv" and "Byt ditt lösenord" in page.content.decode()
    client.post(reverse("logout"))
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(page) == "sv"


@pytest.mark.django_db
def test_someone_who_never_chose_keeps_the_browser_language_after_log_in(client, password):
    user = UserFactory()
    client.post(
        reverse("login"), {"username": user.username, "password": password},
        HTTP_ACCEPT_LANGUAGE="sv",
    )  # fmt: skip
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="sv")) == "sv"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "en"


@pytest.mark.django_db
def test_an_unknown_language_is_refused_and_nothing_is_kept(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("choose_language"), {"language": "xx", "next": "/"})
    assert response.status_code == 400
    assert COOKIE not in response.cookies
    assert not Preferences.objects.filter(user=user, language="xx").exists()


@pytest.mark.django_db
def test_the_switch_is_a_plain_form_in_the_header(client):
    text = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="sv").content.decode()
    form = text[text.index("data-language-switch") :]
    form = form[: form.index("</details>")]
    assert f'action="{reverse("choose_language")}"' in form and 'method="post"' in form
    assert 'value="sv" lang="sv" aria-pressed="false">Svenska</button>' in form
    assert ">Språk</summary>" in form


@pytest.mark.django_db
def test_the_scripts_catalogue_is_one_cached_file_per_language(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="sv").content.decode()
    url = f"{reverse('js_catalog', args=['sv'])}?v={js_catalog.version()}"
    assert f'<script src="{url}"></script>' in page
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "immutable" in response["Cache-Control"]
    assert "django.gettext" in response.content.decode()
    assert client.get(reverse("js_catalog", args=["sv"]))["Cache-Control"] == "no-cache"
    assert client.get(reverse("js_catalog", args=["xx"])).status_code == 404


@pytest.mark.django_db
def test_the_manifest_speaks_the_reader_s_language(client):
    manifest = client.get(reverse("web_manifest"), HTTP_ACCEPT_LANGUAGE="sv").json()
    assert manifest["lang"] == "sv"
    assert manifest["description"] == "Dina rollformulär och bordets tärningar, i din telefon."


def test_waits_are_counted_in_the_reader_s_language():
    from datetime import timedelta

    with translation.override("sv"):
        assert retry_context(timedelta(minutes=1))["retry_in"] == "1 minut"
        assert retry_context(timedelta(minutes=15))["retry_in"] == "15 minuter"
    with translation.override("en"):
        assert retry_context(timedelta(minutes=15))["retry_in"] == "15 minutes"


def test_a_date_is_written_as_each_language_writes_it():
    """The pages' explicit date formats are messages: Swedish writes the month small."""
    import datetime

    from django.template import Context, Template

    when = Context({"when": datetime.datetime(2026, 11, 26, 18, 53)})
    for template in ('{{ when|date:_("j M Y, H:i") }}', '{{ when|date:_("j M, H:i") }}'):
        with translation.override("en"):
            english = Template(template).render(when)
        with translation.override("sv"):
            swedish = Template(template).render(when)
        assert "Nov" in english and "nov" in swedish and "Nov" not in swedish
    assert swedish == "26 nov, 18:53"
