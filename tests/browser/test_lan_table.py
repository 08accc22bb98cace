"""Game night on the GM's laptop: the table started as `make table` starts it (DEBUG
off, its generated key, the hosts it computes, uvicorn), a player's phone reaching it by
this machine's LAN address, the GM's dashboard on the laptop itself.

The phone's requests carry the LAN address (``Host: <address>:<port>``) but travel only
to 127.0.0.1, through tests/lan_proxy.py: nothing is sent to any other address."""

import http.client
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from playwright.sync_api import expect

from config import lan
from rolls.models import Roll
from tests.lan_proxy import LanAddressProxy
from tests.table_server import TableServer, database_url

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1440, "height": 900}


def lan_address() -> str:
    """This machine's first interface address (or, with none, its mDNS name)."""
    addresses = lan.interface_addresses()
    return lan.url_host(addresses[0]) if addresses else lan.machine_names()[-1]


@pytest.fixture(scope="module")
def table(django_db_setup, tmp_path_factory):
    """One table for the module (its start migrates and collects the static files)."""
    data = tmp_path_factory.mktemp("table") / "data"
    server = TableServer(data, database_url(connection.settings_dict))
    try:
        yield server.wait_until_serving()
    finally:
        server.stop()


def with_real_password(user, password):
    """The table hashes as production does (not the tests' fast MD5)."""
    user.password = PBKDF2PasswordHasher().encode(password, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])
    return user


def log_in(page, base, user, password):
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")


def test_a_phone_on_the_lan_logs_in_rolls_and_the_gms_dashboard_sees_it(
    table, transactional_db, browser, gm, party, player, mutant_sheet, password
):
    with_real_password(gm, password)
    with_real_password(player, password)
    host = f"{lan_address()}:{table.port}"
    proxy = LanAddressProxy(table.port, host).start()
    character = mutant_sheet.character
    try:
        laptop = browser.new_context(viewport=LAPTOP)
        gm_page = laptop.new_page()
        log_in(gm_page, table.url, gm, password)
        # The GM's party page on the laptop (127.0.0.1): the invite as a QR code, and
        # the same page at the LAN address, where the code is one a phone can follow.
        gm_page.goto(f"{table.url}/parties/{party.pk}/")
        expect(gm_page.locator("svg.invite-qr")).to_be_visible()
        lan_page = f"http://{host}/parties/{party.pk}/"
        expect(
            gm_page.locator("[data-loopback-note]").locator(f'a[href="{lan_page}"]')
        ).to_be_visible()
        SHOTS.mkdir(exist_ok=True)
        gm_page.screenshot(path=str(SHOTS / "lan-table-party-page.png"))
        gm_page.goto(f"{table.url}/parties/{party.pk}/dashboard/")
        expect(gm_page.locator("[data-feed-empty]")).to_be_visible()

        phone = browser.new_context(viewport=PHONE, proxy={"server": proxy.server})
        page = phone.new_page()
        answers = []
        page.on("response", lambda answer: answers.append(answer))
        log_in(page, f"http://{host}", player, password)
        page.goto(f"http://{host}{character.get_absolute_url()}")
        expect(page.get_by_role("heading", name="Krin")).to_be_visible()

        page.get_by_role("link", name="Roll Fight").click()
        page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
        expect(page.locator("[data-roll-result] [data-outcome]")).to_be_visible()

        roll = Roll.objects.get(character=character)
        feed = gm_page.locator(f"#feed-log-{party.pk}")
        expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_be_visible()
        expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_contain_text("Krin")

        # Plain HTTP on the LAN: no redirect to https, no HTTPS-only cookie or HSTS.
        assert all(answer.url.startswith(f"http://{host}/") for answer in answers)
        assert not any("strict-transport-security" in answer.headers for answer in answers)
        assert proxy.seen_hosts and set(proxy.seen_hosts) == {host}
        laptop.close()
        phone.close()
    finally:
        proxy.stop()


def get(table, host):
    client = http.client.HTTPConnection("127.0.0.1", table.port, timeout=10)
    try:
        client.request("GET", "/accounts/login/", headers={"Host": host})
        response = client.getresponse()
        return response.status, dict(response.getheaders())
    finally:
        client.close()


def test_the_table_answers_its_own_names_and_still_refuses_an_unknown_host(table):
    port = table.port
    for host in (lan_address(), lan.machine_names()[-1], "localhost"):
        status, headers = get(table, f"{host}:{port}")
        assert status == 200, host
        assert "Secure" not in headers.get("Set-Cookie", "")
    status, _ = get(table, f"table.example:{port}")
    assert status == 400
    # The key was made in the data folder, readable by its owner alone.
    key_file = table.data_dir / lan.SECRET_KEY_FILE
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert "Players on this network open:" in table.output()
