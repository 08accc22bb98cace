"""An overloaded server's 503 says the server is busy (the pool had no free connection
in time), not that the table lost its database connection; and a read is not sent
again to wait for the pool once more."""

import pytest
from django.db import OperationalError, connection
from django.urls import reverse
from psycopg_pool import PoolTimeout

from tests.faults.test_dropped_database_connection import HTMX
from tests.threads import off_the_event_loop


def pool_exhausted(queries):
    """Each request's queries fail as Django fails them when the pool lends nothing in
    time (an OperationalError caused by psycopg_pool's PoolTimeout)."""

    def wrapper(execute, sql, params, many, context):
        queries.append(sql)
        try:
            raise PoolTimeout("couldn't get a connection after 10.00 sec")
        except PoolTimeout as timeout:
            raise OperationalError(str(timeout)) from timeout

    return wrapper


@pytest.fixture
def logged_in(client, transactional_db):
    from tests.factories import MutantSheetFactory, UserFactory

    player = UserFactory()
    sheet = MutantSheetFactory(character__owner=player)
    client.force_login(player)
    return client, sheet


def get(client, url, queries, **extra):
    def send():
        with connection.execute_wrapper(pool_exhausted(queries)):
            return client.get(url, **extra)

    return off_the_event_loop(send)


def test_a_busy_server_says_it_is_busy_and_reads_only_once(logged_in):
    client, sheet = logged_in
    queries = []
    response = get(client, reverse("character_sheet", args=[sheet.pk]), queries)
    assert response.status_code == 503 and response["Retry-After"]
    assert "The server is busy" in response.text
    assert "lost its connection" not in response.text
    assert len(queries) == 1, "not read again: that would wait for the pool once more"


def test_a_busy_server_tells_an_htmx_request_in_one_line(logged_in):
    client, sheet = logged_in
    response = get(client, reverse("character_sheet", args=[sheet.pk]), [], headers=HTMX)
    assert response.status_code == 503
    assert "The server is busy" in response.text and "<html" not in response.text
