"""The settings module: production refuses the public development key, and
`check --deploy` is clean with production settings."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def manage(*args, **env):
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("command", [["check"], ["migrate", "--plan"]])
def test_without_debug_the_built_in_secret_key_is_refused(command):
    result = manage(*command)
    assert result.returncode != 0
    assert "tableside.E001" in result.stderr


def test_the_asgi_application_refuses_the_built_in_key_when_debug_is_off():
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", "import config.asgi"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_check_deploy_is_clean_with_production_settings():
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DJANGO_SECRET_KEY="a-long-random-production-key-" + "x7Qp9" * 10,
        DJANGO_ALLOWED_HOSTS="table.example",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_development_mode_accepts_the_built_in_key():
    result = manage("check", DJANGO_DEBUG="1")
    assert result.returncode == 0, result.stderr


def test_a_bucket_without_django_storages_is_said_at_start():
    """TABLESIDE_S3_BUCKET points the portraits at django-storages' S3 backend, an
    optional extra: a server without it refuses to start, naming the variable and the
    install (this venv has no boto3: docs/portraits.md)."""
    if importlib.util.find_spec("storages") is not None:
        pytest.skip("django-storages is installed here")
    result = manage("check", DJANGO_DEBUG="1", TABLESIDE_S3_BUCKET="portraits")
    assert result.returncode != 0
    assert "tableside.E002" in result.stderr and "TABLESIDE_S3_BUCKET" in result.stderr
    assert "django-storages[s3]" in result.stderr


def test_a_bucket_is_the_default_storage_with_its_variables():
    code = (
        "import django, json; from django.conf import settings; django.setup(); "
        "print(json.dumps(settings.STORAGES['default']))"
    )
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TABLESIDE_S3")}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
        TABLESIDE_S3_BUCKET="portraits", TABLESIDE_S3_ENDPOINT_URL="https://s3.example.net",
        TABLESIDE_S3_REGION="eu-west-1",
    )  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    storage = json.loads(result.stdout.strip().splitlines()[-1])
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage"
    assert storage["OPTIONS"]["bucket_name"] == "portraits"
    assert storage["OPTIONS"]["endpoint_url"] == "https://s3.example.net"
    assert storage["OPTIONS"]["region_name"] == "eu-west-1"
    assert storage["OPTIONS"]["location"] == "tableside"
    assert storage["OPTIONS"]["querystring_auth"] is True
