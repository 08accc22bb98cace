"""Posting after the roll: the roll path hands a roll over once its transaction has
committed and its answer has gone out (``config.after_response.later``); the roll is
read then, and only for a party with a webhook. The post itself runs on one background
thread fed by a bounded queue: a slow or failing Discord never slows or fails a roll,
and a full queue drops the post (the GM sees it on the settings page) rather than wait.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.db import close_old_connections, connections, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from config.after_response import later
from config.prepared import kept
from rolls.discord import delivery
from rolls.discord.embeds import roll_embed

log = logging.getLogger(__name__)

QUEUE_SIZE = 200


@dataclass
class Job:
    webhook_id: int
    url: str
    payload: dict
    roll_id: int


class Outbox:
    """One daemon thread posting the queued jobs in order. ``sleep`` and ``send`` are
    what ``delivery.deliver`` waits and posts with (the tests give their own sleep)."""

    def __init__(self, size: int = QUEUE_SIZE):
        self.queue: queue.Queue[Job] = queue.Queue(size)
        self.sleep = time.sleep
        self.send = delivery.send_json
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, job: Job) -> bool:
        """Queue ``job`` without waiting; False (and the GM told) when the queue is full."""
        self._start()
        try:
            self.queue.put_nowait(job)
        except queue.Full:
            log.warning("Discord outbox full: roll %s not posted", job.roll_id)
            record(job, delivery.Delivery(False, 0, _("too many rolls waiting: not posted"), 0),
                   state="dropped")  # fmt: skip
            return False
        return True

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._work, name="discord-outbox", daemon=True
                )
                self._thread.start()

    def _work(self) -> None:
        while True:
            job = self.queue.get()
            try:
                result = delivery.deliver(job.url, job.payload, send=self.send, sleep=self.sleep)
                if not result.ok:
                    log.warning("Discord post of roll %s failed: %s", job.roll_id, result.reason)
                record(job, result)
            except Exception:  # the next post still goes
                log.exception("Discord post of roll %s", job.roll_id)
            finally:
                connections.close_all()
                self.queue.task_done()

    def drain(self, timeout: float = 10.0) -> bool:
        """Wait until every queued post is done (the tests, a clean shutdown)."""
        deadline = time.monotonic() + timeout
        with self.queue.all_tasks_done:
            while self.queue.unfinished_tasks:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.queue.all_tasks_done.wait(left)
        return True


outbox = Outbox()


def record(job: Job, result: delivery.Delivery, state: str = "") -> None:
    """Keep how the post went on the webhook (if its URL is still the one posted to)."""
    from rolls.discord.models import PartyWebhook

    now = timezone.now()
    values = {
        "last_state": state or (PartyWebhook.SENT if result.ok else PartyWebhook.FAILED),
        "last_status": result.status,
        "last_reason": result.reason[:300],
        "last_at": now,
        "last_roll": job.roll_id,
    }
    if result.ok:
        values["last_sent_at"] = now
    close_old_connections()
    PartyWebhook.objects.filter(pk=job.webhook_id, url=job.url).update(**values)


def _webhook_of(model):
    """The party's webhook read (asked after every roll, most parties having none), its
    SQL built once per process."""
    return kept(
        "discord-webhook-of-party",
        lambda party_id: model.objects.filter(party_id=party_id)
        .only("pk", "url", "language").order_by("pk")[:1],
        int,
    )  # fmt: skip


def post_roll(roll_id: int, party_id: int) -> None:
    """Read the roll and hand its embed to the outbox, if its party has a webhook and
    the party may see it (not secret)."""
    from rolls.discord.models import PartyWebhook
    from rolls.models import Roll

    webhook = _webhook_of(PartyWebhook).first(party_id)
    if webhook is None:
        return
    roll = Roll.objects.select_related("character", "user", "party").filter(pk=roll_id).first()
    if roll is None or roll.secret:
        return
    # one message for the whole channel: in the GM's language (set when they connected it)
    with translation.override(webhook.language or settings.LANGUAGE_CODE):
        embed = roll_embed(roll)
    outbox.submit(Job(webhook.pk, webhook.url, embed, roll.pk))


def _after_commit(roll_id: int, party_id: int) -> None:
    transaction.on_commit(partial(later, partial(post_roll, roll_id, party_id)))


# What the roll form reads with the roll's party (``locked_editable_sheet``): the
# party's webhook, if any, in the query that locks the sheet.
PARTY_WITH = ("discord_webhook",)


def _known_without_webhook(party) -> bool:
    """The party was read with its webhook (``PARTY_WITH``) and has none. Most parties
    have none: their rolls then cost no read after the answer."""
    related = type(party).discord_webhook.related
    return related.is_cached(party) and related.get_cached_value(party) is None


def roll_saved(roll) -> None:
    """The roll path's hook, inside the roll's transaction: a roll the party sees is
    posted after the commit and the answer. A secret one waits for ``roll_revealed``."""
    if roll.party_id is None or roll.secret:
        return
    if type(roll).party.is_cached(roll) and _known_without_webhook(roll.party):
        return
    _after_commit(roll.pk, roll.party_id)


def roll_revealed(roll_id: int, party_id: int | None) -> None:
    """The GM revealed a secret roll: post it now."""
    if party_id is not None:
        _after_commit(roll_id, party_id)
