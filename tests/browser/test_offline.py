"""Installable and calm offline (issue 27, section 2; docs/offline.md), in Chromium with
Playwright's offline emulation (``context.set_offline``): an edit made offline is kept on
the device and saved once when the connection is back; a value the GM changed meanwhile
shows as a conflict and is not overwritten; a roll offline is refused with the reason;
the feed catches up; the manifest and its icons; the service worker registers and the
pages a player opened load without the network."""

import json

import pytest
from playwright.sync_api import expect

from sheets.models import MutantSheet

OFFLINE_NOTICE = "#offline-notice"
QUEUE = "JSON.parse(localStorage.getItem('tableside-offline-edits') || '[]')"


def stored(sheet):
    return MutantSheet.objects.get(pk=sheet.pk)


def history_rows(sheet):
    return MutantSheet.history.filter(character_id=sheet.pk).count()


def open_sheet(browser, log_in, user, url, **context_args):
    """``user``'s own browser context (a person's phone), on the sheet at ``url``, with
    its tabs arrived (their fields wired)."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    log_in(page, user)
    page.goto(url)
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    kept_on_device(page, url, f"{url}section/tabs/")
    return page


def kept_on_device(page, *urls):
    """Wait until the service worker keeps ``urls`` for ``page``. A first visit made
    while the worker still installed is not kept, even once the worker has claimed the
    page (one reload then is), and the worker stores an answer after handing it over: a
    test that went offline at once could find nothing kept, where a player sits at the
    sheet for seconds first."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    all_kept = (
        "urls => Promise.all(urls.map(u => caches.match(u, {ignoreVary: true})))"
        ".then(found => found.every(Boolean))"
    )
    for attempt in range(2):
        for _ in range(50):
            if page.evaluate(all_kept, list(urls)):
                return
            page.wait_for_timeout(100)
        if attempt == 0:  # the visit came before the worker: once more, through it
            page.reload()
            expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    raise AssertionError(f"the service worker kept {urls} not within 10 s")


@pytest.fixture
def sheet_url(asgi_server, mutant_sheet):
    return f"{asgi_server.url}{mutant_sheet.character.get_absolute_url()}"


def field_saves(page):
    """The POSTs of field saves ``page`` makes from now on (URL, Idempotency-Key)."""
    seen = []
    page.on(
        "request",
        lambda r: (
            seen.append((r.url, r.headers.get("idempotency-key")))
            if r.method == "POST" and "/field/" in r.url
            else None
        ),
    )
    return seen


def test_an_edit_made_offline_is_saved_once_when_the_connection_is_back(
    browser, log_in, player, mutant_sheet, sheet_url
):
    page = open_sheet(browser, log_in, player, sheet_url)
    saves = field_saves(page)
    rows_before = history_rows(mutant_sheet)

    page.context.set_offline(True)
    notice = page.locator(OFFLINE_NOTICE)
    expect(notice).to_contain_text("You are offline")
    expect(notice).to_have_attribute("role", "status")
    strength = page.get_by_label("Strength", exact=True)
    strength.fill("3")
    strength.press("Tab")
    status = page.locator("#f-strength-status")
    expect(status).to_contain_text("Kept on this device")
    expect(notice).to_contain_text("1 change waiting.")
    expect(strength).to_have_value("3")  # the sheet stays as the player made it
    assert saves == []  # nothing went out (it could not)
    kept = page.evaluate(QUEUE)
    assert [(e["name"], e["value"], e["original"]) for e in kept] == [("strength", "3", "5")]
    assert stored(mutant_sheet).strength == 5

    # a reload while offline: the page comes from the service worker, the edit with it
    page.reload()
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    expect(strength).to_have_value("3")
    expect(status).to_contain_text("Kept on this device")

    page.context.set_offline(False)
    expect(status).to_contain_text("Saved")
    expect(notice).to_contain_text("Back online: 1 change saved.")
    assert stored(mutant_sheet).strength == 3
    assert history_rows(mutant_sheet) == rows_before + 1
    assert page.evaluate(QUEUE) == []
    assert len(saves) == 1
    assert saves[0][1] == kept[0]["key"]  # the key kept with the edit went with it
    page.reload()  # and nothing goes again later
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    expect(strength).to_have_value("3")
    assert len(saves) == 1
    assert history_rows(mutant_sheet) == rows_before + 1
    page.context.close()


def test_a_value_changed_elsewhere_meanwhile_shows_as_a_conflict_and_stays(
    browser, log_in, player, gm, mutant_sheet, sheet_url
):
    page = open_sheet(browser, log_in, player, sheet_url)
    gm_page = open_sheet(browser, log_in, gm, sheet_url)

    page.context.set_offline(True)
    strength = page.get_by_label("Strength", exact=True)
    strength.fill("3")
    strength.press("Tab")
    expect(page.locator("#f-strength-status")).to_contain_text("Kept on this device")

    # the GM fixes the same value meanwhile, from another device
    gm_strength = gm_page.get_by_label("Strength", exact=True)
    gm_strength.fill("4")
    gm_strength.press("Tab")
    expect(gm_page.locator("#f-strength-status")).to_contain_text("Saved")
    rows = history_rows(mutant_sheet)

    page.context.set_offline(False)
    status = page.locator("#f-strength-status")
    expect(status).to_contain_text("Changed elsewhere since you opened the sheet: now 4.")
    expect(status).to_contain_text("You typed \u201c3\u201d while offline.")
    expect(strength).to_have_value("4")
    expect(strength).to_have_attribute("aria-invalid", "true")
    assert stored(mutant_sheet).strength == 4  # the GM's value stays
    assert history_rows(mutant_sheet) == rows
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("1 was not saved: see the field.")
    assert page.evaluate(QUEUE) == []
    for each in (page, gm_page):
        each.context.close()


def test_a_roll_offline_is_refused_with_the_reason(
    browser, log_in, player, mutant_sheet, sheet_url
):
    from rolls.models import Roll

    page = open_sheet(browser, log_in, player, sheet_url)
    page.context.set_offline(True)
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("Rolls wait for it.")
    page.get_by_role("link", name="Roll Fight").click()
    dialog = page.locator("#roll-dialog")
    refused = dialog.get_by_role("alert")
    expect(refused).to_contain_text("no roll was made")
    expect(refused).to_contain_text("The dice are rolled on the server")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # a roll form opened online, then the connection drops: Roll is refused the same way
    page.context.set_offline(False)
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("Back online")
    page.get_by_role("link", name="Roll Fight").click()
    roll = dialog.locator("[data-roll-form] button[type=submit]")
    expect(roll).to_be_focused()
    page.context.set_offline(True)
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("You are offline")
    roll.click()
    expect(dialog.locator("#roll-result").get_by_role("alert")).to_contain_text("no roll was made")
    assert Roll.objects.count() == 0
    page.context.close()


def test_the_feed_catches_up_with_a_roll_made_while_offline(
    browser, log_in, player, gm, party, mutant_sheet, sheet_url, scripted_dice
):
    page = open_sheet(browser, log_in, player, sheet_url)
    gm_page = open_sheet(browser, log_in, gm, sheet_url)
    page.context.set_offline(True)
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("You are offline")

    scripted_dice(6, 6, 1, 1, 2, 3, 4, 5)  # the GM rolls Fight for the character
    gm_page.get_by_role("link", name="Roll Fight").click()
    gm_page.locator("#roll-dialog [data-roll-form] button[type=submit]").click()
    expect(gm_page.locator("#roll-result [data-roll-result]")).to_be_visible()
    feed = page.locator(f"#feed-log-{party.pk} [data-roll]")
    expect(feed).to_have_count(0)

    page.context.set_offline(False)
    expect(feed).to_have_count(1)
    expect(feed.first).to_contain_text("Fight")
    for each in (page, gm_page):
        each.context.close()


def test_the_manifest_is_valid_and_its_icons_load(asgi_server, page):
    page.goto(f"{asgi_server.url}/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(f"{asgi_server.url}{href}")
    manifest = json.loads(response.text())
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        loaded = page.request.get(f"{asgi_server.url}{icon['src']}")
        assert loaded.ok, icon["src"]
        assert loaded.headers["content-type"].startswith(icon["type"])
        if icon["type"] == "image/png":  # its size is the one it claims
            size = page.evaluate(
                """async src => { const image = new Image(); image.src = src; await image.decode();
                   return `${image.naturalWidth}x${image.naturalHeight}`; }""",
                icon["src"],
            )
            assert size == icon["sizes"]
        purposes.add(icon["purpose"])
    assert purposes == {"any", "maskable"}
    apple = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert page.request.get(f"{asgi_server.url}{apple}").ok


def test_the_service_worker_registers_and_opened_pages_load_offline(
    asgi_server, browser, log_in, player, mutant_sheet, sheet_url
):
    context = browser.new_context()
    page = context.new_page()
    log_in(page, player)
    page.goto(sheet_url)
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    scope = page.evaluate("navigator.serviceWorker.ready.then(registration => registration.scope)")
    assert scope == f"{asgi_server.url}/"
    assert [w.url for w in context.service_workers] == [f"{asgi_server.url}/sw.js"]
    page.reload()  # now under the worker's control: its answers are kept
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    page.goto(f"{asgi_server.url}/")
    expect(page.get_by_role("heading", name="Krin")).to_be_visible()

    context.set_offline(True)
    page.goto(sheet_url)  # the sheet, its tabs, its styles: from the device
    expect(page.get_by_role("heading", name="Krin", exact=True)).to_be_visible()
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"
    page.goto(f"{asgi_server.url}/")  # the table (the installed app's start)
    expect(page.get_by_role("heading", name="Krin")).to_be_visible()
    page.goto(f"{asgi_server.url}/characters/new/")  # never opened here: the offline page
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()

    # log-out empties what was kept: nobody else sees the sheet offline
    context.set_offline(False)
    page.goto(f"{asgi_server.url}/")
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{asgi_server.url}/accounts/login/")
    context.set_offline(True)
    page.goto(sheet_url)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_role("heading", name="Krin", exact=True)).to_have_count(0)
    context.close()


def test_a_save_the_server_never_answered_is_kept_and_sent_once_it_answers(
    asgi_server, page, log_in, player, mutant_sheet, sheet_url
):
    """The device is online but the server does not answer (the request is dropped): the
    edit is kept, the notice says the server does not answer, and once it answers again
    the edit is saved once. (The ``page`` fixture runs no service worker, so the dropped
    requests can be made with page.route.)"""
    log_in(page, player)
    page.goto(sheet_url)
    expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
    rows_before = history_rows(mutant_sheet)
    page.route("**/field/**", lambda route: route.abort())
    page.route("**/healthz", lambda route: route.abort())
    strength = page.get_by_label("Strength", exact=True)
    strength.fill("2")
    strength.press("Tab")
    status = page.locator("#f-strength-status")
    expect(status).to_contain_text("Kept on this device")
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("The server does not answer.")
    kept = page.evaluate(QUEUE)
    assert [(e["name"], e["value"], e["tried"]) for e in kept] == [("strength", "2", True)]
    assert stored(mutant_sheet).strength == 5

    saves = field_saves(page)
    page.unroute("**/field/**")
    page.unroute("**/healthz")  # the next probe answers
    expect(status).to_contain_text("Saved", timeout=20_000)
    expect(page.locator(OFFLINE_NOTICE)).to_contain_text("Back online: 1 change saved.")
    assert stored(mutant_sheet).strength == 2
    assert history_rows(mutant_sheet) == rows_before + 1
    assert [key for _, key in saves] == [kept[0]["key"]]
    assert page.evaluate(QUEUE) == []
