"""`make table`: the settings a table runs with (DEBUG off, a key made once outside the
repository, this machine's names and addresses allowed, plain HTTP), its workers, the
demo's published passwords never served, and `make run` kept on this machine."""

import io
import socket
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from config import lan, table
from sheets.management.commands import demo
from tests.asgi_server import free_port
from tests.ops.environment import ROOT, clean_environment


def test_the_secret_key_is_made_once_outside_the_repository_and_kept(tmp_path):
    folder = tmp_path / "tableside"
    first = table.table_environment(clean_environment(), folder)
    second = table.table_environment(clean_environment(), folder)
    key_file = folder / lan.SECRET_KEY_FILE
    assert first["DJANGO_SECRET_KEY"] == second["DJANGO_SECRET_KEY"]
    assert len(first["DJANGO_SECRET_KEY"]) >= 50
    assert key_file.read_text().strip() == first["DJANGO_SECRET_KEY"]
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert first["DATABASE_URL"] == f"sqlite:///{folder / 'table.sqlite3'}"


def test_a_key_or_database_given_in_the_environment_wins(tmp_path):
    given = clean_environment(DJANGO_SECRET_KEY="given-key", DATABASE_URL="sqlite:////x.db")
    env = table.table_environment(given, tmp_path)
    assert (env["DJANGO_SECRET_KEY"], env["DATABASE_URL"]) == ("given-key", "sqlite:////x.db")
    assert not (tmp_path / lan.SECRET_KEY_FILE).exists()


def test_the_data_folder_follows_the_xdg_convention():
    assert lan.data_dir({"HOME": "/h"}) == Path.home() / ".local/share/tableside"
    assert lan.data_dir({"XDG_DATA_HOME": "/x"}) == Path("/x/tableside")
    assert lan.data_dir({"TABLESIDE_DATA_DIR": "/t", "XDG_DATA_HOME": "/x"}) == Path("/t")


def test_every_name_and_address_of_this_machine_is_allowed(tmp_path):
    env = table.table_environment(clean_environment(DJANGO_ALLOWED_HOSTS="table.example"), tmp_path)
    allowed = env["DJANGO_ALLOWED_HOSTS"].split(",")
    hostname = socket.gethostname().lower()
    stats = psutil.net_if_stats()
    ipv4 = {
        entry.address
        for name, entries in psutil.net_if_addrs().items()
        for entry in entries
        if entry.family == socket.AF_INET and stats[name].isup
    }
    assert {hostname, f"{hostname.split('.')[0]}.local", "localhost", "table.example"} <= set(
        allowed
    )
    assert ipv4 <= set(allowed)


def test_the_table_runs_without_debug_on_plain_http_with_its_own_key(tmp_path):
    env = table.table_environment(clean_environment(DJANGO_DEBUG="1"), tmp_path)
    script = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
        " s.SECURE_HSTS_SECONDS, s.SECRET_KEY == s.DEV_SECRET_KEY, sorted(s.ALLOWED_HOSTS))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("False False False False 0 False ")
    assert "'vm.local'" in result.stdout or ".local'" in result.stdout


def test_one_worker_without_redis_and_more_with_it():
    assert table.default_workers({}) == 1
    assert table.default_workers({"REDIS_URL": "redis://127.0.0.1:6379/0"}) >= 1
    command = table.uvicorn_command("0.0.0.0", 8000, 2)
    assert command[command.index("--http") + 1] == "config.http:NoDelayHttpToolsProtocol"
    assert command[command.index("--loop") + 1] == "uvloop"
    assert command[command.index("--workers") + 1] == "2"
    assert "config.asgi:application" in command


def test_more_than_one_worker_without_redis_is_refused_before_anything_runs(tmp_path):
    with pytest.raises(SystemExit, match="REDIS_URL"):
        table.main(["--workers", "2"], environ={"TABLESIDE_DATA_DIR": str(tmp_path)})
    assert not list(tmp_path.iterdir())


def test_the_printed_addresses_are_this_machines_when_listening_on_all(monkeypatch):
    monkeypatch.setattr(lan, "interface_addresses", lambda: [lan.ipaddress.ip_address("10.1.2.3")])
    monkeypatch.setattr(lan, "machine_names", lambda: ["gm-laptop", "gm-laptop.local"])
    assert lan.player_urls("0.0.0.0", 8000) == [
        "http://10.1.2.3:8000/",
        "http://gm-laptop.local:8000/",
    ]
    assert lan.player_urls("10.1.2.3", 9000) == ["http://10.1.2.3:9000/"]


@pytest.mark.django_db
def test_an_account_on_a_published_demo_password_gets_a_random_one_printed_once():
    call_command("demo", stdout=io.StringIO())
    out = io.StringIO()
    changed = demo.retire_published_passwords(out)
    assert changed == ["gm", "alice", "bob"]
    for name, published in (demo.GM, *demo.PLAYERS):
        assert not User.objects.get(username=name).check_password(published)
        printed = out.getvalue().split(f"{name}'s demo password is published: it is now ")[1]
        assert User.objects.get(username=name).check_password(printed.split()[0])
    assert demo.retire_published_passwords(io.StringIO()) == []


@pytest.mark.django_db
def test_the_demo_for_a_table_has_random_passwords_printed_once():
    out = io.StringIO()
    call_command("demo", random_passwords=True, stdout=out)
    text = out.getvalue()
    for name, published in (demo.GM, *demo.PLAYERS):
        user = User.objects.get(username=name)
        assert not user.check_password(published)
        printed = text.split(f"{name} / ")[1].split()[0]
        assert user.check_password(printed)
    assert "shown this once" in text


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::"])
def test_make_run_refuses_to_serve_debug_beyond_this_machine(host):
    result = subprocess.run(
        ["make", "run", f"HOST={host}"], cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode != 0
    assert "DEBUG on" in result.stdout and "make table" in result.stdout
    assert "runserver" not in result.stdout


def test_make_table_listens_on_the_network_by_default_and_takes_overrides(tmp_path):
    stamp = tmp_path / "installed"
    stamp.touch()

    def dry_run(*arguments):
        result = subprocess.run(
            ["make", "-n", "table", f"STAMP={stamp}", *arguments], cwd=ROOT,
            capture_output=True, text=True, timeout=60, env=clean_environment(),
        )  # fmt: skip
        return next(line for line in result.stdout.splitlines() if "config.table" in line)

    assert "--host 0.0.0.0 --port 8000" in dry_run()
    line = dry_run("HOST=192.168.1.20", "PORT=9000", "DEMO=1")
    assert "--host 192.168.1.20 --port 9000 --demo" in line


def test_the_table_does_not_start_on_a_redis_nobody_answers_at(tmp_path):
    address = f"redis://127.0.0.1:{free_port()}/0"
    result = subprocess.run(
        [sys.executable, "-m", "config.table", "--host", "127.0.0.1", "--port", str(free_port())],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env=clean_environment(TABLESIDE_DATA_DIR=str(tmp_path), REDIS_URL=address),
    )  # fmt: skip
    assert result.returncode != 0
    assert f"Tableside cannot start: REDIS_URL ({address}): Redis does not answer" in result.stderr
    assert "Players on this network open" not in result.stdout
