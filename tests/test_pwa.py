"""The installable app's server side (config/pwa.py): the manifest, the service worker
and the offline page answer everyone, and say what a browser needs."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from config import pwa


@pytest.fixture(params=["anonymous", "player"])
def someone(request, db):
    client = Client()
    if request.param == "player":
        from tests.factories import UserFactory

        client.force_login(UserFactory())
    return client


def test_the_manifest_opens_on_the_players_table_with_its_icons(someone):
    response = someone.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == reverse("home") == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["name"] == manifest["short_name"] == "Tableside"
    assert manifest["theme_color"] == manifest["background_color"] == "#212529"
    icons = {(i["sizes"], i["type"], i["purpose"]) for i in manifest["icons"]}
    assert ("192x192", "image/png", "any") in icons
    assert ("512x512", "image/png", "maskable") in icons
    assert ("any", "image/svg+xml", "any") in icons
    for icon in manifest["icons"]:
        assert someone.get(icon["src"]).status_code == 200, icon["src"]


def test_the_service_worker_is_served_from_the_root_never_stale(someone):
    response = someone.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    config = json.loads(body.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert "/offline/" in config["shell"]
    assert "/static/js/offline.js" in config["shell"]
    assert "/static/css/tableside.css" in config["shell"]
    assert "/static/django_htmx/htmx-2.min.js" in config["shell"]
    assert config["logout"] == reverse("logout")
    # the live feed is never answered by the worker
    assert any("events" in pattern for pattern in config["never"])
    for url in config["shell"]:
        assert someone.get(url).status_code == 200, url
    assert someone.post("/sw.js").status_code == 405


def test_a_changed_static_file_makes_a_new_worker(settings, tmp_path):
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "js" / "one.js").write_text("1")
    settings.STATICFILES_DIRS = [static]
    settings.DEBUG = True  # worked out afresh on each request
    first, _ = pwa.shell()
    (static / "js" / "one.js").write_text("2")
    second, _ = pwa.shell()
    assert first != second


def test_the_offline_page_names_no_one(someone):
    response = someone.get("/offline/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "No connection" in text
    assert "csrfmiddlewaretoken" not in text and "Log out" not in text


def test_every_page_says_whose_it_is(client, db):
    from tests.factories import UserFactory

    assert client.get("/").headers[pwa.VIEWER_HEADER] == "anonymous"
    alice, bob = UserFactory(), UserFactory()
    client.force_login(alice)
    seen_alice = client.get("/").headers[pwa.VIEWER_HEADER]
    client.force_login(bob)
    seen_bob = client.get("/").headers[pwa.VIEWER_HEADER]
    assert seen_alice not in ("anonymous", seen_bob)
    assert str(alice.pk) != seen_alice
    assert pwa.VIEWER_HEADER not in client.get("/manifest.webmanifest").headers


@pytest.mark.django_db
@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_the_viewer_is_named_in_either_mode_on_html_answers_only(rf, asynchronous):
    """The middleware runs in the chain's mode (``BothModesMiddleware``): on the event
    loop it reads the user with ``auser``. A JSON answer and a 5xx name no one."""
    from asgiref.sync import async_to_sync
    from django.http import HttpResponse, JsonResponse

    from tests.factories import UserFactory

    user = UserFactory()
    answers = iter([HttpResponse("<p>page</p>"), JsonResponse({}), HttpResponse("x", status=503)])

    def view(request):
        return next(answers)

    async def view_on_the_loop(request):
        return next(answers)

    middleware = pwa.ViewerMiddleware(view_on_the_loop if asynchronous else view)
    assert middleware.is_async is asynchronous
    seen = []
    for _ in range(3):
        request = rf.get("/")
        request.user = user

        async def auser(user=user):
            return user

        request.auser = auser
        response = async_to_sync(middleware)(request) if asynchronous else middleware(request)
        seen.append(response.headers.get(pwa.VIEWER_HEADER))
    assert seen == [pwa.viewer_of(request), None, None]
    assert seen[0] not in (None, "anonymous")


def test_the_base_page_links_the_manifest_and_the_offline_scripts(client, db):
    text = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert 'rel="apple-touch-icon"' in text and 'name="theme-color"' in text
    assert 'data-service-worker="/sw.js"' in text
