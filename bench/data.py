"""The bench's own table: a GM, players and parties with filled-in characters of every
system (each system's ``demo``), under names of this run so nothing else is touched,
and removed afterwards."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client

from sheets.models import Character, Membership, Party
from sheets.systems.registry import all_systems


@dataclass
class Table:
    run: str
    gm: object
    player: object
    party: object
    characters: dict = field(default_factory=dict)  # system slug -> Character
    parties: list = field(default_factory=list)  # every party made (for cleanup)
    users: list = field(default_factory=list)


def _user(name: str):
    return get_user_model().objects.create_user(name, password=secrets.token_urlsafe(16))


def _character(owner, party, system, index: int, character=None) -> Character:
    """A demo character of ``system`` (``character`` made again, if given)."""
    character = character or Character(owner=owner, party=party, system=system.slug)
    with transaction.atomic():  # as `manage.py demo` (a demo roll locks its sheet)
        system.call("demo", character, index)
    character.refresh_from_db()
    return character


def make_table() -> Table:
    """One party: a GM and a player with one filled-in character of each system."""
    run = secrets.token_hex(3)
    gm, player = _user(f"bench-{run}-gm"), _user(f"bench-{run}-player")
    party = Party.objects.create(name=f"Bench {run}", gm=gm)
    Membership.objects.create(party=party, user=player)
    table = Table(run=run, gm=gm, player=player, party=party, parties=[party],
                  users=[gm, player])  # fmt: skip
    for index, system in enumerate(all_systems()):
        table.characters[system.slug] = _character(player, party, system, index)
    return table


def refill(table: Table) -> None:
    """Each character of the table as the demo made it, so a section's rolls start from
    the same sheets (a run of failed checks leaves an agent at HP 0, unable to act)."""
    for index, (slug, character) in enumerate(table.characters.items()):
        table.characters[slug] = _character(table.player, table.party,
                                            character.system_descriptor, index,
                                            character)  # fmt: skip


def extra_characters(table: Table, system_slug: str, count: int) -> list[Character]:
    """``count`` more characters of one system for the player (one per client)."""
    system = next(s for s in all_systems() if s.slug == system_slug)
    return [_character(table.player, table.party, system, n) for n in range(count)]


def party_of(table: Table, size: int) -> Party:
    """A party of ``size`` characters of mixed systems (round robin), one player each."""
    systems = list(all_systems())
    party = Party.objects.create(name=f"Bench {table.run} x{size}", gm=table.gm)
    table.parties.append(party)
    for n in range(size):
        owner = _user(f"bench-{table.run}-p{size}-{n}")
        table.users.append(owner)
        Membership.objects.create(party=party, user=owner)
        _character(owner, party, systems[n % len(systems)], n)
    return party


def session_for(user) -> str:
    """A session id for ``user``, stored where the server reads sessions."""
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def remove(table: Table) -> None:
    from rolls.models import Roll

    for party in table.parties:
        Roll.objects.filter(party=party).delete()
        Character.objects.filter(party=party).delete()
        party.delete()
    for user in table.users:
        Roll.objects.filter(user=user).delete()
        Character.objects.filter(owner=user).delete()
        user.delete()
