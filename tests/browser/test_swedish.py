"""The pages of the page frame and the accounts in Swedish, in a browser whose language
is Swedish (issue 30), at 1440x900 and 390x844 (screenshots in test-results/), with no
long Swedish word pushing the page wider than a phone; and the language switch in the
header: by keyboard, without JavaScript, kept across log-out and log-in."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.swedish import (
    RESULTS,
    SIZES,
    english_in,
    fits,
    untranslated_english,
)
from tests.factories import UserFactory


def log_in_sv(page, url, user, password):
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Användarnamn").fill(user.username)
    page.get_by_label("Lösenord").fill(password)
    page.get_by_role("button", name="Logga in").click()
    page.wait_for_url(f"{url}/")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_account_pages_speak_swedish(asgi_server, swedish, width, height):
    page = swedish(width, height)
    page.goto(f"{asgi_server.url}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", name="Logga in")).to_be_visible()
    expect(page.get_by_role("link", name="Skapa ett konto")).to_be_visible()
    expect(page.get_by_role("link", name="Hoppa till innehållet")).to_be_attached()
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-login-{width}.png")

    page.goto(f"{asgi_server.url}/accounts/signup/")
    expect(page.get_by_role("heading", name="Skapa ditt konto")).to_be_visible()
    page.get_by_label("Användarnamn").fill("vanja")
    page.locator("#id_password1").fill("vanja")
    page.locator("#id_password2").fill("vanja")
    page.get_by_role("button", name="Skapa konto").click()
    page.screenshot(path=RESULTS / f"sv-signup-{width}.png", full_page=True)
    # Django's own Swedish (its validators) and ours (the username one) side by side
    expect(page.locator("main form")).to_contain_text(
        "Ditt lösenord får inte innehålla ditt användarnamn."
    )
    fits(page, width)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_header_and_password_pages_speak_swedish(asgi_server, swedish, password, width, height):
    user = UserFactory(username="vanja")
    page = swedish(width, height)
    log_in_sv(page, asgi_server.url, user, password)
    if width < 768:  # the header folds into its menu on a phone
        page.get_by_role("button", name="Meny").click()
        expect(page.locator("#nav")).to_have_class(re.compile(r"\bshow\b"))  # opened
    for link in ("Mitt bord", "Ny rollperson", "Gå med i en grupp", "Lösenord"):
        expect(page.get_by_role("link", name=link)).to_be_visible()
    expect(page.get_by_role("button", name="Logga ut")).to_be_visible()
    expect(page.get_by_text("Språk", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Tema")).to_be_visible()
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-header-{width}.png")

    page.goto(f"{asgi_server.url}/accounts/password/")
    expect(page.get_by_role("heading", name="Byt ditt lösenord")).to_be_visible()
    page.get_by_label("Gammalt lösenord").fill(password)
    page.locator("#id_new_password1").fill("zone-stalker-77")
    page.locator("#id_new_password2").fill("zone-stalker-77")
    page.get_by_role("button", name="Byt lösenord").click()
    expect(page.locator("main .alert-success")).to_have_text("Ditt lösenord har ändrats.")
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-password-done-{width}.png")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_offline_page_speaks_swedish(asgi_server, swedish, width, height):
    page = swedish(width, height)
    page.goto(f"{asgi_server.url}/offline/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", name="Ingen anslutning")).to_be_visible()
    expect(page.get_by_role("button", name="Försök igen")).to_be_visible()
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-offline-{width}.png")


def test_the_scripts_speak_swedish(asgi_server, swedish):
    """The djangojs catalogue loads (no CSP refusal) and the scripts use it."""
    page = swedish(390, 844)
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(f"{asgi_server.url}/accounts/login/")
    assert page.evaluate("gettext('The server does not answer.')") == "Servern svarar inte."
    waiting = (
        "interpolate(ngettext('%(count)s change waiting.', '%(count)s changes waiting.', 3),"
        " {count: 3}, true)"
    )
    assert page.evaluate(waiting) == "3 ändringar väntar."
    assert not [text for text in said if "Content Security" in text]


def test_the_language_switch_works_by_keyboard_and_is_kept_across_log_in(
    asgi_server, browser, password
):
    """An English browser: the person chooses Swedish by keyboard; it stays after they
    log out; on another (English) browser, Swedish again once they log in."""
    user = UserFactory(username="vanja")
    english = browser.new_context(locale="en-GB", service_workers="block")
    page = english.new_page()
    page.goto(f"{asgi_server.url}/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{asgi_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    summary = page.locator("[data-language-switch] summary")
    summary.focus()
    page.keyboard.press("Enter")  # opens the menu
    svenska = page.get_by_role("button", name="Svenska")
    expect(svenska).to_be_visible()
    page.screenshot(path=RESULTS / "sv-switch-open-1280.png")
    page.keyboard.press("Escape")  # closes it, back on its button
    expect(svenska).to_be_hidden()
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    svenska.focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("button", name="Logga ut")).to_be_visible()
    page.get_by_role("button", name="Logga ut").click()
    expect(page.get_by_role("heading", name="Logga in")).to_be_visible()  # after log-out
    english.close()

    elsewhere = browser.new_context(locale="en-GB", service_workers="block")
    page = elsewhere.new_page()
    page.goto(f"{asgi_server.url}/accounts/login/")
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{asgi_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    elsewhere.close()


def test_the_language_switch_works_without_javascript(asgi_server, swedish):
    page = swedish(390, 844, javascript=False)
    page.goto(f"{asgi_server.url}/accounts/login/")
    page.locator("[data-language-switch] summary").click()
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    fits(page, 390)
    page.screenshot(path=RESULTS / "sv-switch-nojs-390.png")


def test_english_in_finds_untranslated_messages_and_english_sentences():
    """The reader itself: it must catch both kinds and leave Swedish and names alone."""
    assert "Strength" in untranslated_english()  # Styrka in the catalogue
    assert english_in(["Strength", "Styrka", "Roll the dice", "Slå tärningarna"]) == [
        "Roll the dice",
        "Strength",
    ]
    assert english_in(["Vanja", "3", "+1", "Kyla 3"]) == []
    assert english_in(["Persuasion"]) == []  # a game's word with a context: kept in T2K
    assert english_in(["Push the roll"], allowed=("Push the roll",)) == []
