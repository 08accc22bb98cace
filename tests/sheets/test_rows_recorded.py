"""A sheet's rows are recorded from the start: a new agent's seed skills come with their
history rows (folded into "Created the sheet"), older sheets get them from migration
0007, and a restore never removes a row whose history does not begin with its creation."""

import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from sheets.history import entries
from sheets.history_access import SHEET_ROWS_REASON
from sheets.models import AgentSkill
from sheets.restore import restore
from tests.factories_agents import AgentCharacterFactory, agent_sheet

pytestmark = pytest.mark.django_db
migration = importlib.import_module("sheets.migrations.0007_rows_recorded_from_the_start")


def creations(sheet):
    return AgentSkill.history.filter(sheet_id=sheet.pk, history_type="+")


def test_a_new_agent_s_seed_skills_are_recorded_and_shown_as_the_new_sheet(player):
    sheet = agent_sheet(AgentCharacterFactory(owner=player))
    assert creations(sheet).count() == 56
    assert {r.history_change_reason for r in creations(sheet)} == {SHEET_ROWS_REASON}
    (created,) = entries(sheet.character)
    assert [c.what for c in created.changes] == ["Created the sheet"]


def test_the_migration_records_rows_written_without_history_and_no_others(player):
    sheet = agent_sheet(AgentCharacterFactory(owner=player))
    creations(sheet).delete()  # as an agent made before: its skills have no history
    stamina = sheet.skills.get(name="Stamina")
    stamina.xp = 3
    stamina.save()  # a "~" record: this one has a history already
    migration.record_rows_from_the_start(apps, None)
    recorded = creations(sheet)
    assert recorded.count() == 55 and not recorded.filter(id=stamina.pk).exists()
    firearms = recorded.get(name="Firearms")
    assert (firearms.level, firearms.xp, firearms.category) == (0, 0, "technical")
    assert firearms.history_date == sheet.character.created
    migration.record_rows_from_the_start(apps, None)  # again: nothing more
    assert creations(sheet).count() == 55


def test_a_restore_keeps_a_row_whose_history_does_not_begin_with_its_creation(player):
    sheet = agent_sheet(AgentCharacterFactory(owner=player))
    creations(sheet).delete()
    before = timezone.now()
    stamina = sheet.skills.get(name="Stamina")
    stamina.xp = 3
    stamina.save()
    restore(sheet.character, before, user=player, reason="Restored")
    assert sheet.skills.filter(name="Stamina").exists()
    assert sheet.skills.count() == 56
