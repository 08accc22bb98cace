"""Agents actions from the sheet, with scripted dice: attacks and their damage, damage
taken, sanity damage, rests, stims, research, High on stress, reloads, raising a skill,
death and revival, removing a trauma, and the party's clock."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from sheets.models import AgentClock, AgentSheet, AgentSkill, AgentWeapon
from sheets.systems.dice.words import put_into_words
from tests.factories import UserFactory, member_of
from tests.factories_agents import (
    AgentCharacterFactory,
    AgentClockFactory,
    AgentItemFactory,
    AgentWeaponFactory,
    agent_sheet,
)

pytestmark = pytest.mark.django_db


def written_lines(roll):
    """The roll's stored lines (sayings since issue 30) as the English they read."""
    return [[put_into_words(label), put_into_words(value)] for label, value in roll.result["lines"]]


@pytest.fixture
def dana(player, party):
    """STR 7, AGI 8 (HP max 34), LCK 6 (+1), Firearms 2, Dodging 3 (FT max 6 + 8 + 3 = 17),
    Psychology 1 (Sanity max 5 + 5 + 1 = 11)."""
    return agent_sheet(
        AgentCharacterFactory(owner=player, party=party, name="Dana"),
        skills={"Firearms": 2, "Dodging": 3, "Psychology": 1, "Research": 1},
        strength=7,
        agility=8,
        luck=6,
        hp=20,
        fortitude=5,
        sanity=6,
    )


def act(client, sheet, action, **data):
    url = reverse("roll_form", args=[sheet.pk, action])
    return client.post(url, data, HTTP_HX_REQUEST="true")


def stored(sheet):
    return AgentSheet.objects.get(pk=sheet.pk)


def last_roll():
    return Roll.objects.order_by("-pk").first()


def attack(client, sheet, weapon, **data):
    firearms = AgentSkill.objects.get(sheet=sheet, name="Firearms")
    return act(
        client,
        sheet,
        "basic",
        skill=firearms.pk,
        weapon=weapon.pk,
        difficulty="Trivial",
        high_spent=0,
        situational=0,
        **data,
    )


@pytest.mark.parametrize(
    ("faces", "outcome", "damage"),
    [
        ((3, 4, 1, 1, 2, 3), "Success", 2 + 3 + 4),  # 2d6 (Medium, level 2) + the extra d6
        ((3, 3, 1, 1, 2, 3), "Crit", (2 + 3 + 4) * 2),
        ((3, 4, 1, 12, 2, 3), "Cost", (2 + 3 + 4) // 2),
        ((3, 3, 12, 12, 2, 3), "Cost (-1)", (2 + 3 + 4) // 2),
    ],
)
def test_weapon_damage_by_tag_and_level_halved_on_a_cost_doubled_on_a_crit(
    player_client, dana, scripted_dice, faces, outcome, damage
):
    shotgun = AgentWeaponFactory(
        sheet=dana,
        name="Shotgun",
        tag="Medium",
        level=2,
        extra_dice=1,
        extra_die=6,
        reload=2,
        shots=2,
    )
    scripted_dice(*faces, 4)  # 2d6 damage (level 2, Medium), then the extra d6
    assert attack(player_client, dana, shotgun).status_code == 200
    rolled = last_roll()
    assert put_into_words(rolled.outcome) == f"{outcome}, {damage} damage"
    assert [d["size"] for d in rolled.result["dice_groups"][2]["dice"]] == [6, 6, 6]
    assert AgentWeapon.objects.get(pk=shotgun.pk).shots == 1


def test_a_failed_attack_deals_no_damage_rolls_no_damage_dice_and_gives_no_xp(
    player_client, dana, scripted_dice
):
    pistol = AgentWeaponFactory(sheet=dana)
    scripted_dice(1, 2, 12, 12)
    attack(player_client, dana, pistol)
    assert last_roll().outcome == "Failure, 0 damage"
    assert stored(dana).stress == 1
    assert AgentSkill.objects.get(sheet=dana, name="Firearms").xp == 0


def test_an_empty_weapon_must_be_reloaded_and_reloading_fills_it(player_client, dana):
    pistol = AgentWeaponFactory(sheet=dana, shots=0, reloads=1)
    refused = attack(player_client, dana, pistol)
    assert refused.status_code == 422 and "no shots left" in refused.content.decode()
    assert act(player_client, dana, "reload", weapon=pistol.pk).status_code == 200
    pistol.refresh_from_db()
    assert (pistol.shots, pistol.reloads) == (10, 0)
    again = act(player_client, dana, "reload", weapon=pistol.pk)
    assert again.status_code == 422 and "no ammunition" in again.content.decode()


def test_a_box_of_ammunition_gives_four_reloads(player_client, dana):
    pistol = AgentWeaponFactory(sheet=dana, shots=0, reloads=0)
    box = AgentItemFactory(sheet=dana, kind="ammunition", count=1)
    assert act(player_client, dana, "reload", weapon=pistol.pk).status_code == 200
    pistol.refresh_from_db()
    box.refresh_from_db()
    assert (pistol.shots, pistol.reloads, box.count) == (10, 3, 0)


def test_the_flame_thrower_burns_for_1d6_rounds(player_client, dana, scripted_dice):
    flamer = AgentWeaponFactory(
        sheet=dana, name="Flame Thrower", tag="Tech", reload=1, shots=1, arc=True, burn=True
    )
    scripted_dice(3, 4, 1, 1, 7, 5)  # Success; 1d10 = 7; burns 5 rounds
    attack(player_client, dana, flamer)
    lines = dict(written_lines(last_roll()))
    assert lines["Burn"] == "1 damage per round for 5 rounds on each target in range"
    assert lines["Hits"] == "every target in the cone"


def test_a_grenade_hits_every_target_within_twice_its_level(player_client, dana, scripted_dice):
    grenade = AgentWeaponFactory(
        sheet=dana,
        name="Grenade",
        tag="Light",
        level=2,
        reload=0,
        shots=0,
        distance="field",
        explosive=True,
    )
    scripted_dice(3, 4, 1, 1, 2, 2)
    attack(player_client, dana, grenade)
    assert dict(written_lines(last_roll()))["Explosive"] == "every target within 4 spaces"


@pytest.mark.parametrize(
    ("damage", "cover", "hp", "fortitude"),
    [
        (12, "none", 20 - 7, 5),
        (4, "none", 20, 4),
        (12, "half", 19, 5),
        (30, "full", 20, 5),
        (40, "none", 0, 5),
    ],
)
def test_incoming_damage_with_fortitude_and_cover(
    player_client, dana, damage, cover, hp, fortitude
):
    assert act(player_client, dana, "incoming", damage=damage, cover=cover).status_code == 200
    after = stored(dana)
    assert (after.hp, after.fortitude) == (hp, fortitude)


def test_at_hp_0_the_sheet_and_the_gm_say_unable_to_act(player_client, gm_client, dana, party):
    act(player_client, dana, "incoming", damage=40, cover="none")
    assert "HP 0, unable to act" in last_roll().outcome
    assert "Unable to act" in player_client.get(dana.character.get_absolute_url()).content.decode()
    dashboard = gm_client.get(reverse("party_dashboard", args=[party.pk])).content.decode()
    assert "unable to act" in dashboard


def test_sanity_damage_at_0_sanity_comes_off_hp(player_client, dana):
    act(player_client, dana, "sanity", damage=8)
    after = stored(dana)
    assert (after.sanity, after.hp) == (0, 18)


def test_a_short_rest_hour_by_hour_until_interrupted(player_client, dana, party, scripted_dice):
    AgentClockFactory(party=party, hour=10)
    # LCK 6: +1. Hour 1: 5 + 1 > 4, heal 3 + 1. Hour 2: 6, heal 6 + 1. Hour 3: 3 + 1 = 4: stop.
    scripted_dice(5, 3, 6, 6, 3)
    assert act(player_client, dana, "short_rest", hours=5).status_code == 200
    after = stored(dana)
    assert (after.hp, after.fortitude) == (20 + 4 + 7, 5 + 2)
    assert after.sanity == 6  # 2 hours: no Sanity yet
    assert last_roll().outcome == "Rested 2 hours, interrupted"
    assert AgentClock.objects.get(party=party).hour == 13  # three hours went by


def test_four_hours_of_short_rest_give_a_sanity_point(player_client, dana, scripted_dice):
    scripted_dice(6, 1, 6, 1, 6, 1, 6, 1)
    act(player_client, dana, "short_rest", hours=4)
    assert stored(dana).sanity == 7


def test_a_long_rest_fills_hp_and_ft_and_gives_one_sanity(player_client, dana, party):
    AgentClockFactory(party=party, day=2, hour=10)
    assert act(player_client, dana, "long_rest", safe="on").status_code == 200
    after = stored(dana)
    assert (after.hp, after.fortitude, after.sanity) == (34, 17, 7)
    assert AgentClock.objects.get(party=party).day == 3


def test_a_stim_heals_1d6_and_gives_a_stress_point(player_client, dana, scripted_dice):
    stims = AgentItemFactory(sheet=dana, kind="stims", count=1)
    scripted_dice(4)
    act(player_client, dana, "stim")
    after = stored(dana)
    assert (after.hp, after.stress) == (24, 1)
    stims.refresh_from_db()
    assert stims.count == 0
    refused = act(player_client, dana, "stim")
    assert refused.status_code == 422 and "No stims" in refused.content.decode()


def test_high_spent_removes_stress_but_not_below_cracked_intellects_2(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(high=3, stress=3, cracked_intellect=True)
    refused = act(player_client, dana, "spend_high", high=2)
    assert refused.status_code == 422 and "Cracked Intellect" in refused.content.decode()
    act(player_client, dana, "spend_high", high=1)
    assert (stored(dana).high, stored(dana).stress) == (2, 2)


def test_research_comes_off_the_timer_and_takes_1d4_hours(
    player_client, dana, party, scripted_dice
):
    AgentClockFactory(party=party, hour=9)
    AgentSheet.objects.filter(pk=dana.pk).update(research_timer=12, research_topic="The chapel")
    research = AgentSkill.objects.get(sheet=dana, name="Research")
    scripted_dice(4, 5, 3)  # 9 + INT 5 (0) + Research 1 + Day +1 (Human) = 11; 3 hours
    act(player_client, dana, "research", skill=research.pk, high_spent=0, situational=0)
    assert stored(dana).research_timer == 1
    assert AgentClock.objects.get(party=party).hour == 12
    scripted_dice(1, 1, 1)
    act(player_client, dana, "research", skill=research.pk, high_spent=0, situational=0)
    assert stored(dana).research_timer == 0 and last_roll().outcome == "Done!"


def test_raising_a_skill_spends_its_xp(player_client, dana):
    firearms = AgentSkill.objects.get(sheet=dana, name="Firearms")
    AgentSkill.objects.filter(pk=firearms.pk).update(xp=99)
    refused = act(player_client, dana, "raise", skill=firearms.pk)
    assert refused.status_code == 422 and "needs 100 XP" in refused.content.decode()
    AgentSkill.objects.filter(pk=firearms.pk).update(xp=100)
    act(player_client, dana, "raise", skill=firearms.pk)
    firearms.refresh_from_db()
    assert (firearms.level, firearms.xp) == (3, 0)
    assert last_roll().outcome == "Firearms is now Craftsman"


def test_death_and_revival_roll_the_afterlife_and_a_trauma(player_client, dana, scripted_dice):
    AgentSheet.objects.filter(pk=dana.pk).update(hp=0, stress=2, high=2, intelligence=7)
    scripted_dice(2, 1)  # the Library of Almina; Cracked Intellect
    assert act(player_client, dana, "revive", confirm="on").status_code == 200
    after = stored(dana)
    assert (after.hp, after.fortitude, after.stress, after.high) == (1, 0, 5, 0)
    assert after.cracked_intellect and after.intelligence == 8
    assert last_roll().outcome == "The Library of Almina; trauma: Cracked Intellect"


def test_shadow_touched_brings_vampirism_and_lady_lucks_curse_keeps_a_high(
    player_client, dana, scripted_dice
):
    scripted_dice(1, 2)
    act(player_client, dana, "revive", confirm="on")
    assert stored(dana).shadow_touched and stored(dana).vampirism
    scripted_dice(1, 5)
    act(player_client, dana, "revive", confirm="on")
    assert stored(dana).lady_lucks_curse and stored(dana).high == 1


def test_a_fourth_trauma_is_death_for_real(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(
        braid_touched=True, anhedonia=True, hunters_call=True
    )
    act(player_client, dana, "revive", confirm="on")
    assert stored(dana).dead
    assert last_roll().outcome == "Dead for real"
    refused = act(player_client, dana, "revive", confirm="on")
    assert refused.status_code == 422 and "dead for real" in refused.content.decode()


def test_a_month_of_rest_removes_a_trauma_and_its_abilities(player_client, dana, party):
    AgentClockFactory(party=party, day=1, hour=10)
    AgentSheet.objects.filter(pk=dana.pk).update(shadow_touched=True, vampirism=True, agility=9)
    act(player_client, dana, "remove_trauma", trauma="shadow_touched")
    after = stored(dana)
    assert not after.shadow_touched and not after.vampirism and after.agility == 8
    assert AgentClock.objects.get(party=party).day == 31


def test_a_vampire_keeps_vampirism_when_shadow_touched_goes(player_client, dana):
    AgentSheet.objects.filter(pk=dana.pk).update(
        ancestry="vampire", shadow_touched=True, vampirism=True
    )
    act(player_client, dana, "remove_trauma", trauma="shadow_touched")
    assert stored(dana).vampirism


def test_the_gm_advances_the_clock_and_a_vampires_day_brings_5_stress(
    client, gm, player, party, dana
):
    AgentClockFactory(party=party, day=1, hour=7)
    nosferatu = agent_sheet(
        AgentCharacterFactory(owner=member_of(party, UserFactory()), party=party),
        ancestry="vampire",
        vampirism=True,
        stress=0,
    )
    client.force_login(gm)
    response = act(client, dana, "clock", mode="advance", days=0, hours=3, minutes=0)
    assert response.status_code == 200
    clock = AgentClock.objects.get(party=party)
    assert (clock.day, clock.hour) == (1, 10)
    assert stored(nosferatu).stress == 5 and stored(dana).stress == 0
    act(client, dana, "clock", mode="set", days=4, hours=22, minutes=30)
    clock.refresh_from_db()
    assert (clock.day, clock.hour, clock.minute) == (4, 22, 30)


def test_only_the_gm_may_touch_the_clock(player_client, dana, party):
    url = reverse("roll_form", args=[dana.pk, "clock"])
    assert player_client.get(url).status_code == 404
    assert (
        player_client.post(
            url, {"mode": "advance", "days": 0, "hours": 1, "minutes": 0}
        ).status_code
        == 404
    )
