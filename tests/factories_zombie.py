"""factory-boy factories for the Zombiepocalypse sheet and its rows."""

import factory

from sheets.models import (
    ZombieCondition,
    ZombieItem,
    ZombieKind,
    ZombieSheet,
    ZombieTask,
    ZombieWeapon,
)
from tests.factories import CharacterFactory


class ZombieSheetFactory(factory.django.DjangoModelFactory):
    """A survivor with an unspent Player's Option and nothing else."""

    class Meta:
        model = ZombieSheet

    character = factory.SubFactory(CharacterFactory, system="zombie")
    background = "Nurse"


class ZombieConditionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ZombieCondition

    sheet = factory.SubFactory(ZombieSheetFactory)
    name = factory.Sequence(lambda n: f"Injury {n}")
    kind = "injury"
    modifier = -1


class ZombieTaskFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ZombieTask

    sheet = factory.SubFactory(ZombieSheetFactory)
    name = factory.Sequence(lambda n: f"Task {n}")


class ZombieItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ZombieItem

    sheet = factory.SubFactory(ZombieSheetFactory)
    name = factory.Sequence(lambda n: f"Item {n}")
    quantity = 2


class ZombieWeaponFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ZombieWeapon

    sheet = factory.SubFactory(ZombieSheetFactory)
    name = factory.Sequence(lambda n: f"Weapon {n}")
    ammo = "9mm"
    rounds = 12


class ZombieKindFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ZombieKind
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Kind {n}")
