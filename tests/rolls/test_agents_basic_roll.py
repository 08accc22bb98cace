"""The Agents basic roll from the sheet, through the roll views and the action layer:
2d6 + stat bonus + skill (Luck bonus at Novice) - stress + High + time of day against the
referee's 2d12 + difficulty, its six outcomes, and what they do to the sheet."""

import itertools
from fractions import Fraction

import pytest
from django.db import transaction
from django.urls import reverse

from rolls.models import Roll
from rolls.systems.agents import actions
from sheets.models import AgentSheet, AgentSkill
from sheets.systems.dice.core import ScriptedRNG
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import put_into_words
from tests.factories_agents import AgentCharacterFactory, AgentClockFactory, agent_sheet

pytestmark = pytest.mark.django_db


def written_lines(roll):
    """The roll's stored lines (sayings since issue 30) as the English they read."""
    return [[put_into_words(label), put_into_words(value)] for label, value in roll.result["lines"]]


@pytest.fixture
def dana(player, party):
    """Stats 5 (bonus 0), Firearms Journeyman (2), Dodging Novice, Luck 5: no time of day."""
    return agent_sheet(
        AgentCharacterFactory(owner=player, party=party, name="Dana"),
        skills={"Firearms": 2},
        sanity=8,
    )


def skill(sheet, name):
    return AgentSkill.objects.get(sheet=sheet, name=name)


def roll(client, sheet, **data):
    data = {"difficulty": "Normal", "high_spent": 0, "situational": 0, **data}
    url = reverse("roll_form", args=[sheet.pk, "basic"])
    return client.post(url, data, HTTP_HX_REQUEST="true")


def stored(sheet):
    return AgentSheet.objects.get(pk=sheet.pk)


def test_a_failure_puts_a_stress_point_and_an_xp_point_on_the_skill(
    player_client, dana, scripted_dice
):
    firearms = skill(dana, "Firearms")
    scripted_dice(1, 3, 12, 12)  # 4 + 2 = 6 against 12 + 2 twice, no doubles
    response = roll(player_client, dana, skill=firearms.pk)
    assert response.status_code == 200
    assert stored(dana).stress == 1
    assert skill(dana, "Firearms").xp == 1
    last = Roll.objects.get()
    assert last.outcome == "Failure"
    assert [put_into_words(g["label"]) for g in last.result["dice_groups"]] == [
        "Your 2d6",
        "Referee's 2d12 (+2 Normal)",
    ]
    assert [d["size"] for g in last.result["dice_groups"] for d in g["dice"]] == [6, 6, 12, 12]
    assert {e["target"] for e in last.effects} == {"stress", "xp:Firearms"}


def test_a_crit_gives_a_high_point(player_client, dana, scripted_dice):
    scripted_dice(5, 5, 1, 1)  # doubles, 10 + 2 beats 1 + 2 twice
    roll(player_client, dana, skill=skill(dana, "Firearms").pk)
    assert Roll.objects.get().outcome == "Crit"
    assert (stored(dana).high, stored(dana).stress) == (1, 0)


def test_stress_beyond_5_turns_into_lost_sanity(player_client, dana, scripted_dice):
    AgentSheet.objects.filter(pk=dana.pk).update(stress=5)
    scripted_dice(6, 5, 12, 12)  # 11 + 2 - 5 = 8: fails
    roll(player_client, dana, skill=skill(dana, "Firearms").pk)
    after = stored(dana)
    assert (after.stress, after.sanity) == (5, 7)


def test_a_novice_skill_rolls_with_the_luck_bonus(player_client, dana, scripted_dice):
    AgentSheet.objects.filter(pk=dana.pk).update(luck=10)  # +3
    scripted_dice(2, 3, 7, 8)  # 5 + 3 = 8 beats neither 7 + 2 nor 8 + 2
    roll(player_client, dana, skill=skill(dana, "Dodging").pk)
    last = Roll.objects.get()
    assert ["Luck 10 (Novice Dodging)", "+3"] in written_lines(last)
    assert last.outcome == "Failure"


def test_high_spent_on_the_roll_adds_and_is_paid(player_client, dana, scripted_dice):
    AgentSheet.objects.filter(pk=dana.pk).update(high=2)
    scripted_dice(3, 4, 8, 9)  # 7 + 2 + 2 High = 11 beats 8 + 2, not 9 + 2: Cost
    roll(player_client, dana, skill=skill(dana, "Firearms").pk, high_spent=2)
    last = Roll.objects.get()
    assert ["High spent", "+2"] in written_lines(last)
    assert last.outcome == "Cost"
    assert stored(dana).high == 0


def test_more_high_than_the_agent_holds_is_refused_with_the_rule(player_client, dana):
    response = roll(player_client, dana, skill=skill(dana, "Firearms").pk, high_spent=1)
    assert response.status_code == 422
    assert "You can spend 0 High" in response.content.decode()
    assert not Roll.objects.exists()


@pytest.mark.parametrize(
    ("ancestry", "hour", "modifier"),
    [
        ("human", 22, -2),
        ("human", 12, 1),
        ("sasquatch", 22, 1),
        ("sasquatch", 12, -1),
        ("vampire", 6, -3),
        ("vampire", 22, 0),
        ("extranormal", 3, -2),
    ],
)
def test_the_party_clock_gives_the_time_of_day_modifier(
    player_client, dana, party, scripted_dice, ancestry, hour, modifier
):
    AgentClockFactory(party=party, hour=hour)
    AgentSheet.objects.filter(pk=dana.pk).update(ancestry=ancestry)
    scripted_dice(1, 2, 12, 12)
    roll(player_client, dana, skill=skill(dana, "Firearms").pk)
    lines = dict(written_lines(Roll.objects.get()))
    found = [
        int(v)
        for k, v in lines.items()
        if ", " in k and k.split(", ")[0] in ("Night", "Morning", "Day", "Evening")
    ]
    assert found == ([modifier] if modifier else [])


def test_an_agent_at_hp_0_cannot_roll(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(hp=0)
    response = roll(player_client, dana, skill=skill(dana, "Firearms").pk)
    assert response.status_code == 422
    assert "unable to act" in response.content.decode()


def test_high_spent_after_the_dice_are_seen_turns_a_failure_into_a_cost(
    player_client, dana, scripted_dice
):
    AgentSheet.objects.filter(pk=dana.pk).update(high=2)
    scripted_dice(3, 4, 8, 7)  # 7 + 2 = 9: beats neither 10 nor 9 -> Failure
    roll(player_client, dana, skill=skill(dana, "Firearms").pk)
    first = Roll.objects.get()
    assert first.outcome == "Failure" and [
        first.result["high_options"][0][0],
        put_into_words(first.result["high_options"][0][1]),
    ] == [1, "Cost"]
    assert stored(dana).stress == 1
    response = player_client.post(
        reverse("roll_choose", args=[first.pk]), {"high": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    after = stored(dana)
    assert (after.high, after.stress) == (1, 0)  # paid 1 High, the failure's stress undone
    assert skill(dana, "Firearms").xp == 0
    first.refresh_from_db()
    assert put_into_words(first.result["outcome"]) == "Cost"


def brute_force_odds(modifier, difficulty):
    """The seed's table read for every face, independently of the app's code."""
    counts = dict.fromkeys(["Failure", "Cost (-1)", "Cost", "Cost (+1)", "Success", "Crit"], 0)
    for a, b, r1, r2 in itertools.product(range(1, 7), range(1, 7), range(1, 13), range(1, 13)):
        counts[seed_outcome(a, b, r1, r2, modifier, difficulty)] += 1
    return {name: Fraction(n, 6 * 6 * 12 * 12) for name, n in counts.items()}


def seed_outcome(a, b, r1, r2, modifier, difficulty):
    if a + b == 2:
        return "Failure"
    if a + b == 12:
        return "Crit"
    total = a + b + modifier
    beaten = (total > r1 + difficulty) + (total > r2 + difficulty)
    return (
        [["Failure", "Cost"], ["Cost (-1)", "Cost (+1)"]][a == b][0]
        if beaten == 0
        else (["Cost", "Cost (+1)"][a == b] if beaten == 1 else ["Success", "Crit"][a == b])
    )


def test_the_form_shows_the_exact_odds_without_zero_rows(player_client, dana):
    url = reverse("roll_odds", args=[dana.pk, "basic"])
    firearms = skill(dana, "Firearms")
    page = player_client.get(
        url, {"skill": firearms.pk, "difficulty": "Hard", "high_spent": 0, "situational": 1}
    ).content.decode()
    expected = brute_force_odds(2 + 1, 6)
    for name, chance in expected.items():
        if chance:
            assert f'>{name}</th><td class="text-end">{percent(chance)}<' in page, name
    assert "0%" not in page.replace(">100%", "")


def test_every_face_of_the_basic_roll_reads_as_the_seeds_table_through_the_action_layer(dana):
    """All 6 x 6 x 12 x 12 faces at Difficult (+4), Firearms 2 (modifier +2): the outcome,
    and the sheet's stress, High and XP after each, every roll in its own savepoint."""
    firearms = skill(dana, "Firearms")
    data = {
        "skill": firearms,
        "stat": "",
        "difficulty": "Difficult",
        "high_spent": 0,
        "situational": 0,
        "weapon": None,
        "combat": False,
    }
    seen = set()
    sheet = AgentSheet.objects.select_related("character__party").get(pk=dana.pk)
    mind = {name: getattr(sheet, name) for name in ("stress", "high", "sanity", "hp")}
    for faces in itertools.product(range(1, 7), range(1, 7), range(1, 13), range(1, 13)):
        expected = seed_outcome(*faces, 2, 4)
        with transaction.atomic():
            for name, value in mind.items():  # the sheet as it was before this roll
                setattr(sheet, name, value)
            rolled = actions.basic_roll(sheet, data, ScriptedRNG(faces))
            assert put_into_words(rolled.outcome) == expected, faces
            changes = {e["target"]: e["amount"] for e in rolled.effects}
            if expected == "Failure":
                assert changes == {"stress": 1, "xp:Firearms": 1}, faces
            elif expected == "Crit":
                assert changes == {"high": 1}, faces
            else:
                assert changes == {}, faces
            transaction.set_rollback(True)
        seen.add(expected)
    assert len(seen) == 6
    assert stored(dana).stress == 0


def test_a_failure_is_one_entry_in_the_sheet_s_history(player_client, dana, scripted_dice):
    """The stress on the sheet and the XP on the skill are one roll's changes: one history
    entry under the roll's name, the skill named as a skill (not as a custom one)."""
    from sheets.history import entries

    stealth = skill(dana, "Stealth")
    scripted_dice(1, 3, 12, 12)
    assert roll(player_client, dana, skill=stealth.pk).status_code == 200
    newest = entries(dana.character)[0]
    assert newest.reason == "Basic roll: Stealth"
    assert sorted(change.what for change in newest.changes) == [
        "Skill “Stealth”: XP 0 → 1",
        "Stress 0 → 1",
    ]
    page = player_client.get(reverse("character_history", args=[dana.pk])).text
    assert page.count("Basic roll: Stealth") == 1


def test_undoing_a_new_agents_failure_takes_the_xp_back_and_keeps_the_skill(
    player_client, dana, scripted_dice
):
    """The seed's skills of a new agent are written together, without a history row each:
    the first roll that changes one must still be undone to the skill as it was (its XP
    back to 0), never by removing the skill."""
    import re

    stealth = skill(dana, "Stealth")
    scripted_dice(1, 3, 12, 12)
    response = roll(player_client, dana, skill=stealth.pk)
    token = re.search(r'name="undo" value="([^"]+)"', response.text).group(1)
    undone = player_client.post(
        reverse("character_undo", args=[dana.pk]), {"undo": token}, HTTP_HX_REQUEST="true"
    )
    assert undone.status_code == 200
    assert skill(dana, "Stealth").xp == 0
    assert stored(dana).stress == 0
    assert AgentSkill.objects.filter(sheet=dana).count() == 56
