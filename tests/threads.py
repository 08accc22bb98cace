"""Running test-client requests beside the browser tests' event loop."""

import threading

from django.db import connection


def off_the_event_loop(send):
    """Run ``send()`` (a test-client request) in a thread of its own and return its
    result. After the browser tests, Playwright's event loop runs in the main thread,
    where Django's test client (its async middleware) cannot run."""
    outcome = {}

    def run():
        try:
            outcome["value"] = send()
        except BaseException as error:  # re-raised in the test's thread
            outcome["error"] = error
        finally:
            connection.close()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=60)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
