"""With DEBUG on, nothing answers beyond this machine, however the server was started."""

import pytest
from django.test import RequestFactory

from config.debug_guard import LoopbackOnlyWhileDebugMiddleware
from tests.ops.environment import run_python


def answer(remote_addr):
    guard = LoopbackOnlyWhileDebugMiddleware(lambda request: "the page")
    return guard(RequestFactory().get("/", REMOTE_ADDR=remote_addr))


@pytest.mark.parametrize("address", ["192.168.1.20", "10.0.0.7", "fd00::2"])
def test_with_debug_on_a_request_from_the_network_is_refused(settings, address):
    settings.DEBUG = True
    refused = answer(address)
    assert refused.status_code == 403
    assert "make table" in refused.content.decode()


@pytest.mark.parametrize("address", ["127.0.0.1", "::1"])
def test_with_debug_on_this_machine_is_served(settings, address):
    settings.DEBUG = True
    assert answer(address) == "the page"


def test_without_debug_the_guard_lets_the_table_serve_the_network(settings):
    settings.DEBUG = False
    assert answer("192.168.1.20") == "the page"


def test_the_guard_is_installed_with_debug_and_not_without():
    script = (
        "import django; django.setup(); from django.conf import settings as s; print(s.MIDDLEWARE)"
    )
    development = run_python(
        "-c", script, DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1"
    )
    production = run_python("-c", script, DJANGO_SETTINGS_MODULE="config.settings")
    assert "config.debug_guard.LoopbackOnlyWhileDebugMiddleware" in development.stdout
    assert "debug_guard" not in production.stdout
