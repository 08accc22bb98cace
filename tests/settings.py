"""The tests' settings: the project's, plus the test-only toy system's app (its model's
table is made with the test database; it has no migrations). The toy system itself is
registered only by the tests that use it (``TABLESIDE_EXTRA_SYSTEMS``, tests/toy/)."""

from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "tests.toy"]  # noqa: F405
