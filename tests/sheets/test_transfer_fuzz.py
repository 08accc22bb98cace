"""No upload crashes the import: any JSON in the shape of a Tableside file or a Foundry
actor is either refused with a sentence or imported / listed by path (never an
exception, so never a 500)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.transfer import reading
from sheets.transfer.importing import import_document
from tests.factories import UserFactory

SCALARS = (
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=12)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["strength", "damage", "role", "notes", "people", "option_bonus",
                        "age", "name", "weight", "slot", "weapon", "custom", "level"])  # fmt: skip
FIELDS = st.dictionaries(KEYS, SCALARS | JSON, max_size=6)


def tableside_files():
    return st.fixed_dictionaries(
        {
            "tableside": st.just("character"),
            "system": st.sampled_from(["mutant", "twilight", "agents", "zombie", "slots"]),
            "schema": st.sampled_from([0, 1]),
            "character": st.fixed_dictionaries({"name": st.text(max_size=5)}) | JSON,
            "sheet": FIELDS | JSON,
        },
        optional={
            name: st.lists(FIELDS | JSON, max_size=3) | JSON
            for name in ("gear", "weapons", "magazines", "skills", "items", "ideas", "marks")
        },
    )


def foundry_actors():
    item = st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                [
                    "skill",
                    "weapon",
                    "armor",
                    "gear",
                    "ammunition",
                    "specialty",
                    "injury",
                    "critical",
                    "ability",
                ]
            )
            | JSON,
            "name": st.text(max_size=8) | JSON,
            "system": FIELDS | JSON,
        }
    )
    return st.fixed_dictionaries(
        {
            "name": st.text(max_size=8) | JSON,
            "type": st.sampled_from(["mutant", "character"]),
            "system": st.dictionaries(
                st.sampled_from(
                    [
                        "attributes",
                        "skills",
                        "health",
                        "rot",
                        "bio",
                        "xp",
                        "resources",
                        "conditions",
                        "party",
                        "rads",
                    ]
                ),
                FIELDS | JSON,
                max_size=5,
            ),
            "items": st.lists(item | JSON, max_size=4),
            "_stats": st.fixed_dictionaries(
                {"systemId": st.sampled_from(["mutant-year-zero", "t2k4e", "other"])}
            ),
        }
    )


@pytest.mark.django_db
def test_any_file_is_refused_or_imported_never_a_crash():
    user = UserFactory()

    @settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
    @given(data=tableside_files() | foundry_actors())
    def upload(data):
        try:
            doc = reading.document(data)
        except reading.Refused as refusal:
            assert str(refusal)
            return
        result = import_document(doc, user)
        assert (result.character is None) == bool(result.errors)
        assert all(": " in error or error.endswith("saved.") for error in result.errors)

    upload()
