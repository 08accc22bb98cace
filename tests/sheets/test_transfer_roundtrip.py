"""Round trip, per system: a random valid sheet exported, imported into a new character
and exported again gives the same file (less the name and the export time)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.transfer import reading
from sheets.transfer.export import character_document
from sheets.transfer.importing import import_document
from tests.factories import UserFactory
from tests.sheets.transfer_sheets import BUILDERS


def comparable(doc):
    return {k: v for k, v in doc.items() if k not in ("exported", "character")}


@pytest.mark.django_db
@pytest.mark.parametrize("system", sorted(BUILDERS))
def test_export_then_import_gives_the_same_sheet(system):
    user = UserFactory()

    @settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def round_trip(data):
        original = BUILDERS[system](data, user)
        first = character_document(original)
        raw = json.dumps(first).encode()
        imported = import_document(reading.document(reading.read_bytes(raw)), user)
        assert imported.errors == []
        assert imported.character.pk != original.pk
        assert imported.character.owner == user
        second = character_document(imported.character)
        assert comparable(second) == comparable(first)

    round_trip()
