"""Django's Redis cache, with one client and one connection pool per server for the
whole process.

Django keeps a cache object per thread, and under ASGI per request (each request runs
in a context of its own); the stock ``RedisCache`` builds its client and connection
pools on that object. So every request that touched the cache (a sign-up's window, the
feed's languages, axes) built a client, opened a new TCP connection to Redis after
looking the host up, and left the socket for the garbage collector: under the
``tables`` bench that was about 2% of a worker's samples connecting and, with the GIL
held, a fifth of the dashboard card's announcement building clients. Here one client
per server list serves the process: a request borrows a connection that is already
open and gives it back. redis-py's clients and pools are thread-safe and notice a fork
(a new worker process opens its own connections).
"""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_lock = threading.Lock()


class SharedPoolClient(RedisCacheClient):
    """A client that keeps one redis-py client per pool, not one per call."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._redis_clients = {}

    def _get_connection_pool(self, write):
        index = self._get_connection_pool_index(write)
        if index not in self._pools:
            with _lock:
                if index not in self._pools:
                    self._pools[index] = self._pool_class.from_url(
                        self._servers[index], **self._pool_options
                    )
        return self._pools[index]

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._redis_clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)
            client = self._redis_clients.setdefault(index, self._client(connection_pool=pool))
        return client


_clients: dict[tuple[str, ...], SharedPoolClient] = {}


class SharedPoolRedisCache(RedisCache):
    """``BACKEND`` for settings.CACHES: RedisCache whose client outlives a request (one
    per server list in a process: the project has one Redis cache)."""

    @cached_property
    def _cache(self):
        key = tuple(self._servers)
        client = _clients.get(key)
        if client is None:
            with _lock:
                client = _clients.get(key) or SharedPoolClient(self._servers, **self._options)
                _clients[key] = client
        return client
