"""The tests' settings: the project's, plus the test-only toy system's app (its table is
made by its own migration, tests/toy/migrations/, in the test database only). The toy
system itself is registered only by the tests that use it (``TABLESIDE_EXTRA_SYSTEMS``,
tests/toy/)."""

from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "tests.toy"]  # noqa: F405
TABLESIDE_DISCORD_ALLOWED_HOSTS = ["127.0.0.1"]  # the Discord tests post to their own server

# Portraits written by a test run go to a folder of its own, never the checkout's media/
# (tests that look at the files give each test its own: the ``media`` fixture).
import os as _os  # noqa: E402
import tempfile as _tempfile  # noqa: E402

MEDIA_ROOT = Path(_tempfile.gettempdir()) / f"tableside-test-media-{_os.getpid()}"  # noqa: F405

# The idle-time garbage collections (config/idle_collection.py) would run on the event
# loop of the test run's own uvicorn thread, beside tests that count the collector's
# work (tests/test_heap.py): off for the run; tests/test_idle_collection.py turns them
# on where it tests them.
_os.environ.setdefault("TABLESIDE_GC_IDLE_YOUNG", "0")
