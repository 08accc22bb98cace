"""Throttling of the account pages: log in, sign up, change password.

- Log in: django-axes counts failed log-ins by account (username) and by client address,
  each on its own; at ``AXES_FAILURE_LIMIT`` failures that account, or that address, is
  locked for ``AXES_COOLOFF_TIME``. Every attempt during the lock (even with the right
  password) starts the wait again, so "try again after <time>" stays true. Failures are
  kept in Redis when REDIS_URL is set, in the database otherwise (shared by every
  server process either way).
- Change password: the old password is checked through ``authenticate()``, so wrong old
  passwords count against the account and the address like failed log-ins.
- Sign up: at most ``SIGNUP_LIMIT`` sign-up posts per client address per
  ``SIGNUP_WINDOW`` (a fixed window in the cache).

The client address is the connection's (REMOTE_ADDR): behind a reverse proxy, let the
ASGI server rewrite it from X-Forwarded-For (uvicorn ``--proxy-headers
--forwarded-allow-ips``), never trust the header here, where anybody can set it. A
connection without an address (a Unix socket and no proxy headers) is throttled by
account alone at log-in, and shares one count with every such client at sign-up.
"""

from __future__ import annotations

import functools
import time
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

TOO_MANY_STATUS = 429


def client_address(request) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: the connection's address; None when the server has none
    to give (a Unix socket without proxy headers)."""
    return request.META.get("REMOTE_ADDR") or None


def lockout_parameters(request_or_attempt, credentials=None) -> list[str]:
    """AXES_LOCKOUT_PARAMETERS: by account and by address, each on its own; by account
    alone when the address is unknown. Every such client would share one made-up
    address, so one guesser could lock them all out (and the attempts table stores
    addresses, which a made-up one is not)."""
    if hasattr(request_or_attempt, "META"):  # a request (else a stored attempt)
        address = client_address(request_or_attempt)
    else:
        address = request_or_attempt.ip_address
    return ["username", "ip_address"] if address else ["username"]


def _wait_words(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def retry_context(wait: timedelta) -> dict:
    retry_at = timezone.localtime(timezone.now() + wait)
    return {
        "retry_in": _wait_words(wait.total_seconds()),
        "retry_at": retry_at,
        "retry_after_seconds": int(wait.total_seconds()),
    }


def _too_many(request, template: str, context: dict, wait: timedelta):
    response = render(request, template, {**context, **retry_context(wait)}, status=429)
    response["Retry-After"] = str(int(wait.total_seconds()))
    return response


def locked_out(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the login page again, with when to retry (HTTP 429);
    another throttled page (change password) says the same on its own page."""
    wait = settings.AXES_COOLOFF_TIME
    if request.resolver_match and request.resolver_match.url_name == "login":
        # An unbound form: validating the posted one would count one more attempt.
        form = AuthenticationForm(request, initial={"username": request.POST.get("username")})
        context = {"form": form, "next": request.POST.get("next", ""), "locked_out": True}
        return _too_many(request, "registration/login.html", context, wait)
    return _too_many(request, "registration/throttled.html", {}, wait)


def _count(key: str, window: int) -> int:
    cache.add(key, 0, timeout=window + 5)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window + 5)
        return 1


def _cache_away() -> tuple[type[BaseException], ...]:
    try:
        from redis.exceptions import RedisError
    except ImportError:
        return (ConnectionError,)
    return (RedisError, ConnectionError)


CACHE_AWAY = _cache_away()


def throttle_posts(scope: str, limit_setting: str, window_setting: str):
    """Allow at most ``settings.<limit_setting>`` POSTs to the view per client address per
    ``settings.<window_setting>`` seconds; beyond, a 429 page that says when to retry."""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "POST":
                limit = getattr(settings, limit_setting)
                window = getattr(settings, window_setting)
                window_start = int(time.time() // window * window)
                address = client_address(request) or "unknown"  # all such clients share one
                key = f"throttle:{scope}:{address}:{window_start}"
                try:
                    count = _count(key, window)
                except CACHE_AWAY:  # Redis is down: no sign-up refused for it
                    count = 0
                if count > limit:
                    wait = timedelta(seconds=window_start + window - time.time())
                    return _too_many(request, "registration/throttled.html", {}, wait)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate
