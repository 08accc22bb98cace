"""Python in a subprocess with only the configuration a test gives it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIGURATION = ("DJANGO_", "DATABASE_", "REDIS_URL", "TABLESIDE_")


def clean_environment(**extra) -> dict[str, str]:
    """This process's environment without any Tableside setting, plus ``extra``."""
    inherited = {k: v for k, v in os.environ.items() if not k.startswith(CONFIGURATION)}
    return {**inherited, **extra}


def run_python(*arguments, timeout=60, **env):
    return subprocess.run(
        [sys.executable, *arguments], cwd=ROOT, env=clean_environment(**env),
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
