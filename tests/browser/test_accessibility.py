"""axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) over every page a player or the GM
uses, at a desk's 1440 px and a phone's 390 px: the front door, log-in and sign-up, every
system's demo sheet with each of its tabs opened, its roll dialog open and after a roll, a
sheet's history, the import page, the portrait page (with and without one), the party's
settings and the GM's dashboard (a portrait on one card). The dark
theme is checked with every rule, the light one for contrast (the themes differ in their
colours alone). A test fails listing each violation: rule, element, what is wrong.

axe is vendored for the tests alone (tests/browser/vendor/README.md) and run with
``page.evaluate``: the page's Content Security Policy stays as strict as players get it
(a <script> tag added by the test would be refused by it)."""

from pathlib import Path

import pytest
from django.db import transaction
from django.utils.timezone import now
from playwright.sync_api import expect

from rolls.discord.models import PartyWebhook
from sheets.models import Character
from sheets.portraits import images, store
from sheets.systems.registry import all_systems
from tests.factories import UserFactory, member_of
from tests.pictures import picture

AXE = (Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js").read_text()
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
EVERY_RULE = {"type": "tag", "values": WCAG_TAGS}
# The light theme differs from the dark one in its colours alone: there, contrast is checked.
CONTRAST = {"type": "rule", "values": ["color-contrast"]}
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}

# axe over one part of the page (a CSS selector, or the whole document); each violation
# as one line: rule (impact) at the element: axe's summary of what to fix.
RUN_AXE = """async ([scope, only]) => {
  await Promise.all(document.getAnimations()  // what axe sees is the page at rest
    .filter(a => a.effect.getComputedTiming().iterations !== Infinity)
    .map(a => a.finished.catch(() => null)));
  const found = await axe.run(scope ? document.querySelector(scope) : document,
    { runOnly: only, resultTypes: ["violations"] });
  return found.violations.flatMap(rule => rule.nodes.map(node =>
    `${rule.id} (${rule.impact}) at ${node.target.join(" ")}: ` +
    (node.failureSummary || rule.help).replace(/\\s+/g, " ").trim()));
}"""


class Axe:
    """axe over pages, with ``rules`` (a runOnly option), naming each finding by where it
    was seen (``at``: the width and theme)."""

    def __init__(self, rules: dict, at: str):
        self.rules, self.at = rules, at

    def __call__(self, page, where: str, scope: str | None = None) -> list[str]:
        """What axe finds on ``page`` (or inside ``scope``), one line each."""
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(AXE)  # once per loaded page
            page.evaluate("axe.configure({ noHtml: true })")
        found = page.evaluate(RUN_AXE, [scope, self.rules])
        return [f"{where}, {self.at}: {line}" for line in found]


def demo_character(system, owner, party) -> Character:
    character = Character(owner=owner, party=party, system=system.slug)
    with transaction.atomic():
        system.call("demo", character, 0)
    return character


def sheet_violations(axe, page, url: str, label: str) -> list[str]:
    """A sheet: its first view and each tab (on a phone: every section opened), its roll
    dialog as it opens and after a roll, then the dialog closed."""
    page.goto(url)
    tabs = page.locator(".sheet-tabs [data-tab]")
    expect(page.locator(".sheet-tab-panels .sheet-tab").first).to_be_attached()
    found = []
    if tabs.first.is_visible():
        for tab in tabs.all():  # each opened, as a player would (a tab may load on show)
            tab.click()
            expect(page.locator(".sheet-tab.is-active")).to_have_id(tab.get_attribute("data-tab"))
        # then all shown at once for one run: axe reads the whole page each time it runs
        page.locator(".sheet-tab").evaluate_all(
            "all => all.forEach(t => t.classList.add('is-active'))"
        )
        found += axe(page, f"{label}, first view and every tab")
    else:
        page.locator(".sheet-tab-toggle").evaluate_all(
            "all => all.forEach(t => t.ariaExpanded === 'false' && t.click())"
        )
        expect(page.locator(".sheet-tab-toggle[aria-expanded=false]")).to_have_count(0)
        found += axe(page, f"{label}, every section open")
    control = page.locator(".sheet-first-view [data-roll-dialog]").first
    control.click()
    dialog = page.locator("#roll-dialog")
    expect(dialog.locator("[data-roll-form] button[type=submit]")).to_be_focused()
    found += axe(page, f"{label}, roll dialog", "#roll-dialog")
    for named in dialog.locator("[data-roll-form] input[name=new_task]").all():
        named.fill("Pick the lock")  # a roll on something new names it (Z6E's new task)
    dialog.locator("[data-roll-form] button[type=submit]").click()
    expect(dialog.locator("[data-roll-result]"), dialog.inner_text()).to_be_visible()
    found += axe(page, f"{label}, roll dialog after the roll", "#roll-dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    return found


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_on_any_page(
    scheme, asgi_server, browser, log_in, player, gm, party, media
):
    sheets = [demo_character(system, player, party) for system in all_systems()]
    # a portrait on one sheet (its header, the dashboard's card); the others' initials
    store.replace(sheets[1], images.portrait_files(picture()))
    url = asgi_server.url
    found = []
    for viewport in (DESKTOP, PHONE):
        axe = Axe(EVERY_RULE if scheme == "dark" else CONTRAST, f"{viewport['width']} px, {scheme}")

        def person(user=None, viewport=viewport):
            context = browser.new_context(viewport=viewport, color_scheme=scheme)
            page = context.new_page()
            return log_in(page, user) if user else page

        page = person()
        for path, name in (("/", "front door"), ("/accounts/login/", "log-in"),
                           ("/accounts/signup/", "sign-up"),
                           ("/offline/", "offline page")):  # fmt: skip
            page.goto(url + path)
            found += axe(page, name)
        page.context.close()

        page = person(player)
        found += axe(page, "home")
        for character in sheets:
            label = f"{character.system_descriptor.short_name} sheet"
            found += sheet_violations(axe, page, url + character.get_absolute_url(), label)
        page.goto(url + sheets[0].get_absolute_url() + "history/")
        found += axe(page, "history")
        page.goto(f"{url}/characters/import/")
        found += axe(page, "import")
        for (
            character
        ) in sheets:  # the creation steps: each one on the desktop, the first on a phone
            steps = character.system_descriptor.creation_steps
            for step in steps if viewport is DESKTOP else steps[:1]:
                page.goto(f"{url}{character.get_absolute_url()}create/{step.slug}/")
                found += axe(
                    page, f"{character.system_descriptor.short_name} creation: {step.title}"
                )
        for character in sheets[:2]:  # without a portrait, and with one
            page.goto(url + character.get_absolute_url() + "portrait/")
            found += axe(page, f"portrait page ({'a portrait' if character.portrait else 'none'})")
        page.context.close()

        # the settings page shows a failed post and its reason; made after the players'
        # rolls, and gone before the next ones, so that no roll is posted to Discord
        webhook = PartyWebhook.objects.create(
            party=party, url="https://discord.com/api/webhooks/1/abcdef", last_state="failed",
            last_status=500, last_reason="Discord answered 500, after 4 attempts", last_at=now(),
        )  # fmt: skip
        page = person(gm)
        page.goto(f"{url}/parties/{party.pk}/dashboard/")
        expect(page.locator("[data-roll]").first).to_be_attached()
        found += axe(page, "dashboard")
        page.goto(f"{url}/parties/{party.pk}/settings/")
        found += axe(page, "party settings")
        page.locator("#discord-url").fill("https://example.com/not-a-webhook")
        page.locator("#discord").get_by_role("button", name="Save").click()
        expect(page.locator("#discord-errors")).to_be_visible()
        found += axe(page, "Discord webhook refused")
        page.context.close()
        webhook.delete()
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_in_a_conflict(scheme, asgi_server, browser, log_in, player, gm, party):
    """The initiative panel (dashboard), a player's strip with a swap to answer (sheet)
    and the start form, with NPC cards hidden."""
    from rolls import initiative
    from sheets.systems.dice.core import ScriptedRNG
    from sheets.systems.registry import get_system

    mutant = get_system("mutant")
    ann = demo_character(mutant, player, party)
    bo = demo_character(mutant, member_of(party, UserFactory(username="bo")), party)
    conflict = initiative.start(party, mutant, [ann, bo], [("Marauders", 4)], user=gm,
                                hide_npc_cards=True, rng=ScriptedRNG([7, 1, 4]))  # fmt: skip
    bo_place = conflict.combatants.get(character=bo)
    initiative.ask_swap(conflict.pk, bo_place.pk, conflict.combatants.get(character=ann).pk,
                        by_gm=False)  # fmt: skip
    url, order, begin = asgi_server.url, "#initiative [data-combatant]", "[data-initiative-begin]"
    found = []
    for viewport in (DESKTOP, PHONE):
        axe = Axe(EVERY_RULE if scheme == "dark" else CONTRAST, f"{viewport['width']} px, {scheme}")
        for user, path, name, ready in (
            (gm, f"/parties/{party.pk}/dashboard/", "initiative panel", order),
            (gm, f"/parties/{party.pk}/initiative/new/mutant/", "new conflict", begin),
            (player, ann.get_absolute_url(), "initiative strip", "[data-swap-accept]"),
        ):  # fmt: skip
            page = browser.new_context(viewport=viewport, color_scheme=scheme).new_page()
            log_in(page, user)
            page.goto(url + path)
            expect(page.locator(ready).first).to_be_visible()
            found += axe(page, name)
            page.context.close()
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_while_offline(
    scheme, asgi_server, browser, log_in, player, mutant_sheet
):
    """The offline notice, a field's edit kept on the device, a roll refused offline and
    the notice that the connection is back (static/js/offline.js, docs/offline.md)."""
    url = asgi_server.url + mutant_sheet.character.get_absolute_url()
    found = []
    for number, viewport in enumerate((DESKTOP, PHONE)):
        axe = Axe(EVERY_RULE if scheme == "dark" else CONTRAST, f"{viewport['width']} px, {scheme}")
        context = browser.new_context(viewport=viewport, color_scheme=scheme)
        page = log_in(context.new_page(), player)
        page.goto(url)
        expect(page.locator(".sheet-tab.is-active")).to_have_count(1)
        context.set_offline(True)
        strength = page.get_by_label("Strength", exact=True)
        strength.fill(str(number + 2))
        strength.press("Tab")
        expect(page.locator("#f-strength-status")).to_contain_text("Kept on this device")
        found += axe(page, "sheet offline, an edit kept")
        page.locator(".sheet-first-view [data-roll-dialog]").first.click()
        expect(page.locator("#roll-dialog [data-offline-refused]")).to_be_visible()
        found += axe(page, "roll refused offline", "#roll-dialog")
        page.keyboard.press("Escape")
        context.set_offline(False)
        expect(page.locator("#offline-notice")).to_contain_text("Back online")
        found += axe(page, "back online")
        context.close()
    assert found == [], "\n".join(found)
