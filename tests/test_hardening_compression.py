"""Compression (issue 15, item 7): HTML gzip-compressed when the client accepts it, the
live feed never; static files precompressed (brotli/gzip) with far-future caching once
collected, and still served plainly before collectstatic."""

import gzip

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_html_is_gzipped_when_the_client_accepts_it(player_client, mutant_sheet):
    url = reverse("character_sheet", args=[mutant_sheet.pk])
    plain = player_client.get(url)
    assert "Content-Encoding" not in plain
    packed = player_client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert mutant_sheet.character.name in html
    assert len(packed.content) < len(plain.content) / 3


def test_the_same_page_compresses_to_different_lengths(player_client, mutant_sheet):
    """BREACH: the CSRF token is masked afresh and gzip adds random padding per response."""
    url = reverse("character_sheet", args=[mutant_sheet.pk])
    lengths = {
        len(player_client.get(url, headers={"Accept-Encoding": "gzip"}).content) for _ in range(6)
    }
    assert len(lengths) > 1


def test_before_collectstatic_static_files_are_served_plain(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "nothing-collected"  # whatever `make run` collected
    url = staticfiles_storage.url("css/tableside.css")
    assert url == "/static/css/tableside.css"
    response = Client().get(url)
    assert response.status_code == 200


def test_collected_static_files_are_precompressed_and_cached_forever(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    # The admin's files left out: compressing them all takes most of a minute.
    call_command("collectstatic", "--noinput", "--ignore", "admin", verbosity=0)
    url = staticfiles_storage.url("vendor/bootstrap-5.3.9/bootstrap.min.css")
    assert url != "/static/vendor/bootstrap-5.3.9/bootstrap.min.css", "a hashed name"
    client = Client()  # a new handler, whose ServeStatic reads the collected files
    brotli = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert brotli.status_code == 200
    assert brotli["Content-Encoding"] == "br"
    assert "immutable" in brotli["Cache-Control"] and "max-age=315360000" in brotli["Cache-Control"]
    plain = client.get(url)
    assert int(brotli["Content-Length"]) < int(plain["Content-Length"]) / 4
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz["Content-Encoding"] == "gzip"


def test_the_live_feed_is_never_compressed(rf):
    from django.http import StreamingHttpResponse

    from config.compression import PageGZipMiddleware

    stream = StreamingHttpResponse(iter(["event: roll\ndata: x\n\n"] * 50),
                                   content_type="text/event-stream")  # fmt: skip
    request = rf.get("/parties/1/events/", headers={"Accept-Encoding": "gzip"})
    response = PageGZipMiddleware(lambda r: stream)(request)
    assert "Content-Encoding" not in response


def test_every_middleware_runs_in_djangos_synchronous_chain(settings):
    """One async-only middleware among synchronous ones makes every request switch
    between the event loop and a thread around it (in a WSGI process: start an event
    loop per request). Static files are served from a synchronous middleware."""
    from django.utils.module_loading import import_string

    for path in settings.MIDDLEWARE:
        assert getattr(import_string(path), "sync_capable", True), path


def test_a_static_file_answers_ranges_heads_and_revalidation(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "nothing-collected"
    url = staticfiles_storage.url("css/tableside.css")
    client = Client()
    whole = client.get(url)
    assert whole.status_code == 200 and whole["Content-Type"].startswith("text/css")
    assert int(whole["Content-Length"]) == len(whole.content) > 100
    part = client.get(url, headers={"Range": "bytes=10-19"})
    assert part.status_code == 206
    assert part.content == whole.content[10:20]
    assert part["Content-Range"] == f"bytes 10-19/{len(whole.content)}"
    head = client.head(url)
    assert head.status_code == 200 and head.content == b""
    assert head["Content-Length"] == whole["Content-Length"]
    again = client.get(url, headers={"If-None-Match": whole["ETag"]})
    assert again.status_code == 304 and again.content == b""
