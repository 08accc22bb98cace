from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Tableside configuration"

    def ready(self):
        from config import checks  # noqa: F401  (registers the system checks)
        from rolls import feed_redis

        feed_redis.install()  # the live feed resubscribes after a Redis restart
