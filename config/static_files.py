"""Static files (precompressed brotli/gzip, far-future cache once collected), served by
ServeStatic from a middleware that runs in either of Django's modes.

ServeStatic's own middleware is async-only: in a WSGI process (the test client,
``runserver``) Django would start an event loop for it on every request (`make bench`
measured the trivial logged-in page at 11 ms in process with it and 3 ms with this one).
This one answers synchronously under WSGI and on the event loop under ASGI (the file is
read in a worker thread there).

The file table and the headers are ServeStatic's (its middleware is built once, here,
for its settings and files); only the answer is made here, synchronously. Our static
files are small (the largest, Bootstrap's CSS, is about 230 KB before compression), so
the body is read at once: a plain response, which an ASGI server sends without iterating
a file from async code.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.http import HttpResponse
from servestatic.middleware import ServeStaticMiddleware

from config.async_middleware import BothModesMiddleware


async def _unused(request):  # ServeStatic's middleware insists on an async next step
    raise AssertionError("StaticFilesMiddleware calls its own next step")


class StaticFilesMiddleware(BothModesMiddleware):
    def __init__(self, get_response):
        super().__init__(get_response)
        self.static = ServeStaticMiddleware(_unused)

    def handle(self, request):
        static_file = self._find(request.path_info)
        if static_file is None:
            return self.get_response(request)
        return serve(static_file, request)

    async def ahandle(self, request):
        static_file = self._find(request.path_info)
        if static_file is None:
            return await self.get_response(request)
        return await sync_to_async(serve, thread_sensitive=False)(static_file, request)

    def _find(self, path: str):
        if self.static.autorefresh:  # DEBUG: files are looked up as they change
            return self.static.find_file(path)
        return self.static.files.get(path)


def serve(static_file, request) -> HttpResponse:
    """ServeStatic's answer for the request (a 200, a 206 range, a 304, a HEAD's headers,
    the best encoding the client accepts) as a Django response."""
    answer = static_file.get_response(request.method or "GET", request.META)
    body = b""
    if answer.file is not None:
        try:
            body = answer.file.read()
        finally:
            answer.file.close()
    response = HttpResponse(body, status=int(answer.status))
    del response["Content-Type"]  # ServeStatic's own headers say it
    for name, value in answer.headers:
        if value is not None:
            response[name] = value
    return response
