"""What a table on the GM's machine needs to know about that machine, found without
sending anything over the network: its data folder (the secret key, the table's
database), its names and its interface addresses (the hosts Django allows, the
addresses printed for the players)."""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from pathlib import Path

import psutil

SECRET_KEY_FILE = "secret_key"
DATABASE_FILE = "table.sqlite3"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def data_dir(environ=os.environ) -> Path:
    """TABLESIDE_DATA_DIR, else $XDG_DATA_HOME/tableside, else ~/.local/share/tableside."""
    if environ.get("TABLESIDE_DATA_DIR"):
        return Path(environ["TABLESIDE_DATA_DIR"]).expanduser()
    base = environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tableside"


def secret_key(folder: Path) -> str:
    """The table's key: made once (readable by this user alone), then read back."""
    path = folder / SECRET_KEY_FILE
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    folder.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    return key


def interface_addresses() -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """Every address of an interface that is up, loopback and link-local left out
    (a phone cannot use an IPv6 link-local address without its zone); IPv4 first."""
    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for entry in addresses:
            if entry.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            address = ipaddress.ip_address(entry.address.split("%")[0])
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            if address not in found:
                found.append(address)
    return sorted(found, key=lambda address: (address.version, address.packed))


def url_host(address) -> str:
    """An address as it stands in a URL and in a Host header."""
    return f"[{address}]" if ipaddress.ip_address(address).version == 6 else str(address)


def machine_names() -> list[str]:
    """The machine's own names: its hostname and, for phones that resolve it through
    mDNS (Bonjour, Avahi), hostname.local."""
    name = socket.gethostname().strip().lower()
    if not name:
        return []
    short = name.split(".")[0]
    return list(dict.fromkeys([name, short, f"{short}.local"]))


def allowed_hosts(extra: list[str] = ()) -> list[str]:
    """ALLOWED_HOSTS for a table: loopback, the machine's names and addresses, and what
    DJANGO_ALLOWED_HOSTS adds."""
    hosts = [
        *LOOPBACK_NAMES,
        *machine_names(),
        *(url_host(address) for address in interface_addresses()),
        *extra,
    ]
    return list(dict.fromkeys(hosts))


def player_urls(bind_host: str, port: int | str) -> list[str]:
    """The addresses players open: the interface addresses when the table listens on
    all of them (0.0.0.0 or ::), else the one address it listens on; then the name."""
    if bind_host in ("0.0.0.0", "::", ""):
        wanted_version = 6 if bind_host == "::" else 4
        addresses = [
            url_host(address)
            for address in interface_addresses()
            if address.version == 4 or wanted_version == 6
        ]
        names = machine_names()
        hosts = [*addresses, *names[-1:]]  # the last name is hostname.local
    else:
        hosts = [url_host(bind_host) if ":" in bind_host else bind_host]
    return [f"http://{host}:{port}/" for host in hosts]


def is_loopback(host: str) -> bool:
    """Whether a bind address or a Host (without its port) stays on this machine."""
    host = host.strip().strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
