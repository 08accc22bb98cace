"""``manage.py prune_idempotency``: delete the answers kept by Idempotency-Key older than
``TABLESIDE_IDEMPOTENCY_KEEP_HOURS`` (each server process also does it on its own at
most once a minute; this is for a schedule, or a server that was off)."""

from django.core.management.base import BaseCommand

from config.idempotency import keep_hours, prune


class Command(BaseCommand):
    help = "Delete the answers kept by Idempotency-Key older than TABLESIDE_IDEMPOTENCY_KEEP_HOURS."

    def handle(self, *args, **options):
        deleted = prune()
        self.stdout.write(f"Pruned {deleted} kept answers older than {keep_hours():g} hours.")
