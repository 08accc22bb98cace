"""``manage.py prune_feed``: delete the live feed's stored events older than
``TABLESIDE_FEED_KEEP_DAYS`` (each server process also does it on its own once a
minute; this is for a schedule, or a server that was off)."""

from django.core.management.base import BaseCommand

from rolls.stream import keep_days, prune_events


class Command(BaseCommand):
    help = "Delete the live feed's stored events older than TABLESIDE_FEED_KEEP_DAYS."

    def handle(self, *args, **options):
        deleted = prune_events()
        self.stdout.write(f"Pruned {deleted} feed events older than {keep_days():g} days.")
