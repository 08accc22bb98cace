"""The GM's own rolls from the dashboard: NPCs and monsters by dice pool in every game,
opposed rolls (MYZ, T2K) where only the active side pushes, and who sees what."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rolls.models import Roll
from tests.factories import UserFactory, member_of
from tests.rolls.in_english import english_result

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

MYZ_GHOUL = {"npc_name": "Zone ghoul", "what": "bite", "base": 3, "npc_skill": 1, "gear": 1,
             "negative": 1}  # fmt: skip


def npc_url(party, system, action="npc"):
    return reverse("npc_roll", args=[party.pk, system, action])


def gm_roll(client, party, system, action, data):
    return client.post(npc_url(party, system, action), data, headers=HTMX)


def push(client, roll):
    return client.post(reverse("roll_push", args=[roll.pk]), headers=HTMX)


@pytest.fixture
def twilight_sheet(player, party):
    """Ronson (STR A, AGL B, INT C, EMP C; RECON none) at the table."""
    from tests.factories_twilight import TwilightSheetFactory

    return TwilightSheetFactory(
        character__owner=player, character__party=party, character__name="Ronson"
    )


# --- each game's NPC roll, with scripted dice -------------------------------------------


def test_myz_npc_pool_counts_sixes_and_can_be_pushed_by_the_gm(gm_client, party, scripted_dice):
    scripted_dice(6, 2, 1, 3, 6, 6)  # base 6 2 1, skill 3, gear 6, negative 6
    response = gm_roll(gm_client, party, "mutant", "npc", MYZ_GHOUL)
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert roll.character is None and roll.party == party and roll.npc_name == "Zone ghoul"
    assert [d["face"] for d in roll.result["dice"]] == [6, 2, 1, 3, 6, 6]
    assert roll.result["successes"] == 1  # two sixes, one cancelled by the negative 6
    assert roll.outcome == "Zone ghoul: 1 success"
    assert "Push" in response.text
    # the push re-rolls 2 and 3 (6s and the base 1 stay): a base 1 is the NPC's trauma
    scripted_dice(1, 6)
    assert push(gm_client, roll).status_code == 200
    pushed = Roll.objects.get(pushed_from=roll)
    assert pushed.character is None and pushed.npc_name == "Zone ghoul"
    assert pushed.result["successes"] == 2
    assert ["NPC's trauma (base-die 1s)", "2"] in english_result(pushed.result)["lines"]


def test_t2k_npc_levels_step_with_help_and_read_the_successes(gm_client, party, scripted_dice):
    scripted_dice(10, 3)  # INT B (D10) + RECON D (D6), one helper steps the lower: D10 + D8
    response = gm_roll(gm_client, party, "twilight", "npc", {
        "npc_name": "Soviet sentry", "what": "spot Chen", "npc_attribute": "INT",
        "attribute_level": "B", "skill_level": "D", "npc_modifier": 0, "npc_helpers": 1,
    })  # fmt: skip
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert roll.inputs["dice"] == [10, 8]
    assert roll.result["successes"] == 2  # 10+ on a D10 is two successes
    assert roll.outcome == "Soviet sentry: success, 2 successes"
    assert roll.pushable


def test_z6e_zombie_check_uses_the_kinds_target_number(gm_client, party, scripted_dice):
    from sheets.models import ZombieKind

    zombie = ZombieKind.objects.get(name="Zombie")
    scripted_dice(5)
    data = {"kind": zombie.pk, "ability": "strength", "complexity": 1, "npc_name": ""}
    assert gm_roll(gm_client, party, "zombie", "zombie", data).status_code == 200
    scripted_dice(5)
    data["ability"] = "perception"
    assert gm_roll(gm_client, party, "zombie", "zombie", data).status_code == 200
    strength, perception = Roll.objects.order_by("pk")
    assert strength.outcome == "Zombie: Success"  # 5+ for strength
    assert perception.outcome == "Zombie: Failed"  # 6 for perception
    assert strength.npc_name == "Zombie" and strength.character is None


def test_agents_npc_rolls_2d6_against_the_referee_d12s(gm_client, party, scripted_dice):
    scripted_dice(4, 5, 3, 11)  # 2d6 = 9 + stat 7 (+1) + skill 2 = 12; d12s 3+2 and 11+2
    response = gm_roll(gm_client, party, "agents", "npc", {
        "npc_name": "Cult enforcer", "skill": "Brawling", "stat": 7, "skill_level": 2,
        "difficulty": "Normal", "situational": 0,
    })  # fmt: skip
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert roll.outcome == "Cult enforcer: Cost"  # one referee die beaten, no doubles
    assert [d["kind"] for d in roll.result["dice"]] == ["player"] * 2 + ["referee"] * 2


def test_an_agents_npc_roll_without_a_skill_names_it_in_the_readers_words():
    """The form asks for a skill; a roll without one (the action's own fallback, or an
    odds preview of a half-filled form) names it as a word of the skills' context."""
    from django.utils import translation

    from rolls.models import in_words
    from rolls.systems.agents.npc_actions import npc_roll
    from sheets.systems.dice.core import ScriptedRNG

    cleaned = {"npc_name": "Vakt", "skill": " ", "stat": 7, "skill_level": 2,
               "difficulty": "Normal", "situational": 0}  # fmt: skip
    rolled = npc_roll(None, cleaned, ScriptedRNG([4, 5, 3, 11]))
    assert in_words(rolled.label) == "Skill (NPC)"
    with translation.override("sv"):
        assert in_words(rolled.label) == "Färdighet (SLP)"
        lines = [in_words(label) for label, _amount in rolled.result["lines"]]
    assert "Färdighet (Gesäll)" in lines, lines


def test_slots_judge_check_rolls_a_die_per_edge(gm_client, party, scripted_dice):
    scripted_dice(1, 1)
    response = gm_roll(gm_client, party, "slots", "judge", {
        "npc_name": "Goblin", "area": "gear", "what": "", "advantages": 0, "disadvantages": 1,
    })  # fmt: skip
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert [d["face"] for d in roll.result["dice"]] == [1, 1]
    assert [d["size"] for d in roll.result["dice"]] == [12, 12]
    assert roll.tone == "failure"  # a 1 on a gear check always fails


@pytest.mark.parametrize(
    ("system", "action", "data", "rule"),
    [
        ("mutant", "npc", {**MYZ_GHOUL, "base": 11}, "at most 10 dice of a kind"),
        ("twilight", "npc", {"npc_attribute": "INT", "attribute_level": "C",
                             "skill_level": "", "npc_modifier": 0, "npc_helpers": 4},
         "at most three helpers"),
        ("twilight", "npc", {"npc_attribute": "INT", "attribute_level": "C",
                             "skill_level": "", "npc_modifier": 4, "npc_helpers": 0},
         "-3 to +3"),
        ("agents", "npc", {"skill": "Brawling", "stat": 11, "skill_level": 1,
                           "difficulty": "Normal", "situational": 0}, "0 to 10"),
        ("slots", "judge", {"area": "gear", "advantages": 10, "disadvantages": 0},
         "0 to 9"),
        ("zombie", "zombie", {"kind": "", "ability": "agility", "complexity": 4},
         "never more than three"),
    ],
)  # fmt: skip
def test_bounds_are_refused_with_the_rule_named(gm_client, party, system, action, data, rule):
    response = gm_roll(gm_client, party, system, action, data)
    assert response.status_code == 422
    assert rule in response.text
    assert not Roll.objects.exists()


def test_the_form_shows_exact_odds_and_the_odds_follow_the_pool(gm_client, party):
    url = npc_url(party, "mutant", "npc")
    form = gm_client.get(url, headers=HTMX).text
    assert "Odds before rolling" in form and "%" in form
    odds = reverse("npc_roll_odds", args=[party.pk, "mutant", "npc"])
    one = gm_client.get(odds, {**MYZ_GHOUL, "base": 1, "npc_skill": 0, "gear": 0,
                               "negative": 0}, headers=HTMX).text  # fmt: skip
    assert "16.7%" in one  # one die: a six in six
    refused = gm_client.get(odds, {**MYZ_GHOUL, "base": 40}, headers=HTMX).text
    assert "at most 10 dice" in refused


# --- who may roll, who sees ------------------------------------------------------------


def test_players_cannot_start_npc_rolls_and_strangers_do_not_see_the_party(
    client, party, player, stranger
):
    client.force_login(player)
    assert client.get(npc_url(party, "mutant")).status_code == 403
    assert client.post(npc_url(party, "mutant"), MYZ_GHOUL).status_code == 403
    client.force_login(stranger)
    assert client.post(npc_url(party, "mutant"), MYZ_GHOUL).status_code == 404
    assert not Roll.objects.exists()


def test_players_see_the_party_npc_rolls_but_not_secret_ones(
    client, gm, party, player, stranger, scripted_dice
):
    client.force_login(gm)
    scripted_dice(6, 2, 3, 4, 5, 5)
    gm_roll(client, party, "mutant", "npc", {**MYZ_GHOUL, "npc_name": "Open ghoul"})
    scripted_dice(6, 2, 3, 4, 5, 5)
    gm_roll(client, party, "mutant", "npc", {**MYZ_GHOUL, "npc_name": "Hidden ghoul",
                                             "secret": "on"})  # fmt: skip
    shown, secret = Roll.objects.order_by("pk")
    assert secret.secret and not shown.secret

    client.force_login(player)
    log = client.get(reverse("party_log", args=[party.pk])).text
    assert "Open ghoul" in log and "Hidden ghoul" not in log
    assert "The GM rolled, in secret" in log
    assert client.get(reverse("roll_detail", args=[shown.pk])).status_code == 200
    assert client.get(reverse("roll_detail", args=[secret.pk])).status_code == 404
    assert push(client, shown).status_code == 403, "a player never pushes the NPC"
    party_page = client.get(reverse("party_detail", args=[party.pk])).text
    assert "Open ghoul" in party_page and "Hidden ghoul" not in party_page

    client.force_login(stranger)
    assert client.get(reverse("roll_detail", args=[shown.pk])).status_code == 404

    client.force_login(gm)
    assert "Hidden ghoul" in client.get(reverse("party_log", args=[party.pk])).text
    client.post(reverse("roll_reveal", args=[secret.pk]))
    client.force_login(player)
    assert client.get(reverse("roll_detail", args=[secret.pk])).status_code == 200


def test_the_dashboard_offers_gm_rolls_for_the_games_at_the_table(gm_client, party, mutant_sheet):
    html = gm_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert reverse("npc_roll", args=[party.pk, "mutant", "npc"]) in html
    assert reverse("npc_roll", args=[party.pk, "mutant", "opposed"]) in html
    assert reverse("npc_roll", args=[party.pk, "twilight", "npc"]) not in html
    assert 'id="roll-dialog"' in html


def count_queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_npc_and_opposed_rolls_in_the_feed_cost_the_dashboard_no_query(
    gm_client, party, mutant_sheet, scripted_dice
):
    url = reverse("party_dashboard", args=[party.pk])
    scripted_dice(6, 6, 3, 4, 2, 5, 2, 6)
    gm_client.post(reverse("roll_form", args=[mutant_sheet.pk, "skill"]),
                   {"skill": "fight", "modifier": 0}, headers=HTMX)  # fmt: skip
    before = count_queries(gm_client, url)
    for _ in range(3):
        scripted_dice(6, 2, 3, 4, 5, 5)
        gm_roll(gm_client, party, "mutant", "npc", MYZ_GHOUL)
    scripted_dice(*([3] * 8), 6, 2, 3, 4, 5, 5)
    gm_roll(gm_client, party, "mutant", "opposed", {
        **MYZ_GHOUL, "character": mutant_sheet.character.pk, "skill": "fight", "modifier": 0,
        "active": "character",
    })  # fmt: skip
    assert Roll.objects.count() == 5
    assert count_queries(gm_client, url) == before


# --- opposed rolls --------------------------------------------------------------------------


def test_myz_opposed_character_active_only_the_character_pushes(
    client, gm, player, party, mutant_sheet, scripted_dice
):
    client.force_login(gm)
    # Krin: Strength 5 + Fight 3 (8 dice) first; the ghoul's 6 dice second
    scripted_dice(6, 2, 3, 4, 5, 5, 2, 3, 6, 6, 1, 1, 1, 1)
    response = gm_roll(client, party, "mutant", "opposed", {
        **MYZ_GHOUL, "character": mutant_sheet.character.pk, "skill": "fight", "modifier": 0,
        "active": "character",
    })  # fmt: skip
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert roll.character == mutant_sheet.character and roll.npc_name == "Zone ghoul"
    assert roll.outcome == "Krin loses to Zone ghoul (1 against 2)"  # a tie would lose too
    assert [g["label"] for g in english_result(roll.result)["dice_groups"]] == [
        "Krin: Fight (active)",
        "Zone ghoul",
    ]
    assert roll.pushable and not roll.gm_pushes
    assert "T2K's rule" in english_result(roll.result)["rule"]
    assert (
        "Only the active side may push, even after the opponent has rolled"
        in (english_result(roll.result)["rule"])
    )

    client.force_login(player)
    html = client.get(reverse("roll_detail", args=[roll.pk])).text
    assert "Push Krin&#x27;s roll" in html
    # 7 dice re-rolled (the base 6 stays): three 6s, one base-die 1 (trauma)
    scripted_dice(6, 1, 2, 3, 6, 6, 2)
    assert push(client, roll).status_code == 200
    pushed = Roll.objects.get(pushed_from=roll)
    assert pushed.outcome == "Krin wins by 2 against Zone ghoul"
    assert [d["face"] for d in pushed.result["npc_dice"]] == [6, 6, 1, 1, 1, 1]
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.damage == 1 and mutant_sheet.mutation_points == 1
    assert not pushed.pushable


def test_myz_opposed_npc_active_only_the_gm_pushes(
    client, gm, player, party, mutant_sheet, scripted_dice
):
    client.force_login(gm)
    scripted_dice(2, 3, 4, 5, 5, 3, 2, 3, 4, 5, 5, 3, 2, 6)  # the ghoul's 6 dice first
    gm_roll(client, party, "mutant", "opposed", {
        **MYZ_GHOUL, "character": mutant_sheet.character.pk, "skill": "fight", "modifier": 0,
        "active": "npc",
    })  # fmt: skip
    roll = Roll.objects.get()
    assert roll.outcome == "Zone ghoul loses to Krin (0 against 1)"
    assert roll.gm_pushes

    client.force_login(player)
    assert "data-push-button" not in client.get(reverse("roll_detail", args=[roll.pk])).text
    assert push(client, roll).status_code == 403
    assert not Roll.objects.filter(pushed_from=roll).exists()

    client.force_login(gm)
    scripted_dice(6, 6, 6, 6, 6, 6)  # all six of the ghoul's dice (its negative die too)
    assert push(client, roll).status_code == 200
    pushed = Roll.objects.get(pushed_from=roll)
    assert pushed.outcome == "Zone ghoul wins by 3 against Krin"  # 5 sixes, 1 cancelled
    assert [d["face"] for d in pushed.result["character_dice"]][:3] == [2, 3, 4]
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.damage == 0, "the NPC's push never touches the mutant's sheet"


def test_t2k_opposed_npc_active_wins_with_more_and_only_the_gm_pushes(
    client, gm, player, party, twilight_sheet, scripted_dice
):
    client.force_login(gm)
    # the sentry (INT C + RECON D: D8, D6) acts first; Ronson's RECON: INT C alone (D8)
    scripted_dice(3, 2, 6)
    response = gm_roll(client, party, "twilight", "opposed", {
        "npc_name": "Soviet sentry", "npc_attribute": "INT", "attribute_level": "C",
        "skill_level": "D", "npc_modifier": 0, "npc_helpers": 0,
        "character": twilight_sheet.character.pk, "skill": "recon", "modifier": 0,
        "active": "npc",
    })  # fmt: skip
    assert response.status_code == 200, response.text
    roll = Roll.objects.get()
    assert roll.outcome == "Soviet sentry loses to Ronson (0 against 1)"
    assert [g["label"] for g in english_result(roll.result)["dice_groups"]] == [
        "Ronson, Recon: D8",
        "Soviet sentry (active): D8 + D6",
    ]
    client.force_login(player)
    assert push(client, roll).status_code == 403
    assert not Roll.objects.filter(pushed_from=roll).exists()
    client.force_login(gm)
    scripted_dice(8, 6)  # the sentry re-rolls both dice: two successes
    assert push(client, roll).status_code == 200
    pushed = Roll.objects.get(pushed_from=roll)
    assert pushed.outcome == "Soviet sentry wins by 1 against Ronson"
    assert [d["face"] for d in english_result(pushed.result)["dice_groups"][0]["dice"]] == [6]
    assert push(client, pushed).status_code in (403, 409)


def test_t2k_opposed_character_active_pushes_onto_the_sheet(
    client, gm, player, party, twilight_sheet, scripted_dice
):
    client.force_login(gm)
    # Ronson's STAMINA: STR A + STAMINA C (D12, D8) first; the NPC's STR B alone (D10) second
    scripted_dice(3, 4, 6)
    gm_roll(client, party, "twilight", "opposed", {
        "npc_name": "Marauder", "npc_attribute": "STR", "attribute_level": "B",
        "skill_level": "", "npc_modifier": 0, "npc_helpers": 0,
        "character": twilight_sheet.character.pk, "skill": "stamina", "modifier": 0,
        "active": "character",
    })  # fmt: skip
    roll = Roll.objects.get()
    assert roll.outcome == "Ronson loses to Marauder (0 against 1)"
    client.force_login(player)
    scripted_dice(12, 1)  # D12 -> 12 (two successes), D8 -> 1 (1 damage: STR)
    assert push(client, roll).status_code == 200
    pushed = Roll.objects.get(pushed_from=roll)
    assert pushed.outcome == "Ronson wins by 1 against Marauder"
    twilight_sheet.refresh_from_db()
    assert twilight_sheet.damage == 1
    assert push(client, pushed).status_code in (403, 409)


def test_an_opposed_roll_only_picks_characters_of_the_party(gm_client, party, mutant_sheet, gm):
    from tests.factories import MutantSheetFactory, PartyFactory

    elsewhere = MutantSheetFactory(
        character__party=PartyFactory(gm=UserFactory()),
        character__owner=member_of(PartyFactory(gm=gm), UserFactory()),
    )
    response = gm_roll(gm_client, party, "mutant", "opposed", {
        **MYZ_GHOUL, "character": elsewhere.character.pk, "skill": "fight", "modifier": 0,
        "active": "character",
    })  # fmt: skip
    assert response.status_code == 422
    assert "Pick a character of this party" in response.text


def test_the_stream_brings_players_the_npc_roll_and_only_a_placeholder_when_secret(
    gm_client, party, scripted_dice, django_capture_on_commit_callbacks
):
    import json

    from django_eventstream.models import Event

    from rolls.stream import gm_channel, party_channel

    for name, secret in (("Open ghoul", {}), ("Hidden ghoul", {"secret": "on"})):
        scripted_dice(6, 2, 3, 4, 5, 5)
        with django_capture_on_commit_callbacks(execute=True):
            gm_roll(gm_client, party, "mutant", "npc", {**MYZ_GHOUL, "npc_name": name, **secret})

    def cards(channel):
        events = Event.objects.filter(channel=channel, type="roll").order_by("pk")
        return [json.loads(event.data) for event in events]

    players, gm_sees = cards(party_channel(party.pk)), cards(gm_channel(party.pk))
    assert len(players) == len(gm_sees) == 2
    assert "Open ghoul: 1 success" in players[0]
    assert "Hidden ghoul" not in players[1] and "The GM rolled, in secret." in players[1]
    assert "Hidden ghoul: 1 success" in gm_sees[1]


def test_a_judges_third_advantage_adds_nothing_and_says_so(gm_client, party, scripted_dice):
    scripted_dice(4, 9, 2)
    response = gm_roll(gm_client, party, "slots", "judge",
                       {"area": "gear", "advantages": 3, "disadvantages": 0})  # fmt: skip
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert len(roll.result["dice"]) == 3 and roll.inputs["advantages"] == 2
    assert ["Not counted", "1 advantage beyond 2: up to 2 stack, more add nothing"] in (
        english_result(roll.result)["lines"]
    )
