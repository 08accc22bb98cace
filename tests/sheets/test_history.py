"""History from the start: every change to a sheet is recorded with who and when."""

import pytest
from django.urls import reverse

from sheets.models import MutantGearLine, MutantSheet
from tests.factories import MutantGearLineFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def save(client, sheet, name, value, original):
    return client.post(
        reverse("sheet_field_save", args=[sheet.pk, name]),
        {name: value, f"original-{name}": original},
        headers=HTMX,
    )


def test_an_edit_records_a_history_row_with_the_player_and_the_field(
    player_client, player, mutant_sheet
):
    save(player_client, mutant_sheet, "damage", "1", "0")
    latest = mutant_sheet.history.latest()
    assert latest.history_user == player
    assert latest.damage == 1
    assert latest.history_change_reason == "Edited Damage"
    assert latest.history_date is not None


def test_an_edit_by_the_gm_records_the_gm(gm_client, gm, mutant_sheet):
    save(gm_client, mutant_sheet, "mutation_points", "2", "0")
    assert mutant_sheet.history.latest().history_user == gm


def test_renaming_the_character_records_its_history(player_client, player, mutant_sheet):
    save(player_client, mutant_sheet, "character-name", "Krin Two-Scars", "Krin")
    latest = mutant_sheet.character.history.latest()
    assert (latest.name, latest.history_user) == ("Krin Two-Scars", player)


def test_adding_removing_and_restoring_a_row_are_each_recorded(player_client, player, mutant_sheet):
    player_client.post(
        reverse("sheet_row_add", args=[mutant_sheet.pk, "gear"]),
        {"gear-new-name": "Rope", "gear-new-weight": "1", "gear-new-bonus": "0"},
        headers=HTMX,
    )
    rope = MutantGearLine.objects.get(sheet=mutant_sheet)
    args = [mutant_sheet.pk, "gear", rope.pk]
    player_client.post(reverse("sheet_row_remove", args=args), headers=HTMX)
    player_client.post(reverse("sheet_row_restore", args=args), headers=HTMX)
    records = MutantGearLine.history.filter(id=rope.pk).order_by("history_date", "history_id")
    assert [(r.history_type, r.history_user) for r in records] == [
        ("+", player), ("-", player), ("+", player),
    ]  # fmt: skip
    assert records.last().history_change_reason == "Restored gear line (undo)"


def test_a_refused_edit_records_nothing(player_client, mutant_sheet):
    before = mutant_sheet.history.count()
    save(player_client, mutant_sheet, "damage", "9", "0")  # above Strength: refused
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(fight=1)
    save(player_client, mutant_sheet, "fight", "2", "3")  # stale: refused
    assert mutant_sheet.history.count() == before


def test_an_earlier_version_of_the_sheet_can_be_restored_from_history(player_client, mutant_sheet):
    save(player_client, mutant_sheet, "strength", "4", "5")
    save(player_client, mutant_sheet, "strength", "3", "4")
    before_edits = mutant_sheet.history.earliest()
    before_edits.instance.save()
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).strength == 5


def test_a_row_history_keeps_a_removed_line_readable(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Rope")
    player_client.post(
        reverse("sheet_row_remove", args=[mutant_sheet.pk, "gear", rope.pk]), headers=HTMX
    )
    removed = MutantGearLine.history.filter(id=rope.pk).latest()
    assert (removed.history_type, removed.name) == ("-", "Rope")


def test_the_history_page_reads_each_change_with_who_and_groups_a_rolls_effects(
    player_client, gm_client, mutant_sheet
):
    save(player_client, mutant_sheet, "damage", "1", "0")
    save(gm_client, mutant_sheet, "mutation_points", "2", "0")
    gear = MutantGearLineFactory(sheet=mutant_sheet, name="Rope")
    gear.delete()
    page = player_client.get(reverse("character_history", args=[mutant_sheet.pk])).text
    assert "Damage (Strength trauma) 0 → 1" in page
    assert "Mutation points 0 → 2" in page
    assert "Added gear line “Rope”" in page and "Removed gear line “Rope”" in page
    # the GM's edit is marked as the GM's; newest first
    assert page.index("Mutation points 0 → 2") < page.index("Damage (Strength trauma) 0 → 1")
    gm_entry = page[: page.index("Mutation points 0 → 2")]
    assert 'badge text-bg-warning">GM</span>' in gm_entry[gm_entry.rindex("data-history-entry") :]


def test_what_a_roll_did_to_the_sheet_is_in_its_history(player_client, mutant_sheet, scripted_dice):
    mutant_sheet.mutation_points = 3
    mutant_sheet.save()
    scripted_dice(4, 5)  # a mutation roll spending 2 points: no misfire
    player_client.post(
        reverse("roll_form", args=[mutant_sheet.pk, "mutation"]), {"points": "2"}, headers=HTMX
    )
    page = player_client.get(reverse("character_history", args=[mutant_sheet.pk])).text
    assert "Mutation points 3 → 1" in page
    assert "<strong>player</strong>" in page
