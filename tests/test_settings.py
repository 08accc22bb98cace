"""The settings module: production refuses the public development key, and
`check --deploy` is clean with production settings."""

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
