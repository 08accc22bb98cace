"""Gzip for HTML and other dynamic responses (Django's GZipMiddleware), never for the
live feed: an event stream must reach the page event by event.

BREACH (a secret in a compressed body, guessed through reflected input and the length
of the response): Django masks the CSRF token afresh in every response, and its
GZipMiddleware adds random bytes to each gzip header ("Heal the BREACH"), so lengths
do not give secrets away; session ids travel in cookies, never in a body."""

from django.middleware.gzip import GZipMiddleware


class PageGZipMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
