"""The admin, for staff: every model registered, with inlines, search, filters, history."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from rolls.models import Roll
from sheets.models import (
    Character,
    Membership,
    MutantGearLine,
    MutantMutation,
    MutantSheet,
    MutantTalent,
    MutantWeapon,
    Party,
)
from tests.factories import (
    MembershipFactory,
    MutantGearLineFactory,
    MutantMutationFactory,
    MutantSheetFactory,
    MutantTalentFactory,
    MutantWeaponFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

MODELS = [
    Party, Membership, Character, MutantSheet, MutantGearLine, MutantWeapon, MutantTalent,
    MutantMutation, Roll,
]  # fmt: skip


@pytest.fixture
def staff_client(client):
    boss = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client.force_login(boss)
    return client


@pytest.fixture
def table(mutant_sheet):
    """One of everything."""
    MembershipFactory(party=mutant_sheet.character.party)
    MutantGearLineFactory(sheet=mutant_sheet, name="Rope")
    MutantWeaponFactory(sheet=mutant_sheet, name="Spiked bat")
    MutantTalentFactory(sheet=mutant_sheet, name="Rot Resistant")
    MutantMutationFactory(sheet=mutant_sheet, name="Rot-Eater")
    Roll.objects.create(
        character=mutant_sheet.character, party=mutant_sheet.character.party, system="mutant",
        kind="skill", label="Fight", outcome="2 successes",
        result={"dice": [{"kind": "base", "size": 6, "face": 6, "counts": "success"}]},
    )  # fmt: skip
    return mutant_sheet


def url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_model_of_the_apps_is_registered_with_search_and_filters():
    for app in ("sheets", "rolls"):
        for model in apps.get_app_config(app).get_models():
            if model.__name__.startswith("Historical"):
                continue
            assert admin.site.is_registered(model), model
            model_admin = admin.site._registry[model]
            assert model_admin.search_fields and model_admin.list_filter, model


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_changelist_and_change_page_renders(staff_client, table, model):
    obj = model.objects.first()
    assert staff_client.get(url(model, "changelist")).status_code == 200
    assert staff_client.get(url(model, "change", obj.pk)).status_code == 200


@pytest.mark.parametrize("model", [m for m in MODELS if m is not Roll], ids=lambda m: m.__name__)
def test_each_add_page_renders(staff_client, model):
    assert staff_client.get(url(model, "add")).status_code == 200


def test_rolls_are_read_only_records_of_the_dice(staff_client, table):
    roll = Roll.objects.get()
    assert staff_client.get(url(Roll, "add")).status_code == 403
    page = staff_client.get(url(Roll, "change", roll.pk)).text
    assert "2 successes" in page
    assert 'name="outcome"' not in page  # shown, not editable


@pytest.mark.parametrize(
    "model", [Character, MutantSheet, MutantGearLine, MutantWeapon], ids=lambda m: m.__name__
)
def test_sheets_and_their_rows_show_their_history(staff_client, table, model):
    obj = model.objects.first()
    response = staff_client.get(url(model, "history", obj.pk))
    assert response.status_code == 200


def test_the_sheet_page_in_the_admin_edits_its_rows_inline(staff_client, table):
    page = staff_client.get(url(MutantSheet, "change", table.pk)).text
    for prefix in ("gear-TOTAL_FORMS", "weapons-TOTAL_FORMS", "talents-TOTAL_FORMS",
                   "mutations-TOTAL_FORMS"):  # fmt: skip
        assert prefix in page
    assert "Rope" in page and "Spiked bat" in page


def test_the_admin_refuses_trauma_above_its_attribute_with_a_clear_message(staff_client, table):
    page = staff_client.get(url(MutantSheet, "change", table.pk))
    form = page.context["adminform"].form
    data = {
        name: value
        for name, value in {**form.initial, "damage": 9}.items()
        if value is not None and value is not False and name != "character"
    }
    for prefix in ("gear", "weapons", "talents", "mutations"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
    response = staff_client.post(url(MutantSheet, "change", table.pk), data)
    assert response.status_code == 200
    assert "Damage cannot be more than Strength (5)" in response.text
    assert MutantSheet.objects.get(pk=table.pk).damage == 0


@pytest.mark.parametrize(
    ("model", "query", "found", "hidden"),
    [
        (Party, "Ark", "The Ark", "Elsewhere"),
        (Character, "Krin", "Krin", "Grog"),
        (MutantSheet, "Krin", "Krin", "Grog"),
        (MutantGearLine, "Rope", "Rope", "Lantern"),
        (Roll, "Fight", "Fight", "Sneak"),
    ],
)
def test_search_finds_what_was_asked_and_not_the_rest(
    staff_client, table, model, query, found, hidden
):
    other = MutantSheetFactory(character__name="Grog")
    MutantGearLineFactory(sheet=other, name="Lantern")
    Party.objects.create(name="Elsewhere", gm=UserFactory())
    Roll.objects.create(character=other.character, system="mutant", kind="skill",
                        label="Sneak", outcome="Failed")  # fmt: skip
    response = staff_client.get(url(model, "changelist"), {"q": query})
    assert response.status_code == 200
    results = response.context["cl"].result_list
    shown = " ".join(str(obj) for obj in results)
    assert found in shown and hidden not in shown


def test_rolls_filter_by_system_kind_and_party(staff_client, table):
    response = staff_client.get(url(Roll, "changelist"), {"kind": "skill", "system": "mutant"})
    assert response.context["cl"].result_count == 1
    response = staff_client.get(url(Roll, "changelist"), {"kind": "armor"})
    assert response.context["cl"].result_count == 0
