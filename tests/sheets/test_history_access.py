"""``Model.history`` builds its manager class once per model (sheets/history_access.py),
and reads the same records as django-simple-history's own descriptor."""

import pytest
from django.apps import apps
from simple_history.manager import HistoryDescriptor

from sheets.history_access import OnceBuiltHistoryDescriptor
from sheets.models import Character
from tests.factories import CharacterFactory


def test_every_history_descriptor_builds_its_manager_class_once():
    descriptors = [
        value
        for model in apps.get_models()
        for value in vars(model).values()
        if isinstance(value, HistoryDescriptor)
    ]
    assert len(descriptors) > 20, "every sheet and row model keeps a history"
    assert all(isinstance(d, OnceBuiltHistoryDescriptor) for d in descriptors)
    assert type(Character.history) is type(Character.history)


@pytest.mark.django_db
def test_the_history_read_through_it_is_the_model_s_and_the_instance_s():
    first, second = CharacterFactory(name="Vesna"), CharacterFactory(name="Dalibor")
    first.name = "Vesna the Bold"
    first.save()
    assert [r.name for r in first.history.all()] == ["Vesna the Bold", "Vesna"]
    assert [r.name for r in second.history.all()] == ["Dalibor"]
    assert Character.history.filter(id__in=[first.pk, second.pk]).count() == 3
    assert first.history.model is Character.history.model
