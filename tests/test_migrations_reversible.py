"""Every migration of ours can be taken back, or says why not: each operation is
reversible (a data migration names its way back, even a deliberate no-op), unless the
migration module explains itself in IRREVERSIBLE_BECAUSE. The upgrade test
(test_migrations_keep_data.py) takes the newest ones back for real."""

import importlib

import pytest
from django.db.migrations.loader import MigrationLoader

APPS = ("config", "sheets", "rolls")


def _migrations():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return sorted(key for key in loader.disk_migrations if key[0] in APPS)


@pytest.mark.parametrize(("app", "name"), _migrations())
def test_each_migration_can_be_taken_back_or_says_why_not(app, name):
    module = importlib.import_module(f"{app}.migrations.{name}")
    if getattr(module, "IRREVERSIBLE_BECAUSE", ""):
        return
    stuck = [
        operation.describe()
        for operation in module.Migration.operations
        if not operation.reversible
    ]
    assert not stuck, f"{app}.{name} cannot be taken back: {stuck}; give each a way back "
    "or say why not in IRREVERSIBLE_BECAUSE"


def test_the_list_of_migrations_is_not_empty():
    assert len(_migrations()) >= 13  # the three apps' migrations were found
