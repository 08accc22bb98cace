"""The GM gives a tool a token, in a real browser: made on the party's settings page,
shown once and copied; a request with it reads the party; once the GM revokes it the
same request gets 401. The section is axe-clean at a desk's and a phone's width."""

import json
import urllib.error
import urllib.request

from playwright.sync_api import expect

from tests.browser.test_accessibility import CONTRAST, DESKTOP, EVERY_RULE, PHONE, Axe


def api_get(url: str, token: str):
    """(status, JSON) of a GET with the token, as another tool would send it."""
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_the_gm_makes_copies_and_revokes_a_token(asgi_server, browser, log_in, gm, party):
    context = browser.new_context(viewport=DESKTOP, color_scheme="dark")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=asgi_server.url)
    page = log_in(context.new_page(), gm)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
    section = page.locator("#api-tokens")
    expect(section).to_contain_text("No tokens")

    section.get_by_label("New token for").fill("Foundry")
    section.get_by_role("button", name="Make a token").click()
    shown = section.get_by_label("Your new token")
    expect(shown).to_be_visible()
    token = shown.input_value()
    assert token.startswith("ts_")
    section.get_by_role("button", name="Copy token").click()
    expect(section.get_by_role("status")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == token
    found = Axe(EVERY_RULE, "1440 px")(page, "API tokens, a new one shown", "#api-tokens")

    url = f"{asgi_server.url}/api/parties/{party.pk}"
    status, answer = api_get(url, token)
    assert status == 200
    assert (answer["name"], answer["gm"]) == ("The Ark", "gm")

    page.reload()  # shown once: now only its name and prefix
    expect(section.get_by_label("Your new token")).to_have_count(0)
    row = section.locator("[data-api-token]")
    expect(row).to_contain_text("Foundry")
    expect(row).to_contain_text(token[: len("ts_") + 8])
    expect(row).to_contain_text("last used")
    assert token not in page.content()

    page.set_viewport_size(PHONE)
    found += Axe(EVERY_RULE, "390 px")(page, "API tokens, listed", "#api-tokens")
    light = log_in(browser.new_context(viewport=PHONE, color_scheme="light").new_page(), gm)
    light.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
    light.get_by_label("New token for").fill("Sheet tool")
    light.get_by_role("button", name="Make a token").click()
    expect(light.get_by_label("Your new token")).to_be_visible()
    found += Axe(CONTRAST, "390 px, light")(light, "API tokens, a new one", "#api-tokens")
    light.context.close()
    page.reload()
    section.get_by_label("Revoke the token Foundry").click()
    section.get_by_role("button", name="Yes, revoke “Foundry”").click()
    expect(page.get_by_role("status").first).to_contain_text("revoked")
    expect(section.locator("[data-api-token]")).to_have_count(1)  # the light page's
    expect(section.locator("[data-api-token]", has_text="Foundry")).to_have_count(0)
    status, answer = api_get(url, token)
    assert status == 401
    assert "revoked" in answer["detail"]
    assert found == [], "\n".join(found)
    context.close()
