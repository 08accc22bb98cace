"""Initiative (rolls/initiative.py, rolls/initiative_views.py): the GM starts a conflict
(cards drawn in MYZ and T2K, a hand-set order elsewhere), advances turns and rounds,
redraws, hides NPC cards; players see the order and swap before a round."""

import pytest
from django.test import Client
from django.urls import reverse

from rolls.models import Combatant, Conflict, Roll
from sheets.systems.dice.words import put_into_words
from sheets.systems.slots.models import SlotsClock
from tests.factories import MutantSheetFactory, UserFactory, member_of
from tests.factories_slots import SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def gm_c(gm):
    return client_for(gm)


@pytest.fixture
def myz(party, player):
    ann = MutantSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo_player = member_of(party, UserFactory(username="bo"))
    bo = MutantSheetFactory(
        character__owner=bo_player, character__party=party, character__name="Bo"
    )
    return ann.character, bo.character, client_for(player), client_for(bo_player)


def start(gm_c, party, system, characters, npcs=(), **extra):
    data = {"characters": [c.pk for c in characters], **extra}
    for row, (name, count) in enumerate(npcs, start=1):
        data[f"npc_{row}"], data[f"npc_{row}_count"] = name, count
    return gm_c.post(reverse("initiative_start", args=[party.pk, system]), data)


def step(client, name, conflict, **data):
    return client.post(reverse(f"initiative_{name}", args=[conflict.pk]), data, headers=HTMX)


def panel(client, party, **params):
    return client.get(reverse("initiative_panel", args=[party.pk]), params)


def order(conflict):
    return [c.label for c in conflict.combatants.select_related("character").order_by("position")]


def test_the_gm_draws_a_card_for_each_pc_and_one_for_an_npc_group(gm_c, party, myz, scripted_dice):
    ann, bo, _, _ = myz
    scripted_dice(7, 1, 4)  # Ann 7; Bo the 1st of 1..6, 8..10: 1; the group the 4th left: 5
    response = start(gm_c, party, "mutant", [ann, bo], [("Marauders", 4)], hide_npc_cards="on")
    assert response.status_code == 302
    conflict = Conflict.objects.get()
    assert conflict.drawn and conflict.hide_npc_cards and conflict.turn is None
    cards = {c.label: c.card for c in conflict.combatants.select_related("character")}
    assert cards == {"Ann": 7, "Bo": 1, "Marauders \u00d74": 5}
    assert order(conflict) == ["Bo", "Marauders \u00d74", "Ann"]
    assert "Cards drawn: Bo 1, Marauders \u00d74 5, Ann 7." in put_into_words(
        conflict.log[0]
    )  # a saying


def test_players_see_the_order_but_not_hidden_npc_cards(gm_c, party, myz, scripted_dice):
    ann, bo, ann_c, _ = myz
    scripted_dice(7, 1, 4)
    start(gm_c, party, "mutant", [ann, bo], [("Marauders", 4)], hide_npc_cards="on")
    seen = panel(ann_c, party, view="strip", character=ann.pk).content.decode()
    assert "Marauders \u00d74" in seen and "NPC" in seen
    assert "</span>5</span>" not in seen and "</span>7</span>" in seen
    gm_seen = panel(gm_c, party).content.decode()
    assert "</span>5</span>" in gm_seen
    conflict = Conflict.objects.get()
    step(gm_c, "hide", conflict, hide="0")
    assert "</span>5</span>" in panel(ann_c, party, view="strip", character=ann.pk).content.decode()


def test_turns_run_down_the_order_and_rounds_follow(gm_c, party, myz, scripted_dice):
    ann, bo, _, _ = myz
    scripted_dice(7, 1)
    start(gm_c, party, "mutant", [ann, bo])
    conflict = Conflict.objects.get()
    assert "Begin round 1" in panel(gm_c, party).content.decode()
    step(gm_c, "advance", conflict, do="turn")
    conflict.refresh_from_db()
    assert conflict.turn == 0
    page = panel(gm_c, party).content.decode()
    assert 'aria-current="step"' in page and "Acting now: <strong>Bo</strong>" in page
    step(gm_c, "advance", conflict, do="turn")
    conflict.refresh_from_db()
    assert (conflict.round, conflict.turn) == (1, 1)
    assert "End round 1" in panel(gm_c, party).content.decode()
    step(gm_c, "advance", conflict, do="turn")
    conflict.refresh_from_db()
    assert (conflict.round, conflict.turn) == (2, None)
    step(gm_c, "advance", conflict, do="round")
    conflict.refresh_from_db()
    assert (conflict.round, conflict.turn) == (3, None)
    assert order(conflict) == ["Bo", "Ann"]  # the order holds for the whole conflict


def test_two_willing_players_swap_before_the_round_not_during_it(gm_c, party, myz, scripted_dice):
    ann, bo, ann_c, bo_c = myz
    scripted_dice(7, 1, 1)
    start(gm_c, party, "mutant", [ann, bo], [("Rat", 1)])
    conflict = Conflict.objects.get()
    mine = conflict.combatants.get(character=ann)
    theirs = conflict.combatants.get(character=bo)
    rat = conflict.combatants.get(name="Rat")
    # not with the other side, not for someone else's character
    assert step(ann_c, "swap", conflict, combatant=mine.pk, other=rat.pk).status_code == 422
    assert step(ann_c, "swap", conflict, combatant=theirs.pk, other=mine.pk).status_code == 403
    response = step(ann_c, "swap", conflict, combatant=mine.pk, other=theirs.pk)
    assert response.status_code == 200
    assert order(conflict) == ["Bo", "Rat", "Ann"]  # asked, not swapped
    assert "Ann asks Bo to swap cards." in panel(bo_c, party, view="strip",
                                                 character=bo.pk).content.decode()  # fmt: skip
    # only Bo's player (or the GM) answers for Bo
    assert step(ann_c, "swap_answer", conflict, combatant=theirs.pk, asker=mine.pk,
                answer="yes").status_code == 403  # fmt: skip
    step(bo_c, "swap_answer", conflict, combatant=theirs.pk, asker=mine.pk, answer="yes")
    assert order(conflict) == ["Ann", "Rat", "Bo"]
    assert dict(conflict.combatants.values_list("character__name", "card"))["Ann"] == 1
    step(gm_c, "advance", conflict, do="turn")
    response = step(ann_c, "swap", conflict, combatant=mine.pk, other=theirs.pk)
    assert response.status_code == 409
    assert "before a round begins" in response.content.decode()


def test_a_declined_swap_changes_nothing(gm_c, party, myz, scripted_dice):
    ann, bo, ann_c, bo_c = myz
    scripted_dice(7, 1)
    start(gm_c, party, "mutant", [ann, bo])
    conflict = Conflict.objects.get()
    mine, theirs = (conflict.combatants.get(character=c) for c in (ann, bo))
    step(ann_c, "swap", conflict, combatant=mine.pk, other=theirs.pk)
    step(bo_c, "swap_answer", conflict, combatant=theirs.pk, asker=mine.pk, answer="no")
    assert order(conflict) == ["Bo", "Ann"]
    assert Combatant.objects.get(pk=mine.pk).asks is None


def test_the_gm_swaps_anyone_and_redraws_saying_so(gm_c, party, myz, scripted_dice):
    ann, bo, _, _ = myz
    scripted_dice(7, 1, 1)
    start(gm_c, party, "mutant", [ann, bo], [("Rat", 1)])
    conflict = Conflict.objects.get()
    rat = conflict.combatants.get(name="Rat")
    mine = conflict.combatants.get(character=ann)
    step(gm_c, "swap", conflict, combatant=rat.pk, other=mine.pk)
    assert order(conflict) == ["Bo", "Ann", "Rat"]
    scripted_dice(10, 1, 1)  # dealt in the order as it stands: Bo, Ann, Rat
    step(gm_c, "redraw", conflict)
    conflict.refresh_from_db()
    assert order(conflict) == ["Ann", "Rat", "Bo"]
    assert (
        put_into_words(conflict.log[-1]) == "Round 1: the GM redrew the cards: Ann 1, Rat 2, Bo 10."
    )


def test_a_new_conflict_ends_the_last_and_draws_anew(gm_c, party, myz, scripted_dice):
    ann, bo, _, _ = myz
    scripted_dice(7, 1)
    start(gm_c, party, "mutant", [ann, bo])
    scripted_dice(2, 9)
    start(gm_c, party, "mutant", [ann, bo])
    old, new = Conflict.objects.order_by("pk")
    assert old.ended is not None and new.ended is None
    assert order(new) == ["Ann", "Bo"]
    assert step(gm_c, "advance", old, do="turn").status_code == 409


def test_the_start_form_says_what_is_wrong(gm_c, party, myz):
    response = start(gm_c, party, "mutant", [], [("", 3)])
    assert response.status_code == 422
    assert "Name this NPC or group." in response.content.decode()
    response = start(gm_c, party, "mutant", [])
    assert "Pick at least one character or name an NPC." in response.content.decode()
    response = start(gm_c, party, "mutant", [], [("Rats", 99)])
    assert response.status_code == 422
    assert not Conflict.objects.exists()


def test_players_neither_start_nor_run_a_conflict(gm_c, party, myz, scripted_dice):
    ann, _, ann_c, _ = myz
    assert start(ann_c, party, "mutant", [ann]).status_code == 404
    scripted_dice(3)
    start(gm_c, party, "mutant", [ann])
    conflict = Conflict.objects.get()
    for name, data in (("advance", {"do": "turn"}), ("redraw", {}), ("hide", {"hide": "1"}),
                       ("end", {}), ("order", {"order": "1"})):  # fmt: skip
        assert step(ann_c, name, conflict, **data).status_code == 403
    conflict.refresh_from_db()
    assert conflict.turn is None and conflict.ended is None


def test_twilight_draws_too(gm_c, party, player, scripted_dice):
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    scripted_dice(4)
    start(gm_c, party, "twilight", [sheet.character])
    assert Conflict.objects.get().combatants.get().card == 4


@pytest.fixture
def slots(party, player):
    ann = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Ann")
    bo = SlotsSheetFactory(character__owner=player, character__party=party, character__name="Bo")
    return ann.character, bo.character


def test_slots_takes_the_gms_order_moved_up_down_or_dragged(gm_c, party, slots):
    ann, bo = slots
    response = start(gm_c, party, "slots", [ann, bo], [("Crab", 1)])
    assert response.status_code == 302
    conflict = Conflict.objects.get()
    assert not conflict.drawn and order(conflict) == ["Ann", "Bo", "Crab"]
    crab = conflict.combatants.get(name="Crab")
    step(gm_c, "move", conflict, combatant=crab.pk, direction="up")
    assert order(conflict) == ["Ann", "Crab", "Bo"]
    response = step(gm_c, "move", conflict, combatant=conflict.combatants.get(character=ann).pk,
                    direction="up")  # fmt: skip
    assert response.status_code == 409 and "cannot move further" in response.content.decode()
    ids = {c.label: c.pk for c in conflict.combatants.select_related("character")}
    step(gm_c, "order", conflict, order=f"{ids['Bo']},{ids['Ann']},{ids['Crab']}")
    assert order(conflict) == ["Bo", "Ann", "Crab"]
    response = step(gm_c, "order", conflict, order=f"{ids['Bo']},{ids['Ann']}")
    assert response.status_code == 422
    response = step(gm_c, "order", conflict, order="x,1")
    assert response.status_code == 422
    assert step(gm_c, "redraw", conflict).status_code == 422


def test_moving_keeps_the_turn_with_whoever_acts(gm_c, party, slots):
    ann, bo = slots
    start(gm_c, party, "slots", [ann, bo])
    conflict = Conflict.objects.get()
    step(gm_c, "advance", conflict, do="turn")  # Ann acts
    step(gm_c, "move", conflict, combatant=conflict.combatants.get(character=ann).pk,
         direction="down")  # fmt: skip
    conflict.refresh_from_db()
    assert order(conflict) == ["Bo", "Ann"] and conflict.turn == 1


def test_a_slots_round_passes_on_the_party_clock(gm_c, party, slots):
    ann, bo = slots
    SlotsClock.objects.create(party=party, rounds=4)
    start(gm_c, party, "slots", [ann, bo])
    conflict = Conflict.objects.get()
    rolls = Roll.objects.count()
    for _ in range(3):  # begin, Bo's turn, end the round
        step(gm_c, "advance", conflict, do="turn")
    assert SlotsClock.objects.get(party=party).rounds == 5
    assert Roll.objects.count() == rolls + 2  # time passed on both sheets, as a roll each
    step(gm_c, "advance", conflict, do="round")
    assert SlotsClock.objects.get(party=party).rounds == 6
    conflict.refresh_from_db()
    assert "Round 6: time passed for Ann, Bo." in map(put_into_words, conflict.log)


def test_a_myz_round_touches_no_clock(gm_c, party, myz, scripted_dice):
    ann, bo, _, _ = myz
    scripted_dice(1, 1)
    start(gm_c, party, "mutant", [ann, bo])
    conflict = Conflict.objects.get()
    rolls = Roll.objects.count()
    step(gm_c, "advance", conflict, do="round")
    assert Roll.objects.count() == rolls


def test_the_sheet_shows_the_strip_and_the_dashboard_the_panel(gm_c, party, myz, scripted_dice):
    ann, bo, ann_c, _ = myz
    scripted_dice(7, 1)
    start(gm_c, party, "mutant", [ann, bo])
    page = ann_c.get(reverse("character_sheet", args=[ann.pk])).content.decode()
    assert 'id="initiative-strip"' in page and "data-initiative-listen" in page
    assert "Bo</span>" in page
    dashboard = gm_c.get(reverse("party_dashboard", args=[party.pk])).content.decode()
    assert 'id="initiative"' in dashboard
    assert "Start a conflict: MYZ" in panel(gm_c, party).content.decode().replace(
        "New conflict", "Start a conflict"
    )


def test_without_a_conflict_the_strip_is_empty(party, myz):
    ann, _, ann_c, _ = myz
    body = panel(ann_c, party, view="strip", character=ann.pk).content.decode()
    assert body.strip() == "" or "<li" not in body
