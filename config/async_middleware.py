"""A middleware of ours runs in whichever mode Django calls it: synchronously under WSGI
(the test client, ``runserver``), natively on the event loop under ASGI (uvicorn).

Under ASGI Django runs each middleware in the mode the one inside it runs in, where it
can: the chain's mode is chosen in one place, the innermost middleware
(``config.middleware.DatabaseUnavailableMiddleware``: synchronous today, for the
measured reasons in its docstring). See docs/architecture.md, "Threads and the live
feed".

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
