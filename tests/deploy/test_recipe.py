"""The files of deploy/ as a host installs them: the HTTPS site is a config nginx accepts,
the systemd units are units systemd accepts, and the site names every node. No database,
no server started: both legs."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from config.http import SERVER_OPTIONS
from tests.deploy.stack import ROOT, Proxy, nginx_binary, nginx_site

UNITS = sorted((ROOT / "deploy" / "systemd").iterdir())


def test_the_site_names_every_node_and_fills_every_placeholder():
    site = nginx_site.render(["10.0.0.11:8000", "10.0.0.12:8000", "10.0.0.13:8000"])
    assert not re.search(r"\{\{\w+\}\}", site)
    upstream = site[site.index("upstream tableside_nodes {") :].split("}")[0]
    assert upstream.count("max_fails=1 fail_timeout=10s;") == 3
    assert "listen 443 ssl" in site and "return 301 https://" in site
    plain = nginx_site.render(["10.0.0.11:8000"], plain="127.0.0.1:8080")
    assert "listen 127.0.0.1:8080;" in plain and "ssl" not in plain and "301" not in plain


def test_the_site_needs_a_node():
    with pytest.raises(ValueError, match="--node"):
        nginx_site.render([])


@pytest.mark.skipif(
    nginx_binary() is None or shutil.which("openssl") is None,
    reason="needs nginx (make proxy-deps) and openssl",
)
def test_the_https_site_is_a_config_nginx_accepts(tmp_path):
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=table.example", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    nodes = ["10.0.0.11:8000", "10.0.0.12:8000"]
    Proxy(tmp_path, nodes, tmp_path / "static", tls=(cert, key)).check()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_the_units_are_units_systemd_accepts(tmp_path):
    """Checked where they would run: the app's folder and its virtualenv as they are here."""
    here = []
    for unit in UNITS:
        text = unit.read_text().replace(
            "/srv/tableside/app/.venv/bin/", f"{Path(sys.executable).parent}/"
        )
        (tmp_path / unit.name).write_text(text.replace("/srv/tableside/app", str(ROOT)))
        here.append(str(tmp_path / unit.name))
    verified = subprocess.run(
        ["systemd-analyze", "verify", *here], capture_output=True, text=True, timeout=60
    )
    assert verified.returncode == 0, verified.stderr
    assert "tableside" not in verified.stderr, verified.stderr


def test_the_app_unit_is_hardened_and_runs_the_production_server():
    unit = (ROOT / "deploy" / "systemd" / "tableside@.service").read_text()
    for line in ("User=tableside", "NoNewPrivileges=yes", "ProtectSystem=strict",
                 "ReadOnlyPaths=/srv/tableside/app", "EnvironmentFile=/etc/tableside/tableside.env",
                 " ".join(SERVER_OPTIONS), "--proxy-headers"):  # fmt: skip
        assert line in unit
    assert "ReadWritePaths=/var/lib/tableside\n" in unit, "written to: its state folder alone"
