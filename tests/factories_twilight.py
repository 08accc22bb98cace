"""factory-boy factories for the Twilight: 2000 sheet and its rows."""

import factory

from sheets.models import (
    TwilightArmor,
    TwilightGear,
    TwilightInjury,
    TwilightMagazine,
    TwilightSheet,
    TwilightSpecialty,
    TwilightWeapon,
)
from tests.factories import CharacterFactory


class TwilightSheetFactory(factory.django.DjangoModelFactory):
    """Ronson, as in the seed: STR A, HEAVY WEAPONS B, STAMINA C (AGL B, INT C, EMP C)."""

    class Meta:
        model = TwilightSheet

    character = factory.SubFactory(CharacterFactory, system="twilight", name="Ronson")
    strength = "A"
    agility = "B"
    intelligence = "C"
    empathy = "C"
    heavy_weapons = "B"
    stamina = "C"
    ranged_combat = "C"
    coolness_under_fire = "C"


class TwilightWeaponFactory(factory.django.DjangoModelFactory):
    """The seed's M249 SAW: RoF 6, damage 2, crit 3, a belt of 200."""

    class Meta:
        model = TwilightWeapon

    sheet = factory.SubFactory(TwilightSheetFactory)
    name = "M249 SAW"
    skill = "heavy_weapons"
    damage = 2
    crit_threshold = 3
    armor_modifier = 0
    rate_of_fire = 6
    reliability = 5
    reliability_max = 5
    magazine_capacity = 200
    rounds_loaded = 200


class TwilightMagazineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TwilightMagazine

    sheet = factory.SubFactory(TwilightSheetFactory)
    weapon = None
    kind = "belt"
    rounds = 200


class TwilightArmorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TwilightArmor

    sheet = factory.SubFactory(TwilightSheetFactory)
    name = "Flak jacket"
    rating = 2
    covers_torso = True
    covers_arms = True


class TwilightGearFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TwilightGear

    sheet = factory.SubFactory(TwilightSheetFactory)
    name = factory.Sequence(lambda n: f"Item {n}")
    weight = 1


class TwilightSpecialtyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TwilightSpecialty

    sheet = factory.SubFactory(TwilightSheetFactory)
    name = "Machinegunner"
    skill = "heavy_weapons"


class TwilightInjuryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TwilightInjury

    sheet = factory.SubFactory(TwilightSheetFactory)
    name = "Broken arm"
    location = "arms"
