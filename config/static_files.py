"""Static files (precompressed brotli/gzip, far-future cache once collected), served by
ServeStatic from a middleware that runs in Django's synchronous chain.

ServeStatic's own middleware is async-only. Among synchronous middleware that makes
Django switch between the event loop and a worker thread around it (and around each
hook of every middleware that then runs in async mode) on every request, and in a WSGI
process (the test client, ``runserver``) start an event loop per request. `make bench`
measured the trivial logged-in page at 11 ms in process with it and 3 ms with this one.

The file table and the headers are ServeStatic's (its middleware is built once, here,
for its settings and files); only the answer is made here, synchronously. Our static
files are small (the largest, Bootstrap's CSS, is about 230 KB before compression), so
the body is read at once: a plain response, which an ASGI server sends without iterating
a file from async code.
"""

from __future__ import annotations

from django.http import HttpResponse
from servestatic.middleware import ServeStaticMiddleware


async def _unused(request):  # ServeStatic's middleware insists on an async next step
    raise AssertionError("StaticFilesMiddleware calls its own next step")


class StaticFilesMiddleware:
    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response
        self.static = ServeStaticMiddleware(_unused)

    def __call__(self, request):
        static_file = self._find(request.path_info)
        if static_file is None:
            return self.get_response(request)
        return serve(static_file, request)

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
