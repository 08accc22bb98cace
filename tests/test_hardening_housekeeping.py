"""Housekeeping a new contributor trips on: build metadata out of git, the demo prints
the address the server really listens on, and log lines print once."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


def git(*args):
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )


def test_the_egg_info_is_neither_tracked_nor_left_to_be_committed():
    assert git("ls-files", "tableside.egg-info").stdout == ""
    assert git("check-ignore", "-q", "tableside.egg-info/PKG-INFO").returncode == 0


@pytest.mark.django_db
def test_demo_prints_the_host_and_port_from_the_environment(monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("PORT", "8123")
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "http://0.0.0.0:8123/" in out.getvalue()


def test_make_run_passes_its_host_and_port_to_the_demo(tmp_path):
    # STAMP: a file newer than pyproject.toml, so `make -n` has nothing to install first
    # (naming the Makefile itself would make make remake it, for real, even under -n,
    # whenever the checkout left pyproject.toml the newer of the two).
    stamp = tmp_path / "installed"
    stamp.touch()
    result = subprocess.run(
        ["make", "-n", "demo", "HOST=10.0.0.7", "PORT=9123", f"STAMP={stamp}"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    demo_line = next(line for line in result.stdout.splitlines() if "manage.py demo" in line)
    assert "10.0.0.7" in demo_line and "9123" in demo_line


@pytest.mark.parametrize(
    ("logger", "level"), [("tableside.request", "info"), ("django.request", "warning")]
)
def test_a_server_log_line_prints_once_in_development(logger, level):
    """Each request is logged on tableside.request (config/request_log.py; runserver's own
    access line is off) and each 404 on django.request: each reaches the console once."""
    code = (
        "import django, logging; django.setup(); "
        f"logging.getLogger({logger!r}).{level}('probe-line')"
    )
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**environment, "DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (result.stdout + result.stderr).count("probe-line") == 1
