"""`manage.py demo`: a GM, two players, one party and filled-in characters (idempotent).

The passwords printed are published in the README: for a machine nobody else reaches.
A table served to a network (`make table`) uses --random-passwords, and before it serves
it gives any account still on a published password a random one
(retire_published_passwords), each printed once to the GM's terminal."""

import os
import secrets

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
        parser.add_argument(
            "--random-passwords",
            action="store_true",
            help="new random passwords for the demo accounts, printed once (a served table)",
        )
        parser.add_argument(
            "--retire-published",
            action="store_true",
            help="no demo: only give any account still on a published password a random one",
        )

    @transaction.atomic
    def handle(self, *args, **options):
        if options["retire_published"]:
            retire_published_passwords(self.stdout)
            return
        accounts = dict([GM, *PLAYERS])
        if options["random_passwords"]:
            accounts = {name: random_password() for name in accounts}
        self.random = options["random_passwords"]
        gm = self._user(GM[0], accounts[GM[0]], is_staff=True, is_superuser=True)
        party, _ = Party.objects.get_or_create(
            invite_code=INVITE, defaults={"name": PARTY, "gm": gm}
        )
        players = [self._user(name, accounts[name]) for name, _ in PLAYERS]
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
        self.stdout.write(f"  GM (also admin): {GM[0]} / {accounts[GM[0]]}")
        for name, _ in PLAYERS:
            self.stdout.write(f"  player:          {name} / {accounts[name]}")
        if self.random:
            self.stdout.write("  (random passwords, shown this once: note them now)")
        self.stdout.write(f"  party: {PARTY} (invite code {INVITE})")

    def _user(self, username, password, **flags):
        user, created = get_user_model().objects.get_or_create(username=username, defaults=flags)
        if created or self.random or not user.check_password(password):
            user.set_password(password)
            for key, value in flags.items():
                setattr(user, key, value)
            user.save()
        return user


def random_password() -> str:
    return secrets.token_urlsafe(9)  # 12 characters a player can type from the GM's screen


def retire_published_passwords(out) -> list[str]:
    """Every account whose password is still one the README publishes gets a random
    one, printed to ``out`` once. Returns the names changed."""
    changed = []
    for name, published in (GM, *PLAYERS):
        user = get_user_model().objects.filter(username=name).first()
        if user is None or not user.check_password(published):
            continue
        password = random_password()
        user.set_password(password)
        user.save(update_fields=["password"])
        changed.append(name)
        out.write(f"{name}'s demo password is published: it is now {password} (shown once)\n")
    return changed
