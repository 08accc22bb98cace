"""Every form of every system, fuzzed (issue 15): the sheet's own fields through the
field-save endpoint, the rows of every list (each field, and a new row), and every roll
through the roll and odds endpoints. Whatever is posted: never a 500, and a refused
input stores nothing (the sheet, its rows and its rolls are as they were). Generic over
the registry; derandomized and bounded in examples so it runs quickly."""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rolls.models import Roll
from sheets.editing.fields import ORIGINAL_PREFIX, build_form, resolve, stored_original
from sheets.systems.registry import all_systems, get_system
from tests.factories import PartyFactory, UserFactory, member_of
from tests.registry_inputs import demo_character, snapshot

pytestmark = pytest.mark.django_db
SYSTEMS = [system.slug for system in all_systems()]
EXAMPLES = settings(
    derandomize=True, max_examples=8, deadline=None, database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip
REFUSED = {409, 422}

# What a person (or a script) might type into any input.
ODD_VALUES = st.sampled_from([
    "", " ", "-1", "0", "1", "3", "10", "99", "-99999", "99999999999999999999", "1e5", "3.5",
    "NaN", "inf", "½", "٣", "\x00", "<script>alert(1)</script>", "' OR 1=1 --", "on", "off",
    "x" * 300, "🎲",
])  # fmt: skip
VALUES = st.one_of(
    ODD_VALUES,
    st.integers(min_value=-1000, max_value=1000).map(str),
    st.text(max_size=40),
)


@pytest.fixture
def table():
    gm = UserFactory(username="gm")
    party = PartyFactory(gm=gm)
    owner = member_of(party)
    client = Client()
    client.force_login(gm)  # the GM may edit every sheet and make the GM-only rolls
    return party, owner, client


def _choices(field) -> list[str]:
    return [str(value) for value, _ in getattr(field, "choices", ()) if value not in (None, "")]


def _value_for(draw, field):
    """A value for ``field``: often a legal choice (to get past the first check), else
    anything at all."""
    choices = _choices(field)
    if choices and draw(st.booleans()):
        return draw(st.sampled_from(choices))
    return draw(VALUES)


def _rolls(character) -> list[int]:
    return list(Roll.objects.filter(character=character).values_list("pk", flat=True))


def _no_server_error(response):
    assert response.status_code < 500, response.content[:500]


@pytest.mark.parametrize("slug", SYSTEMS)
def test_sheet_and_row_fields(table, slug):
    party, owner, client = table
    character = demo_character(owner, party, slug)
    system = get_system(slug)
    names = [f"character-{name}" for name in ("name",)]
    if system.field_form:
        names += list(resolve_form_fields(system))
    for collection in system.collections:
        for row in getattr(character.sheet, collection.related_name).all()[:1]:
            names += [f"{collection.name}-{row.pk}-{name}"
                      for name in collection.form_class.base_fields]  # fmt: skip

    @EXAMPLES
    @given(st.data())
    def fuzz(data):
        name = data.draw(st.sampled_from(names), label="field")
        ref = resolve(system, name)
        instance = _instance(character, ref)
        shown = build_form(system, ref, instance, only_field=True)
        field = shown.fields[ref.field]
        value = _value_for(data.draw, field)
        before = snapshot(character)
        response = client.post(
            reverse("sheet_field_save", args=[character.pk, name]),
            {name: value, ORIGINAL_PREFIX + name: stored_original(shown[ref.field])},
            headers={"HX-Request": "true"},
        )
        _no_server_error(response)
        if response.status_code in REFUSED:
            assert snapshot(character) == before, f"{name}={value!r} was refused yet stored"

    fuzz()


def resolve_form_fields(system):
    from sheets.editing.fields import import_form

    return import_form(system).base_fields


def _instance(character, ref):
    if ref.kind == "character":
        return character
    sheet = type(character.sheet).objects.get(pk=character.sheet.pk)
    if ref.kind == "sheet":
        return sheet
    return getattr(sheet, ref.collection.related_name).get(pk=ref.row_pk)


@pytest.mark.parametrize("slug", [s.slug for s in all_systems() if s.collections])
def test_new_rows(table, slug):
    party, owner, client = table
    character = demo_character(owner, party, slug)
    system = get_system(slug)

    @EXAMPLES
    @given(st.data())
    def fuzz(data):
        collection = data.draw(st.sampled_from(system.collections), label="list")
        form_class = collection.form_class
        posted = {}
        for name, field in form_class.base_fields.items():
            if data.draw(st.booleans()):
                posted[f"{collection.name}-new-{name}"] = _value_for(data.draw, field)
        before = snapshot(character)
        response = client.post(
            reverse("sheet_row_add", args=[character.pk, collection.name]), posted,
            headers={"HX-Request": "true"},
        )  # fmt: skip
        _no_server_error(response)
        if response.status_code in REFUSED:
            assert snapshot(character) == before, f"{posted!r} was refused yet stored"

    fuzz()


@pytest.mark.parametrize("slug", SYSTEMS)
def test_roll_forms(table, slug):
    party, owner, client = table
    character = demo_character(owner, party, slug)
    actions = list(get_system(slug).actions)

    @EXAMPLES
    @given(st.data())
    def fuzz(data):
        action = data.draw(st.sampled_from(actions), label="roll")
        form = action.form_class(type(character.sheet).objects.get(pk=character.sheet.pk))
        posted = {}
        for name, field in form.fields.items():
            if data.draw(st.booleans()):
                posted[name] = _value_for(data.draw, field)
        odds = client.get(reverse("roll_odds", args=[character.pk, action.slug]), posted)
        _no_server_error(odds)
        before, rolls = snapshot(character), _rolls(character)
        response = client.post(
            reverse("roll_form", args=[character.pk, action.slug]), posted,
            headers={"HX-Request": "true"},
        )  # fmt: skip
        _no_server_error(response)
        if response.status_code in REFUSED:
            assert _rolls(character) == rolls, f"{action.slug} {posted!r}: refused, yet rolled"
            assert snapshot(character) == before, f"{action.slug} {posted!r}: refused, yet stored"

    fuzz()
