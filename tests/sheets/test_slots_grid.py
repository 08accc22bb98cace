"""Editing the slot grid: items and ideas added, moved (the keyboard path posts the same
move as a drop), removed; the pack; wounds and conditions only where the rules allow."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.models import SlotsIdea, SlotsItem, SlotsMark
from sheets.systems.slots import rules
from sheets.systems.slots.dice import CONDITIONS
from sheets.systems.slots.sheet import mark_options
from tests.factories_slots import (
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def sheet(player, party):
    return SlotsSheetFactory(character__owner=player, character__party=party)


def post(client, sheet, url_name, *args, **data):
    url = reverse(url_name, args=[sheet.character.pk, *args])
    return client.post(url, data, headers=HTMX)


def marks(sheet):
    return {
        (m.area, m.number): (m.wound, m.condition) for m in SlotsMark.objects.filter(sheet=sheet)
    }


def test_add_move_and_remove_an_item(player_client, sheet):
    response = post(
        player_client, sheet, "slots_item_add", slot="9", name="Lantern",
        tags=["rigid", "fragile"], free_tags="Hot",
    )  # fmt: skip
    assert response.status_code == 200
    assert 'id="slots-grid"' in response.text and "Lantern" in response.text
    item = SlotsItem.objects.get()
    assert (item.slot, item.tag_list(), item.free_tag_list()) == (9, ["rigid", "fragile"], ["hot"])
    assert post(player_client, sheet, "slots_item_move", item.pk, to="8").status_code == 200
    item.refresh_from_db()
    assert item.slot == 8
    assert item.history.first().history_change_reason == "moved to gear slot 8"
    response = post(player_client, sheet, "slots_item_move", item.pk, to="13")
    assert response.status_code == 422 and "Move it to one of the slots 2-12" in response.text
    item.refresh_from_db()
    assert item.slot == 8
    assert post(player_client, sheet, "slots_item_remove", item.pk).status_code == 200
    assert not SlotsItem.objects.exists()


def test_a_bad_item_is_refused_with_a_message_and_nothing_stored(player_client, sheet):
    response = post(player_client, sheet, "slots_item_add", slot="1", name="Rock")
    assert response.status_code == 422
    assert "data-grid-error" in response.text
    response = post(player_client, sheet, "slots_item_add", slot="9", name="Rock", tags="pointy")
    assert response.status_code == 422
    assert not SlotsItem.objects.exists()


def test_ideas_one_per_focus_slot_and_moving_swaps(player_client, sheet):
    post(player_client, sheet, "slots_idea_add", slot="1", kind="spell", name="Light")
    post(player_client, sheet, "slots_idea_add", slot="2", kind="bond", name="Ila")
    response = post(player_client, sheet, "slots_idea_add", slot="2", kind="bond", name="Bo")
    assert response.status_code == 422 and "one idea per slot" in response.text
    light = SlotsIdea.objects.get(name="Light")
    post(player_client, sheet, "slots_idea_move", light.pk, to="2")
    assert dict(SlotsIdea.objects.values_list("slot", "name")) == {1: "Ila", 2: "Light"}
    light = SlotsIdea.objects.get(name="Light")
    post(player_client, sheet, "slots_idea_move", light.pk, to="4")
    assert dict(SlotsIdea.objects.values_list("slot", "name")) == {1: "Ila", 4: "Light"}
    response = post(player_client, sheet, "slots_idea_move", light.pk, to="5")
    assert response.status_code == 422


def test_drop_and_pick_up_the_pack(player_client, sheet):
    SlotsItemFactory(sheet=sheet, slot=10, name="Anvil", tags="heavy")
    response = post(player_client, sheet, "slots_pack", dropped="1")
    sheet.refresh_from_db()
    assert sheet.pack_dropped and "pack down" in response.text
    post(player_client, sheet, "slots_pack", dropped="0")
    sheet.refresh_from_db()
    assert not sheet.pack_dropped


def test_an_open_wound_bleeds_and_treatment_closes_it(player_client, sheet):
    post(player_client, sheet, "slots_wound", kind="open", slot="gear-4")
    assert marks(sheet) == {("gear", 4): ("open", "bleeding")}
    response = post(player_client, sheet, "slots_wound", kind="open", slot="gear-7")
    assert response.status_code == 422 and "body slots only" in response.text
    post(player_client, sheet, "slots_treat", slot="gear-4")
    assert marks(sheet) == {("gear", 4): ("closed", "bleeding")}
    response = post(player_client, sheet, "slots_treat", slot="gear-4")
    assert response.status_code == 422


def test_marking_offers_and_accepts_only_legal_slots(player_client, sheet):
    SlotsMarkFactory(sheet=sheet, number=4, condition="hunger")
    options = {o["condition"]: o for o in mark_options(rules.engine_sheet(sheet))}
    # hunger worsens to a lower-numbered adjacent body slot
    assert [s["value"] for s in options["hunger"]["slots"]] == ["gear-3"]
    response = post(player_client, sheet, "slots_mark", condition="hunger", slot="gear-5")
    assert response.status_code == 422 and "allowed: gear 3" in response.text
    post(player_client, sheet, "slots_mark", condition="hunger", slot="gear-3")
    assert marks(sheet)[("gear", 3)] == ("", "hunger")
    # terror goes in focus only
    response = post(player_client, sheet, "slots_mark", condition="terror", slot="gear-2")
    assert response.status_code == 422
    post(player_client, sheet, "slots_mark", condition="terror", slot="focus-1")
    assert marks(sheet)[("focus", 1)] == ("", "terror")
    # clearing a mark
    post(player_client, sheet, "slots_unmark", slot="focus-1")
    assert ("focus", 1) not in marks(sheet)


def test_corruption_spreads_from_a_full_focus_to_the_head(sheet):
    for n in range(1, 5):
        SlotsMarkFactory(sheet=sheet, area="focus", number=n, condition="corruption")
    options = {o["condition"]: o for o in mark_options(rules.engine_sheet(sheet))}
    assert [s["value"] for s in options["corruption"]["slots"]] == ["gear-2"]


def test_fire_is_offered_only_for_flammable_slots(sheet):
    SlotsItemFactory(sheet=sheet, slot=9, name="Bedroll", tags="flammable")
    options = {o["condition"]: o for o in mark_options(rules.engine_sheet(sheet))}
    assert [s["value"] for s in options["fire"]["slots"]] == ["gear-9"]


def test_strangers_cannot_edit_the_grid(client, stranger, sheet):
    item = SlotsItemFactory(sheet=sheet, slot=9)
    client.force_login(stranger)
    assert post(client, sheet, "slots_item_move", item.pk, to="10").status_code == 404
    item.refresh_from_db()
    assert item.slot == 9


MARKABLE = [c for c in CONDITIONS if c not in ("bleeding", "fire")]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.sampled_from(MARKABLE), st.data()), min_size=1, max_size=12))
def test_worsening_through_the_sheet_never_marks_an_illegal_slot(sheet, steps):
    """Whatever the order of marks, the slot offered is legal for the rules, and the
    database never holds two conditions in one slot."""
    from sheets.systems.slots.dice import condition_candidates
    from sheets.systems.slots.views import _apply

    SlotsMark.objects.filter(sheet=sheet).delete()
    sheet.dead = sheet.unconscious = False
    for condition, data in steps:
        state = rules.engine_sheet(sheet)
        legal = {(r.area, r.number) for r in condition_candidates(state, condition)}
        offered = {o["condition"]: o for o in mark_options(state)}[condition]["slots"]
        assert {tuple(s["value"].split("-")) for s in offered} == {(a, str(n)) for a, n in legal}
        if not offered:
            continue
        choice = data.draw(st.sampled_from(offered))["value"]
        area, number = choice.split("-")
        from sheets.systems.slots.dice import Ref, mark_condition

        change = mark_condition(state, condition, Ref(area, int(number)))
        _apply(sheet, change, "test")
        rows = list(SlotsMark.objects.filter(sheet=sheet).values_list("area", "number"))
        assert len(rows) == len(set(rows))
        after = rules.engine_sheet(sheet)
        assert after.condition_at(Ref(area, int(number))) == condition
        kinds = {s.number: s.kind for s in after.layout.gear_slots}
        for slot in after.gear:
            if slot.condition in ("terror",):
                pytest.fail("terror in a gear slot")
            if slot.wound:
                assert kinds[slot.number] == "body"


def test_without_javascript_the_grid_forms_land_back_on_the_sheet(player_client, sheet):
    url = reverse("slots_item_add", args=[sheet.character.pk])
    response = player_client.post(url, {"slot": "9", "name": "Rope"})
    assert response.status_code == 302
    assert response["Location"] == sheet.character.get_absolute_url()
    response = player_client.post(url, {"slot": "1", "name": "Rope"})
    assert response.status_code == 422
    assert "data-grid-error" in response.text and 'id="slots-grid"' in response.text
    assert SlotsItem.objects.count() == 1
