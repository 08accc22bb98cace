"""Editing a sheet in place (sheets/editing.py): every endpoint, with htmx and without."""

import dataclasses
import re

import pytest
from django.urls import reverse

from sheets.editing import resolve, save_field
from sheets.models import MutantGearLine, MutantSheet
from sheets.systems.mutant.forms import MutantSheetForm
from tests.factories import (
    CharacterFactory,
    MutantGearLineFactory,
    MutantSheetFactory,
    MutantWeaponFactory,
    member_of,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def field_url(sheet, name):
    return reverse("sheet_field_save", args=[sheet.pk, name])


def save(client, sheet, name, value, original, *, htmx=True):
    """Change one field the way the sheet page does: its value and the value it showed."""
    data = {name: value, f"original-{name}": original}
    return client.post(field_url(sheet, name), data, headers=HTMX if htmx else {})


def new_original(response, name):
    """The original the answer hands back for the field's next save."""
    found = re.search(rf'id="f-{name}-original" value="([^"]*)"', response.text)
    assert found, response.text
    return found.group(1)


def stored(sheet):
    return MutantSheet.objects.get(pk=sheet.pk)


# --------------------------------------------------------------- saving a field


def test_a_field_saves_on_change_with_a_saved_mark(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "strength", "4", "5")
    assert response.status_code == 200
    assert "Saved" in response.text
    assert stored(mutant_sheet).strength == 4


def test_a_saved_field_hands_back_its_new_original_out_of_band(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "strength", "4", "5")
    assert new_original(response, "strength") == "4"
    assert (
        'id="f-strength-original" value="4" autocomplete="off" hx-swap-oob="true"' in response.text
    )


def test_a_saved_field_tells_the_page_to_refresh_its_derived_values(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "damage", "2", "0")
    assert "sheetChanged" in response["HX-Trigger-After-Swap"]


def test_a_save_writes_only_its_own_field(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(agility=4)  # changed elsewhere
    save(player_client, mutant_sheet, "strength", "4", "5")
    sheet = stored(mutant_sheet)
    assert (sheet.strength, sheet.agility) == (4, 4)


def test_an_invalid_value_is_refused_with_422_next_to_the_field(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "damage", "7", "0")
    assert response.status_code == 422
    assert 'id="f-damage-status"' in response.text
    assert "Damage cannot be more than Strength (5)" in response.text
    assert stored(mutant_sheet).damage == 0


def test_a_value_that_is_not_a_number_is_refused_and_the_sheet_is_unchanged(
    player_client, mutant_sheet
):
    response = save(player_client, mutant_sheet, "fight", "lots", "3")
    assert response.status_code == 422
    assert "Fight takes a number from 0 to 10." in response.text  # the range, in words
    assert stored(mutant_sheet).fight == 3


def test_a_row_number_that_is_not_a_number_names_its_range(player_client, mutant_sheet):
    weapon = MutantWeaponFactory(sheet=mutant_sheet)
    response = save(player_client, mutant_sheet, f"weapons-{weapon.pk}-bonus", "two", "2")
    assert response.status_code == 422
    assert "Bonus takes a whole number from -10 to 10." in response.text
    response = save(player_client, mutant_sheet, f"weapons-{weapon.pk}-weight", "a lot", "1")
    assert "Weight (lines) takes a number of 0 or more (1, 0.5 or 0.25)." in response.text
    added = player_client.post(
        reverse("sheet_row_add", args=[mutant_sheet.pk, "gear"]),
        {"gear-new-name": "Rope", "gear-new-weight": "heavy", "gear-new-bonus": "0"},
        headers=HTMX,
    )
    assert added.status_code == 422
    assert "Weight (lines) takes a number of 0 or more" in added.text


def test_number_fields_are_typed_with_the_phones_number_keyboard(player_client, mutant_sheet):
    """Drawn as text (letters typed are seen and answered, never dropped); the number
    keyboard where no minus sign is needed, the full one where it is."""
    MutantWeaponFactory(sheet=mutant_sheet)
    page = player_client.get(mutant_sheet.character.get_absolute_url() + "?all").text
    strength = re.search(r'<input [^>]*name="strength"[^>]*>', page).group(0)
    assert 'type="text"' in strength and 'inputmode="numeric"' in strength
    assert 'data-min="0" data-max="10"' in strength
    bonus = re.search(r'<input [^>]*name="weapons-\d+-bonus"[^>]*>', page).group(0)
    assert 'type="text"' in bonus and "inputmode" not in bonus
    weight = re.search(r'<input [^>]*name="gear-new-weight"[^>]*>', page).group(0)
    assert 'type="text"' in weight and 'inputmode="decimal"' in weight
    assert 'type="number"' not in page


@pytest.mark.parametrize(
    ("name", "value", "original", "message"),
    [
        ("strength", "-3", "5", "Ensure this value is greater than or equal to 0."),
        ("fight", "11", "3", "Ensure this value is less than or equal to 10."),
        ("grub", "-3", "0", "Grub counts 0 to 99"),
    ],
)
def test_a_value_out_of_range_is_refused_with_its_message_once(
    player_client, mutant_sheet, name, value, original, message
):
    response = save(player_client, mutant_sheet, name, value, original)
    assert response.status_code == 422
    assert response.text.count(message) == 1, response.text
    assert getattr(stored(mutant_sheet), name) == int(original)


def test_lowering_an_attribute_below_its_trauma_never_reaches_the_database(
    player_client, mutant_sheet
):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=3)
    response = save(player_client, mutant_sheet, "strength", "2", "5")
    assert response.status_code == 422
    assert "Strength cannot be lower than its damage (3)" in response.text
    assert stored(mutant_sheet).strength == 5


class LaxSheetForm(MutantSheetForm):
    """A sheet form that forgot the sheet's cross-field rules."""

    def clean(self):
        return self.cleaned_data


def lax_system(sheet):
    """The sheet's system with a form that forgot the sheet's cross-field rules."""
    return dataclasses.replace(
        sheet.character.system_descriptor, field_form=f"{__name__}.LaxSheetForm"
    )


def test_a_database_rule_the_form_forgot_is_still_a_message_and_never_a_500(mutant_sheet):
    lax = lax_system(mutant_sheet)
    data = {"damage": "7", "original-damage": "0"}
    result = save_field(lax, mutant_sheet.character, resolve(lax, "damage"), data)
    assert result.outcome == "error"
    assert result.message == "That value breaks a rule of the sheet; it was not saved."
    assert stored(mutant_sheet).damage == 0


@pytest.mark.parametrize(
    "transaction",
    [
        pytest.param("inside", id="in a request's transaction (a keyed request)"),
        pytest.param("own", id="in its own", marks=pytest.mark.django_db(transaction=True)),
    ],
)
def test_a_rule_only_the_database_holds_rolls_the_save_back_and_says_so(
    mutant_sheet, monkeypatch, transaction
):
    """The form and the constraint check both miss the rule: the database refuses the
    row, nothing of the save is kept (not its history either) and the next save goes.
    The save's transaction is the test's (a savepoint of it, as inside a keyed
    request's), or its own, committed."""
    lax = lax_system(mutant_sheet)
    monkeypatch.setattr("sheets.editing.saving.validate_constraints_on", lambda *args: None)
    history = mutant_sheet.history.count()
    data = {"damage": "7", "original-damage": "0"}
    result = save_field(lax, mutant_sheet.character, resolve(lax, "damage"), data)
    assert result.outcome == "error"
    assert result.message == "That value breaks a rule of the sheet; it was not saved."
    assert result.state.is_invalid and result.state.stored_shown == "0"  # read afresh
    assert stored(mutant_sheet).damage == 0
    assert mutant_sheet.history.count() == history

    again = {"damage": "2", "original-damage": "0"}
    assert save_field(lax, mutant_sheet.character, resolve(lax, "damage"), again).outcome == "saved"
    assert stored(mutant_sheet).damage == 2


def test_a_stale_save_is_refused_with_409_and_the_current_value(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(strength=3)  # the GM, another tab
    response = save(player_client, mutant_sheet, "strength", "4", "5")
    assert response.status_code == 409
    assert (
        "Changed elsewhere since you opened the sheet: now 3. Your value was not saved."
        in response.text
    )
    assert 'name="strength" value="3"' in response.text
    assert new_original(response, "strength") == "3"
    assert response["HX-Retarget"] == "#f-strength"
    assert response["HX-Reswap"] == "outerHTML"
    assert stored(mutant_sheet).strength == 3


def test_after_a_conflict_the_next_save_from_the_current_value_succeeds(
    player_client, mutant_sheet
):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(strength=3)
    conflict = save(player_client, mutant_sheet, "strength", "4", "5")
    response = save(
        player_client, mutant_sheet, "strength", "4", new_original(conflict, "strength")
    )
    assert response.status_code == 200
    assert stored(mutant_sheet).strength == 4


def test_a_value_already_stored_is_no_conflict_and_changes_nothing(player_client, mutant_sheet):
    """The page's own save left as it reloaded, then the reloaded page sends its draft from
    the old value: the stored value is already the one asked for, so nothing was lost."""
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(strength=4)
    before = mutant_sheet.history.count()
    response = save(player_client, mutant_sheet, "strength", "4", "5")
    assert response.status_code == 200
    assert "Changed elsewhere" not in response.text
    assert new_original(response, "strength") == "4"
    assert stored(mutant_sheet).strength == 4
    assert mutant_sheet.history.count() == before  # no second change recorded


def test_saves_of_different_fields_from_one_page_never_conflict(player_client, mutant_sheet):
    # The page showed Strength 5 and Agility 3; both change, one after the other.
    assert save(player_client, mutant_sheet, "strength", "4", "5").status_code == 200
    assert save(player_client, mutant_sheet, "agility", "4", "3").status_code == 200
    sheet = stored(mutant_sheet)
    assert (sheet.strength, sheet.agility) == (4, 4)


def test_two_quick_saves_of_one_field_from_one_page_both_succeed(player_client, mutant_sheet):
    first = save(player_client, mutant_sheet, "damage", "1", "0")
    second = save(player_client, mutant_sheet, "damage", "2", new_original(first, "damage"))
    assert (first.status_code, second.status_code) == (200, 200)
    assert stored(mutant_sheet).damage == 2


def test_saving_the_stored_value_again_is_fine_and_records_nothing(player_client, mutant_sheet):
    before = mutant_sheet.history.count()
    response = save(player_client, mutant_sheet, "strength", "5", "5")
    assert response.status_code == 200 and "Saved" in response.text
    assert mutant_sheet.history.count() == before
    assert "HX-Trigger-After-Swap" not in response


def test_text_fields_choices_and_checkboxes_save_the_same_way(player_client, mutant_sheet):
    assert save(player_client, mutant_sheet, "face", "Sunburnt", "").status_code == 200
    assert save(player_client, mutant_sheet, "role", "gearhead", "enforcer").status_code == 200
    response = player_client.post(
        field_url(mutant_sheet, "armor_natural"),
        {"armor_natural": "on", "original-armor_natural": "False"},
        headers=HTMX,
    )
    assert response.status_code == 200
    sheet = stored(mutant_sheet)
    assert (sheet.face, sheet.role, sheet.armor_natural) == ("Sunburnt", "gearhead", True)


def test_unticking_a_checkbox_sends_no_value_and_saves_false(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(armor_natural=True)
    response = player_client.post(
        field_url(mutant_sheet, "armor_natural"), {"original-armor_natural": "True"}, headers=HTMX
    )
    assert response.status_code == 200
    assert stored(mutant_sheet).armor_natural is False


def test_the_characters_name_is_edited_like_any_field(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "character-name", "Krin the Bold", "Krin")
    assert response.status_code == 200
    mutant_sheet.character.refresh_from_db()
    assert mutant_sheet.character.name == "Krin the Bold"


def test_an_empty_name_is_refused(player_client, mutant_sheet):
    response = save(player_client, mutant_sheet, "character-name", "", "Krin")
    assert response.status_code == 422
    assert "This field is required." in response.text


def test_an_unknown_field_is_a_404(player_client, mutant_sheet):
    assert save(player_client, mutant_sheet, "is_superuser", "1", "0").status_code == 404
    assert save(player_client, mutant_sheet, "gear-1-sheet", "2", "1").status_code == 404


def test_a_field_only_accepts_posts(player_client, mutant_sheet):
    assert player_client.get(field_url(mutant_sheet, "strength")).status_code == 405


# -------------------------------------------------------------------- row fields


def test_a_row_field_saves_like_a_sheet_field(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Rope", bonus=1)
    response = save(player_client, mutant_sheet, f"gear-{rope.pk}-bonus", "2", "1")
    assert response.status_code == 200
    assert new_original(response, f"gear-{rope.pk}-bonus") == "2"
    rope.refresh_from_db()
    assert rope.bonus == 2


def test_a_stale_row_field_is_refused_with_the_current_value(player_client, mutant_sheet):
    bat = MutantWeaponFactory(sheet=mutant_sheet, bonus=2)
    type(bat).objects.filter(pk=bat.pk).update(bonus=1)  # a push lowered it meanwhile
    response = save(player_client, mutant_sheet, f"weapons-{bat.pk}-bonus", "3", "2")
    assert response.status_code == 409
    assert "now 1. Your value was not saved." in response.text
    bat.refresh_from_db()
    assert bat.bonus == 1


def test_a_row_field_out_of_range_is_refused(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, weight=1)
    response = save(player_client, mutant_sheet, f"gear-{rope.pk}-weight", "-1", "1.00")
    assert response.status_code == 422
    rope.refresh_from_db()
    assert rope.weight == 1


def test_saving_a_field_of_a_row_removed_elsewhere_says_so(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Scrap")
    rope_pk = rope.pk
    rope.delete()
    response = save(player_client, mutant_sheet, f"gear-{rope_pk}-name", "Rope", "Scrap")
    assert response.status_code == 409
    assert "This gear line was removed elsewhere." in response.text
    assert response["HX-Retarget"] == f"#row-gear-{rope_pk}"


def test_a_row_of_another_sheet_cannot_be_edited_through_mine(player_client, mutant_sheet):
    theirs = MutantGearLineFactory(name="Their rope")
    response = save(player_client, mutant_sheet, f"gear-{theirs.pk}-name", "Mine", "Their rope")
    assert response.status_code == 409
    theirs.refresh_from_db()
    assert theirs.name == "Their rope"


# ---------------------------------------------------------- adding and removing


def add_url(sheet, collection):
    return reverse("sheet_row_add", args=[sheet.pk, collection])


def remove_url(sheet, collection, row_pk):
    return reverse("sheet_row_remove", args=[sheet.pk, collection, row_pk])


def restore_url(sheet, collection, row_pk):
    return reverse("sheet_row_restore", args=[sheet.pk, collection, row_pk])


def test_adding_a_gear_line_appends_it_in_place(player_client, mutant_sheet):
    response = player_client.post(
        add_url(mutant_sheet, "gear"),
        {"gear-new-name": "Rope", "gear-new-weight": "1", "gear-new-bonus": "1"},
        headers=HTMX,
    )
    rope = MutantGearLine.objects.get(sheet=mutant_sheet)
    assert response.status_code == 200
    assert (rope.name, rope.bonus) == ("Rope", 1)
    assert f'id="row-gear-{rope.pk}"' in response.text
    assert 'id="add-gear"' in response.text and 'hx-swap-oob="true"' in response.text
    assert "sheetChanged" in response["HX-Trigger-After-Swap"]


def test_adding_a_row_with_bad_input_shows_the_error_in_the_add_form(player_client, mutant_sheet):
    response = player_client.post(
        add_url(mutant_sheet, "weapons"),
        {"weapons-new-name": "", "weapons-new-bonus": "1", "weapons-new-damage": "1",
         "weapons-new-range": "near"},
        headers=HTMX,
    )  # fmt: skip
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#add-weapons"
    assert "This field is required." in response.text
    assert not mutant_sheet.weapons.exists()


def test_talents_and_mutations_are_added_by_name(player_client, mutant_sheet):
    player_client.post(add_url(mutant_sheet, "talents"), {"talents-new-name": "Bodyguard"},
                       headers=HTMX)  # fmt: skip
    player_client.post(add_url(mutant_sheet, "mutations"), {"mutations-new-name": "Frog Legs"},
                       headers=HTMX)  # fmt: skip
    assert [t.name for t in mutant_sheet.talents.all()] == ["Bodyguard"]
    assert [m.name for m in mutant_sheet.mutations.all()] == ["Frog Legs"]


def test_an_unknown_list_is_a_404(player_client, mutant_sheet):
    assert player_client.post(add_url(mutant_sheet, "pets"), {}, headers=HTMX).status_code == 404


def test_removing_a_row_offers_to_undo(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Rope")
    response = player_client.post(remove_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    assert response.status_code == 200
    assert "Removed gear line “Rope”." in response.text
    assert restore_url(mutant_sheet, "gear", rope.pk) in response.text and "Undo" in response.text
    assert not MutantGearLine.objects.filter(pk=rope.pk).exists()
    assert "sheetChanged" in response["HX-Trigger-After-Swap"]


def test_undo_brings_the_removed_row_back_as_it_was(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Rope", weight="0.5", bonus=2)
    player_client.post(remove_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    response = player_client.post(restore_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    assert response.status_code == 200
    back = MutantGearLine.objects.get(pk=rope.pk)
    assert (back.sheet_id, back.name, str(back.weight), back.bonus) == (
        mutant_sheet.pk, "Rope", "0.50", 2,
    )  # fmt: skip
    assert f'id="row-gear-{rope.pk}"' in response.text


def test_clicking_undo_twice_leaves_one_row(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet)
    player_client.post(remove_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    player_client.post(restore_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    again = player_client.post(restore_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    assert again.status_code == 200
    assert mutant_sheet.gear.count() == 1


def test_removing_a_row_already_gone_is_a_clear_message(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet)
    player_client.post(remove_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    response = player_client.post(remove_url(mutant_sheet, "gear", rope.pk), headers=HTMX)
    assert response.status_code == 409
    assert "This gear line was already removed." in response.text


def test_rows_of_another_sheet_can_be_neither_removed_nor_restored_through_mine(
    player_client, mutant_sheet
):
    theirs = MutantGearLineFactory(name="Their rope")
    response = player_client.post(remove_url(mutant_sheet, "gear", theirs.pk), headers=HTMX)
    assert response.status_code == 409
    assert MutantGearLine.objects.filter(pk=theirs.pk).exists()
    assert player_client.post(restore_url(mutant_sheet, "gear", theirs.pk)).status_code == 404
    other = MutantGearLineFactory()
    other_pk = other.pk
    other.delete()
    assert player_client.post(restore_url(mutant_sheet, "gear", other_pk)).status_code == 404
    assert not MutantGearLine.objects.filter(pk=other_pk).exists()


# ------------------------------------------------------------- without JavaScript


def test_a_field_posted_without_javascript_redirects_to_the_sheet_with_a_message(
    player_client, mutant_sheet
):
    response = save(player_client, mutant_sheet, "strength", "4", "5", htmx=False)
    assert response.status_code == 302
    assert response["Location"] == mutant_sheet.character.get_absolute_url()
    page = player_client.get(response["Location"])
    assert "Saved: Strength." in page.text


def test_a_section_without_javascript_saves_only_the_changed_fields(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=2)  # the GM, meanwhile
    section = {  # the attributes section as the page showed it, Strength and Wits changed
        "strength": "4", "original-strength": "5", "damage": "0", "original-damage": "0",
        "agility": "3", "original-agility": "3", "wits": "4", "original-wits": "3",
    }  # fmt: skip
    response = player_client.post(reverse("sheet_save", args=[mutant_sheet.pk]), section)
    assert response.status_code == 302
    sheet = stored(mutant_sheet)
    assert (sheet.strength, sheet.wits, sheet.damage) == (4, 4, 2)


def test_a_section_with_a_bad_value_shows_the_sheet_again_with_the_error(
    player_client, mutant_sheet
):
    section = {
        "strength": "4", "original-strength": "5",
        "doubt": "9", "original-doubt": "0",
    }  # fmt: skip
    response = player_client.post(reverse("sheet_save", args=[mutant_sheet.pk]), section)
    assert response.status_code == 422
    assert "Doubt cannot be more than Empathy (3)" in response.text
    assert 'name="doubt" value="9"' in response.text  # what the player typed, to fix
    assert "Some values were not saved" in response.text
    sheet = stored(mutant_sheet)
    assert (sheet.strength, sheet.doubt) == (4, 0)


def test_a_stale_section_without_javascript_shows_the_conflict(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(experience=4)
    section = {"experience": "2", "original-experience": "1"}
    response = player_client.post(reverse("sheet_save", args=[mutant_sheet.pk]), section)
    assert response.status_code == 409
    assert "now 4. Your value was not saved." in response.text
    assert stored(mutant_sheet).experience == 4


def test_a_section_with_nothing_changed_says_so(player_client, mutant_sheet):
    response = player_client.post(
        reverse("sheet_save", args=[mutant_sheet.pk]),
        {"strength": "5", "original-strength": "5"},
        follow=True,
    )
    assert "Nothing to save: no value changed." in response.text


def test_rows_are_added_and_removed_without_javascript(player_client, mutant_sheet):
    response = player_client.post(
        add_url(mutant_sheet, "gear"),
        {"gear-new-name": "Torch", "gear-new-weight": "0.25", "gear-new-bonus": "0"},
    )
    assert response.status_code == 302
    torch = mutant_sheet.gear.get()
    response = player_client.post(remove_url(mutant_sheet, "gear", torch.pk), follow=True)
    assert "Removed gear line “Torch”." in response.text
    assert not mutant_sheet.gear.exists()


def test_a_bad_new_row_without_javascript_shows_the_sheet_with_the_error(
    player_client, mutant_sheet
):
    response = player_client.post(
        add_url(mutant_sheet, "gear"),
        {"gear-new-name": "Anvil", "gear-new-weight": "-3", "gear-new-bonus": "0"},
    )
    assert response.status_code == 422
    assert "The new gear line was not added" in response.text
    assert "Ensure this value is greater than or equal to 0." in response.text
    assert not mutant_sheet.gear.exists()


# ------------------------------------------------------------ sections, refresh


def test_a_section_can_be_fetched_on_its_own(player_client, mutant_sheet):
    response = player_client.get(reverse("sheet_section", args=[mutant_sheet.pk, "attributes"]))
    assert response.status_code == 200
    assert 'id="f-strength"' in response.text and "<html" not in response.text
    missing = player_client.get(reverse("sheet_section", args=[mutant_sheet.pk, "secrets"]))
    assert missing.status_code == 404


def refresh(client, sheet, **originals):
    query = {f"original-{name}": value for name, value in originals.items()}
    return client.post(reverse("sheet_refresh", args=[sheet.pk]), query, headers=HTMX)


def test_refresh_sends_the_derived_values_out_of_band(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=5)
    response = refresh(player_client, mutant_sheet, damage="5")
    assert response.status_code == 200
    assert 'id="dice-strength" hx-swap-oob="true"' in response.text
    assert "Broken" in response.text
    assert 'id="encumbrance" hx-swap-oob="true"' in response.text
    assert 'id="creation-warnings" hx-swap-oob="true"' in response.text


def test_refresh_sends_only_the_fields_whose_stored_value_moved(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=2, mutation_points=1)  # a push
    response = refresh(
        player_client, mutant_sheet, damage="0", mutation_points="0", strength="5", fight="3"
    )
    assert 'id="f-damage" hx-swap-oob="true"' in response.text
    assert 'id="f-mutation_points" hx-swap-oob="true"' in response.text
    assert 'name="damage" value="2"' in response.text
    assert "Now 2: changed by a roll or elsewhere." in response.text
    assert 'id="f-strength"' not in response.text
    assert 'id="f-fight"' not in response.text


def test_a_field_drawn_again_keeps_the_look_the_page_gave_it(player_client, mutant_sheet):
    """A trauma box refreshed after a roll, a conflict on a score, a field undone: each
    is drawn as the attributes row draws it (its boxes' size, its label for screen
    readers only), not as a plain labelled field."""
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(damage=2, strength=4)
    refreshed = refresh(player_client, mutant_sheet, damage="0").text
    assert 'class="form-control form-control-sm value-input trauma-input"' in refreshed
    assert 'class="form-label visually-hidden" for="id_damage"' in refreshed
    conflict = save(player_client, mutant_sheet, "strength", "3", "5")
    assert conflict.status_code == 409
    assert "value-input is-big" in conflict.text
    assert 'class="form-label visually-hidden" for="id_strength"' in conflict.text
    notes = refresh(player_client, mutant_sheet, notes="an older note").text
    assert 'class="form-label" for="id_notes"' in notes  # a field with no look of its own


def test_refresh_replaces_a_list_whose_rows_changed_elsewhere(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet)
    response = refresh(player_client, mutant_sheet, **{f"gear-{rope.pk}-name": rope.name})
    assert 'id="rows-gear"' not in response.text
    MutantGearLineFactory(sheet=mutant_sheet, name="Added by the GM")
    response = refresh(player_client, mutant_sheet, **{f"gear-{rope.pk}-name": rope.name})
    assert 'id="rows-gear" hx-swap-oob="true"' in response.text
    assert "Added by the GM" in response.text


def test_refresh_shows_the_new_specialist_skill_after_a_role_change(player_client, mutant_sheet):
    MutantSheet.objects.filter(pk=mutant_sheet.pk).update(role="boss")
    response = refresh(player_client, mutant_sheet, role="boss")
    assert 'hx-swap-oob="innerHTML:#f-specialist_skill-label">Command<' in response.text


# ----------------------------------------------------------------- permissions


def endpoints(sheet):
    """Every editing endpoint of ``sheet``: (method, url, data)."""
    row = MutantGearLineFactory(sheet=sheet)
    pk = sheet.pk
    return [
        ("post", field_url(sheet, "strength"), {"strength": "4", "original-strength": "5"}),
        ("post", reverse("sheet_save", args=[pk]), {"strength": "4", "original-strength": "5"}),
        ("post", add_url(sheet, "gear"), {"gear-new-name": "Rope", "gear-new-weight": "1",
                                          "gear-new-bonus": "0"}),
        ("post", remove_url(sheet, "gear", row.pk), {}),
        ("post", restore_url(sheet, "gear", row.pk), {}),
        ("get", reverse("sheet_section", args=[pk, "attributes"]), {}),
        ("post", reverse("sheet_refresh", args=[pk]), {}),
    ]  # fmt: skip


def test_strangers_get_404_from_every_editing_endpoint(client, stranger, mutant_sheet):
    client.force_login(stranger)
    for method, url, data in endpoints(mutant_sheet):
        response = getattr(client, method)(url, data, headers=HTMX)
        assert response.status_code == 404, url
    assert stored(mutant_sheet).strength == 5


def test_another_player_of_the_party_gets_404_too(client, party, mutant_sheet):
    client.force_login(member_of(party))
    for method, url, data in endpoints(mutant_sheet):
        response = getattr(client, method)(url, data, headers=HTMX)
        assert response.status_code == 404, url
    assert mutant_sheet.gear.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client, mutant_sheet):
    for method, url, data in endpoints(mutant_sheet):
        response = getattr(client, method)(url, data, headers=HTMX)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login"))


def test_the_owner_and_the_gm_of_the_party_may_use_every_endpoint(
    player_client, gm, party, mutant_sheet
):
    for method, url, data in endpoints(mutant_sheet):
        response = getattr(player_client, method)(url, data, headers=HTMX)
        # the section repeats Strength 4 from a page that showed 5: already stored, no
        # conflict, and the no-JavaScript save answers with the sheet (302)
        assert response.status_code in {200, 302}, url
    player_client.force_login(gm)
    response = save(player_client, mutant_sheet, "damage", "1", "0")
    assert response.status_code == 200
    assert stored(mutant_sheet).damage == 1


def test_a_gm_cannot_edit_a_character_outside_their_party(gm_client, mutant_sheet):
    loner = MutantSheetFactory(character=CharacterFactory(party=None))
    assert save(gm_client, loner, "strength", "4", "5").status_code == 404


def test_an_add_form_names_its_row_with_the_right_article(player_client, mutant_sheet):
    page = player_client.get(mutant_sheet.character.get_absolute_url() + "?all").content.decode()
    assert "Add a gear line</h3>" in page
    assert "Add an artifact</h3>" in page
    assert "Add a artifact" not in page
