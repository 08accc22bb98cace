"""Restoring an earlier version of a whole sheet from its history, and undoing one change
right after it (a field save, a roll's effects)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from rolls.cards import roll_card_html
from rolls.models import Roll
from rolls.rng import use_rng
from sheets import history
from sheets.models import (
    MutantGearLine,
    MutantSheet,
    SlotsIdea,
    SlotsItem,
    SlotsMark,
    TwilightMagazine,
)
from sheets.restore import RestoreRefused, restore, undo
from sheets.systems.dice.core import ScriptedRNG
from sheets.systems.dice.words import put_into_words
from tests.factories import MutantGearLineFactory, MutantSheetFactory
from tests.factories_slots import (
    SlotsIdeaFactory,
    SlotsItemFactory,
    SlotsMarkFactory,
    SlotsSheetFactory,
)
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def save(client, sheet, name, value, original):
    return client.post(
        reverse("sheet_field_save", args=[sheet.pk, name]),
        {name: value, f"original-{name}": original},
        headers=HTMX,
    )


def undo_token(html: str) -> str:
    found = re.search(r'"undo": "([^"]+)"', html) or re.search(r'name="undo" value="([^"]+)"', html)
    assert found, "no Undo offered"
    return found.group(1)


def test_restoring_from_the_history_page_brings_a_value_back(player_client, player, mutant_sheet):
    save(player_client, mutant_sheet, "strength", "4", "5")
    moment = mutant_sheet.history.latest().history_date  # Strength 4
    save(player_client, mutant_sheet, "strength", "3", "4")
    save(player_client, mutant_sheet, "character-name", "Krin Two-Scars", "Krin")

    response = player_client.post(
        reverse("character_restore", args=[mutant_sheet.pk]), {"as_of": moment.isoformat()}
    )

    assert response.status_code == 302
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.strength == 4
    assert mutant_sheet.character.name == "Krin"
    latest = mutant_sheet.history.latest()
    assert latest.history_user == player
    assert latest.history_change_reason.startswith("Restored the sheet as of ")
    # the restore is a change of its own, first on the history page
    newest = history.entries(mutant_sheet.character)[0]
    assert newest.reason.startswith("Restored the sheet as of ")
    assert "Strength 3 → 4" in [c.what for c in newest.changes]


def test_a_restore_can_itself_be_restored_past(player, mutant_sheet):
    character = mutant_sheet.character
    MutantSheet.objects.get(pk=mutant_sheet.pk).save()  # a record with Strength 5
    before = timezone.now()
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    sheet.strength = 2
    sheet.save()
    after_edit = timezone.now()
    restore(character, before, user=player, reason="Restored")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).strength == 5
    restore(character, after_edit, user=player, reason="Restored again")
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).strength == 2


def test_restore_brings_removed_rows_back_and_removes_rows_added_since(player_client, mutant_sheet):
    rope = MutantGearLineFactory(sheet=mutant_sheet, name="Rope", bonus=2)
    torch = MutantGearLineFactory(sheet=mutant_sheet, name="Torch")
    moment = timezone.now()
    player_client.post(
        reverse("sheet_row_remove", args=[mutant_sheet.pk, "gear", rope.pk]), headers=HTMX
    )
    save(player_client, mutant_sheet, f"gear-{torch.pk}-name", "Old torch", "Torch")
    player_client.post(
        reverse("sheet_row_add", args=[mutant_sheet.pk, "gear"]),
        {"gear-new-name": "Scrap", "gear-new-weight": "1", "gear-new-bonus": "0"},
        headers=HTMX,
    )

    player_client.post(
        reverse("character_restore", args=[mutant_sheet.pk]), {"as_of": moment.isoformat()}
    )

    gear = {(line.pk, line.name, line.bonus) for line in MutantGearLine.objects.filter(
        sheet=mutant_sheet)}  # fmt: skip
    assert gear == {(rope.pk, "Rope", 2), (torch.pk, "Torch", torch.bonus)}


def test_restore_puts_the_slots_grid_back(player):
    sheet = SlotsSheetFactory(character__owner=player)
    rope = SlotsItemFactory(sheet=sheet, slot=9, name="Rope")
    lamp_pk = SlotsItemFactory(sheet=sheet, slot=10, name="Lamp").pk
    first = SlotsIdeaFactory(sheet=sheet, slot=1, name="Ann")
    second = SlotsIdeaFactory(sheet=sheet, slot=2, name="Bo")
    mark = SlotsMarkFactory(sheet=sheet, area="gear", number=5, condition="hunger")
    moment = timezone.now()
    # later: the rope moves, the lamp is lost, the two ideas swap slots (a unique slot
    # each), the hunger mark goes and a wound comes
    rope.slot = 11
    rope.save()
    SlotsItem.objects.get(pk=lamp_pk).delete()
    first.slot = 3
    first.save()
    second.slot = 1
    second.save()
    first.slot = 2
    first.save()
    mark.delete()
    SlotsMarkFactory(sheet=sheet, area="gear", number=3, wound="closed")

    restore(sheet.character, moment, user=player, reason="Restored")

    items = {(i.pk, i.slot, i.name) for i in SlotsItem.objects.filter(sheet=sheet)}
    assert items == {(rope.pk, 9, "Rope"), (lamp_pk, 10, "Lamp")}
    ideas = {(i.slot, i.name) for i in SlotsIdea.objects.filter(sheet=sheet)}
    assert ideas == {(1, "Ann"), (2, "Bo")}
    marks = [(m.number, m.condition, m.wound) for m in SlotsMark.objects.filter(sheet=sheet)]
    assert marks == [(5, "hunger", "")]


def test_restore_keeps_a_magazine_with_the_weapon_it_fits(player):
    sheet = TwilightSheetFactory(character__owner=player)
    rifle = TwilightWeaponFactory(sheet=sheet, name="M16")
    magazine = TwilightMagazine.objects.create(sheet=sheet, weapon=rifle, rounds=30)
    moment = timezone.now()
    ids = magazine.pk, rifle.pk
    magazine.delete()
    rifle.delete()
    restore(sheet.character, moment, user=player, reason="Restored")
    back = TwilightMagazine.objects.get(sheet=sheet)
    assert (back.pk, back.weapon_id, back.weapon.name) == (*ids, "M16")


def test_a_restore_before_the_sheet_existed_is_refused(player, mutant_sheet):
    with pytest.raises(RestoreRefused):
        restore(
            mutant_sheet.character,
            mutant_sheet.history.earliest().history_date - timezone.timedelta(days=1),
            user=player,
            reason="x",
        )


IMPOSSIBLE_MOMENTS = [
    "yesterday",
    "2024-02-30T10:00:00",  # no 30 February
    "2024-01-01T25:61:00",  # no hour 25
    "0001-01-01T00:00:00+05:00",  # before year 1 in UTC
    "9999-12-31T23:59:59-05:00",  # after year 9999 in UTC
    "٢٠٢٤-01-01T10:00:00",  # a year in Arabic-Indic digits: the page sends ASCII
    "",
]


@pytest.mark.parametrize("as_of", IMPOSSIBLE_MOMENTS)
@pytest.mark.parametrize("who", ["player", "gm"])
def test_a_restore_to_an_impossible_moment_asks_for_a_version_and_changes_nothing(
    client, mutant_sheet, player, gm, who, as_of
):
    client.force_login(player)
    save(client, mutant_sheet, "strength", "4", "5")
    client.force_login(player if who == "player" else gm)
    before = (mutant_sheet.history.count(), MutantSheet.objects.get(pk=mutant_sheet.pk).strength)
    response = client.post(
        reverse("character_restore", args=[mutant_sheet.pk]), {"as_of": as_of}, follow=True
    )
    assert response.status_code == 200
    assert "Pick a version of the sheet from its history" in response.text
    after = (mutant_sheet.history.count(), MutantSheet.objects.get(pk=mutant_sheet.pk).strength)
    assert after == before and before[1] == 4  # the saved Strength stays


def test_the_history_page_offers_a_restore_for_every_earlier_version(player_client, mutant_sheet):
    save(player_client, mutant_sheet, "strength", "4", "5")
    save(player_client, mutant_sheet, "fight", "2", "3")
    page = player_client.get(reverse("character_history", args=[mutant_sheet.pk])).content
    page = page.decode()
    # created, Strength, Fight; the newest version is the sheet as it is
    assert len(history.entries(mutant_sheet.character)) == 3
    assert page.count("data-restore") == 2
    assert "Created the sheet" in page
    assert reverse("character_restore", args=[mutant_sheet.pk]) in page


def test_undo_right_after_a_field_save_reverts_it(player_client, player, mutant_sheet):
    response = save(player_client, mutant_sheet, "strength", "4", "5")
    token = undo_token(response.content.decode())

    response = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]),
        {"undo": token, "field": "strength"},
        headers=HTMX,
    )

    assert response.status_code == 200
    assert "Undone: back to 5" in response.content.decode()
    assert "sheetChanged" in response["HX-Trigger-After-Swap"]
    mutant_sheet.refresh_from_db()
    assert mutant_sheet.strength == 5
    latest = mutant_sheet.history.latest()
    assert (latest.history_change_reason, latest.history_user) == (
        "Undid: Strength back to 5",
        player,
    )


def test_undo_is_refused_once_the_sheet_changed_since(player_client, mutant_sheet):
    token = undo_token(save(player_client, mutant_sheet, "strength", "4", "5").content.decode())
    save(player_client, mutant_sheet, "fight", "2", "3")

    response = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]), {"undo": token}, headers=HTMX
    )

    assert response.status_code == 409
    assert "changed since" in response.content.decode()
    mutant_sheet.refresh_from_db()
    assert (mutant_sheet.strength, mutant_sheet.fight) == (4, 2)


def test_an_undo_token_works_only_for_its_own_sheet(player_client, player, mutant_sheet):
    token = undo_token(save(player_client, mutant_sheet, "strength", "4", "5").content.decode())
    other = MutantSheetFactory(character__owner=player)
    with pytest.raises(RestoreRefused):
        undo(other.character, token, user=player)
    response = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]), {"undo": token + "x"}, headers=HTMX
    )
    assert response.status_code == 409
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).strength == 4


def test_undo_after_a_roll_reverts_exactly_its_effects(player_client, mutant_sheet):
    mutant_sheet.armor_name, mutant_sheet.armor_rating, mutant_sheet.rot_temporary = "Scrap", 3, 1
    mutant_sheet.save()
    with use_rng(ScriptedRNG([6, 1, 4])):
        response = player_client.post(
            reverse("roll_form", args=[mutant_sheet.pk, "armor"]),
            {"incoming": "3", "apply_damage": "on"},
            headers=HTMX,
        )
    mutant_sheet.refresh_from_db()
    assert (mutant_sheet.armor_rating, mutant_sheet.damage) == (2, 2)
    token = undo_token(response.content.decode())

    response = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]), {"undo": token}, headers=HTMX
    )

    assert response.status_code == 200
    assert "Undone: the effects of" in response.content.decode()
    mutant_sheet.refresh_from_db()
    assert (mutant_sheet.armor_rating, mutant_sheet.damage, mutant_sheet.rot_temporary) == (3, 0, 1)
    # a second click finds the undo's own change: nothing more is reverted
    again = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]), {"undo": token}, headers=HTMX
    )
    assert again.status_code == 409
    # the roll stays in the feed, saying its effects were taken back (once)
    roll = Roll.objects.get()
    assert [put_into_words(line) for line in roll.undone] == [f"the effects of {roll.label}"]
    card = roll_card_html(roll)
    assert f"Undone: the effects of {roll.label}." in card and ">undone</span>" in card
    log = player_client.get(reverse("party_log", args=[roll.party_id])).content.decode()
    assert f"Undone: the effects of {roll.label}." in log


def test_undoing_a_field_save_leaves_the_rolls_as_they_were(player_client, mutant_sheet):
    with use_rng(ScriptedRNG([6, 1, 4])):
        player_client.post(
            reverse("roll_form", args=[mutant_sheet.pk, "armor"]),
            {"incoming": "3", "apply_damage": "on"},
            headers=HTMX,
        )
    token = undo_token(save(player_client, mutant_sheet, "fight", "2", "3").content.decode())
    response = player_client.post(
        reverse("character_undo", args=[mutant_sheet.pk]),
        {"undo": token, "field": "fight"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert Roll.objects.get().undone == []


def test_a_roll_that_changes_nothing_offers_no_undo(player_client, mutant_sheet):
    with use_rng(ScriptedRNG([3])):
        response = player_client.post(
            reverse("roll_form", args=[mutant_sheet.pk, "d6"]), {"count": "1"}, headers=HTMX
        )
    assert response.status_code == 200
    assert "character_undo" not in response.content.decode()
    assert reverse("character_undo", args=[mutant_sheet.pk]) not in response.content.decode()


@pytest.mark.parametrize("who", ["other", "stranger"])
def test_only_owner_and_gm_may_restore_or_undo(client, party, mutant_sheet, stranger, who):
    from tests.factories import UserFactory, member_of

    user = stranger if who == "stranger" else member_of(party, UserFactory(username="other"))
    client.force_login(user)
    moment = timezone.now()
    for url, data in (
        (reverse("character_restore", args=[mutant_sheet.pk]), {"as_of": moment.isoformat()}),
        (reverse("character_undo", args=[mutant_sheet.pk]), {"undo": "x"}),
        (reverse("character_history", args=[mutant_sheet.pk]), None),
    ):
        response = client.post(url, data) if data is not None else client.get(url)
        assert response.status_code == 404


def test_the_gm_restores_a_players_sheet_in_their_name(gm_client, gm, mutant_sheet):
    moment = timezone.now()
    sheet = MutantSheet.objects.get(pk=mutant_sheet.pk)
    sheet.fight = 1
    sheet.save()
    response = gm_client.post(
        reverse("character_restore", args=[mutant_sheet.pk]), {"as_of": moment.isoformat()}
    )
    assert response.status_code == 302
    assert MutantSheet.objects.get(pk=mutant_sheet.pk).fight == 3
    assert mutant_sheet.history.latest().history_user == gm
