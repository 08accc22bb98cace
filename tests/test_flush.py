"""tests/flush.py, the quicker cleanup after a transactional test, leaves the database as
Django's flush would: every table empty but the content types and permissions, which hold
what migrate made. (The tests run in this order: each checks what the one before left.)"""

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType

from sheets.models import Party
from tests.factories import MutantSheetFactory, UserFactory

KEPT = (ContentType, Permission)


def _as_migrated():
    """What migrate's post_migrate makes: a content type for every model, and its four
    default permissions."""
    models = [model for model in apps.get_models() if not model._meta.auto_created]
    return (
        {(model._meta.app_label, model._meta.model_name) for model in models},
        sum(len(model._meta.default_permissions) for model in models),
    )


def _rows_left():
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models(include_auto_created=True)
        if model not in KEPT and model._meta.managed and model._default_manager.exists()
    }


def _assert_as_after_flush():
    assert _rows_left() == {}
    content_types, permissions = _as_migrated()
    assert set(ContentType.objects.values_list("app_label", "model")) >= content_types
    assert Permission.objects.count() >= permissions
    assert not Permission.objects.filter(codename="roll_for_the_gm").exists()


def test_a_transactional_test_leaves_rows_behind(transactional_db, gm, party):
    MutantSheetFactory(character__owner=UserFactory(), character__party=party)
    assert Party.objects.count() == 1
    assert _rows_left()


def test_the_next_one_finds_every_table_empty_but_what_migrate_made(transactional_db):
    _assert_as_after_flush()


def test_a_test_that_adds_a_permission(transactional_db, gm):
    Permission.objects.create(
        codename="roll_for_the_gm",
        name="Roll for the GM",
        content_type=ContentType.objects.get_for_model(Party),
    )


def test_the_next_one_finds_it_gone_as_after_djangos_flush(transactional_db):
    _assert_as_after_flush()
