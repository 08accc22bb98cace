"""Who may do what on an Agents sheet: the owner and the GM edit and roll; the GM alone
moves the party's clock; other players and strangers get 404; nothing they send changes
the sheet."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import AgentSheet
from tests.factories import PartyFactory, UserFactory, member_of
from tests.factories_agents import AgentCharacterFactory, agent_sheet

pytestmark = pytest.mark.django_db
OK, NOT_FOUND = "ok", 404


@pytest.fixture
def table():
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    owner = member_of(party, UserFactory(username="owner"))
    other = member_of(party, UserFactory(username="other"))
    sheet = agent_sheet(AgentCharacterFactory(owner=owner, party=party), stress=0)
    roll = Roll.objects.create(
        character=sheet.character,
        party=party,
        user=owner,
        system="agents",
        kind="stim",
        label="Stim",
        outcome="+3 HP",
        pushable=False,
    )
    users = {"owner": owner, "gm": gm, "other_player": other, "stranger": UserFactory()}
    return users, sheet, roll


def editors(**overrides):
    return {"owner": OK, "gm": OK, "other_player": NOT_FOUND, "stranger": NOT_FOUND, **overrides}


def skill_pk(sheet):
    return sheet.skills.get(name="Firearms").pk


CASES = [
    ("get", "character_sheet", lambda s, r: [s.pk], None, editors()),
    (
        "post",
        "sheet_field_save",
        lambda s, r: [s.pk, "stress"],
        {"stress": "1", "original-stress": "0"},
        editors(),
    ),
    ("get", "roll_form", lambda s, r: [s.pk, "basic"], None, editors()),
    (
        "post",
        "roll_form",
        lambda s, r: [s.pk, "basic"],
        lambda s: {"skill": skill_pk(s), "difficulty": "Normal", "high_spent": 0, "situational": 0},
        editors(),
    ),
    ("get", "roll_odds", lambda s, r: [s.pk, "basic"], None, editors()),
    ("get", "roll_form", lambda s, r: [s.pk, "clock"], None, editors(owner=NOT_FOUND)),
    (
        "post",
        "roll_form",
        lambda s, r: [s.pk, "clock"],
        {"mode": "advance", "days": 0, "hours": 1, "minutes": 0},
        editors(owner=NOT_FOUND),
    ),
    ("post", "roll_choose", lambda s, r: [r.pk], {"high": "1"}, editors()),
]


@pytest.mark.parametrize("role", ["owner", "gm", "other_player", "stranger"])
@pytest.mark.parametrize(
    ("method", "name", "args", "data", "rule"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)],
)
def test_every_agents_request_admits_exactly_the_right_people(
    client, table, role, method, name, args, data, rule
):
    users, sheet, roll = table
    client.force_login(users[role])
    url = reverse(name, args=args(sheet, roll))
    if method == "post":
        response = client.post(url, data(sheet) if callable(data) else data)
    else:
        response = client.get(url)
    if rule[role] == NOT_FOUND:
        assert response.status_code == 404
    else:
        assert response.status_code < 400 or response.status_code in (409, 422), (
            f"{role} was refused {method} {url}: {response.status_code}"
        )


def test_refused_requests_change_nothing(client, table):
    users, sheet, _ = table
    client.force_login(users["other_player"])
    client.post(
        reverse("sheet_field_save", args=[sheet.pk, "stress"]),
        {"stress": "4", "original-stress": "0"},
    )
    client.post(reverse("roll_form", args=[sheet.pk, "long_rest"]), {"safe": "on"})
    assert AgentSheet.objects.get(pk=sheet.pk).stress == 0
    assert Roll.objects.count() == 1
