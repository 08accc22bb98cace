"""Django's field and manager counters leave their classes alone (config/class_counters):
a class changed a thousand times loses CPython's attribute cache for good, and before
this a server's ``Field`` and ``BaseManager`` had within minutes."""

import gc
import types

import pytest
from django.db import models
from django.db.models.fields import Field
from django.db.models.manager import BaseManager
from django.test import Client
from django.urls import reverse

from bench.rolls import fresh, roll_action
from config import class_counters
from config.checks import django_counters_off_classes
from tests.factories import CharacterFactory, MutantSheetFactory, UserFactory


def test_the_config_package_counted_fields_and_managers_apart_before_any_model():
    assert class_counters.still_counting_on_classes() == []
    assert django_counters_off_classes() == []
    assert class_counters.keep_off_classes(), "a second call finds it done, and says so"


def test_new_fields_and_managers_are_numbered_in_order_and_their_classes_stay_as_they_were():
    field_attributes, manager_attributes = dict(vars(Field)), dict(vars(BaseManager))
    first, second = models.CharField(max_length=5), models.IntegerField()
    made_by_django = models.AutoField(primary_key=True, auto_created=True)
    later_by_django = models.AutoField(primary_key=True, auto_created=True)
    one, two = models.Manager(), models.Manager()

    assert first.creation_counter < second.creation_counter, "declared order is kept"
    assert made_by_django.creation_counter < 0
    assert later_by_django.creation_counter < made_by_django.creation_counter
    assert one.creation_counter < two.creation_counter
    assert vars(Field) == field_attributes, "no counter written on Field"
    assert vars(BaseManager) == manager_attributes, "no counter written on BaseManager"


def test_a_models_fields_keep_their_declared_order():
    from sheets.models import Character

    names = [field.name for field in Character._meta.concrete_fields]
    assert names.index("owner") < names.index("name") < names.index("created")


def _toy_field_class(body: str):
    """A class named like Django's, whose ``__init__`` is ``body``, in its own module."""
    module = types.ModuleType("toy_fields")
    exec(
        "class Field:\n"
        "    creation_counter = 0\n"
        "    auto_creation_counter = -1\n"
        f"    def __init__(self):\n        {body}\n",
        module.__dict__,
    )
    return module.Field


def test_an_init_that_uses_its_class_for_more_than_the_counters_is_left_as_it_is():
    odd = _toy_field_class("self.kind = Field.__name__; Field.creation_counter += 1")
    before = odd.__init__
    assert class_counters._count_fields_apart(odd) is None
    assert odd.__init__ is before

    plain = _toy_field_class(
        "self.creation_counter = Field.creation_counter; Field.creation_counter += 1"
    )
    counters = class_counters._count_fields_apart(plain)
    assert counters is not None
    made = [plain(), plain()]
    assert [field.creation_counter for field in made] == [0, 1]
    assert plain.creation_counter == 0 and counters.creation_counter == 2


def _attributes_of_every_class():
    return {cls: dict(vars(cls)) for cls in gc.get_objects() if isinstance(cls, type)}


def _names_changed(before: dict, after: dict) -> list[str]:
    """The attributes set, removed or replaced between two copies of a class's."""
    return sorted(name for name in before.keys() | after.keys()
                  if before.get(name, KeyError) is not after.get(name, KeyError))  # fmt: skip


@pytest.mark.django_db
def test_playing_changes_no_class():
    """Whatever a roll and a save do (fields for expressions, related managers, forms),
    no class in the process has an attribute set or removed by it: a class changed on
    every request would lose CPython's attribute cache after its thousandth."""
    owner = UserFactory()
    character = CharacterFactory(owner=owner, name="Krin")
    MutantSheetFactory(character=character)
    client = Client()
    client.force_login(owner)
    save = reverse("sheet_field_save", args=[character.pk, "character-name"])
    action, roll_data = roll_action(character)
    roll = reverse("roll_form", args=[character.pk, action.slug])
    names = ["Krin", "Krin II"]

    def play(times):
        for turn in range(times):
            data = {"character-name": names[(turn + 1) % 2], "original-character-name":
                    names[turn % 2]}  # fmt: skip
            assert client.post(save, data, headers={"HX-Request": "true"}).status_code == 200
            rolled = client.post(roll, fresh(roll_data), headers={"HX-Request": "true"})
            assert rolled.status_code == 200

    play(2)  # what the first requests build once (templates, lazy classes) is built
    before = _attributes_of_every_class()
    play(4)
    after = _attributes_of_every_class()
    changed = sorted(
        f"{cls.__module__}.{cls.__qualname__}: {_names_changed(before[cls], attributes)}"
        for cls, attributes in after.items()
        if cls in before and attributes != before[cls]
    )
    assert changed == []
