"""Mutant: Year Zero in Swedish (issue 30): a Swedish player sees the sheet, every roll
form and its result, the creation steps and the GM's pages of MYZ in Swedish, with the
Swedish edition's words (Styrka, Kyla, Skärpa, Känsla), and nothing left in English;
nothing is wider than a phone. English stays the default."""

import pytest
from playwright.sync_api import expect

from sheets.models import MutantSheet
from tests.browser.swedish import SIZES, english_left, fits
from tests.factories import (
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    MutantWeaponFactory,
    PartyFactory,
    UserFactory,
    member_of,
)

# The players' own words on the sheet: a mutation is matched by its English name
# ("Rot-Eater" gives the Rötätare roll), so the player writes it so.
DATA = ("Rot-Eater",)
# The GM's pages list every game's GM rolls and settings: all of them in Swedish too.
OTHER_GAMES = ()


# the sheet's trauma, food and points when the table sits down (and before each roll)
START = {"damage": 1, "doubt": 1, "grub": 3, "water": 3, "mutation_points": 3, "rot_temporary": 3}


@pytest.fixture
def table(db):
    """A Swedish table: the GM, a player's Enforcer with a club, a rope and the Rot-Eater
    mutation, and a second player's mutant to talk doubt away with."""
    gm = UserFactory(username="spelledaren")
    party = PartyFactory(name="Arken i norr", gm=gm)
    player = member_of(party, UserFactory(username="spelaren"))
    other = member_of(party, UserFactory(username="annan"))
    sheet = MutantSheetFactory(
        character__owner=player, character__party=party, character__name="Krin", **START,
        armor_name="Däckrustning", armor_rating=2, rot_suit_name="Presenning",
        rot_suit_rating=1,
    )  # fmt: skip
    MutantWeaponFactory(sheet=sheet, name="Spikklubba", bonus=1, damage=2)
    MutantGearLineFactory(sheet=sheet, name="Rep", bonus=1)
    MutantMutationFactory(sheet=sheet, name="Rot-Eater")
    MutantSheetFactory(character__owner=other, character__party=party, character__name="Grogg")
    return {"gm": gm, "party": party, "player": player, "sheet": sheet}


def swedish_page(swedish, log_in, user, width, height):
    page = swedish(width, height)
    log_in(page, user)
    return page


def check(page, width, name, *words, others=()):
    """The page reads in Swedish, shows ``words``, fits the screen; a screenshot."""
    left = english_left(page, allowed=DATA + others)
    assert left == [], left
    for word in words:
        expect(page.locator("body")).to_contain_text(word)
    fits(page, width)
    page.screenshot(path=f"test-results/sv-mutant-{name}-{width}.png", full_page=True)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_sheet_and_a_roll_dialog_speak_swedish(
    asgi_server, swedish, log_in, table, width, height
):
    page = swedish_page(swedish, log_in, table["player"], width, height)
    sheet = table["sheet"]
    page.goto(f"{asgi_server.url}{sheet.character.get_absolute_url()}?all")
    check(
        page, width, "sheet", "Styrka", "Kyla", "Skärpa", "Känsla", "Känna Zonen", "Torped", "Yrke"
    )
    page.locator("a[data-roll-action='skill']:visible").first.click()
    dialog = page.locator("#roll-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("grundtärningar")
    check(page, width, "skill-dialog", "Slåss")


ROLLS = [
    # action, what to fill in (label -> value or a tick), words its result shows
    ("skill", {"Vapen eller pryl": "weapon"}, ("Framgångar",)),
    ("armor", {}, ("Rustningsslag",)),
    ("rot", {}, ("Röta",)),
    ("decontaminate", {"Tvätta": True}, ("Sanering",)),
    ("mutation", {}, ("Mutation",)),
    ("heal", {}, ("Läk skada",)),
    ("ration", {}, ("Dagsranson",)),
    ("rot-eater", {}, ("Rötätare",)),
    ("d6", {}, ("Summa",)),
    ("d66", {}, ("Resultat",)),
]


def roll(page, url, fill):
    page.goto(url)
    for label, value in fill.items():
        field = page.get_by_label(label, exact=False).first
        if value is True:
            field.check()
        else:
            field.select_option(index=1)
    page.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("[data-outcome]").first).to_be_visible()


def test_every_roll_form_and_its_result_speak_swedish(asgi_server, swedish, log_in, table):
    width, height = SIZES[0]
    page = swedish_page(swedish, log_in, table["player"], width, height)
    base = f"{asgi_server.url}/characters/{table['sheet'].character_id}/roll"
    for action, fill, words in ROLLS:
        # each roll starts from the table's sheet: a heal, a mutation or random rot before
        # it could leave the Rot-Eater nothing to heal or spend (a refusal, no result)
        MutantSheet.objects.filter(pk=table["sheet"].pk).update(**START)
        page.goto(f"{base}/{action}/")
        check(page, width, f"form-{action}")
        roll(page, f"{base}/{action}/", fill)
        check(page, width, f"result-{action}", *words)
    # a skill roll pushed, its card with the push's effects
    roll(page, f"{base}/skill/", {})
    push = page.get_by_role("button", name="Pressa", exact=False)
    if push.count():
        push.first.click()
        expect(page.locator("body")).to_contain_text("pressat")
    check(page, width, "pushed")
    # the sheet's history: each roll's reason, stored in English, read in Swedish
    page.goto(f"{asgi_server.url}/characters/{table['sheet'].character_id}/history/")
    check(page, width, "history", "Mutationsslag")


def test_refusals_speak_swedish(asgi_server, swedish, log_in, table):
    MutantSheet.objects.filter(pk=table["sheet"].pk).update(
        damage=0, grub=0, mutation_points=0, rot_temporary=0
    )
    width, height = SIZES[0]
    page = swedish_page(swedish, log_in, table["player"], width, height)
    base = f"{asgi_server.url}/characters/{table['sheet'].character_id}/roll"
    page.goto(f"{base}/mutation/")
    page.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("body")).to_contain_text("Inga mutationspoäng att spendera.")
    check(page, width, "refused-mutation")
    page.goto(f"{base}/heal/")
    page.get_by_label("Trauma att läka").select_option("damage")
    page.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("body")).to_contain_text("Ingen skada att läka.")
    check(page, width, "refused-heal")
    page.goto(f"{base}/rot-eater/")
    page.get_by_label("Spruta röta på en fiende", exact=False).check()
    page.get_by_label("Fiendens avstånd (spruta röta)").select_option("near")
    page.get_by_role("button", name="Slå", exact=True).click()
    expect(page.locator("body")).to_contain_text("För långt")
    check(page, width, "refused-rot-eater")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_creation_steps_speak_swedish(asgi_server, swedish, log_in, table, width, height):
    player = table["player"]
    new = MutantSheetFactory(
        character__owner=player, character__party=table["party"], character__name="Nyss",
        role="", strength=2, agility=2, wits=2, empathy=2, fight=0, shoot=0, endure=0,
        specialist_skill=0,
    )  # fmt: skip
    page = swedish_page(swedish, log_in, player, width, height)
    url = f"{asgi_server.url}/characters/{new.character_id}/create"
    page.goto(f"{url}/role/")
    check(page, width, "create-role", "Torped", "Nyckelgrundegenskap")
    page.get_by_text("Torped").first.click()
    page.get_by_role("button", name="Nästa", exact=False).first.click()
    page.goto(f"{url}/attributes/")
    check(page, width, "create-attributes", "Styrka", "Kyla")
    page.goto(f"{url}/skills/")
    check(page, width, "create-skills", "Hota", "Känna Zonen")
    page.goto(f"{url}/talent/")
    check(page, width, "create-talent", "Talang")
    page.goto(f"{url}/mutation/")
    check(page, width, "create-mutation", "Mutation")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_gm_pages_speak_swedish(asgi_server, swedish, log_in, table, width, height):
    party = table["party"]
    page = swedish_page(swedish, log_in, table["gm"], width, height)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    check(page, width, "dashboard", "Rötpoäng", others=OTHER_GAMES)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/settings/")
    level = page.locator("select[name*=rot_level]").first
    level.select_option("2")
    level.locator("xpath=ancestor::form").get_by_role("button").first.click()
    expect(page.locator("body")).to_contain_text("stark röta")
    check(page, width, "settings", "Sektorns rötnivå", others=OTHER_GAMES)
    for action in ("npc", "opposed"):
        url = f"{asgi_server.url}/parties/{party.pk}/gm-roll/mutant/{action}/"
        page.goto(url)
        check(page, width, f"gm-{action}", "Grundtärningar")
        page.get_by_role("button", name="Slå", exact=True).click()
        expect(page.locator("[data-outcome]").first).to_be_visible()
        check(page, width, f"gm-{action}-result")


def test_english_stays_the_default(asgi_server, page, log_in, table):
    log_in(page, table["player"])
    page.goto(f"{asgi_server.url}{table['sheet'].character.get_absolute_url()}?all")
    expect(page.locator("body")).to_contain_text("Know the Zone")
    expect(page.locator("body")).to_contain_text("Agility")
