"""The Agents pages as a Swedish player and GM read them (issue 30): the sheet with every
tab, every roll dialog of the system and its result, the creation steps, the GM's
dashboard card with the party clock and the NPC roll. Each page reads, whole, without
English (``english_left``), fits the screen and leaves a screenshot in test-results/
(sv-agents-<page>-<width>.png) at 1440 x 900 and 390 x 844. The agent's own words (her
name, weapons, notes) are Swedish or made up, so what is left English is ours."""

import pytest
from playwright.sync_api import expect

from sheets.models import AgentItem, AgentJunior, AgentWeapon, Character
from sheets.systems.agents.demo import fill
from tests.browser.swedish import RESULTS, SIZES, english_left, fits
from tests.factories_agents import AgentClockFactory

# the roll forms of the sheet, with what each is filled with before it is rolled
ROLLS = {
    "basic": {},
    "incoming": {"damage": "9"},
    "sanity": {"damage": "2"},
    "short_rest": {"hours": "2"},
    "long_rest": {"safe": True},
    "stim": {},
    "spend_high": {},
    "research": {},
    "reload": {},
    "raise": {},
    "revive": {"confirm": True},
    "remove_trauma": {},
}


@pytest.fixture
def agent(player, party):
    """Dana of the demo, under a made-up name, with Swedish gear and notes."""
    AgentClockFactory(party=party, day=3, hour=14)
    sheet = fill(Character(owner=player, party=party, system="agents"), 0)
    character = sheet.character
    character.name = "Disa Rydberg"
    character.save()
    names = iter(["Tjänstepistol", "Kniven", "Hagelbössan"])
    for weapon in AgentWeapon.objects.filter(sheet=sheet).order_by("pk"):
        weapon.name = next(names)
        weapon.requires = ""
        weapon.save()
    for item in AgentItem.objects.filter(sheet=sheet):
        item.name = "Fältradio" if item.kind == "comms" else "Magasin"
        item.save()
    AgentJunior.objects.filter(sheet=sheet).update(name="Mille Parkås")
    AgentJunior.objects.filter(sheet=sheet).update(skills="")
    sheet.sex_gender = "kvinna"
    sheet.research_topic = "Det dränkta kapellet"
    sheet.notes = "Minns ljuset under isen."
    sheet.high = 2
    sheet.hunters_call = True
    sheet.strength = min(sheet.strength + 1, 10)
    sheet.save()
    skill = sheet.skills.get(name="Firearms")
    skill.xp = 60
    skill.save()
    return sheet


# the fixtures' own names: the party and the users' log-in names
ALLOWED = ("The Ark", "player", "gm")


# The history shows the fixture's own changes: the demo's research topic, a player's
# English text, becoming the Swedish one.
DEMO_TOPIC = (
    "Efterforskningsämne tomt → The drowned chapel",
    "Efterforskningsämne The drowned chapel → Det dränkta kapellet",
)

# The dashboard's title holds the conftest's party name ("The Ark"), the test's data.
OTHER_SYSTEMS = ("The Ark: SL-översikt · Tableside",)


def read_swedish(page, name, width, allowed=()):
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=RESULTS / f"sv-agents-{name}-{width}.png", full_page=True)
    left = english_left(page, allowed=(*ALLOWED, *allowed))
    assert left == [], f"{name} at {width}: {left}"
    fits(page, width)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_sheet_every_tab_in_swedish(asgi_server, swedish, log_in, agent, width, height):
    page = log_in(swedish(width, height), agent.character.owner)
    page.goto(f"{asgi_server.url}{agent.character.get_absolute_url()}?all")
    expect(page.locator("#stats-title")).to_be_visible()
    body = page.locator("body")
    for word in ("Styrka", "Smidighet", "Tur", "Inflytande", "Skjutvapen", "Jägarens kall"):
        expect(body).to_contain_text(word)
    expect(page.locator(".agents-stats")).to_contain_text("Utbildning")
    read_swedish(page, "sheet", width)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_roll_dialog_and_its_result_in_swedish(
    asgi_server, swedish, log_in, agent, scripted_dice, width, height
):
    page = log_in(swedish(width, height), agent.character.owner)
    base = f"{asgi_server.url}/characters/{agent.character.pk}/roll"
    for action, values in ROLLS.items():
        page.goto(f"{base}/{action}/")
        expect(page.locator("main")).to_be_visible()
        read_swedish(page, f"{action}-form", width)
        if width != SIZES[0][0]:
            continue  # the results once, at the desktop size
        for name, value in values.items():
            field = page.locator(f"[name={name}]").first
            if value is True:
                field.check()
            else:
                field.fill(value)
        scripted_dice(*[3] * 8)
        page.get_by_role("button", name="Slå", exact=True).click()
        expect(page.locator("[data-roll-result], .invalid-feedback, .alert").first).to_be_visible()
        read_swedish(page, f"{action}-result", width)
    if width == SIZES[0][0]:
        # the sheet's history: each roll's reason, stored in English, read in Swedish
        page.goto(f"{asgi_server.url}/characters/{agent.character.pk}/history/")
        expect(page.locator("main")).to_contain_text("Grundslag:")
        read_swedish(page, "history", width, allowed=DEMO_TOPIC)


def test_english_is_still_the_default(asgi_server, page, log_in, agent):
    log_in(page, agent.character.owner)
    page.goto(f"{asgi_server.url}{agent.character.get_absolute_url()}?all")
    expect(page.locator(".agents-stats")).to_contain_text("Strength")
    expect(page.locator("body")).to_contain_text("Firearms")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_creation_steps_in_swedish(asgi_server, swedish, log_in, player, party, width, height):
    from sheets.systems.agents.sheet import new_sheet

    character = Character.objects.create(owner=player, party=party, system="agents", name="Ylva Ek")
    new_sheet(character)
    page = log_in(swedish(width, height), player)
    for step in ("role-ancestry", "stats", "skills"):
        page.goto(f"{asgi_server.url}/characters/{character.pk}/create/{step}/")
        expect(page.locator("main")).to_be_visible()
        read_swedish(page, f"create-{step}", width)
    page.goto(f"{asgi_server.url}/characters/{character.pk}/create/role-ancestry/")
    expect(page.locator("main")).to_contain_text("Ursprung")
    page.locator("[name=role][value=operator]").check(force=True)
    page.locator("[name=ancestry][value=human]").check(force=True)
    page.locator("main form button[type=submit]").last.click()
    expect(page.locator("main")).to_be_visible()
    read_swedish(page, "create-after-role", width)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_gm_dashboard_clock_and_npc_roll_in_swedish(
    asgi_server, swedish, log_in, gm, party, agent, scripted_dice, width, height
):
    page = log_in(swedish(width, height), gm)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/dashboard/")
    card = page.locator(f"#summary-{agent.character.pk}")
    expect(card).to_contain_text("Förstånd")
    expect(page.locator("body")).to_contain_text("Klocka")
    read_swedish(page, "dashboard", width, allowed=OTHER_SYSTEMS)
    page.goto(f"{asgi_server.url}/parties/{party.pk}/gm-roll/agents/npc/")
    expect(page.locator("main")).to_contain_text("Svårighet")
    read_swedish(page, "npc-form", width)
    if width == SIZES[0][0]:
        page.locator("[name=npc_name]").fill("Kulttorped")
        page.locator("[name=skill]").fill("Slagsmål")
        scripted_dice(6, 6, 1, 1)
        page.get_by_role("button", name="Slå", exact=True).click()
        expect(page.locator("[data-roll-result]")).to_be_visible()
        read_swedish(page, "npc-result", width)
