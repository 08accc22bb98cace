"""Who may do what on a Zombiepocalypse sheet: the survivor's check and the Player's
Option for owner and GM; zombie checks and task rulings for the party's GM alone."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from tests.factories import PartyFactory, UserFactory, member_of
from tests.factories_zombie import ZombieSheetFactory, ZombieTaskFactory

OK, NOT_FOUND = "ok", 404
EDITORS = {"owner": OK, "gm": OK, "other_player": NOT_FOUND, "stranger": NOT_FOUND}
GM_ONLY = {"owner": NOT_FOUND, "gm": OK, "other_player": NOT_FOUND, "stranger": NOT_FOUND}


@pytest.fixture
def table(db):
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    owner = member_of(party, UserFactory(username="owner"))
    other = member_of(party, UserFactory(username="other"))
    sheet = ZombieSheetFactory(character__owner=owner, character__party=party)
    task = ZombieTaskFactory(sheet=sheet, status="failed")
    roll = Roll.objects.create(
        character=sheet.character, party=party, user=owner, system="zombie", kind="check",
        label="Check", outcome="Failed", inputs={"task": task.pk},
        result={"faces": [3], "success": False},
    )  # fmt: skip
    users = {"owner": owner, "gm": gm, "other_player": other, "stranger": UserFactory()}
    return {"users": users, "sheet": sheet, "task": task, "roll": roll}


CASES = [
    ("get", "character_sheet", "sheet", None, EDITORS),
    ("get", "roll_form:check", "sheet", None, EDITORS),
    ("get", "roll_odds:check", "sheet", None, EDITORS),
    ("get", "roll_form:monster", "sheet", None, GM_ONLY),
    ("get", "roll_odds:monster", "sheet", None, GM_ONLY),
    ("get", "roll_form:ruling", "sheet", None, GM_ONLY),
    ("post", "roll_form:ruling", "sheet", {"ruling": "changed"}, GM_ONLY),
    ("post", "roll_choose", "roll", {"skill": "Strong", "bonus": "1"}, EDITORS),
]


def target(name, table):
    url_name, _, action = name.partition(":")
    if url_name == "roll_choose":
        return reverse(url_name, args=[table["roll"].pk])
    args = [table["sheet"].pk, action] if action else [table["sheet"].pk]
    return reverse(url_name, args=args)


@pytest.mark.parametrize("role", ["owner", "gm", "other_player", "stranger"])
@pytest.mark.parametrize(("method", "name", "obj", "data", "rule"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])  # fmt: skip
def test_zombie_actions_admit_exactly_the_right_people(
    client, table, role, method, name, obj, data, rule
):
    client.force_login(table["users"][role])
    url = target(name, table)
    if data and "ruling" in data:
        data = {**data, "task": table["task"].pk}
    response = client.post(url, data) if method == "post" else client.get(url)
    if rule[role] == NOT_FOUND:
        assert response.status_code == 404, f"{role} got {response.status_code} at {url}"
    else:
        assert response.status_code < 400 or response.status_code in (409, 422)


def test_the_roll_menu_offers_gm_actions_to_the_gm_only(client, table):
    monster = reverse("roll_form", args=[table["sheet"].pk, "monster"])
    client.force_login(table["users"]["owner"])
    assert monster not in client.get(table["sheet"].character.get_absolute_url()).text
    client.force_login(table["users"]["gm"])
    assert monster in client.get(table["sheet"].character.get_absolute_url()).text


def test_anonymous_visitors_are_sent_to_log_in(client, table):
    response = client.get(reverse("roll_form", args=[table["sheet"].pk, "check"]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
