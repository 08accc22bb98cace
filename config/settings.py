"""Tableside settings: one module, driven by the environment.

Environment variables (all optional in development):

- DJANGO_DEBUG: "1" for development; off by default.
- DJANGO_SECRET_KEY: required when DEBUG is off (the built-in key is refused).
- DJANGO_ALLOWED_HOSTS: comma-separated host names.
- DJANGO_CSRF_TRUSTED_ORIGINS: comma-separated origins (https://table.example).
- DATABASE_URL: e.g. postgres://postgres@127.0.0.1:5432/test (SQLite by default).
- REDIS_URL: e.g. redis://127.0.0.1:6379/0: cache, and the live feed across processes.
- DJANGO_SECURE: "1" behind HTTPS (secure cookies, HSTS, SSL redirect); on when DEBUG is off.
- TABLESIDE_LOG_FORMAT: "json" for one JSON object per log line; "text" by default.
- TABLESIDE_MEDIA_DIR: where uploaded portraits are kept (media/ by default).
- TABLESIDE_S3_BUCKET (and _ENDPOINT_URL, _REGION, _PREFIX): portraits in an S3-compatible
  bucket instead (docs/portraits.md).
"""

import os
import tempfile
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG")

# The development key is public. config.checks refuses it whenever DEBUG is off, so a
# production server can never start with it (runserver, migrate and the ASGI/WSGI app
# all run that check).
DEV_SECRET_KEY = "dev-only-tableside-secret-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_eventstream",
    "axes",
    "simple_history",
    "config",
    "sheets",
    "rolls",
]

MIDDLEWARE = [
    # /healthz and /readyz answer before the host check, HTTPS redirect, session and CSRF
    # (and are not logged: a proxy asks every few seconds).
    "config.health.HealthMiddleware",
    # Then the request id (X-Request-ID, error pages, logs) and the request's log line.
    "config.request_log.RequestLogMiddleware",
    # Then: the party's feed is told of a request's changes after its response is sent.
    "config.after_response.AfterResponseMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.static_files.StaticFilesMiddleware",
    # Compresses what the views return (static files come precompressed, above).
    "config.compression.PageGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: their choice (a cookie), else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A logged-in person's chosen language wins over the cookie and the browser's
    # (sheets/preferences/language.py, docs/i18n.md).
    "sheets.preferences.language.ChosenLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A logged-in person's change sent twice with one Idempotency-Key is applied once
    # (after the CSRF check, inside the session and compression: config/idempotency.py).
    "config.idempotency.IdempotencyMiddleware",
    # Whose each HTML page is, for the service worker's kept pages (config/pwa.py).
    "config.pwa.ViewerMiddleware",
    # Last: turns a login that django-axes refused into the lockout page.
    "axes.middleware.AxesMiddleware",
    # A dropped database connection: GETs read once more, else a 503 "try again".
    "config.middleware.DatabaseUnavailableMiddleware",
]

if DEBUG:  # the development server answers this machine only (config/debug_guard.py)
    MIDDLEWARE.insert(1, "config.debug_guard.LoopbackOnlyWhileDebugMiddleware")

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sheets.preferences.theme.theme",
                "sheets.preferences.language.current",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Rolls lock a sheet row while they apply effects; on SQLite that is a write
    # transaction, so give concurrent writers time instead of "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
    # A file, not memory, for the test database: the browser and live-feed tests serve
    # the app from other threads and processes, which must see the same data.
    # One file per test run, so two runs on one machine never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"tableside-test-{os.getpid()}.sqlite3")
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DATABASE_POOL", default=True
):
    # psycopg's connection pool, one per server process: a request borrows a connection
    # and gives it back at its end, instead of opening a new one (~5-10 ms on a LAN).
    # Each borrowed connection is checked first (one empty query), so one the database
    # dropped is replaced, not handed out; on a failed check every idle connection of the
    # pool is checked at once (config/postgresql/base.py: psycopg_pool's own check waits
    # 1, 2, 4 s... between dead ones), and one direct connection before the pool's first
    # reports a wrong DATABASE_URL at once, not after the pool's timeout.
    # CONN_MAX_AGE must stay 0 with a pool. DATABASE_POOL=0 turns it off.
    DATABASES["default"]["ENGINE"] = "config.postgresql"
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "check": None,  # checked by config.postgresql instead
        "min_size": int(os.environ.get("DATABASE_POOL_MIN_SIZE") or 2),
        "max_size": int(os.environ.get("DATABASE_POOL_MAX_SIZE") or 20),
        # How long a request waits for a free connection before failing (seconds).
        "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT") or 10),
        # Idle connections above min_size are closed after this many seconds.
        "max_idle": float(os.environ.get("DATABASE_POOL_MAX_IDLE") or 300),
    }
if DATABASES["default"]["ENGINE"] in ("config.postgresql", "django.db.backends.postgresql"):
    # DATABASE_SYNCHRONOUS_COMMIT=off: a commit returns before its WAL reaches the disk
    # (PostgreSQL's synchronous_commit, for this app's connections only). A disk whose
    # flushes stall now and then (150-800 ms on the project's virtual machine, several a
    # minute) then no longer holds every request that commits meanwhile; a crash of the
    # database's machine (not of PostgreSQL or the app) can lose the last half second of
    # answered changes, never the database's consistency. Unset: the database's own.
    _synchronous = os.environ.get("DATABASE_SYNCHRONOUS_COMMIT", "").strip().lower()
    if _synchronous:
        if _synchronous not in {"on", "off", "local", "remote_write", "remote_apply"}:
            from django.core.exceptions import ImproperlyConfigured

            raise ImproperlyConfigured(
                f"DATABASE_SYNCHRONOUS_COMMIT={_synchronous!r}: use on, off, local, "
                "remote_write or remote_apply (PostgreSQL's synchronous_commit)"
            )
        _options = DATABASES["default"].setdefault("OPTIONS", {})
        _options["options"] = (
            f"{_options.get('options', '')} -c synchronous_commit={_synchronous}".strip()
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
    _redis = urlparse(REDIS_URL)
    # django-eventstream: events are stored in the database (replay after a
    # reconnect) and fanned out to every server process through Redis pub/sub.
    EVENTSTREAM_REDIS = {
        "host": _redis.hostname or "127.0.0.1",
        "port": _redis.port or 6379,
        "db": int((_redis.path or "/0").lstrip("/") or 0),
    }
    if _redis.password:
        EVENTSTREAM_REDIS["password"] = _redis.password
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

EVENTSTREAM_STORAGE_CLASS = "rolls.stream.PartyEventStorage"
# The live feed's stored events (what a reconnecting page replays) are kept this many
# days, then pruned (rolls.stream.prune_events; `manage.py prune_feed`). The rolls
# themselves stay: an older page catches up from the party's roll log.
TABLESIDE_FEED_KEEP_DAYS = float(os.environ.get("TABLESIDE_FEED_KEEP_DAYS") or 3)
# Requests of a server process in their thread at once (config.asgi_handler.Admission);
# the others wait on the event loop. 0: no limit.
TABLESIDE_REQUEST_THREADS = int(os.environ.get("TABLESIDE_REQUEST_THREADS") or 4)
# A change's answer kept by its Idempotency-Key (config/idempotency.py): a repeat within
# this many hours gets the same answer; older ones are pruned like the feed's events.
TABLESIDE_IDEMPOTENCY_KEEP_HOURS = float(os.environ.get("TABLESIDE_IDEMPOTENCY_KEEP_HOURS") or 24)
# How long a repeat waits for the first request with its key to finish (then 409).
TABLESIDE_IDEMPOTENCY_WAIT_SECONDS = 5
EVENTSTREAM_CHANNELMANAGER_CLASS = "rolls.stream.PartyChannelManager"

# Sign up and change password refuse weak passwords, the reason next to the field.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "config.password_validation.UsernameNotInPasswordValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes; see config/throttle.py): by account and by client
# address, each on its own, unlocked after the cool-off.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend, its per-request user read prepared (config/auth.py)
    "config.auth.PreparedModelBackend",
]
AXES_HANDLER = (
    "config.throttle_handler.CacheOrDatabaseHandler"  # the database while Redis is away
    if REDIS_URL
    else "axes.handlers.database.AxesDatabaseHandler"  # shared by every process
)
AXES_FAILURE_LIMIT = int(os.environ.get("TABLESIDE_LOGIN_FAILURE_LIMIT") or 10)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("TABLESIDE_LOGIN_COOLOFF_MINUTES") or 15))
AXES_LOCKOUT_PARAMETERS = "config.throttle.lockout_parameters"  # account, and address
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures only: no row per successful login
AXES_CLIENT_IP_CALLABLE = "config.throttle.client_address"
AXES_LOCKOUT_CALLABLE = "config.throttle.locked_out"
SIGNUP_LIMIT = int(os.environ.get("TABLESIDE_SIGNUP_LIMIT") or 20)  # posts per address...
SIGNUP_WINDOW = 60 * 60  # ...per hour
# the read-only API (docs/api.md): requests per token, "<count>/<s|min|hour|day>"
TABLESIDE_API_RATE = os.environ.get("TABLESIDE_API_RATE") or "60/min"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# English is the source; Swedish is the one complete translation (issue 30). The
# catalogues live in config/locale (docs/i18n.md).
LANGUAGES = [("en", "English"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "config" / "locale"]
# The language cookie: set when someone chooses, and at log-in to the person's stored
# choice (sheets/preferences/language.py). A year, this site only, never read by scripts.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / ".staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# Static files are served by ServeStatic (config/static_files.py), straight from the
# apps' and the project's static folders (no collectstatic step needed on a LAN install).
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = DEBUG
# After `manage.py collectstatic` (make run does it), files have hashed names and brotli
# and gzip copies; ServeStatic sends the smallest the browser accepts, with
# "Cache-Control: max-age=315360000, public, immutable" (config/storage.py).
# Uploaded files (the characters' portraits, sheets/portraits/) go through Django's
# default storage: files under MEDIA_ROOT, or an S3-compatible bucket when
# TABLESIDE_S3_BUCKET is set (docs/portraits.md). Never served as public files: no URL
# maps MEDIA_URL; a view answers each picture to those who may see the character.
MEDIA_ROOT = Path(os.environ.get("TABLESIDE_MEDIA_DIR") or BASE_DIR / "media")
MEDIA_URL = "/media/"
S3_BUCKET = os.environ.get("TABLESIDE_S3_BUCKET", "").strip()
if S3_BUCKET:
    # django-storages' S3 backend (pip install 'tableside[s3]'); the credentials are
    # boto3's own variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or its files.
    DEFAULT_STORAGE = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": S3_BUCKET,
            "endpoint_url": os.environ.get("TABLESIDE_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("TABLESIDE_S3_REGION") or None,
            "location": os.environ.get("TABLESIDE_S3_PREFIX", "tableside").strip("/"),
            "default_acl": None,  # the bucket's own (keep it private)
            "querystring_auth": True,
            "file_overwrite": False,
        },
    }
else:
    DEFAULT_STORAGE = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
STORAGES = {
    "default": DEFAULT_STORAGE,
    "staticfiles": {"BACKEND": "config.storage.StaticFilesStorage"},
}

# Stock widgets rendered in Python (same markup as their templates, faster).
FORM_RENDERER = "config.form_renderer.WidgetRenderer"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Content Security Policy from the start: scripts only from this origin or with the
# request's nonce; no inline handlers, no eval, no inline style attributes.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Production (DEBUG off with a real key) is served over HTTPS; tests and development
# run without a real key and so without the HTTPS-only settings.
SECURE = env_bool("DJANGO_SECURE", default=not DEBUG and SECRET_KEY != DEV_SECRET_KEY)
# Django's database sessions, read with SQL built once (config/sessions.py)
SESSION_ENGINE = "config.sessions"
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
LANGUAGE_COOKIE_SECURE = SECURE
SECURE_SSL_REDIRECT = SECURE
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# One handler per line of output. Django's default config gives the "django" logger its
# own console handler (in DEBUG) and lets it propagate to the root: with a root handler
# too, every request line of runserver (daphne's "django.channels.server", a child of
# "django") and every "Not Found" printed twice. Here "django" has our handler and
# does not propagate. Every request writes one line (config/request_log.py) and every
# record carries its request's id; TABLESIDE_LOG_FORMAT=json writes JSON lines.
LOG_FORMAT = os.environ.get("TABLESIDE_LOG_FORMAT", "text").strip().lower() or "text"
if LOG_FORMAT not in {"text", "json"}:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        f"TABLESIDE_LOG_FORMAT is {LOG_FORMAT!r}: it takes 'text' (the default) or 'json'."
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.request_log.RequestIdFilter"}},
    "formatters": {
        "text": {"()": "config.request_log.TextFormatter"},
        "json": {"()": "config.request_log.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": LOG_FORMAT,
        }
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": "INFO" if DEBUG else "WARNING",
            "propagate": False,
        },
        "tableside.request": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # runserver's own access line: the line above says it, with the request id
        "django.channels.server": {"level": "WARNING"},
    },
}
