"""Twilight: 2000 in Swedish (issue 30), in a browser whose language is Swedish, at
1440x900 and 390x844: the sheet with every tab, each roll form filled and rolled (an
attack whose hits are allocated, a skill roll pushed, a refusal next to a field), the
creation steps, the GM's dashboard card, NPC and opposed forms and a group roll. On each
page nothing is left in English (``english_left``), a few Swedish words are there,
nothing is wider than the screen; screenshots in test-results/sv-t2k-*.png. An English
browser still gets the sheet in English."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.swedish import RESULTS, SIZES, english_in, english_left, fits
from tests.factories import PartyFactory, UserFactory, member_of
from tests.factories_twilight import (
    TwilightArmorFactory,
    TwilightGearFactory,
    TwilightInjuryFactory,
    TwilightMagazineFactory,
    TwilightSheetFactory,
    TwilightSpecialtyFactory,
    TwilightWeaponFactory,
)

# the test's own data: made-up Swedish names, read as no English by english_left
DATA = ("Krakówgruppen",)


@pytest.fixture
def table(db):
    gm = UserFactory(username="bertil")
    party = PartyFactory(name="Krakówgruppen", gm=gm)
    player = member_of(party, UserFactory(username="vanja"))
    sheet = TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Jorma Kallio",
        nationality="Svensk", branch="Armén", rank="Furir", buddy="Lasse", recon="C",
        command="D", damage=1, stress=1, radiation=2, notes="Minns Göteborg.",
    )  # fmt: skip
    kpist = TwilightWeaponFactory(
        sheet=sheet, name="Kpist m/45", skill="ranged_combat", damage=2, rate_of_fire=3,
        magazine_capacity=36, rounds_loaded=36, range="50",
    )  # fmt: skip
    TwilightWeaponFactory(
        sheet=sheet, name="Kulspruta", skill="heavy_weapons", jammed=True, range="100",
        magazine_capacity=100, rounds_loaded=100,
    )  # fmt: skip
    TwilightWeaponFactory(
        sheet=sheet, name="Kniv", skill="close_combat", damage=1, rate_of_fire=0,
        magazine_capacity=0, rounds_loaded=0,
    )  # fmt: skip
    TwilightMagazineFactory(sheet=sheet, weapon=kpist, kind="magazine", rounds=36)
    TwilightArmorFactory(sheet=sheet, name="Skyddsväst")
    TwilightGearFactory(sheet=sheet, name="Fältspade")
    TwilightSpecialtyFactory(sheet=sheet, name="Prickskytt", skill="ranged_combat")
    TwilightInjuryFactory(
        sheet=sheet, name="Bruten arm", lethal=True, time_limit="3 dagar", healing_time="3 veckor"
    )
    return {"gm": gm, "party": party, "player": player, "sheet": sheet, "kpist": kpist}


def swedish_page(swedish, log_in, user, width, height):
    page = swedish(width, height)
    log_in(page, user)
    return page


def read_as_swede(page, width, name, *words):
    """The page speaks Swedish: nothing English, the words shown, nothing too wide."""
    assert english_left(page, allowed=DATA) == [], name
    for word in words:
        expect(page.locator("main")).to_contain_text(word)
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-t2k-{name}-{width}.png", full_page=True)


def roll(page):
    page.locator("form.roll-form button[type=submit]").click()
    result = page.locator("[data-roll-result]")
    expect(result).to_be_visible()
    return result


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_sheet_and_its_dialog_speak_swedish(asgi_server, swedish, log_in, table, width, height):
    page = swedish_page(swedish, log_in, table["player"], width, height)
    character = table["sheet"].character
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}?all")
    read_as_swede(
        page, width, "sheet", "Skada", "Eldavbrott", "Dödlig", "Läketid", "Vikt", "Avstånd",
        "Skott",
    )  # fmt: skip
    for attribute in ("Styrka", "Smidighet", "Intelligens", "Empati"):  # the dice's titles
        expect(page.locator(f'.t2k-die[title="{attribute}"]')).to_have_count(1)
    expect(page.locator("main")).to_contain_text("armar")  # the armor line's locations

    # the sheet's own roll dialog (the skill roll of Recon), opened from its button
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    page.locator(".t2k-skill [data-roll-action=skill]").first.click()
    dialog = page.locator("#roll-dialog")
    expect(dialog.locator(".odds")).to_contain_text("%")
    expect(dialog).to_contain_text("Svårighet och situation")
    assert english_left(page, allowed=DATA) == []
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-t2k-dialog-{width}.png")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_roll_form_and_result_speaks_swedish(
    asgi_server, swedish, log_in, table, scripted_dice, width, height
):
    page = swedish_page(swedish, log_in, table["player"], width, height)
    character = table["sheet"].character
    base = f"{asgi_server.url}/characters/{character.pk}/roll"
    kpist = table["kpist"]

    # an attack at long range (D10 + D8 a step down: D8 + D8) shows 8 and 7, two
    # successes: a hit, with ammo dice 6 and 1
    page.goto(f"{base}/attack/?weapon={kpist.pk}")
    page.get_by_label("Ammunitionstärningar").fill("2")
    page.get_by_label("Avstånd").select_option(label="långt -1")
    read_as_swede(page, width, "attack-form", "Sikte", "Hjälpt av")
    scripted_dice(8, 7, 6, 1)
    result = roll(page)
    expect(result.locator("[data-outcome]")).to_contain_text("Träff")
    expect(result.locator("[data-allocate]")).to_contain_text("Fördela träffen")
    read_as_swede(page, width, "attack-result", "Ammunitionstärningar")
    # the hit allocated: the primary target and one extra hit, hit locations rolled
    page.locator("#primary-name").fill("Vaktpost")
    page.locator("#extra1-name").fill("Radiotelegrafist")
    page.locator("#extra1-fair").check()
    scripted_dice(3, 6)
    page.get_by_role("button", name="Slå träffområden").click()
    hits = page.locator("[data-hits]")
    expect(hits).to_contain_text("bål")
    expect(hits).to_contain_text("huvud")
    read_as_swede(page, width, "hits", "Träffar")

    # a refusal next to a field: more ammo dice than the rate of fire allows
    page.goto(f"{base}/attack/?weapon={kpist.pk}")
    page.get_by_label("Ammunitionstärningar").fill("6")
    page.locator("form.roll-form button[type=submit]").click()
    expect(page.locator("main")).to_contain_text("Högst 3 ammunitionstärningar")
    read_as_swede(page, width, "attack-refused")

    # a skill roll (Recon, D8 + D8) failed and pushed: the 3 again, the 1 is stress
    page.goto(f"{base}/skill/?skill=recon")
    read_as_swede(page, width, "skill-form", "Passivt slag", "Utrustning som används")
    scripted_dice(3, 1)
    roll(page)
    expect(page.locator("[data-outcome]")).to_contain_text("Ingen framgång")
    scripted_dice(7)
    page.get_by_role("button", name=re.compile("^Pressa")).first.click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_contain_text("1 framgång")
    read_as_swede(page, width, "skill-pushed", "stress")

    # the other rolls: each form, then its result
    for action, query, words in (
        ("opposed", "", ("Motståndarens grundegenskap",)),
        ("group", "", ("Resten av gruppen",)),
        ("clear_jam", "", ("Vapen med eldavbrott",)),
        ("reload", f"weapon={kpist.pk}", ("Reservmagasin eller band",)),
        ("cuf", "", ("Modifikation",)),
        ("promotion", "", ("Modifikation",)),
    ):
        page.goto(f"{base}/{action}/?{query}")
        if action == "group":
            page.get_by_label("Resten av gruppen").fill("Lasse, Birgitta")
        read_as_swede(page, width, f"{action}-form", *words)
        scripted_dice(*[6] * 6)  # a success on any die
        roll(page)
        read_as_swede(page, width, f"{action}-result")

    # every card of those rolls in the sheet's feed, as the table reads them
    page.goto(f"{asgi_server.url}{character.get_absolute_url()}")
    expect(page.locator("[data-roll]").first).to_be_visible()
    read_as_swede(page, width, "feed", "Gruppslag")
    # the sheet's history: each change's reason, stored in English, read in Swedish
    page.goto(f"{asgi_server.url}/characters/{character.pk}/history/")
    read_as_swede(page, width, "history", "Anfall med", "Pressat:")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_gm_side_speaks_swedish(
    asgi_server, swedish, log_in, table, scripted_dice, width, height
):
    page = swedish_page(swedish, log_in, table["gm"], width, height)
    party = table["party"]
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    # the dashboard holds every game's GM rolls: this file reads Twilight's parts
    card = page.locator(f"#summary-{table['sheet'].character.pk}")
    expect(card).to_contain_text("Skada")
    links = page.get_by_role("link", name=re.compile("^T2K: "))
    expect(links.first).to_be_attached()
    t2k = card.all_inner_texts() + links.all_text_contents()
    assert len(t2k) >= 3 and english_in(t2k, allowed=DATA) == [], t2k
    expect(page.get_by_role("link", name="T2K: SLP-slag")).to_be_attached()
    fits(page, width)
    page.screenshot(path=RESULTS / f"sv-t2k-dashboard-{width}.png", full_page=True)

    # an NPC's roll: a sentry (INT C, skill D: D8 + D6) with the default name
    page.goto(f"{asgi_server.url}/parties/{party.pk}/gm-roll/twilight/npc/")
    page.get_by_label("Vad den försöker").fill("Spana efter rök")
    read_as_swede(page, width, "npc-form", "Grundegenskapens nivå", "Hjälpare")
    scripted_dice(8, 4)
    roll(page)
    expect(page.locator("[data-outcome]")).to_contain_text("Sovjetisk vaktpost")
    read_as_swede(page, width, "npc-result")

    # an NPC opposing Jorma
    page.goto(f"{asgi_server.url}/parties/{party.pk}/gm-roll/twilight/opposed/")
    read_as_swede(page, width, "npc-opposed-form", "Deras färdighet")
    scripted_dice(*[6] * 6)  # a success on any die
    roll(page)
    # a tie (two successes each): the active character loses
    expect(page.locator("[data-outcome]")).to_contain_text("förlorar mot Sovjetisk vaktpost")
    read_as_swede(page, width, "npc-opposed-result")

    # the group roll the GM starts
    page.goto(f"{asgi_server.url}/parties/{party.pk}/groups/new/twilight/group/")
    read_as_swede(page, width, "group-start", "Svårighet och situation")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_creation_speaks_swedish(asgi_server, swedish, log_in, table, width, height):
    player, party = table["player"], table["party"]
    sheet = TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Ilse Berg"
    )
    page = swedish_page(swedish, log_in, player, width, height)
    for step, words in (
        ("attributes", ("Styrka", "Grundegenskaper")),
        ("skills", ("Färdigheter för Smidighet",)),
        ("who", ("Innan kriget gick fel", "Försvarsgren")),
    ):
        page.goto(f"{asgi_server.url}/characters/{sheet.character.pk}/create/{step}/")
        read_as_swede(page, width, f"create-{step}", *words)


def test_english_is_still_the_default(asgi_server, browser, log_in, table):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    log_in(page, table["player"])
    page.goto(f"{asgi_server.url}{table['sheet'].character.get_absolute_url()}?all")
    expect(page.locator("main")).to_contain_text("Healing time")
    expect(page.locator("main")).to_contain_text("Attributes & skills")
    context.close()
