"""Fixtures for the Django tests. Factories are imported inside the fixtures so the pure
dice tests (tests/dice/) also run without Django: pytest tests/dice -p no:django."""

import contextlib
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from rolls.rng import use_rng
from sheets.systems.dice.core import ScriptedRNG

# Reproducible property tests: the same examples on every run (each test keeps its own
# max_examples), and no per-example deadline to trip on a slow machine.
settings.register_profile("reproducible", derandomize=True, deadline=None)
settings.load_profile("reproducible")


def pytest_configure(config):
    """The tests' servers serve static/ as it is now (finders), never what `make run` or
    `make bench` collected into .staticfiles/ earlier: a stale copy there once served an
    old sheet.js to the browser tests. And the translation catalogues are compiled (.mo,
    not in git) if missing or older than their .po (config/catalogue.py, pure Python)."""
    from config.catalogue import compile_all

    compile_all()
    if config.pluginmanager.hasplugin("django"):
        from django.conf import settings as django_settings

        django_settings.STATIC_ROOT = Path(tempfile.mkdtemp(prefix="tableside-test-static-"))

        from tests import flush

        flush.install()  # transactional tests empty the database quicker (tests/flush.py)


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """Real hashing costs ~0.3 s a user; tests only need passwords that check.
    (Skipped when the pure dice tests run without pytest-django.)"""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def feed_delivery_starts_afresh(request):
    """Each test's database numbers its feed events from 1 again: this process forgets
    which ids its streams were given (rolls.feed_redis) by an earlier test."""
    if request.config.pluginmanager.hasplugin("django"):
        from rolls import feed_redis

        feed_redis.forget_delivered()


@pytest.fixture(autouse=True)
def cache_starts_empty(request):
    """Each test starts with an empty cache: the sign-up and log-in throttles count in it,
    and with Redis those counts outlive the process (an earlier run in the same hour once
    left the sign-up limit spent for the whole PostgreSQL + Redis leg)."""
    if request.config.pluginmanager.hasplugin("django"):
        from django.core.cache import cache

        from config.throttle import CACHE_AWAY

        with contextlib.suppress(CACHE_AWAY):  # a fault test may have left Redis away
            cache.clear()


@pytest.fixture(autouse=True)
def language_starts_as_the_default(request):
    """Each test starts in the default language: a request made through the test client
    activates the reader's language in this thread and leaves it active, so a Swedish
    request left the next test reading Swedish where it expected English."""
    if request.config.pluginmanager.hasplugin("django"):
        from django.utils import translation

        translation.deactivate()


@pytest.fixture
def media(settings, tmp_path):
    """A MEDIA_ROOT of this test's own (portraits): the default storage writes there."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def scripted_dice():
    """Script the server's dice for a view test: ``scripted_dice(6, 1, 3)``."""
    contexts = []

    def script(*faces):
        rng = ScriptedRNG(faces)
        context = use_rng(rng)
        context.__enter__()
        contexts.append(context)
        return rng

    yield script
    for context in reversed(contexts):
        context.__exit__(None, None, None)


@pytest.fixture
def password():
    from tests.factories import PASSWORD

    return PASSWORD


@pytest.fixture
def gm(db):
    from tests.factories import UserFactory

    return UserFactory(username="gm")


@pytest.fixture
def party(gm):
    from tests.factories import PartyFactory

    return PartyFactory(name="The Ark", gm=gm)


@pytest.fixture
def player(party):
    from tests.factories import UserFactory, member_of

    return member_of(party, UserFactory(username="player"))


@pytest.fixture
def stranger(db):
    from tests.factories import UserFactory

    return UserFactory(username="stranger")


@pytest.fixture
def mutant_sheet(player, party):
    """A player's Enforcer in the party (Strength 5, Fight 3)."""
    from tests.factories import MutantSheetFactory

    return MutantSheetFactory(
        character__owner=player, character__party=party, character__name="Krin"
    )


@pytest.fixture
def player_client(client, player):
    client.force_login(player)
    return client


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture(scope="session")
def _asgi_server_for_session(django_db_setup, django_db_blocker):
    """One uvicorn for the whole run: django-eventstream keeps one Redis subscription per
    process, bound to the event loop of the first stream, so the server's loop must live
    as long as the process does (as in production)."""
    from django.conf import settings
    from django.test.utils import override_settings

    from config.asgi_handler import get_asgi_application
    from tests.asgi_server import ThreadedASGIServer

    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "127.0.0.1", "localhost"]):
        server = ThreadedASGIServer(get_asgi_application()).start()
        yield server
        server.stop()


@pytest.fixture
def asgi_server(_asgi_server_for_session, transactional_db):
    """The app on a real ASGI server (uvicorn in a thread) for streaming tests; each test's
    data is committed (transactional_db) so the server's threads can see it."""
    return _asgi_server_for_session
