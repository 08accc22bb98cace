"""`manage.py demo`: a GM, two players, one party and filled-in characters (idempotent)."""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from sheets.models import Character, Membership, Party
from sheets.systems.registry import all_systems

GM = ("gm", "gm-demo-pass")
PLAYERS = (("alice", "alice-demo-pass"), ("bob", "bob-demo-pass"))
PARTY = "The Ark"
INVITE = "ARKDEMO1"


class Command(BaseCommand):
    help = "Create (or refresh) the demo table: a GM, two players, a party and their characters."

    def add_arguments(self, parser):
        # `make run` serves on $(HOST):$(PORT) and passes them here, so the address
        # printed is the one the server listens on.
        parser.add_argument("--host", default=os.environ.get("HOST") or "127.0.0.1")
        parser.add_argument("--port", default=os.environ.get("PORT") or "8000")

    @transaction.atomic
    def handle(self, *args, **options):
        gm = self._user(*GM, is_staff=True, is_superuser=True)
        party, _ = Party.objects.get_or_create(
            invite_code=INVITE, defaults={"name": PARTY, "gm": gm}
        )
        players = [self._user(name, password) for name, password in PLAYERS]
        index = 0
        for player in players:
            Membership.objects.get_or_create(party=party, user=player)
            for system in all_systems():
                if not system.demo:
                    continue
                character = (
                    Character.objects.filter(owner=player, system=system.slug, party=party)
                    .order_by("pk")
                    .first()
                ) or Character(owner=player, party=party, system=system.slug)
                system.call("demo", character, index)
                index += 1
        self.stdout.write(
            self.style.SUCCESS(f"Demo table ready at http://{options['host']}:{options['port']}/")
        )
        self.stdout.write(f"  GM (also admin): {GM[0]} / {GM[1]}")
        for name, password in PLAYERS:
            self.stdout.write(f"  player:          {name} / {password}")
        self.stdout.write(f"  party: {PARTY} (invite code {INVITE})")

    def _user(self, username, password, **flags):
        user, created = get_user_model().objects.get_or_create(username=username, defaults=flags)
        if created or not user.check_password(password):
            user.set_password(password)
            for key, value in flags.items():
                setattr(user, key, value)
            user.save()
        return user
