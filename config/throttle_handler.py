"""django-axes' handler with Redis (``AXES_HANDLER``): failed log-ins are counted in the
cache (Redis), and, while the cache cannot be reached, in the database instead. So a
Redis outage never turns a log-in into a server error: logging in still works, and is
still throttled. Counts made in one store are not seen by the other, so at worst an
outage starts an account's count afresh. (Loaded by axes once the apps are ready.)"""

from __future__ import annotations

import logging

from axes.handlers.cache import AxesCacheHandler
from axes.handlers.database import AxesDatabaseHandler
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
UNREACHABLE = (RedisError, ConnectionError, OSError)


def _or_in_the_database(name: str):
    in_cache = getattr(AxesCacheHandler, name)

    def method(self, *args, **kwargs):
        try:
            return in_cache(self, *args, **kwargs)
        except UNREACHABLE as error:
            logger.warning("login throttle: the cache is unreachable (%s): %s in the database",
                           error, name)  # fmt: skip
            return getattr(self.database, name)(*args, **kwargs)

    method.__name__ = name
    method.__doc__ = f"``{name}`` in the cache, or in the database while it is away."
    return method


class CacheOrDatabaseHandler(AxesCacheHandler):
    def __init__(self):
        super().__init__()
        self.database = AxesDatabaseHandler()

    get_failures = _or_in_the_database("get_failures")
    user_login_failed = _or_in_the_database("user_login_failed")
    user_logged_in = _or_in_the_database("user_logged_in")
    user_logged_out = _or_in_the_database("user_logged_out")
    reset_attempts = _or_in_the_database("reset_attempts")

    # what the database counted while Redis was away is kept up to date the same way
    def post_save_access_attempt(self, instance, **kwargs):
        return self.database.post_save_access_attempt(instance, **kwargs)

    def post_delete_access_attempt(self, instance, **kwargs):
        return self.database.post_delete_access_attempt(instance, **kwargs)
