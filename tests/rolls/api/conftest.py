"""A party with characters of three systems, rolls (one secret, one NPC's, one push) and
a token, read through the API like another tool would."""

from dataclasses import dataclass

import pytest

from rolls.api.tokens import ApiToken
from rolls.models import Roll
from tests.factories import MutantGearLineFactory, MutantSheetFactory, PartyFactory, UserFactory
from tests.factories_slots import SlotsItemFactory, SlotsSheetFactory
from tests.factories_twilight import TwilightSheetFactory, TwilightWeaponFactory


@dataclass
class ApiTable:
    party: object
    token: str
    row: object
    mutant: object
    rolls: list
    secret: object


def roll(party, character=None, **fields):
    defaults = {"system": "mutant", "kind": "d6", "label": "D6", "outcome": "4"}
    return Roll.objects.create(
        party=party, character=character, user=character.owner if character else party.gm,
        **{**defaults, **fields},
    )  # fmt: skip


@pytest.fixture
def api_table(party, player, gm):
    mutant = MutantSheetFactory(
        character__owner=player, character__party=party, character__name="Krin"
    )
    MutantGearLineFactory(sheet=mutant, name="Rope", weight="0.5")
    t2k = TwilightSheetFactory(character__owner=player, character__party=party)
    TwilightWeaponFactory(sheet=t2k)
    slots = SlotsSheetFactory(character__owner=player, character__party=party)
    SlotsItemFactory(sheet=slots, slot=9, name="Lantern")
    first = roll(party, mutant.character, label="Fight", outcome="2 successes", pushable=True)
    push = roll(party, mutant.character, label="Fight (pushed)", pushed_from=first)
    secret = roll(party, None, npc_name="Zone ghoul", secret=True, label="Ambush")
    npc = roll(party, None, npc_name="Zone ghoul", label="Claws", outcome="1 success")
    later = roll(party, t2k.character, system="twilight", kind="cuf", label="Coolness")
    row, token = ApiToken.objects.create_for(party, name="Foundry", user=gm)
    return ApiTable(party, token, row, mutant, [first, push, npc, later], secret)


@pytest.fixture
def other_party(db):
    other = PartyFactory(name="Other table", gm=UserFactory(username="other_gm"))
    _row, token = ApiToken.objects.create_for(other, name="Bot", user=other.gm)
    return other, token


def bearer(token):
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}
