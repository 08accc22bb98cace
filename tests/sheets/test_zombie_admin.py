"""The admin for Zombiepocalypse: the sheet with its rows inline, the rows, the zombie
kinds as data the GM edits, history."""

import pytest
from django.urls import reverse

from sheets.models import (
    ZombieCondition,
    ZombieItem,
    ZombieKind,
    ZombieSheet,
    ZombieTask,
    ZombieWeapon,
)
from tests.factories import UserFactory
from tests.factories_zombie import (
    ZombieConditionFactory,
    ZombieItemFactory,
    ZombieSheetFactory,
    ZombieTaskFactory,
    ZombieWeaponFactory,
)

pytestmark = pytest.mark.django_db
MODELS = [ZombieSheet, ZombieCondition, ZombieTask, ZombieItem, ZombieWeapon, ZombieKind]


def url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def survivor(db):
    sheet = ZombieSheetFactory(character__name="Dana")
    ZombieConditionFactory(sheet=sheet, name="Broken arm")
    ZombieTaskFactory(sheet=sheet, name="Cellar door")
    ZombieItemFactory(sheet=sheet, name="Bandages")
    ZombieWeaponFactory(sheet=sheet, name="Revolver")
    return sheet


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_changelist_change_add_and_history_page_renders(staff_client, survivor, model):
    obj = model.objects.first()
    for view, args in (("changelist", ()), ("change", (obj.pk,)), ("add", ()),
                       ("history", (obj.pk,))):  # fmt: skip
        assert staff_client.get(url(model, view, *args)).status_code == 200, view


def test_the_sheet_page_edits_its_rows_inline(staff_client, survivor):
    page = staff_client.get(url(ZombieSheet, "change", survivor.pk)).text
    for prefix in ("conditions", "tasks", "items", "weapons"):
        assert f"{prefix}-TOTAL_FORMS" in page
    for name in ("Broken arm", "Cellar door", "Bandages", "Revolver"):
        assert name in page


def test_a_zombie_kind_threshold_outside_2_to_6_is_refused(staff_client):
    kind = ZombieKind.objects.get(name="Zombie")
    data = {"name": "Zombie", "agility": 7, "perception": 6, "cunning": 6, "strength": 5,
            "endurance": 5, "notes": ""}  # fmt: skip
    response = staff_client.post(url(ZombieKind, "change", kind.pk), data)
    assert response.status_code == 200  # the form again, with the message
    kind.refresh_from_db()
    assert kind.agility == 6
    data["agility"] = 5
    staff_client.post(url(ZombieKind, "change", kind.pk), data)
    kind.refresh_from_db()
    assert kind.agility == 5
