"""The generic pages in Swedish (issue 30), in a browser whose language is Swedish, at
1440x900 and 390x844 (screenshots test-results/sv-pages-<page>-<width>.png): the home
page, the party page, the GM's dashboard, the party settings (Discord, API tokens), the
roll log, a roll's own page, the initiative panel, a character's history, the import page
and the portrait page, for a party playing Mutant: Year Zero and Twilight 2000.

What a page shows of one game (a MYZ sheet's summary card, a T2K skill name on the GM's
card) is read too: nothing may be English. The characters, the party and the token
have Swedish or made-up names (a player's words).
"""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from rolls import initiative
from rolls.api.tokens import ApiToken
from rolls.discord.models import PartyWebhook
from rolls.models import Roll
from rolls.rng import use_rng
from sheets.systems.dice.core import ScriptedRNG
from sheets.systems.registry import get_system
from tests.browser.swedish import RESULTS, SIZES, english_in, english_left, fits
from tests.factories import MutantSheetFactory, PartyFactory, UserFactory, member_of
from tests.factories_twilight import TwilightSheetFactory

# The players' own words: the names the table gave its party, characters and token.
OURS = ("Gryningsgänget", "Ylva", "Tove", "Grävlingen", "spelledaren", "vanja", "tove")
# A game's name is kept (docs/glossary-sv.md); the catalogue's "Slots" is another text,
# the Slots sheet's heading ("Platser"), so the name reads as English.
OURS += ("Slots",)
# Every game's words these pages show (the GM's roll menu, the sector's rot level) are
# in Swedish too: nothing is allowed but the test's own data.
GAME_WORDS = {"dashboard": (), "settings": ()}


def table():
    """A GM, two players, a MYZ character and a T2K one, a roll of each, an API token,
    a Discord webhook and a running MYZ conflict."""
    gm = UserFactory(username="spelledaren")
    party = PartyFactory(name="Gryningsgänget", gm=gm)
    vanja = member_of(party, UserFactory(username="vanja"))
    tove = member_of(party, UserFactory(username="tove"))
    ylva = MutantSheetFactory(character__owner=vanja, character__party=party,
                              character__name="Ylva")  # fmt: skip
    t2k = TwilightSheetFactory(character__owner=tove, character__party=party,
                               character__name="Tove")  # fmt: skip
    client = Client()
    client.force_login(vanja)
    with use_rng(ScriptedRNG([6, 1, 3, 4])):
        answer = client.post(reverse("roll_form", args=[ylva.pk, "d6"]), {"count": 2})
    assert answer.status_code in (200, 302), answer.status_code
    ApiToken.objects.create_for(party, name="Grävlingen", user=gm)
    PartyWebhook.objects.create(
        party=party, url="https://discord.com/api/webhooks/123/abc", language="sv",
        last_state=PartyWebhook.SENT, last_status=204, last_at=timezone.now(),
        last_sent_at=timezone.now(),
    )  # fmt: skip
    initiative.start(party, get_system("mutant"), [ylva.character], [("Vråkar", 3)],
                     hide_npc_cards=False, user=gm, rng=ScriptedRNG([7, 2]))  # fmt: skip
    return {
        "gm": gm, "party": party, "vanja": vanja, "ylva": ylva.character,
        "t2k": t2k.character, "roll": Roll.objects.latest("pk"), "ylva_sheet": ylva,
    }  # fmt: skip


def read(page, url, name, width, *, allowed=()):
    """Open ``url``: what is still English on it (the players' words and ``allowed``
    aside), after a screenshot, and that it fits the screen."""
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    page.screenshot(path=RESULTS / f"sv-pages-{name}-{width}.png", full_page=True)
    fits(page, width)
    return english_left(page, allowed=(*OURS, *GAME_WORDS, *allowed))


def swedish_text(page, *texts):
    main = page.locator("main")
    for text in texts:
        expect(main).to_contain_text(text)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_gms_pages_speak_swedish(asgi_server, swedish, log_in, width, height):
    t = table()
    party, url = t["party"], asgi_server.url
    page = swedish(width, height)
    log_in(page, t["gm"])

    assert read(page, f"{url}/", "home", width) == []
    swedish_text(page, "Gryningsgänget")
    assert read(page, f"{url}/parties/{party.pk}/", "party", width) == []
    swedish_text(page, "Rollpersoner")

    left = read(page, f"{url}/parties/{party.pk}/dashboard/", "dashboard", width,
                allowed=GAME_WORDS["dashboard"])  # fmt: skip
    assert left == []
    swedish_text(page, "SL-översikt", "Initiativ", "SL-slag", "Gruppslag", "Bordets flöde")
    # the party strip, redrawn by static/js/dashboard.js: nobody is down
    expect(page.locator('[data-strip="down"] [data-strip-names]')).to_have_text("ingen")
    # the feed's card: the die's kind in Swedish, its style still the stored kind's
    expect(page.locator("li.die").first).to_have_attribute("title", re.compile(r"^färdighet d6"))

    left = read(page, f"{url}/parties/{party.pk}/settings/", "settings", width,
                allowed=GAME_WORDS["settings"])  # fmt: skip
    assert left == []
    swedish_text(page, "Discord", "Grävlingen")

    assert read(page, f"{url}/parties/{party.pk}/initiative/new/mutant/", "initiative",
                width) == []  # fmt: skip
    swedish_text(page, "Ylva")

    assert read(page, f"{url}/rolls/{t['roll'].pk}/", "roll", width) == []
    swedish_text(page, "Summa 7", "färdighet")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_players_pages_speak_swedish(asgi_server, swedish, log_in, width, height):
    t = table()
    url, ylva = asgi_server.url, t["ylva"]
    page = swedish(width, height)
    log_in(page, t["vanja"])

    assert read(page, f"{url}/", "home-player", width) == []
    swedish_text(page, "Ylva")
    sheet = t["ylva_sheet"]
    sheet.strength = 2  # a change: the history has an earlier version to restore
    # its own reason: a change within 2 s of the sheet's making, by nobody and for no
    # reason, is grouped with it as one request's (sheets/history.py GROUP_WINDOW)
    sheet._change_reason = "Ylva blev sjuk"
    sheet.save()
    assert read(page, f"{url}/characters/{ylva.pk}/history/", "history", width) == []
    page.locator("summary", has_text="Återställ den här versionen").last.click()
    page.locator("[data-restore]").last.click()
    page.wait_for_url(re.compile(r"/characters/\d+/"))
    page.screenshot(path=RESULTS / f"sv-pages-restored-{width}.png")
    # the restore's message (the sheet below it is the MYZ helper's)
    said = page.locator(".alert, [role=status], .messages").all_inner_texts()
    assert said and english_in(said, allowed=OURS) == [], said
    for path, name in (("/parties/new/", "party-new"), ("/characters/new/", "character-new"),
                       ("/join/", "join")):  # fmt: skip
        assert read(page, url + path, name, width) == []
    assert read(page, f"{url}/characters/import/", "import", width) == []
    assert read(page, f"{url}/characters/{ylva.pk}/portrait/", "portrait", width) == []


def test_english_is_still_the_default(asgi_server, browser, log_in):
    t = table()
    page = browser.new_context(locale="en-US").new_page()
    log_in(page, t["gm"])
    page.goto(f"{asgi_server.url}/parties/{t['party'].pk}/dashboard/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("main")).to_contain_text("GM rolls")
    expect(page.locator('[data-strip="down"] [data-strip-names]')).to_have_text("nobody")
    expect(page.locator("li.die").first).to_have_attribute("title", re.compile(r"^skill d6"))
