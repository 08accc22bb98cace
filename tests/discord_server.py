"""A stand-in for Discord's webhook endpoint: a real HTTP server on 127.0.0.1, in a
thread, that keeps every JSON body it is posted and answers from a script, by turns
(then 204)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class WebhookServer:
    def __init__(self):
        self.received: list[dict] = []
        self.paths: list[str] = []
        self.answers: list[tuple[int, dict, bytes]] = []
        self.lock = threading.Lock()
        self.posted = threading.Condition(self.lock)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                assert self.headers.get("Content-Type") == "application/json"
                with server.lock:
                    server.received.append(body)
                    server.paths.append(self.path)
                    status, headers, answer = (
                        server.answers.pop(0) if server.answers else (204, {}, b"")
                    )
                    server.posted.notify_all()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return (
            f"http://127.0.0.1:{self.httpd.server_port}/api/webhooks/1234567890/abcDEF_token-cdef"
        )

    def answer(self, *answers):
        """Script the next answers: ``(status, headers, body)`` or a bare status."""
        with self.lock:
            for each in answers:
                self.answers.append(each if isinstance(each, tuple) else (each, {}, b""))

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict]:
        with self.lock:
            self.posted.wait_for(lambda: len(self.received) >= count, timeout)
            return list(self.received)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
