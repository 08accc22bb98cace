"""A middleware of ours runs in whichever mode Django calls it: synchronously under WSGI
(the test client, ``runserver``) and under the project's ASGI handler (uvicorn), natively
on the event loop under Django's own ASGI handler.

The project's ASGI handler (``config.asgi_handler``) runs the whole chain synchronously,
in one trip to the request's thread, as Django's WSGI handler does; the event-loop mode
(``ahandle``) is what Django's own ASGI handler would pick for a chain that can run
there. See docs/architecture.md, "Threads and the live feed".

A subclass writes ``handle(request)`` (synchronous) and ``ahandle(request)`` (the same
on the event loop); Django picks the mode from ``sync_capable``/``async_capable`` and
the next step it hands over (``markcoroutinefunction`` tells it this one is async)."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction


class BothModesMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self.ahandle(request)
        return self.handle(request)

    def handle(self, request):  # pragma: no cover - every subclass writes both
        raise NotImplementedError

    async def ahandle(self, request):  # pragma: no cover
        raise NotImplementedError
