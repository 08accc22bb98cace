"""Signing up, logging in and out, and creating a party, in a real browser."""

from playwright.sync_api import expect

from sheets.models import Party
from tests.factories import UserFactory


def test_a_visitor_signs_up_and_lands_on_their_table(asgi_server, page):
    page.goto(f"{asgi_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("vanja")
    page.locator("#id_password1").fill("zone-stalker-77")
    page.locator("#id_password2").fill("zone-stalker-77")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="My table")).to_be_visible()
    expect(page.get_by_text("No characters yet.")).to_be_visible()


def test_a_wrong_password_is_refused_with_a_message(asgi_server, page):
    UserFactory(username="krin")
    page.goto(f"{asgi_server.url}/accounts/login/")
    page.get_by_label("Username").fill("krin")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("do not match")


def test_a_gm_creates_a_party_and_sees_its_invite_code(asgi_server, page, log_in_through_form):
    gm = UserFactory(username="gm")
    log_in_through_form(page, gm)
    page.get_by_role("link", name="Run a party").click()
    page.get_by_label("Party name").fill("The Ark")
    page.get_by_role("button", name="Create party").click()
    party = Party.objects.get(name="The Ark")
    expect(page.locator("[data-invite-code]")).to_have_text(party.invite_code)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
