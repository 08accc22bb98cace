"""Every system's everyday roll sent twice with one Idempotency-Key (the answer lost on
the way, the page sending it again) is one roll in the log, one set of sheet history
rows and one card in the party's feed; the repeat gets the first answer back."""

import uuid

import pytest
from django.apps import apps
from django.core.management import call_command
from django_eventstream.models import Event

from bench.rolls import fresh, roll_action, roll_url
from rolls.models import Roll
from sheets.models import Character
from sheets.systems.registry import all_systems

SYSTEMS = [system.slug for system in all_systems()]


def history_rows() -> int:
    """Every row of every history table (the sheets', their rows', the characters')."""
    return sum(
        model.objects.count()
        for model in apps.get_models()
        if model.__name__.startswith("Historical")
    )


@pytest.fixture
def demo_table(db):
    """The demo's party: a character of every system."""
    call_command("demo", verbosity=0)


@pytest.mark.django_db
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_roll_sent_twice_with_one_key_is_recorded_once(demo_table, client, system):
    character = Character.objects.filter(system=system).select_related("owner").first()
    client.force_login(character.owner)
    action, data = roll_action(character)
    data, url = fresh(data), roll_url(character, action)
    headers = {"HX-Request": "true", "Idempotency-Key": str(uuid.uuid4())}
    rolls, history, events = Roll.objects.count(), history_rows(), Event.objects.count()

    first = client.post(url, data, headers=headers)
    assert first.status_code == 200, first.content[:300]
    after_first = (history_rows(), Event.objects.count())
    again = client.post(url, data, headers=headers)

    assert Roll.objects.count() == rolls + 1
    assert (history_rows(), Event.objects.count()) == after_first
    assert after_first[1] > events  # the first one did reach the feed
    assert history_rows() >= history
    assert again.status_code == 200
    assert again.headers["Idempotent-Replay"] == "true"
    assert again.content == first.content
    roll = Roll.objects.latest("pk")
    assert f'data-roll-result="{roll.pk}"' in again.text
