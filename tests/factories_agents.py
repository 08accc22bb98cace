"""factory-boy factories for the Agents sheet: a new agent gets the seed's 56 skills."""

import factory

from sheets.models import AgentClock, AgentItem, AgentSheet, AgentWeapon, Character
from sheets.systems.agents.sheet import new_sheet
from tests.factories import UserFactory


class AgentCharacterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Character

    owner = factory.SubFactory(UserFactory)
    party = None
    system = "agents"
    name = factory.Sequence(lambda n: f"Agent {n}")


def agent_sheet(character=None, skills=None, **fields):
    """A Human Operator (every stat 5 unless given) with the seed's skills; ``skills`` maps a skill
    name ("Dodging", or "social:Leadership") to its level or to (level, xp)."""
    character = character or AgentCharacterFactory()
    # a new sheet has no role nor ancestry yet: these agents are Human Operators
    sheet = new_sheet(
        character, role=fields.pop("role", "operator"), ancestry=fields.pop("ancestry", "human")
    )
    for name, value in fields.items():
        setattr(sheet, name, value)
    sheet.save()
    for key, value in (skills or {}).items():
        category, _, name = key.rpartition(":")
        rows = sheet.skills.filter(name=name, **({"category": category} if category else {}))
        level, xp = value if isinstance(value, tuple) else (value, 0)
        assert rows.update(level=level, xp=xp) == 1, key
    return sheet


class AgentWeaponFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AgentWeapon

    name = "Pistol"
    tag = "Light"
    distance = "room"
    reload = 10
    shots = 10
    reloads = 2


class AgentItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AgentItem

    kind = "stims"
    count = 2


class AgentClockFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AgentClock

    day = 1
    hour = 12


__all__ = ["AgentSheet", "agent_sheet"]
