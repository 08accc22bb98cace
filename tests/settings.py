"""The tests' settings: the project's, plus the test-only toy system's app (its table is
made by its own migration, tests/toy/migrations/, in the test database only). The toy
system itself is registered only by the tests that use it (``TABLESIDE_EXTRA_SYSTEMS``,
tests/toy/)."""

from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "tests.toy"]  # noqa: F405
TABLESIDE_DISCORD_ALLOWED_HOSTS = ["127.0.0.1"]  # the Discord tests post to their own server
