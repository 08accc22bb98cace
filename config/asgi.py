import os

from config.asgi_handler import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_asgi_application()

from config.checks import assert_production_ready  # noqa: E402  (needs apps loaded)

assert_production_ready()

from config.heap import settle  # noqa: E402

settle()  # the application's objects out of the collector's walks (config/heap.py)
