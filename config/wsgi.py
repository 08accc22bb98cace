import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

from config.checks import assert_production_ready  # noqa: E402  (needs apps loaded)

assert_production_ready()
