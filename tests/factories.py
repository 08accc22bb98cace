"""factory-boy factories for the common models and each system's sheet."""

import factory
from django.contrib.auth import get_user_model

from sheets.models import (
    Character,
    Membership,
    MutantArtifact,
    MutantCriticalInjury,
    MutantGearLine,
    MutantMutation,
    MutantSheet,
    MutantTalent,
    MutantWeapon,
    Party,
)

PASSWORD = "table-side-pass-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.test")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class PartyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Party

    name = factory.Sequence(lambda n: f"Party {n}")
    gm = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    party = factory.SubFactory(PartyFactory)
    user = factory.SubFactory(UserFactory)


class CharacterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Character

    owner = factory.SubFactory(UserFactory)
    party = None
    system = "mutant"
    name = factory.Sequence(lambda n: f"Mutant {n}")


class MutantSheetFactory(factory.django.DjangoModelFactory):
    """A legal starting Enforcer: 14 attribute points, key attribute (Strength) 5."""

    class Meta:
        model = MutantSheet

    character = factory.SubFactory(CharacterFactory, system="mutant")
    role = "enforcer"
    strength = 5
    agility = 3
    wits = 3
    empathy = 3
    fight = 3
    shoot = 2
    endure = 2
    specialist_skill = 3


class MutantGearLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantGearLine

    sheet = factory.SubFactory(MutantSheetFactory)
    name = factory.Sequence(lambda n: f"Scrap {n}")
    weight = 1


class MutantWeaponFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantWeapon

    sheet = factory.SubFactory(MutantSheetFactory)
    name = "Spiked bat"
    bonus = 2
    damage = 2
    range = "arms_length"


class MutantTalentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantTalent

    sheet = factory.SubFactory(MutantSheetFactory)
    name = "Rot Resistant"


class MutantMutationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantMutation

    sheet = factory.SubFactory(MutantSheetFactory)
    name = "Rot-Eater"


class MutantArtifactFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantArtifact

    sheet = factory.SubFactory(MutantSheetFactory)
    name = factory.Sequence(lambda n: f"Artifact {n}")
    effect = "Gear bonus +1"


class MutantCriticalInjuryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MutantCriticalInjury

    sheet = factory.SubFactory(MutantSheetFactory)
    name = "Broken leg"
    effect = "Move -2"
    healing_time = "5 days"


def member_of(party, user=None):
    """Make ``user`` (a new one by default) a player in ``party``; returns the user."""
    user = user or UserFactory()
    MembershipFactory(party=party, user=user)
    return user
