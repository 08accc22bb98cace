"""Zombiepocalypse checks through the roll views, with scripted dice: d6 4+, difficulty by
level (the seed's modifier examples), the Player's Option and injuries from the sheet,
complexity, no retry until the GM marks the situation changed, basic actions, the
Player's Option bought after a failed roll, and the GM's zombie checks."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import ZombieKind
from sheets.systems.dice.words import put_into_words
from tests.factories_zombie import ZombieConditionFactory, ZombieSheetFactory, ZombieTaskFactory

pytestmark = pytest.mark.django_db
REFUSAL = "failed: it cannot be tried again until the situation changes"


def written_lines(roll):
    """The roll's stored lines (sayings since issue 30) as the English they read."""
    return [[put_into_words(label), put_into_words(value)] for label, value in roll.result["lines"]]


@pytest.fixture
def survivor(player, party):
    return ZombieSheetFactory(
        character__owner=player, character__party=party, character__name="Dana"
    )


@pytest.fixture
def door(survivor):
    return ZombieTaskFactory(sheet=survivor, name="Break down the cellar door")


def roll(client, sheet, action, **data):
    url = reverse("roll_form", args=[sheet.pk, action])
    return client.post(url, {key: str(value) for key, value in data.items()})


def check(client, sheet, task, **data):
    return roll(client, sheet, "check", **{"task": task.pk, "complexity": 1, **data})


def latest():
    return Roll.objects.order_by("-pk").first()


def odds(client, sheet, action, **data):
    url = reverse("roll_odds", args=[sheet.pk, action])
    return client.get(url, {key: str(value) for key, value in data.items()}).text


# ---------------------------------------------------------------- d6, 4+


@pytest.mark.parametrize(("face", "outcome", "status"), [(3, "Failed", "failed"),
                                                          (4, "Success", "succeeded")])  # fmt: skip
def test_a_check_succeeds_on_4_or_more_and_marks_its_task(
    player_client, survivor, door, scripted_dice, face, outcome, status
):
    dice = scripted_dice(face)
    assert check(player_client, survivor, door).status_code == 302
    dice.assert_used_up()
    made = latest()
    assert made.outcome == outcome
    assert made.result["dice"][0]["face"] == face  # the raw die, always shown
    door.refresh_from_db()
    assert door.status == status


def test_a_check_on_a_new_task_puts_the_task_on_the_sheet(player_client, survivor, scripted_dice):
    scripted_dice(6)
    response = roll(player_client, survivor, "check", task="", new_task="Climb the fence",
                    complexity=1)  # fmt: skip
    assert response.status_code == 302
    task = survivor.tasks.get()
    assert task.name == "Climb the fence" and task.status == "succeeded"
    assert latest().inputs["task"] == task.pk


# ---------------------------------------------------------------- the seed's modifiers


def test_dark_and_noisy_is_only_minus_1(player_client, survivor, door, scripted_dice):
    """Two environmental factors against: one -1, not -2. A 4 fails, a 5 would succeed."""
    table = odds(player_client, survivor, "check", task=door.pk, complexity=1,
                 environment_against=2)  # fmt: skip
    assert "Success (5+ on the die)" in table and "33.3%" in table
    scripted_dice(4)
    check(player_client, survivor, door, environment_against=2)
    made = latest()
    assert made.inputs["difficulty"] == -1
    assert made.outcome == "Failed"
    assert ["Roll 1", "4 -1 = 3: failed"] in written_lines(made)


def test_bright_room_and_moaning_friend_give_the_zombie_plus_2(gm_client, survivor, scripted_dice):
    """Environment +1 (brightly lit) and target +1 (the moaning friend) stack: +2 to the
    zombie's Perception, so its 6 needs a 4 on the die."""
    zombie = ZombieKind.objects.get(name="Zombie")
    fields = {"kind": zombie.pk, "ability": "perception", "complexity": 1,
              "environment_for": 1, "target_for": 1}  # fmt: skip
    table = odds(gm_client, survivor, "monster", **fields)
    assert "Success (4+ on the die)" in table and "50.0%" in table
    scripted_dice(4)
    assert roll(gm_client, survivor, "monster", **fields).status_code == 302
    made = latest()
    assert made.inputs["difficulty"] == 2 and made.outcome == "Success"
    assert made.result["dice"][0]["kind"] == "zombie"


@pytest.mark.parametrize(
    "factors",
    [
        {"target_against": 1, "target_for": 1},  # log (heavy) and pulley: one level
        {"target_against": 1, "status_for": 1},  # heavy log, two characters together
    ],
    ids=["log-and-pulley", "two-lift-a-log"],
)
def test_the_heavy_log_examples_come_to_0(player_client, survivor, door, scripted_dice, factors):
    table = odds(player_client, survivor, "check", task=door.pk, complexity=1, **factors)
    assert "Success (4+ on the die)" in table and "50.0%" in table
    scripted_dice(4)
    check(player_client, survivor, door, **factors)
    assert latest().inputs["difficulty"] == 0 and latest().outcome == "Success"


def test_different_levels_stack_and_a_level_may_cancel(
    player_client, survivor, door, scripted_dice
):
    # environment -1 (two factors), target 0 (cancelled), status -1: -2 in all
    scripted_dice(5)
    check(player_client, survivor, door, environment_against=2, target_against=1, target_for=1,
          status_against=1)  # fmt: skip
    made = latest()
    assert made.inputs["levels"] == {"environment": [-1, -1], "target": [-1, 1], "status": [-1]}
    assert made.inputs["difficulty"] == -2 and made.outcome == "Failed"


# ---------------------------------------------------------------- from the sheet


def test_injuries_from_the_sheet_add_on_top_and_can_be_left_out(
    player_client, survivor, door, scripted_dice
):
    arm = ZombieConditionFactory(sheet=survivor, name="Broken arm", modifier=-2)
    scripted_dice(5)
    check(player_client, survivor, door, conditions=arm.pk)
    made = latest()
    assert made.inputs["injury"] == -2 and made.outcome == "Failed"
    assert made.inputs["conditions"] == ["Broken arm"]
    other = ZombieTaskFactory(sheet=survivor)
    scripted_dice(5)
    check(player_client, survivor, other)  # the GM ruled the arm does not matter here
    assert latest().inputs["injury"] == 0 and latest().outcome == "Success"


def test_a_status_effect_is_a_status_factor_and_does_not_stack(
    player_client, survivor, door, scripted_dice
):
    tied = ZombieConditionFactory(sheet=survivor, name="Tied up", kind="status", modifier=-1)
    scripted_dice(5)
    check(player_client, survivor, door, conditions=tied.pk, status_against=1)
    made = latest()
    assert made.inputs["levels"]["status"] == [-1, -1]
    assert made.inputs["difficulty"] == -1 and made.outcome == "Success"


def test_the_player_option_bonus_applies_where_it_applies(
    player_client, survivor, door, scripted_dice
):
    survivor.option_skill, survivor.option_bonus = "Strong", 1
    survivor.save()
    form = player_client.get(reverse("roll_form", args=[survivor.pk, "check"])).text
    assert "Strong +1 applies to this check" in form
    scripted_dice(3)
    check(player_client, survivor, door, use_option="on")
    made = latest()
    assert made.inputs["skill_bonus"] == 1 and made.outcome == "Success"


def test_the_option_box_is_not_offered_while_the_option_is_unspent(player_client, survivor, door):
    form = player_client.get(reverse("roll_form", args=[survivor.pk, "check"])).text
    assert "use_option" not in form


# ---------------------------------------------------------------- complexity


def test_complexity_2_shows_which_roll_failed_and_every_raw_face(
    player_client, survivor, door, scripted_dice
):
    table = odds(player_client, survivor, "check", task=door.pk, complexity=2)
    assert "Success: all 2 rolls succeed" in table and "25.0%" in table
    assert "partial progress" in table and "50.0%" in table
    dice = scripted_dice(5, 2)
    check(player_client, survivor, door, complexity=2)
    dice.assert_used_up()
    made = latest()
    assert [d["face"] for d in made.result["dice"]] == [5, 2]
    assert made.outcome == "Failed: roll 2 of 2 failed (1 succeeded)"
    assert made.result["failed_rolls"] == [2]


def test_complexity_3_needs_all_three(player_client, survivor, door, scripted_dice):
    scripted_dice(4, 5, 6)
    check(player_client, survivor, door, complexity=3)
    assert latest().outcome == "Success"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("complexity", 4, "Complexity is 1 to 3 rolls: never more than three."),
        ("environment_against", 6, "0 to 5 factors"),
    ],
)
def test_the_form_bounds_its_numbers_and_names_the_rule(
    player_client, survivor, door, field, value, message
):
    data = {"complexity": 1, field: value}
    response = check(player_client, survivor, door, **data)
    assert response.status_code == 422
    assert message in response.text
    assert not Roll.objects.exists()


# ---------------------------------------------------------------- no retry


def test_a_failed_task_refuses_a_new_attempt_until_the_gm_marks_the_situation_changed(
    client, player, gm, survivor, door, scripted_dice
):
    client.force_login(player)
    scripted_dice(2)
    check(client, survivor, door)
    retry_dice = scripted_dice()  # no die may be thrown for the retry
    response = check(client, survivor, door)
    assert response.status_code == 422
    assert f"Break down the cellar door: {REFUSAL}" in response.text
    assert Roll.objects.count() == 1 and retry_dice.asked == []
    same_name = roll(client, survivor, "check", task="", new_task="break down the cellar door",
                     complexity=1)  # fmt: skip
    assert same_name.status_code == 422 and REFUSAL in same_name.text
    # the player cannot rule on their own task
    assert roll(client, survivor, "ruling", task=door.pk, ruling="changed").status_code == 404

    client.force_login(gm)
    assert roll(client, survivor, "ruling", task=door.pk, ruling="changed",
                note="a horde battered the door").status_code == 302  # fmt: skip
    ruling = latest()
    assert ruling.outcome == "Situation changed: Break down the cellar door can be tried again"
    assert ruling.party == survivor.character.party  # in the feed
    door.refresh_from_db()
    assert door.status == "open" and door.situation_changes == 1

    client.force_login(player)
    scripted_dice(5)
    assert check(client, survivor, door).status_code == 302
    door.refresh_from_db()
    assert door.status == "succeeded"


def test_marking_a_task_that_did_not_fail_as_changed_is_refused(gm_client, survivor, door):
    response = roll(gm_client, survivor, "ruling", task=door.pk, ruling="changed")
    assert response.status_code == 422
    assert "has not failed" in response.text


def test_a_basic_task_needs_no_roll_and_the_form_says_so(
    client, gm, player, survivor, door, scripted_dice
):
    client.force_login(gm)
    roll(client, survivor, "ruling", task=door.pk, ruling="basic")
    assert latest().outcome == "Break down the cellar door: basic action, no roll needed"
    client.force_login(player)
    form = client.get(reverse("roll_form", args=[survivor.pk, "check"]), {"task": door.pk}).text
    assert "a basic action: no roll is needed" in form
    dice = scripted_dice()
    response = check(client, survivor, door)
    assert response.status_code == 422 and "no roll is needed" in response.text
    assert dice.asked == []


# ---------------------------------------------------------------- the Player's Option


def choose(client, made, **data):
    return client.post(reverse("roll_choose", args=[made.pk]), data)


def test_buying_the_option_after_a_failed_3_turns_that_roll_into_a_success(
    player_client, survivor, door, scripted_dice
):
    earlier_task = ZombieTaskFactory(sheet=survivor, name="Pick the lock")
    scripted_dice(3)
    check(player_client, survivor, earlier_task)
    earlier = latest()
    scripted_dice(3)
    check(player_client, survivor, door)
    failed = latest()
    page = player_client.get(reverse("roll_detail", args=[failed.pk])).text
    assert "Buy the Player's Option now?" in page

    response = choose(player_client, failed, skill="Strong", scope="holding doors", bonus="1")
    assert response.status_code == 302
    failed.refresh_from_db()
    assert failed.outcome == "Success with Strong (holding doors) +1"
    assert failed.result["dice"][0]["face"] == 3 and failed.result["success"]
    assert failed.result["option_bought"] == "Strong (holding doors) +1"
    survivor.refresh_from_db()
    assert survivor.option_name == "Strong (holding doors) +1"
    assert survivor.option_roll == failed.pk
    door.refresh_from_db()
    assert door.status == "succeeded"
    sheet_page = player_client.get(survivor.character.get_absolute_url()).text
    assert reverse("roll_detail", args=[failed.pk]) in sheet_page  # the roll it was bought on
    # earlier rolls do not change
    earlier.refresh_from_db()
    earlier_task.refresh_from_db()
    assert earlier.outcome == "Failed" and earlier_task.status == "failed"
    # the option is spent: a second purchase is refused
    response = choose(player_client, failed, skill="Hacker", bonus="1")
    assert response.status_code == 422
    assert "already bought on this roll" in response.text


def test_a_bought_option_that_is_not_enough_stays_a_failure_and_is_still_spent(
    player_client, survivor, door, scripted_dice
):
    scripted_dice(1)
    check(player_client, survivor, door)
    failed = latest()
    choose(player_client, failed, skill="Strong", bonus="1")
    failed.refresh_from_db()
    assert failed.outcome == "Failed with Strong +1"
    survivor.refresh_from_db()
    door.refresh_from_db()
    assert survivor.option_spent and door.status == "failed"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"skill": "", "bonus": "1"}, "Name the skill"),
        ({"skill": "Strong", "bonus": "4"}, "runs from +1 to +3"),
        ({"skill": "Strong", "bonus": "x"}, "whole number"),
    ],
)
def test_a_bad_purchase_is_refused_and_changes_nothing(
    player_client, survivor, door, scripted_dice, data, message
):
    scripted_dice(3)
    check(player_client, survivor, door)
    failed = latest()
    response = choose(player_client, failed, **data)
    assert response.status_code == 422 and message in response.text
    survivor.refresh_from_db()
    failed.refresh_from_db()
    assert not survivor.option_spent and failed.outcome == "Failed"


def test_only_the_latest_failed_check_can_be_turned(player_client, survivor, door, scripted_dice):
    scripted_dice(3)
    check(player_client, survivor, door)
    old = latest()
    scripted_dice(5)
    check(player_client, survivor, ZombieTaskFactory(sheet=survivor))
    response = choose(player_client, old, skill="Strong", bonus="1")
    assert response.status_code == 422 and "Only the latest check" in response.text


def test_a_spent_option_cannot_be_bought_again(player_client, survivor, door, scripted_dice):
    survivor.option_skill = "Hacker"
    survivor.save()
    scripted_dice(3)
    check(player_client, survivor, door)
    response = choose(player_client, latest(), skill="Strong", bonus="1")
    assert response.status_code == 422 and "already spent on Hacker" in response.text


# ---------------------------------------------------------------- zombies


@pytest.mark.parametrize(("ability", "face", "outcome"), [
    ("agility", 5, "Failed"), ("agility", 6, "Success"),
    ("strength", 4, "Failed"), ("endurance", 5, "Success"),
])  # fmt: skip
def test_zombie_thresholds_come_from_the_data(
    gm_client, survivor, scripted_dice, ability, face, outcome
):
    zombie = ZombieKind.objects.get(name="Zombie")
    scripted_dice(face)
    roll(gm_client, survivor, "monster", kind=zombie.pk, ability=ability, complexity=1)
    assert latest().outcome == outcome


def test_an_edited_zombie_kind_rolls_with_its_new_threshold(gm_client, survivor, scripted_dice):
    brute = ZombieKind.objects.create(name="Brute", strength=3)
    scripted_dice(3)
    roll(gm_client, survivor, "monster", kind=brute.pk, ability="strength", complexity=1,
         what="hold the door shut")  # fmt: skip
    made = latest()
    assert made.outcome == "Success" and made.label == "Brute: Strength (hold the door shut)"


def test_dark_puts_a_zombies_perception_out_of_reach(gm_client, survivor):
    zombie = ZombieKind.objects.get(name="Zombie")
    table = odds(gm_client, survivor, "monster", kind=zombie.pk, ability="perception",
                 complexity=1, environment_against=1)  # fmt: skip
    assert "Failure" in table and "100%" in table and "Success" not in table  # no 0 % row


def test_the_player_cannot_roll_for_the_zombies(player_client, survivor):
    zombie = ZombieKind.objects.get(name="Zombie")
    response = roll(player_client, survivor, "monster", kind=zombie.pk, ability="agility",
                    complexity=1)  # fmt: skip
    assert response.status_code == 404


def test_the_result_names_each_part_of_the_modifier_once(
    player_client, survivor, door, scripted_dice
):
    survivor.option_skill, survivor.option_bonus, survivor.option_scope = "Strong", 1, "doors"
    survivor.save()
    ZombieConditionFactory(sheet=survivor, name="Broken arm", modifier=-2)
    arm = survivor.conditions.get()
    scripted_dice(6)
    check(player_client, survivor, door, use_option="on", conditions=arm.pk, environment_against=1)
    lines = dict(written_lines(latest()))
    assert lines["Modifier"] == "-2 (difficulty -1, Strong (doors) +1, injuries -2)"
    assert lines["Needs"] == "4+ modified (6+ on the die)"


@pytest.mark.parametrize(
    "query",
    [
        {"task": "abc", "complexity": "x", "environment_against": "-5"},
        {"conditions": "999", "use_option": "on", "status_for": "99"},
        {"kind": "424242", "ability": "flying", "complexity": "7"},
        {"task": "", "new_task": "x" * 500},
    ],
)
@pytest.mark.parametrize("action", ["check", "monster", "ruling"])
def test_nonsense_input_never_breaks_a_form_or_its_odds(gm_client, survivor, door, action, query):
    form_url = reverse("roll_form", args=[survivor.pk, action])
    assert gm_client.get(form_url, query).status_code == 200
    assert gm_client.get(reverse("roll_odds", args=[survivor.pk, action]), query).status_code == 200
    assert gm_client.post(form_url, query).status_code == 422
    assert not Roll.objects.exists()
