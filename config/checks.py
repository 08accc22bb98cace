"""System checks that guard a production start."""

from importlib import import_module

from django.conf import settings
from django.core.checks import Error, Warning, register

from config.startup import ServiceUnavailableAtStart, check_services

DEV_KEY_ID = "tableside.E001"


@register()
def refuse_dev_secret_key(app_configs=None, **kwargs):
    if not settings.DEBUG and settings.SECRET_KEY == settings.DEV_SECRET_KEY:
        return [
            Error(
                "DEBUG is off but DJANGO_SECRET_KEY is not set: the built-in development "
                "key is public and is refused.",
                hint="Set DJANGO_SECRET_KEY to a long random value, or DJANGO_DEBUG=1 "
                "for development.",
                id=DEV_KEY_ID,
            )
        ]
    return []


@register()
def default_storage_installed(app_configs=None, **kwargs):
    """TABLESIDE_S3_BUCKET needs django-storages and boto3, which a plain install leaves
    out: said at start, not at the first upload."""
    backend = settings.STORAGES["default"]["BACKEND"]
    module = backend.rpartition(".")[0]
    try:
        import_module(module)
    except ImportError as error:
        return [
            Error(
                f"TABLESIDE_S3_BUCKET is set but its storage cannot be loaded ({error}).",
                hint="pip install 'django-storages[s3]>=1.14,<2' (pip install -e '.[s3]'), "
                "or unset TABLESIDE_S3_BUCKET to keep portraits under TABLESIDE_MEDIA_DIR.",
                id="tableside.E002",
            )
        ]
    return []


@register()
def django_counters_off_classes(app_configs=None, **kwargs):
    """config.class_counters could not patch this Django: said, not fatal (the server
    runs as before it, slower on CPython 3.12+)."""
    from config.class_counters import CHECK_ID, still_counting_on_classes

    left = still_counting_on_classes()
    if not left:
        return []
    return [
        Warning(
            f"{', '.join(left)} still count their instances on the class: CPython stops "
            "caching their attribute lookups after 1,000 changes (config/class_counters.py).",
            hint="This Django's code no longer matches what config/class_counters.py "
            "patches: update it for this release.",
            id=CHECK_ID,
        )
    ]


def assert_production_ready():
    """Called by the ASGI/WSGI entry points: refuse to serve with the dev key, or with a
    database or a Redis that does not answer (each message names the variable)."""
    errors = refuse_dev_secret_key()
    if errors:
        raise ServiceUnavailableAtStart(f"{errors[0].msg} {errors[0].hint}")
    check_services()
