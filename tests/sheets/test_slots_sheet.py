"""The Slots sheet: peoples as data, the grid drawn from them, the DB -> engine bridge,
the dashboard summary, the demo."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from sheets.models import Character, SlotsIdea, SlotsItem, SlotsMark, SlotsPeople, SlotsSheet
from sheets.systems.slots import rules
from sheets.systems.slots.dice import HUMAN
from sheets.systems.slots.sheet import summary
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(player, party):
    return SlotsSheetFactory(character__owner=player, character__party=party)


def test_ensure_peoples_is_idempotent_and_builds_the_human_of_the_rulings():
    human = rules.ensure_peoples()
    again = rules.ensure_peoples()
    assert human.pk == again.pk
    assert SlotsPeople.objects.filter(name="Human").count() == 1
    assert rules.layout_of(human) == HUMAN
    assert SlotsPeople.objects.filter(name="Goblin").exists()


def test_a_judges_edit_to_a_people_survives_ensure_peoples():
    human = rules.ensure_peoples()
    human.slots.filter(number=2).update(name="noggin")
    rules.ensure_peoples()
    assert human.slots.get(number=2).name == "noggin"


def test_a_new_slots_character_is_a_human(player_client, player):
    response = player_client.post(
        reverse("character_create"), {"name": "Ada", "system": "slots", "party": ""}
    )
    assert response.status_code in (200, 302)
    character = Character.objects.get(name="Ada")
    assert character.sheet.people.name == "Human"


def test_the_grid_is_drawn_from_the_people(player_client, sheet):
    SlotsItemFactory(sheet=sheet, slot=3, name="Leather jerkin", tags="light armor")
    SlotsIdeaFactory(sheet=sheet, slot=2, kind="devotion", name="The Dawn Father")
    SlotsMarkFactory(sheet=sheet, number=4, wound="open", condition="bleeding")
    html = player_client.get(sheet.character.get_absolute_url()).content.decode()
    for number in range(2, 13):
        assert f'id="slot-gear-{number}"' in html
    assert 'id="slot-gear-13"' not in html
    assert 'id="slot-focus-4"' in html and 'id="slot-focus-5"' not in html
    assert "Leather jerkin" in html and "The Dawn Father" in html
    assert "(lower torso), open wound, bleeding" in html

    goblin = SlotsPeople.objects.get(name="Goblin")
    sheet.people = goblin
    sheet.save()
    html = player_client.get(sheet.character.get_absolute_url()).content.decode()
    assert 'id="slot-gear-8"' in html and 'id="slot-gear-9"' not in html
    assert 'id="slot-focus-3"' in html and 'id="slot-focus-4"' not in html
    assert "d3" in html and "d8" in html


def test_a_dropped_pack_counts_as_empty(sheet):
    SlotsItemFactory(sheet=sheet, slot=11, name="Sack of coins", tags="noisy, heavy")
    assert rules.engine_sheet(sheet).gear_slot(11).items
    sheet.pack_dropped = True
    sheet.save()
    assert rules.engine_sheet(sheet).gear_slot(11).items == ()


def test_the_database_refuses_two_marks_for_one_slot_and_wounds_outside_gear(sheet):
    SlotsMarkFactory(sheet=sheet, number=5, condition="exhaustion")
    with pytest.raises(IntegrityError), transaction.atomic():
        SlotsMark.objects.create(sheet=sheet, area="gear", number=5, condition="hunger")
    with pytest.raises(IntegrityError), transaction.atomic():
        SlotsMark.objects.create(sheet=sheet, area="focus", number=1, wound="open")


def test_clean_refuses_a_wound_in_a_grip_and_an_unknown_tag(sheet):
    with pytest.raises(ValidationError, match="body slots only"):
        SlotsMark(sheet=sheet, area="gear", number=7, wound="closed").full_clean()
    with pytest.raises(ValidationError, match="terror cannot mark this slot"):
        SlotsMark(sheet=sheet, area="gear", number=3, condition="terror").full_clean()
    with pytest.raises(ValidationError, match="not a game tag"):
        SlotsItem(sheet=sheet, slot=9, name="Rock", tags="pointy").full_clean()
    with pytest.raises(ValidationError, match="no gear slot 13"):
        SlotsItem(sheet=sheet, slot=13, name="Rock").full_clean()
    with pytest.raises(ValidationError, match="no focus slot 5"):
        SlotsIdea(sheet=sheet, slot=5, kind="bond", name="Ann").full_clean()


def test_summary_shows_the_mini_grid_and_states(sheet):
    SlotsMarkFactory(sheet=sheet, number=5, condition="exhaustion")
    SlotsMarkFactory(sheet=sheet, number=4, wound="open", condition="bleeding")
    SlotsMarkFactory(sheet=sheet, area="focus", number=2, condition="terror")
    result = summary(SlotsSheet.objects.get(pk=sheet.pk))
    values = {v.label: v.value for v in result.values}
    assert values["Exhaustion"] == "1"
    assert values["Terror in focus"] == "1"
    assert values["Wounds"] == "1 open, 0 closed"
    assert "bleeding" in result.alerts
    body = result.grid["groups"][0]["cells"]
    assert [c["letter"] for c in body] == ["", "", "B", "E", ""]


def test_unconscious_when_every_body_slot_is_exhausted(sheet):
    for n in range(2, 7):
        SlotsMarkFactory(sheet=sheet, number=n, condition="exhaustion")
    assert "unconscious" in summary(SlotsSheet.objects.get(pk=sheet.pk)).alerts


def test_the_demo_fills_a_human_in_the_ark(db):
    from django.core.management import call_command

    call_command("demo", stdout=io.StringIO())
    sheets = SlotsSheet.objects.select_related("character__party")
    assert sheets.exists()
    sheet = sheets.first()
    assert sheet.people.name == "Human"
    assert sheet.items.filter(tags__contains="light armor").exists()
    assert sheet.ideas.filter(kind="devotion").exists()


def test_the_refresh_after_a_change_resends_the_grid_and_the_badges(player_client, sheet):
    SlotsMarkFactory(sheet=sheet, number=4, wound="open", condition="bleeding")
    response = player_client.post(reverse("sheet_refresh", args=[sheet.character.pk]))
    assert response.status_code == 200
    html = response.text
    assert 'id="slots-grid"' in html and 'id="sheet-state-badges"' in html
    assert html.count('hx-swap-oob="true"') >= 2
    assert "1 open wound" in html
