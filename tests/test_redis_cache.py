"""The Redis cache keeps one client, and its open connections, for the whole process:
Django makes a cache object per thread and per ASGI request, and the stock backend
opened a new connection to Redis for each (config/redis_cache.py)."""

import os

import pytest
import redis

from config.redis_cache import SharedPoolRedisCache

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a Redis server)"
)


def connections_to(url: str) -> int:
    return len(redis.Redis.from_url(url).client_list(_type="normal"))


def test_each_request_s_cache_object_borrows_the_process_s_open_connection():
    url = os.environ["REDIS_URL"]
    first = SharedPoolRedisCache(url, {"KEY_PREFIX": "tableside-test"})
    first.set("shared", "yes", 30)
    before = connections_to(url)
    for _ in range(25):  # as 25 requests' cache objects
        cache = SharedPoolRedisCache(url, {"KEY_PREFIX": "tableside-test"})
        assert cache.get("shared") == "yes"
        assert cache._cache is first._cache
    assert connections_to(url) <= before, "no new connection for each request's cache"
    first.delete("shared")
