"""What a field save reads: a field of the character or of its sheet comes with the
character in one locked query (the character's system remembered), the commonest
request of a session; everything else reads the character first, as before."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sheets.editing import resolve, saving
from sheets.models import Character
from sheets.systems.registry import get_system
from tests.factories import MutantGearLineFactory
from tests.factories_twilight import TwilightSheetFactory
from tests.queries import locked, reads

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def save(client, character_pk, name, value, original):
    url = reverse("sheet_field_save", args=[character_pk, name])
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {name: value, f"original-{name}": original}, headers=HTMX)
    return response, [query["sql"] for query in captured.captured_queries]


@pytest.fixture
def remembered(mutant_sheet):
    """The character's system, as a process remembers it after its first request."""
    saving.remember_system(mutant_sheet.character)
    return mutant_sheet


def test_a_sheet_field_is_saved_with_one_read_of_sheet_and_character_locked(
    player_client, remembered
):
    response, queries = save(player_client, remembered.pk, "damage", "2", "0")
    assert response.status_code == 200, response.text
    assert not reads(queries, "sheets_character"), "the character comes with its sheet"
    (sheet_read,) = reads(queries, "sheets_mutantsheet")
    assert locked(sheet_read) and 'JOIN "sheets_character"' in sheet_read
    remembered.refresh_from_db()
    assert remembered.damage == 2


def test_a_character_field_is_saved_with_one_locked_read_of_the_character(
    player_client, remembered
):
    response, queries = save(player_client, remembered.pk, "character-name", "Krina", "Krin")
    assert response.status_code == 200, response.text
    (character_read,) = reads(queries, "sheets_character")
    assert locked(character_read) and 'JOIN "sheets_party"' in character_read
    assert Character.objects.get(pk=remembered.pk).name == "Krina"


def test_a_row_field_reads_the_character_then_locks_the_row(player_client, remembered):
    line = MutantGearLineFactory(sheet=remembered, name="Rope")
    name = f"gear-{line.pk}-name"
    response, queries = save(player_client, remembered.pk, name, "Chain", "Rope")
    assert response.status_code == 200, response.text
    assert len(reads(queries, "sheets_character")) == 1
    (row_read,) = reads(queries, "sheets_mutantgearline")
    assert locked(row_read)
    line.refresh_from_db()
    assert line.name == "Chain"


@pytest.mark.parametrize(
    "name, value, original", [("damage", "2", "0"), ("character-name", "Krina", "Krin")]
)
def test_nobody_else_saves_through_the_one_read(
    client, stranger, remembered, name, value, original
):
    client.force_login(stranger)
    response, _ = save(client, remembered.pk, name, value, original)
    assert response.status_code == 404
    remembered.refresh_from_db()
    assert remembered.damage == 0 and remembered.character.name == "Krin"


def test_the_gm_saves_a_players_sheet_through_it(gm_client, remembered):
    response, _ = save(gm_client, remembered.pk, "damage", "1", "0")
    assert response.status_code == 200, response.text
    remembered.refresh_from_db()
    assert remembered.damage == 1


def test_a_field_the_remembered_system_does_not_know_asks_the_character(
    player_client, player, party
):
    """A pk remembered with another system (taken again by a character of another
    system): a field only the real system has is still saved, and the system is
    remembered afresh."""
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    saving._systems[sheet.character.pk] = "mutant"
    response, _ = save(player_client, sheet.character.pk, "recon", "A", "")
    assert response.status_code == 200, response.text
    sheet.refresh_from_db()
    assert sheet.recon == "A"
    assert saving._systems[sheet.character.pk] == "twilight"


def test_a_sheet_the_remembered_system_does_not_find_asks_the_character(
    player_client, player, party
):
    """A sheet field of the same name in both systems: the remembered system's sheet is
    not there, so the character is read and its own sheet saved."""
    sheet = TwilightSheetFactory(character__owner=player, character__party=party)
    saving._systems[sheet.character.pk] = "mutant"
    shared = "notes"
    assert resolve(get_system("mutant"), shared) is not None
    assert resolve(get_system("twilight"), shared) is not None
    response, _ = save(player_client, sheet.character.pk, shared, "Cold night", sheet.notes)
    assert response.status_code == 200, response.text
    sheet.refresh_from_db()
    assert sheet.notes == "Cold night"
    assert saving._systems[sheet.character.pk] == "twilight"


def test_an_unknown_character_or_field_is_a_404(player_client, remembered):
    assert save(player_client, 987654, "damage", "1", "0")[0].status_code == 404
    assert save(player_client, remembered.pk, "no-such-field", "1", "0")[0].status_code == 404
