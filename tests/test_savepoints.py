"""On PostgreSQL a savepoint whose block succeeded is not released (a round trip saved;
config/postgresql/base.py): its changes stay the transaction's, a later block that
fails undoes only its own, and a rollback to an enclosing savepoint undoes it too."""

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.test_idempotency import FIGHT, keyed, new_key, roll_url

on_pooled_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql" or "pool" not in connection.settings_dict["OPTIONS"],
    reason="config.postgresql, the pooled PostgreSQL backend (DATABASE_URL)",
)
pytestmark = [pytest.mark.django_db, on_pooled_postgresql]


def names():
    return sorted(Group.objects.values_list("name", flat=True))


def test_a_block_that_succeeded_sends_no_release():
    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        Group.objects.create(name="kept")
    verbs = [query["sql"].split()[0] for query in captured.captured_queries]
    assert "SAVEPOINT" in verbs and "RELEASE" not in verbs
    assert names() == ["kept"]


def test_a_later_block_that_fails_undoes_only_its_own_change():
    with transaction.atomic():
        Group.objects.create(name="first")
    with pytest.raises(IntegrityError), transaction.atomic():
        Group.objects.create(name="second")
        Group.objects.create(name="first")  # names are unique
    Group.objects.create(name="third")  # the transaction goes on
    assert names() == ["first", "third"]


def test_a_rollback_to_an_enclosing_savepoint_undoes_the_blocks_inside_it():
    class Undone(Exception):
        pass

    with pytest.raises(Undone), transaction.atomic():
        with transaction.atomic():
            Group.objects.create(name="inner")
        assert names() == ["inner"]
        raise Undone
    assert names() == []


def test_a_keyed_roll_opens_its_savepoints_and_releases_none(player_client, mutant_sheet):
    with CaptureQueriesContext(connection) as captured:
        response = player_client.post(roll_url(mutant_sheet), FIGHT, headers=keyed(new_key()))
    assert response.status_code == 200
    verbs = [query["sql"].split()[0] for query in captured.captured_queries]
    assert "SAVEPOINT" in verbs and "RELEASE" not in verbs
    assert verbs.count("COMMIT") == 0  # the test's own transaction holds it all
