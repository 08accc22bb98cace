"""Browser tests: Debian's Chromium driven by pytest-playwright against the app served
by uvicorn (ASGI, so the live feed streams). Never `playwright install`: it downloads."""

import os
import shutil
import time

import pytest
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread, and pytest-playwright keeps
# its browser (and that loop) for the whole session, so every test that runs after the
# first browser test, browser or not, uses the ORM beside a running loop. Django refuses
# that unless this is set for the process; it must be set before the first test runs.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# A busy machine (CI runs its two legs at once on two cores; here, eight sessions share
# them) can take more than Playwright's default 5 s to answer a click: ``expect`` waits up
# to 15 s for its condition. A check that holds passes as soon as it holds, so only a
# failing one waits longer; nothing passes that did not.
expect.set_options(timeout=15_000)

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("The browser tests need Debian's chromium (apt-get install chromium).")
    return {
        **browser_type_launch_args,
        "executable_path": executable,
        "headless": True,
        "args": CHROMIUM_FLAGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """The ``page`` and ``context`` fixtures' contexts run no service worker: Playwright's
    ``page.route`` does not see a request the worker answers (the sheet's tabs), and the
    tests that stop or hold requests rely on it. tests/browser/test_offline.py opens its
    own contexts (``browser.new_context()``), where the worker runs, as for players."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(autouse=True)
def contexts_closed_after_each_test(browser):
    """Close every browser context a test opened itself (``browser.new_context()``).
    Left open, its pages keep their live feeds on the session's server, and an
    EventSource reconnects by itself: a stale page once reconnected while a later test
    that has no database ran, and the 500 that request raised in the server's thread was
    re-raised in that test by Django's test client (which listens to
    ``got_request_exception`` for the whole process)."""
    opened_before = {id(context) for context in browser.contexts}
    yield
    for context in browser.contexts:
        if id(context) not in opened_before:
            context.close()
    _wait_until_the_feeds_are_let_go()


def _wait_until_the_feeds_are_let_go(seconds: float = 5) -> None:
    """Once a test's pages are closed (the test's ``page`` is, before this fixture's
    end), wait until the server has let go of their live feeds. On SQLite a later test's
    party may get the same id (a rolled back row's id is used again), and a feed of the
    test before, not yet let go, counts as the new page's in ``wait_for_open_streams``,
    and the test may publish before its page listens. (Written for a SQLite-only
    failure of tests/browser/test_feed_gaps.py, which it did not cure: that was a roll
    stored while the page's stream was opening, fixed in the page's catch-up trigger.)"""
    from django_eventstream.views import get_listener_manager

    manager, deadline = get_listener_manager(), time.monotonic() + seconds
    while time.monotonic() < deadline:
        with manager.lock:
            if not any(manager.listeners_by_channel.values()):
                return
        time.sleep(0.02)


@pytest.fixture
def log_in_through_form(asgi_server, password):
    """log_in_through_form(page, user): sign in through the login form, as a person would
    (three page loads: tests/browser/test_accounts.py)."""

    def sign_in(page, user):
        page.goto(f"{asgi_server.url}/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{asgi_server.url}/")
        return page

    return sign_in


@pytest.fixture
def log_in(asgi_server):
    """log_in(page, user): ``user`` is logged in in the page's browser context and the page
    is on the front door, as after the login form. For tests that are not about logging
    in: the session is made as Django's test client makes it (``force_login``: the same
    ``login()`` and its signals, e.g. the theme restored) and its cookie handed to the
    context, one page load where the form took three."""
    from django.conf import settings
    from django.test import Client

    def sign_in(page, user):
        client = Client()
        client.force_login(user)
        page.context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": asgi_server.url,
                    "httpOnly": True,
                    "sameSite": "Lax",
                }
            ]
        )
        page.goto(f"{asgi_server.url}/")
        return page

    return sign_in


@pytest.fixture
def swedish(browser):
    """swedish(width, height, javascript=True): a new page in a Swedish browser."""
    contexts = []

    def open_page(width, height, javascript=True):
        context = browser.new_context(
            locale="sv-SE", viewport={"width": width, "height": height},
            service_workers="block", java_script_enabled=javascript,
        )  # fmt: skip
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
