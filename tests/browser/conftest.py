"""Browser tests: Debian's Chromium driven by pytest-playwright against the app served
by uvicorn (ASGI, so the live feed streams). Never `playwright install`: it downloads."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in this thread, and pytest-playwright keeps
# its browser (and that loop) for the whole session, so every test that runs after the
# first browser test, browser or not, uses the ORM beside a running loop. Django refuses
# that unless this is set for the process; it must be set before the first test runs.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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


@pytest.fixture
def log_in(asgi_server, password):
    """log_in(page, user): sign in through the login form, as a person would."""

    def sign_in(page, user):
        page.goto(f"{asgi_server.url}/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{asgi_server.url}/")
        return page

    return sign_in
