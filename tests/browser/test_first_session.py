"""A new group's first session, one game at a time (issue 32), from an empty database: a
GM signs up and makes a party; a player signs up through the invite link, joins with one
tap, creates a character through its game's creation steps and plays its first rolls
while the GM's dashboard shows it. Every creation page is photographed at 1440x900 and
390x844 (test-results/creation/) and must not scroll sideways on a phone."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sheets.models import Character
from tests.sse_client import wait_for_feed_subscribers

SHOTS = Path("test-results") / "creation"
PASSWORD = "violet-harbour-17"
SIZES = ((1440, 900), (390, 844))


def sign_up(page, url, username):
    page.goto(f"{url}/accounts/signup/")
    fill_sign_up(page, username)


def fill_sign_up(page, username):
    page.get_by_label("Username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def photograph(page, system, step):
    """Both sizes of a creation page; on a phone nothing scrolls sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{system}-{step}-{width}.png"), full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{system} {step}: {scroll} px wide at {width}"
    page.set_viewport_size({"width": 1440, "height": 900})


def next_step(page):
    page.locator(".creation-actions button[type=submit]").click()


def create_mutant(page):
    photograph(page, "mutant", "role")
    page.get_by_text("Stalker", exact=True).click()
    next_step(page)
    expect(page.get_by_role("heading", name="Attributes")).to_be_visible()
    for label, value in (("Strength", 3), ("Agility", 5), ("Wits", 3), ("Empathy", 3)):
        page.get_by_label(label).fill(str(value))
    expect(page.locator("[data-points-left]")).to_have_text("All 14 points spent.")
    photograph(page, "mutant", "attributes")
    next_step(page)
    for label, value in (("Find the Path", 3), ("Move", 3), ("Scout", 2), ("Sneak", 2)):
        page.get_by_label(label).fill(str(value))
    photograph(page, "mutant", "skills")
    next_step(page)
    page.get_by_label("Talent").fill("Rot Finder")
    photograph(page, "mutant", "talent")
    next_step(page)
    page.get_by_label("Mutation").fill("Frog Legs")
    photograph(page, "mutant", "mutation")
    next_step(page)


def create_agent(page):
    page.get_by_text("Researcher", exact=True).click()
    page.get_by_text("Human", exact=True).click()
    page.get_by_label("First pick").select_option("education")
    page.get_by_label("Second pick").select_option("luck")
    photograph(page, "agents", "role-ancestry")
    next_step(page)
    stats = (("Strength", 4), ("Agility", 5), ("Intelligence", 8), ("Education", 8),
             ("Influence", 6), ("Luck", 9))  # fmt: skip
    for label, value in stats:
        page.get_by_label(label).fill(str(value))
    photograph(page, "agents", "stats")
    next_step(page)
    for name in ("Medicine", "Research", "Psychology", "Chemistry"):
        page.get_by_label(f"{name} points").fill("4")
    for name in ("Medicine", "Research", "Psychology", "Chemistry", "Theology", "Design"):
        page.get_by_label(f"{name}: role +1").check()
    for name in ("Dodging", "Stealth", "Firearms"):
        page.get_by_label(f"{name}: ancestry +1").check()
    photograph(page, "agents", "skills")
    next_step(page)


def choices_shown_whole(page):
    """Each select's chosen text fits inside it (at 1440 px "B (D10" lost its ")")."""
    return page.evaluate(
        """() => [...document.querySelectorAll("form select")].filter(select => {
            const style = getComputedStyle(select);
            const context = document.createElement("canvas").getContext("2d");
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = select.options[select.selectedIndex].text;
            const room = select.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight);
            return context.measureText(text).width > room;
        }).map(select => select.name)"""
    )


def create_soldier(page):
    for label, level in (("Strength", "B"), ("Agility", "A"), ("Intelligence", "C"),
                         ("Empathy", "C")):  # fmt: skip
        page.get_by_label(label).select_option(level)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert choices_shown_whole(page) == [], f"cut at {width} px"
    photograph(page, "twilight", "attributes")
    next_step(page)
    page.get_by_label("Ranged Combat").select_option("B")
    page.get_by_label("Recon").select_option("C")
    assert choices_shown_whole(page) == []
    photograph(page, "twilight", "skills")
    next_step(page)
    page.get_by_label("Rank").fill("Sergeant")
    page.get_by_label("Coolness Under Fire").select_option("C")
    photograph(page, "twilight", "who")
    next_step(page)


def create_survivor(page):
    page.get_by_label("Who you were").fill("Night-shift nurse")
    photograph(page, "zombie", "who")
    next_step(page)
    photograph(page, "zombie", "option")
    next_step(page)  # the Player's Option kept for later


def create_slots_character(page):
    expect(page.get_by_role("radio", name="Human")).to_be_checked()
    photograph(page, "slots", "people")
    next_step(page)
    page.get_by_label("Item in 7 · grip").fill("Short sword")
    page.get_by_label("Tags of 7 · grip").fill("sharp, weapon")
    page.get_by_label("Item in 9 · pack").fill("Rope")
    photograph(page, "slots", "gear")
    next_step(page)


def roll_from_dialog(page):
    page.get_by_role("dialog").get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-roll-result] [data-outcome]")).to_be_visible()
    page.get_by_role("button", name="Close").click()


def roll_mutant(page, n):
    page.get_by_role("link", name="Roll Move").click()
    roll_from_dialog(page)


def roll_agent(page, n):
    page.get_by_role("link", name="Roll Medicine").click()
    roll_from_dialog(page)


def roll_soldier(page, n):
    page.get_by_role("link", name="Roll Ranged Combat").click()
    roll_from_dialog(page)


def roll_survivor(page, n):
    page.get_by_role("link", name="Roll a check on a new task").click()
    task = ("Force the pharmacy door", "Climb onto the roof")[n]  # a failed task is not retried
    page.get_by_role("dialog").get_by_label("or a new task").fill(task)
    roll_from_dialog(page)


def roll_slots_character(page, n):
    page.locator("#slots-grid a[data-check=sneak]").click()
    page.get_by_role("dialog").get_by_label("Obscured from view (sneak)").check()
    roll_from_dialog(page)


GAMES = {  # each game's creation steps, then its first roll
    "mutant": (create_mutant, roll_mutant),
    "agents": (create_agent, roll_agent),
    "twilight": (create_soldier, roll_soldier),
    "zombie": (create_survivor, roll_survivor),
    "slots": (create_slots_character, roll_slots_character),
}


@pytest.mark.parametrize("system", list(GAMES))
def test_a_new_group_signs_up_joins_creates_and_plays_its_first_rolls(
    asgi_server, browser, scripted_dice, system
):
    assert not get_user_model().objects.exists()  # an empty database
    url = asgi_server.url
    create, first_roll = GAMES[system]

    gm_page = browser.new_context().new_page()
    sign_up(gm_page, url, "gamemaster")
    gm_page.get_by_role("link", name="Run a party").click()
    gm_page.get_by_label("Party name").fill("The Ark")
    gm_page.get_by_role("button", name="Create party").click()
    code = gm_page.locator("[data-invite-code]").inner_text()

    # The invite link, logged out: log in, or create an account and keep the invite.
    page = browser.new_context().new_page()
    page.goto(f"{url}/join/{code}/")
    page.get_by_role("link", name="Create an account").click()
    fill_sign_up(page, "newcomer")
    expect(page.get_by_role("heading", name="Join The Ark?")).to_be_visible()
    page.get_by_role("button", name="Join The Ark").click()  # the one tap

    # The new character's form opens in the party.
    expect(page.get_by_role("heading", name="New character")).to_be_visible()
    expect(page.get_by_label("Party")).to_have_value(str(page_party_pk(gm_page)))
    page.get_by_label("Name").fill("Fresh Blood")
    page.get_by_label("Game system").select_option(system)
    page.get_by_role("button", name="Create character").click()

    # An empty sheet is nobody: the game's creation steps come first.
    expect(page.get_by_role("navigation", name="Creation steps")).to_be_visible()
    create(page)
    character = Character.objects.get(name="Fresh Blood")
    page.wait_for_url(f"{url}{character.get_absolute_url()}")
    expect(page.get_by_text("Fresh Blood is made")).to_be_visible()
    expect(page.locator("[data-creation-checks]")).to_have_count(0)

    gm_page.goto(f"{url}/parties/{character.party_id}/dashboard/")
    expect(gm_page.locator(f"#summary-{character.pk}")).to_contain_text("Fresh Blood")
    wait_for_feed_subscribers(1)
    # the dashboard's feed has had its catch-up (its answer replaces the cards: a roll's
    # card that came by the stream meanwhile would go until the next catch-up)
    expect(gm_page.locator(f"#feed-log-{character.party_id}[data-feed-complete]")).to_have_count(1)

    cards = gm_page.locator(".roll-card").filter(has_text="Fresh Blood")
    for n, face in enumerate((3, 4)):
        scripted_dice(*([face] * 40))
        first_roll(page, n)
        expect(cards).to_have_count(n + 1)  # on the GM's dashboard, live


def page_party_pk(gm_page) -> int:
    """The party the GM made (its page's address ends with its number)."""
    return int(gm_page.url.rstrip("/").rsplit("/", 1)[1])
