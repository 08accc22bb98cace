"""The Mutant: Year Zero sheet's three functions (sheets/systems/mutant/sheet.py): the GM
dashboard summary, the sheet page's context, and a new blank sheet; and the page itself."""

import pytest
from django.urls import reverse

from sheets.models import Character, MutantSheet
from sheets.systems.mutant.sheet import context, new_sheet, summary
from tests.factories import (
    CharacterFactory,
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    MutantTalentFactory,
    MutantWeaponFactory,
)
from tests.pages import whole_sheet

pytestmark = pytest.mark.django_db


def values(result):
    return {item.label: item.value for item in result.values}


def alerting(result):
    return {item.label for item in result.values if item.alert}


def prefetched(sheet):
    """The sheet as the sheet page and the dashboard load it: rows prefetched."""
    return Character.objects.with_sheets().get(pk=sheet.pk).sheet


# -------------------------------------------------------------------- summary


def test_a_healthy_character_shows_each_attribute_as_available_over_score():
    result = summary(MutantSheetFactory(grub=1, water=1))
    assert values(result)["Strength"] == "5/5"
    assert values(result)["Empathy"] == "3/3"
    assert result.alerts == ()


def test_trauma_is_shown_next_to_its_attribute():
    result = summary(MutantSheetFactory(damage=2, doubt=1))
    assert values(result)["Strength"] == "3/5 (damage 2)"
    assert values(result)["Empathy"] == "2/3 (doubt 1)"


def test_a_broken_attribute_is_an_alert():
    result = summary(MutantSheetFactory(agility=3, fatigue=3))
    assert "Agility broken" in result.alerts
    assert "Agility" in alerting(result)


def test_rot_shows_temporary_and_permanent_points_and_alerts_when_high():
    result = summary(MutantSheetFactory(rot_temporary=5, rot_permanent=2))
    assert values(result)["Rot points"] == "5 + 2 permanent"
    assert "rot 7" in result.alerts


def test_a_little_rot_is_no_alert():
    result = summary(MutantSheetFactory(rot_temporary=2))
    assert values(result)["Rot points"] == "2"
    assert not any(alert.startswith("rot") for alert in result.alerts)


def test_carried_weight_is_shown_against_the_capacity_and_tiny_items_weigh_nothing():
    sheet = MutantSheetFactory(strength=2, agility=4, wits=4, empathy=4)
    MutantGearLineFactory(sheet=sheet, weight="2.5")
    MutantGearLineFactory(sheet=sheet, weight="3", tiny=True)
    result = summary(prefetched(sheet))
    assert values(result)["Carried"] == "2.5/4 lines"
    assert "encumbered" not in result.alerts


def test_carrying_more_than_twice_the_strength_is_an_encumbrance_alert():
    sheet = MutantSheetFactory(strength=2, agility=4, wits=4, empathy=4)
    for _ in range(5):
        MutantGearLineFactory(sheet=sheet, weight=1)
    result = summary(prefetched(sheet))
    assert values(result)["Carried"] == "5/4 lines"
    assert "encumbered" in result.alerts
    assert "Carried" in alerting(result)


def fill(sheet, rows):
    for _ in range(rows):
        MutantGearLineFactory(sheet=sheet)
        MutantWeaponFactory(sheet=sheet)
        MutantTalentFactory(sheet=sheet)
        MutantMutationFactory(sheet=sheet)


@pytest.mark.parametrize("rows", [1, 12])
def test_summary_and_context_run_no_query_on_a_prefetched_sheet(django_assert_num_queries, rows):
    sheet = MutantSheetFactory()
    fill(sheet, rows)
    loaded = prefetched(sheet)
    with django_assert_num_queries(0):
        summary(loaded)
        context(loaded.character, loaded)


# -------------------------------------------------------------------- context


def test_the_context_names_the_specialist_skill_after_the_role():
    sheet = prefetched(MutantSheetFactory(role="stalker", strength=3, agility=5))
    result = context(sheet.character, sheet)
    assert result["specialist_name"] == "Find the Path"
    assert result["specialist_attribute"] == "Agility"
    assert result["specialist_field"].label == "Find the Path"


def test_the_context_groups_skills_under_their_attributes():
    sheet = prefetched(MutantSheetFactory())
    groups = context(sheet.character, sheet)["skill_groups"]
    assert [group["attribute"].label for group in groups] == [
        "Strength", "Agility", "Wits", "Empathy",
    ]  # fmt: skip
    assert [f.label for f in groups[2]["skills"]] == ["Scout", "Comprehend", "Know the Zone"]


def test_the_context_carries_the_creation_warnings():
    sheet = prefetched(MutantSheetFactory(strength=6))
    warnings = context(sheet.character, sheet)["creation_warnings"]
    assert "Strength is the Enforcer's key attribute: it starts between 2 and 5 (now 6)." in (
        warnings
    )


def test_rot_boxes_show_permanent_points_first():
    sheet = prefetched(MutantSheetFactory(rot_temporary=2, rot_permanent=1))
    boxes = context(sheet.character, sheet)["rot_boxes"]
    assert boxes[:4] == ["permanent", "filled", "filled", ""]
    assert len(boxes) == 10


# ------------------------------------------------------------------ new sheet


def test_a_new_sheet_is_saved_blank_with_no_role_chosen_for_the_player():
    character = CharacterFactory()
    sheet = new_sheet(character)
    assert MutantSheet.objects.get(pk=character.pk) == sheet
    assert (sheet.role, sheet.strength, sheet.specialist_skill, sheet.rot_temporary) == (
        "", 2, 0, 0,
    )  # fmt: skip


# ----------------------------------------------------------------- the page


def page(client, sheet):
    return whole_sheet(client, sheet.character)


def test_the_sheet_page_labels_every_input(player_client, mutant_sheet):
    MutantGearLineFactory(sheet=mutant_sheet)
    text = page(player_client, mutant_sheet)
    for name in ("character-name", "strength", "damage", "fight", "rot_temporary",
                 f"gear-{mutant_sheet.gear.get().pk}-weight", "armor_natural"):  # fmt: skip
        assert f'for="id_{name}"' in text and f'id="id_{name}"' in text


def test_the_sheet_page_shows_broken_attributes_and_the_encumbrance_warning(
    player_client, mutant_sheet
):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(wits=2, confusion=2)
    for _ in range(11):
        MutantGearLineFactory(sheet=mutant_sheet)
    text = page(player_client, mutant_sheet)
    assert "Wits broken" in text
    assert "Encumbered:" in text and "Carrying 11 of 10 lines" in text


def test_the_sheet_page_shows_the_creation_checks(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(fight=4)
    assert "Fight is 4; skills start at 3 at most." in page(player_client, mutant_sheet)


def test_the_sheet_page_shows_the_specialist_skill_by_its_name(player_client, mutant_sheet):
    text = page(player_client, mutant_sheet)
    assert ">Intimidate</label>" in text


def test_the_sheet_page_has_a_no_javascript_save_button_in_each_section(
    player_client, mutant_sheet
):
    text = page(player_client, mutant_sheet)
    assert text.count("data-nojs-submit") >= 9
    assert f'action="{reverse("sheet_save", args=[mutant_sheet.pk])}"' in text


def test_the_sheet_page_has_no_inline_script_handler_or_style(player_client, mutant_sheet):
    fill(mutant_sheet, 2)
    text = page(player_client, mutant_sheet)
    assert " style=" not in text
    assert " onclick=" not in text and " onchange=" not in text
    assert "hx-on" not in text
