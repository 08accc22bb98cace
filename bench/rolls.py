"""`roll`: a real roll POST of each system (the sheet locked, effects applied, a Roll
row written, the result partial rendered) against a trivial logged-in page on the same
server, interleaved so both see the same load; on fresh and on keep-alive connections.
Then the throughput of 8 clients rolling at once on one sheet and on 8 sheets."""

from __future__ import annotations

import itertools
import threading
import time

from django import forms
from django.urls import reverse

from bench.client import Browser
from bench.stats import ratio, summary

TRIVIAL = "/accounts/password/done/"  # login required, a template and nothing else
PAIRS = 20  # roll + trivial page, per system and connection kind
# Rolls before the timed ones: a worker's first roll of a system builds what it keeps
# (templates, the form's layout), 25-55 ms once; the p99 is of the rolls after.
WARM_ROLLS = 6
THROUGHPUT_SECONDS = 3.0
CLIENTS = 8


def roll_action(character):
    """The system's first roll (its everyday check) and the form's own defaults as the
    posted data; a blank text field (a new task's name) gets a name."""
    action = character.system_descriptor.actions[0]
    return action, form_defaults(action.form_class(character.sheet))


def form_defaults(form) -> dict:
    """What ``form`` posts as it first shows; a blank text field (a new task's, an NPC's
    name) gets a name."""
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value in (None, "") and isinstance(field, forms.CharField):
            value = NAMED  # a new name each roll (a task is rolled for once)
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    return data


NAMED = "bench check {n}"
_numbers = itertools.count(1)


def fresh(data: dict) -> dict:
    """The posted data with each new name numbered afresh."""
    return {key: value.format(n=next(_numbers)) if value == NAMED else value
            for key, value in data.items()}  # fmt: skip


def roll_url(character, action) -> str:
    return reverse("roll_form", args=[character.pk, action.slug])


def check_roll(port, sessionid, character) -> int:
    action, data = roll_action(character)
    return Browser(port, sessionid).post(roll_url(character, action), fresh(data)).status


def latency(port: int, sessionid: str, characters: dict) -> dict:
    results = {}
    for keep_alive in (False, True):
        kind = "keep-alive" if keep_alive else "fresh"
        for slug, character in characters.items():
            action, data = roll_action(character)
            url = roll_url(character, action)
            browser = Browser(port, sessionid, keep_alive=keep_alive)
            rolls, pages, errors = [], [], 0
            browser.get(TRIVIAL)  # warm: the first request of a connection
            for _ in range(WARM_ROLLS):  # and each worker's first roll of the system
                browser.post(url, fresh(data))
            for _ in range(PAIRS):
                answer = browser.post(url, fresh(data))
                if answer.status == 200:
                    rolls.append(answer.ms)
                else:
                    errors += 1
                pages.append(browser.get(TRIVIAL).ms)
            browser.close()
            roll, page = summary(rolls), summary(pages)
            results[f"{slug} {kind}"] = {
                "system": slug, "connection": kind, "action": action.slug,
                "roll": roll, "trivial": page, "errors": errors,
                "ratio_p50": ratio(roll["p50"], page["p50"]),
                "ratio_p99": ratio(roll["p99"], page["p99"]),
            }  # fmt: skip
    return results


def throughput(port: int, sessionid: str, characters: list) -> dict:
    """Rolls per second with one client per character in ``characters`` (cycled to
    ``CLIENTS``), each on a keep-alive connection, for ``THROUGHPUT_SECONDS``."""
    done, failed, timings = [0] * CLIENTS, [0] * CLIENTS, [[] for _ in range(CLIENTS)]
    start = threading.Barrier(CLIENTS + 1)
    deadline = [0.0]

    def client(n: int):
        character = characters[n % len(characters)]
        action, data = roll_action(character)
        url = roll_url(character, action)
        browser = Browser(port, sessionid, keep_alive=True)
        start.wait()
        while time.monotonic() < deadline[0]:
            try:
                answer = browser.post(url, fresh(data))
            except OSError:
                failed[n] += 1
                continue
            if answer.status == 200:
                done[n] += 1
                timings[n].append(answer.ms)
            else:
                failed[n] += 1
        browser.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    deadline[0] = time.monotonic() + THROUGHPUT_SECONDS
    started = time.monotonic()
    start.wait()
    for thread in threads:
        thread.join(timeout=THROUGHPUT_SECONDS + 60)
    elapsed = time.monotonic() - started
    return {
        "clients": CLIENTS, "sheets": len(characters), "seconds": round(elapsed, 1),
        "rolls": sum(done), "failed": sum(failed),
        "rolls_per_second": round(sum(done) / elapsed, 1),
        "latency": summary([ms for each in timings for ms in each]),
    }  # fmt: skip
