"""The GM's party page shows the invite link as a QR code (SVG, made on the server):
it encodes exactly the join link, by the address the GM uses."""

import re

import pytest
import segno
from django.urls import reverse

from config import lan
from sheets.invite_qr import ERROR_CORRECTION, QUIET_ZONE

SVG = re.compile(r"<svg [^>]*viewBox=\"0 0 (\d+) (\d+)\"[^>]*>.*?</svg>", re.S)


def modules(svg: str) -> list[list[int]]:
    """The dark modules the SVG draws (segno's path: a horizontal stroke per run of dark
    modules, along the middle of their row), quiet zone taken off."""
    width, height = map(int, SVG.search(svg).groups())
    grid = [[0] * width for _ in range(height)]
    drawing = re.search(r'<path [^>]*stroke="#000" d="([^"]+)"', svg).group(1)
    x = y = 0.0
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", drawing):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            for column in range(int(x), int(x + float(first))):
                grid[int(y)][column] = 1
            x += float(first)
    inner = slice(QUIET_ZONE, -QUIET_ZONE)
    return [row[inner] for row in grid[inner]]


def expected_modules(text: str) -> list[list[int]]:
    return [list(row) for row in segno.make(text, error=ERROR_CORRECTION, micro=False).matrix]


def party_page(client, party, host="testserver"):
    return client.get(reverse("party_detail", args=[party.pk]), HTTP_HOST=host).content.decode()


def test_the_gms_party_page_shows_a_qr_code_of_the_exact_join_link(gm_client, party):
    page = party_page(gm_client, party)
    svg = SVG.search(page).group(0)
    join_url = f"http://testserver/join/{party.invite_code}/"
    assert modules(svg) == expected_modules(join_url)
    assert modules(svg) != expected_modules(join_url.rstrip("/"))
    assert "style=" not in svg  # the strict CSP: no inline style
    assert 'fill="#fff"' in svg and 'stroke="#000"' in svg  # dark on light, any theme
    assert 'aria-label="QR code of the invite link"' in svg


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "gm-laptop.local:8000"])
def test_the_code_is_built_from_the_address_the_gm_uses(gm_client, party, settings, host):
    settings.ALLOWED_HOSTS = ["192.168.1.20", "gm-laptop.local"]
    svg = SVG.search(party_page(gm_client, party, host)).group(0)
    assert modules(svg) == expected_modules(f"http://{host}/join/{party.invite_code}/")


def test_a_player_sees_no_code_and_a_revoked_invite_has_none(player_client, party, gm, client):
    assert SVG.search(party_page(player_client, party)) is None
    party.invite_open = False
    party.save()
    client.force_login(gm)
    assert SVG.search(party_page(client, party)) is None


def test_on_a_loopback_address_the_page_points_to_this_machines_network_address(
    gm_client, party, settings, monkeypatch
):
    monkeypatch.setattr(lan, "interface_addresses", lambda: [lan.ipaddress.ip_address("10.1.2.3")])
    settings.ALLOWED_HOSTS = ["127.0.0.1", "10.1.2.3"]
    page = party_page(gm_client, party, "127.0.0.1:8000")
    assert f'href="http://10.1.2.3:8000/parties/{party.pk}/"' in page
    assert "data-loopback-note" not in party_page(gm_client, party, "10.1.2.3:8000")


def test_scanning_the_code_lands_on_the_join_page(client, stranger, party):
    client.force_login(stranger)
    response = client.get(f"/join/{party.invite_code}/")
    assert response.status_code == 200
    assert party.name in response.content.decode()
