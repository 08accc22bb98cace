from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RollsConfig(AppConfig):
    name = "rolls"
    verbose_name = _("Rolls")

    def ready(self):
        from rolls import feed_redis, feed_resume, feed_status, feed_threads, receivers
        from rolls.stream import connect_sheet_signals

        connect_sheet_signals()
        receivers.connect()  # undo notes, party-setting announcements, the party's export
        feed_redis.install()  # the live feed resubscribes after a Redis restart
        feed_status.install()  # a page is always told whether its feed is live
        feed_resume.install()  # a resumed feed sends each missed event once
        feed_threads.install()  # an open feed's reads use the shared threads, not its own
