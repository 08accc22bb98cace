"""Slots checks through the views with scripted dice: the dice and the slot each reads,
the player's and the GM's picks, the suggested outcome, confirming applies the effects."""

import pytest
from django.test import Client
from django.urls import reverse

from rolls.models import Roll
from sheets.models import SlotsItem, SlotsMark
from sheets.systems.dice.words import put_into_words
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def written_lines(roll):
    """The roll's stored lines (sayings since issue 30) as the English they read."""
    return [[put_into_words(label), put_into_words(value)] for label, value in roll.result["lines"]]


@pytest.fixture
def gm_only_client(gm):
    """The GM on a browser of their own (``client`` is the player's)."""
    other = Client()
    other.force_login(gm)
    return other


@pytest.fixture
def sheet(player, party):
    return SlotsSheetFactory(character__owner=player, character__party=party)


def roll(client, sheet, action="check", **data):
    url = reverse("roll_form", args=[sheet.character.pk, action])
    return client.post(url, data, headers=HTMX)


def choose(client, roll_row, **data):
    return client.post(reverse("roll_choose", args=[roll_row.pk]), data, headers=HTMX)


def marks(sheet):
    return {
        (m.area, m.number): (m.wound, m.condition) for m in SlotsMark.objects.filter(sheet=sheet)
    }


CHECK = {"advantages": 0, "disadvantages": 0}


def test_a_block_on_light_armor_confirmed_puts_a_closed_wound_in_the_rolled_slot(
    player_client, sheet, scripted_dice
):
    SlotsItemFactory(sheet=sheet, slot=4, name="Leather jerkin", tags="light armor")
    scripted_dice(4)
    response = roll(player_client, sheet, check="block", attack="strike", **CHECK)
    assert response.status_code == 200
    row = Roll.objects.get()
    assert [d["face"] for d in row.result["dice"]] == [4]
    assert "lower torso" in put_into_words(row.result["dice"][0]["counts"])
    assert row.outcome == "resisted (suggested)"
    assert marks(sheet) == {}  # nothing applied before the judge confirms
    assert "Confirm: apply to the sheet" in response.text
    response = choose(player_client, row, step="confirm")
    assert response.status_code == 200
    assert marks(sheet) == {("gear", 4): ("closed", "")}
    row.refresh_from_db()
    assert row.result["confirmed"] and row.outcome == "resisted"
    assert choose(player_client, row, step="confirm").status_code == 422
    assert marks(sheet) == {("gear", 4): ("closed", "")}


def test_advantage_the_player_picks_the_die_and_the_gm_may_not(
    player_client, gm_only_client, sheet, scripted_dice
):
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="noisy, heavy")
    scripted_dice(11, 3)
    roll(player_client, sheet, check="traverse", advantages=1, disadvantages=0)
    row = Roll.objects.get()
    assert row.result["chooser"] == "player" and row.result["read_index"] is None
    assert [d["face"] for d in row.result["dice"]] == [11, 3]
    assert choose(gm_only_client, row, step="pick", face=3).status_code == 422
    assert choose(player_client, row, step="pick", face=7).status_code == 422
    response = choose(player_client, row, step="pick", face=11)
    assert response.status_code == 200
    row.refresh_from_db()
    assert row.result["picked_by"] == "player"
    assert row.result["reading"]["outcome"] == "stumbles"
    assert "(read)" in put_into_words(row.result["dice"][0]["counts"])
    assert "(set aside)" in put_into_words(row.result["dice"][1]["counts"])
    choose(player_client, row, step="confirm", exhaustion_slot="5")
    assert marks(sheet) == {("gear", 5): ("", "exhaustion")}


def test_disadvantage_the_gm_picks_the_die(player_client, gm_only_client, sheet, scripted_dice):
    scripted_dice(2, 1)
    roll(player_client, sheet, check="dodge", attack="blast", advantages=0, disadvantages=1)
    row = Roll.objects.get()
    assert row.result["chooser"] == "judge"
    response = choose(player_client, row, step="pick", face=2)
    assert response.status_code == 422
    assert "the GM picks" in response.text
    assert choose(gm_only_client, row, step="pick", face=1).status_code == 200
    row.refresh_from_db()
    assert row.result["picked_by"] == "GM"
    assert row.result["reading"]["success"] is False
    assert "A 1 always fails" in put_into_words(row.result["reading"]["reason"])


def test_advantages_and_disadvantages_cancel_one_for_one(player_client, sheet, scripted_dice):
    scripted_dice(2, 3)
    roll(player_client, sheet, check="traverse", advantages=2, disadvantages=1)
    row = Roll.objects.get()
    assert len(row.result["dice"]) == 2 and row.result["chooser"] == "player"


def test_a_third_advantage_is_accepted_adds_nothing_and_says_so(
    player_client, sheet, scripted_dice
):
    odds = player_client.get(
        reverse("roll_odds", args=[sheet.pk, "check"]),
        {"check": "traverse", "advantages": 3, "disadvantages": 0}, headers=HTMX,
    ).text  # fmt: skip
    assert "1 advantage beyond 2: up to 2 stack, more add nothing" in odds
    scripted_dice(2, 3, 4)
    response = roll(player_client, sheet, check="traverse", advantages=3, disadvantages=0)
    assert response.status_code == 200
    row = Roll.objects.get()
    assert len(row.result["dice"]) == 3 and row.result["advantages"] == 2
    assert ["Not counted", "1 advantage beyond 2: up to 2 stack, more add nothing"] in (
        written_lines(row)
    )
    assert "1 advantage beyond 2" in response.text


def test_a_gear_check_on_a_closed_wound_fails_and_reopens_it_with_bleeding(
    player_client, sheet, scripted_dice
):
    SlotsMarkFactory(sheet=sheet, number=5, wound="closed")
    SlotsItemFactory(sheet=sheet, slot=5, name="Boots", tags="")
    scripted_dice(5)
    roll(player_client, sheet, check="traverse", **CHECK)
    row = Roll.objects.get()
    assert row.result["reading"]["success"] is False
    choose(player_client, row, step="confirm", exhaustion_slot="4")
    assert marks(sheet)[("gear", 5)] == ("open", "bleeding")
    assert marks(sheet)[("gear", 4)] == ("", "exhaustion")


def test_a_wound_on_a_wounded_slot_asks_for_grit_and_a_failed_grit_knocks_out(
    player_client, sheet, scripted_dice
):
    SlotsMarkFactory(sheet=sheet, number=3, wound="closed")
    scripted_dice(3)
    roll(player_client, sheet, check="block", attack="missile", **CHECK)
    row = Roll.objects.get()
    choose(player_client, row, step="confirm")
    row.refresh_from_db()
    assert any(e["target"] == "grit check" for e in row.effects)
    # Grit reads an empty focus slot: falls unconscious
    scripted_dice(2)
    roll(player_client, sheet, check="grit", **CHECK)
    grit = Roll.objects.latest("pk")
    assert grit.result["reading"]["outcome"] == "falls unconscious"
    choose(player_client, grit, step="confirm")
    sheet.refresh_from_db()
    assert sheet.unconscious


def test_a_failed_block_on_a_grip_needs_the_judges_body_slot(player_client, sheet, scripted_dice):
    scripted_dice(7)
    roll(player_client, sheet, check="block", attack="strike", **CHECK)
    row = Roll.objects.get()
    response = choose(player_client, row, step="confirm")
    assert response.status_code == 422
    assert marks(sheet) == {}
    choose(player_client, row, step="confirm", wound_slot="6")
    assert marks(sheet) == {("gear", 6): ("open", "bleeding")}


def test_sneak_rigid_items_clank_in_adjacent_slots(player_client, sheet, scripted_dice):
    SlotsItemFactory(sheet=sheet, slot=7, name="Sword", tags="rigid, weapon")
    SlotsItemFactory(sheet=sheet, slot=6, name="Gauntlet", tags="rigid")
    scripted_dice(7)
    roll(player_client, sheet, check="sneak", can_hear="on", obscured="on", **CHECK)
    row = Roll.objects.get()
    assert row.result["reading"]["success"] is False
    assert "clank" in put_into_words(row.result["reading"]["reason"])


def test_focus_checks_read_the_d4_slots(player_client, sheet, scripted_dice):
    SlotsIdeaFactory(sheet=sheet, slot=3, kind="devotion", name="The Dawn Father")
    scripted_dice(3)
    roll(player_client, sheet, check="beseech", **CHECK)
    row = Roll.objects.get()
    assert row.result["size"] == 4 and row.result["reading"]["success"] is True
    SlotsMarkFactory(sheet=sheet, area="focus", number=2, condition="terror")
    scripted_dice(2)
    roll(player_client, sheet, check="morale", **CHECK)
    assert Roll.objects.latest("pk").result["reading"]["outcome"] == "flees, surrenders or cowers"


def test_a_dropped_pack_is_empty_for_checks(player_client, sheet, scripted_dice):
    SlotsItemFactory(sheet=sheet, slot=10, name="Anvil", tags="heavy")
    sheet.pack_dropped = True
    sheet.save()
    scripted_dice(10)
    roll(player_client, sheet, check="traverse", **CHECK)
    assert Roll.objects.get().result["reading"]["success"] is True


def test_a_fall_reads_every_die_cushioning_spares_and_fragile_breaks(
    player_client, sheet, scripted_dice
):
    SlotsItemFactory(sheet=sheet, slot=9, name="Bedroll", tags="cushioning")
    SlotsItemFactory(sheet=sheet, slot=10, name="Lantern", tags="rigid, fragile")
    SlotsItemFactory(sheet=sheet, slot=7, name="Dagger", tags="sharp, weapon")
    # 40 ft onto soft ground: 2 dice
    scripted_dice(9, 10)
    response = roll(player_client, sheet, "fall", feet=40, surface="soft")
    assert response.status_code == 200
    row = Roll.objects.get()
    assert [d["face"] for d in row.result["dice"]] == [9, 10]
    choose(player_client, row, step="confirm")
    assert not SlotsItem.objects.filter(name="Lantern").exists()
    assert SlotsItem.objects.filter(name="Bedroll").exists()
    assert marks(sheet) == {}
    # 10 ft onto solid ground: 1 die, a sharp dagger in the grip opens a wound of the
    # judge's choice
    scripted_dice(7)
    roll(player_client, sheet, "fall", feet=10, surface="solid")
    row = Roll.objects.latest("pk")
    choose(player_client, row, step="confirm", wound_slot="6")
    assert marks(sheet) == {("gear", 6): ("open", "bleeding")}


def test_a_fall_too_short_for_a_die_is_refused_naming_the_rule(player_client, sheet):
    response = roll(player_client, sheet, "fall", feet=25, surface="water")
    assert response.status_code == 422
    assert "just fall prone" in response.text


def test_corruption_first_marks_then_worsens_only_on_a_corrupted_slot(
    player_client, sheet, scripted_dice
):
    roll(player_client, sheet, "corruption")
    first = marks(sheet)
    assert list(first.values()) == [("", "corruption")]
    (area, number) = next(iter(first))
    assert area == "gear"
    scripted_dice(number)
    roll(player_client, sheet, "corruption")
    assert len(marks(sheet)) == 2
    clean = next(n for n in range(2, 7) if ("gear", n) not in marks(sheet))
    scripted_dice(clean)
    roll(player_client, sheet, "corruption")
    assert len(marks(sheet)) == 2
    assert Roll.objects.latest("pk").outcome == "No change"


def test_time_is_the_gms_and_bleeding_worsens_per_open_wound(player_client, gm_only_client, sheet):
    SlotsMarkFactory(sheet=sheet, number=5, wound="open", condition="bleeding")
    response = roll(player_client, sheet, "time", span="round", count=1)
    assert response.status_code == 404
    response = roll(gm_only_client, sheet, "time", span="round", count=1)
    assert response.status_code == 200
    assert marks(sheet)[("gear", 4)] == ("", "bleeding")


def test_fire_spreads_to_adjacent_flammable_slots_and_wounds_after_a_round(client, gm, sheet):
    SlotsItemFactory(sheet=sheet, slot=3, name="Cloak", tags="flammable")
    SlotsItemFactory(sheet=sheet, slot=9, name="Bedroll", tags="flammable")
    SlotsMarkFactory(sheet=sheet, number=3, condition="fire")
    client.force_login(gm)
    roll(client, sheet, "time", span="round", count=1)
    now = marks(sheet)
    assert now[("gear", 9)] == ("", "fire")  # the pack is worn on the back, next to 3
    assert now[("gear", 3)] == ("closed", "fire")
    assert not SlotsItem.objects.filter(name="Cloak").exists()


def test_resting_five_tries_clears_one_exhaustion(client, gm, sheet):
    SlotsMarkFactory(sheet=sheet, number=5, condition="exhaustion")
    SlotsMarkFactory(sheet=sheet, number=4, condition="exhaustion")
    client.force_login(gm)
    roll(client, sheet, "time", span="try", count=4, resting="on")
    assert len(marks(sheet)) == 2
    roll(client, sheet, "time", span="try", count=1, resting="on")
    assert len(marks(sheet)) == 1


def test_suffocation_worsens_each_round_and_reaches_the_head(client, gm, sheet):
    SlotsMarkFactory(sheet=sheet, number=3, condition="suffocation")
    client.force_login(gm)
    roll(client, sheet, "time", span="round", count=1, suffocating="on")
    assert len(marks(sheet)) == 2
    roll(client, sheet, "time", span="round", count=3, suffocating="on")
    assert marks(sheet)[("gear", 2)] == ("", "suffocation")
    sheet.refresh_from_db()
    assert sheet.unconscious
    roll(client, sheet, "time", span="round", count=1, breathing="on")
    assert marks(sheet) == {}


def test_ice_worsens_every_five_tries_with_frostbite(client, gm, sheet):
    SlotsMarkFactory(sheet=sheet, number=5, condition="ice")
    client.force_login(gm)
    roll(client, sheet, "time", span="try", count=5, cold="5")
    now = marks(sheet)
    iced = [k for k, v in now.items() if v[1] == "ice"]
    assert len(iced) == 2
    assert any(v[0] == "closed" for v in now.values())


def test_a_roll_waiting_for_the_gms_pick_shows_on_the_sheet_for_the_gm(
    player_client, gm_only_client, sheet, scripted_dice
):
    scripted_dice(2, 9)
    roll(player_client, sheet, check="traverse", advantages=0, disadvantages=1)
    row = Roll.objects.get()
    html = gm_only_client.get(sheet.character.get_absolute_url()).text
    assert f'data-pending-roll="{row.pk}"' in html and "the GM picks the die" in html
    detail = gm_only_client.get(reverse("roll_detail", args=[row.pk])).text
    assert "Disadvantage: the GM picks the die that counts." in detail
    choose(gm_only_client, row, step="pick", face=9)
    choose(gm_only_client, row, step="confirm", exhaustion_slot="5")
    html = gm_only_client.get(sheet.character.get_absolute_url()).text
    assert "data-pending-roll" not in html


def test_rolls_waiting_on_the_sheet_show_the_newest_and_fold_the_others(
    player_client, sheet, scripted_dice
):
    for _ in range(4):
        scripted_dice(2, 9)
        roll(player_client, sheet, check="traverse", advantages=0, disadvantages=1)
    newest, *older = Roll.objects.order_by("-pk")
    html = player_client.get(sheet.character.get_absolute_url()).text
    shown, folded = html.split('<details class="slots-pending-more')
    assert f'data-pending-roll="{newest.pk}"' in shown
    assert "3 more rolls wait for a die or a confirmation" in folded
    for row in older:
        assert f'data-pending-roll="{row.pk}"' in folded.split("</details>")[0]


def test_the_dashboard_card_shows_the_mini_grid(gm_only_client, sheet, party):
    SlotsMarkFactory(sheet=sheet, number=4, wound="open", condition="bleeding")
    html = gm_only_client.get(reverse("party_dashboard", args=[party.pk])).text
    assert 'class="slots-mini"' in html
    assert "4 lower torso: open wound: bleeding" in html
