"""One post to a webhook, retried a bounded number of times.

A 2xx is done. A 429 waits what Discord says (the ``Retry-After`` header, or
``retry_after`` in the JSON body), at most ``LONGEST_WAIT`` seconds; a 5xx or a
connection that fails waits the next step of ``BACKOFF``; any other answer (404: the
webhook was deleted; 401: a wrong token) is final at once. ``send`` and ``sleep`` are
given by the caller (the tests pass their own sleep: nothing here is timed).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.utils.translation import gettext as _

ATTEMPTS = 4
BACKOFF = (1.0, 3.0, 9.0)  # seconds before the 2nd, 3rd and 4th attempt
LONGEST_WAIT = 30.0  # a 429 that asks longer ends the delivery (the reason says so)
TIMEOUT = 5.0  # seconds for one request


@dataclass
class Answer:
    status: int  # 0: no answer (the connection failed)
    headers: dict
    body: bytes
    error: str = ""


@dataclass
class Delivery:
    ok: bool
    status: int
    reason: str
    attempts: int


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a webhook never redirects: not followed
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def send_json(url: str, payload: dict, timeout: float = TIMEOUT) -> Answer:
    """POST ``payload`` as JSON; the answer, whatever its status."""
    request = urllib.request.Request(
        url, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "Tableside (webhook)"},
    )  # fmt: skip
    try:
        with _opener.open(request, timeout=timeout) as response:
            return Answer(response.status, dict(response.headers), response.read(65536))
    except urllib.error.HTTPError as error:
        with error:
            return Answer(error.code, dict(error.headers or {}), error.read(65536))
    except (OSError, ValueError) as error:  # refused, timed out, name unknown
        return Answer(0, {}, b"", error=str(getattr(error, "reason", error)))


def _json(body: bytes) -> dict:
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def retry_after(answer: Answer) -> float | None:
    """Seconds a 429 asks to wait: the header, else the body's ``retry_after``."""
    headers = {k.lower(): v for k, v in answer.headers.items()}
    for value in (headers.get("retry-after"), _json(answer.body).get("retry_after")):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            continue
        if seconds >= 0:
            return seconds
    return None


def _reason(answer: Answer) -> str:
    if answer.status == 0:
        return _("no answer: %(error)s") % {"error": answer.error or _("connection failed")}
    message = _json(answer.body).get("message")
    if answer.status == 429:
        return _("rate limited by Discord (429)")
    if message:
        return f"{answer.status}: {str(message)[:200]}"
    return _("Discord answered %(status)s") % {"status": answer.status}


def deliver(url, payload, *, send=send_json, sleep=time.sleep, attempts=ATTEMPTS) -> Delivery:
    """Post until it is taken, a final refusal, or ``attempts`` tries."""
    answer = None
    for attempt in range(1, attempts + 1):
        answer = send(url, payload)
        if 200 <= answer.status < 300:
            return Delivery(True, answer.status, "", attempt)
        if answer.status == 429:
            wait = retry_after(answer)
            wait = BACKOFF[min(attempt, len(BACKOFF)) - 1] if wait is None else wait
            if wait > LONGEST_WAIT:
                reason = _("rate limited by Discord for %(seconds)d s: not retried") % {
                    "seconds": wait}  # fmt: skip
                return Delivery(False, 429, reason, attempt)
        elif answer.status == 0 or answer.status >= 500:
            wait = BACKOFF[min(attempt, len(BACKOFF)) - 1]
        else:
            return Delivery(False, answer.status, _reason(answer), attempt)
        if attempt < attempts:
            sleep(wait)
    reason = _("%(reason)s, after %(n)d attempts") % {"reason": _reason(answer), "n": attempts}
    return Delivery(False, answer.status, reason, attempts)
