"""Django's ASGI handler with the whole request in one trip to the request's thread.

Django's own handler builds its middleware chain for the event loop. Most of this
project's chain is synchronous (sessions, CSRF, log-in, messages...; see
``config.async_middleware``), and so are most views: each request then went from the
event loop to its thread for the chain, back to the loop for Django's inner handler,
and to the thread again for every view middleware's ``process_view`` (CSRF,
idempotency), for the view itself and for a template response's rendering, with a
wake-up of the loop at each return. Under the ``tables`` bench those trips were about
a seventh of a worker's CPU (asgiref, in GIL samples).

``OneTripASGIHandler`` builds the chain as Django's WSGI handler does (every hook and a
synchronous view called directly) and runs it in one trip to the request's thread. An
async view (the live feed, ``rolls.views.party_events``) is run on the event loop from
there, as Django runs one under WSGI; it returns its streaming response at once, and
the stream is sent from the event loop, holding no thread (``rolls/feed_threads.py``).
Everything else is Django's handler: the request's own thread (its thread-sensitive
context), the body read, the disconnect watch, the response sent, then closed.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class OneTripASGIHandler(ASGIHandler):
    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)


def get_asgi_application() -> OneTripASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with this handler."""
    import django

    django.setup(set_prefix=False)
    return OneTripASGIHandler()
