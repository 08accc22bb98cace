"""factory-boy factories for the Slots sheet and what its slots hold."""

import factory

from sheets.models import SlotsIdea, SlotsItem, SlotsMark, SlotsSheet
from sheets.systems.slots.rules import ensure_peoples
from tests.factories import CharacterFactory


class SlotsSheetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SlotsSheet

    character = factory.SubFactory(CharacterFactory, system="slots", name="Wren")
    people = factory.LazyFunction(ensure_peoples)


class SlotsItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SlotsItem

    sheet = factory.SubFactory(SlotsSheetFactory)
    slot = 9
    name = factory.Sequence(lambda n: f"Thing {n}")
    tags = ""


class SlotsIdeaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SlotsIdea

    sheet = factory.SubFactory(SlotsSheetFactory)
    slot = 1
    kind = "bond"
    name = factory.Sequence(lambda n: f"Friend {n}")


class SlotsMarkFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SlotsMark

    sheet = factory.SubFactory(SlotsSheetFactory)
    area = "gear"
    number = 5
    wound = ""
    condition = ""
