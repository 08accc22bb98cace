"""The common part of every sheet: parties, their members, and characters.

Each game system's own sheet lives in ``sheets/systems/<system>/models.py`` and is
imported at the bottom so Django finds its models in this app.
"""

import secrets

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at the table


def new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(8))


class PartyQuerySet(models.QuerySet):
    def for_user(self, user):
        """Parties the user runs or plays in. Membership is a subquery, not a join: a
        join would narrow what the queryset counts (``Count("memberships")``) to the
        user's own membership."""
        if not user.is_authenticated:
            return self.none()
        played = Membership.objects.filter(user=user).values("party")
        return self.filter(Q(gm=user) | Q(pk__in=played))


class Party(models.Model):
    name = models.CharField(_("name"), max_length=100)
    gm = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="parties_run",
        verbose_name=_("GM"),
    )
    invite_code = models.CharField(
        _("invite code"), max_length=12, unique=True, default=new_invite_code
    )
    # the GM can revoke the invite (no one joins with it) and regenerate it (a new code)
    invite_open = models.BooleanField(_("invite open"), default=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    objects = PartyQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("party")
        verbose_name_plural = _("parties")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("party_detail", args=[self.pk])

    def is_gm(self, user) -> bool:
        return user.is_authenticated and self.gm_id == user.pk

    def is_member(self, user) -> bool:
        return user.is_authenticated and (
            self.is_gm(user) or self.memberships.filter(user=user).exists()
        )


class Membership(models.Model):
    party = models.ForeignKey(
        Party, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("party")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("player"),
    )
    joined = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["joined", "pk"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["party", "user"], name="one_membership_per_party")
        ]

    def __str__(self):
        return f"{self.user} in {self.party}"


def _system_choices():
    from sheets.systems.registry import system_choices

    return system_choices()


class CharacterQuerySet(models.QuerySet):
    def for_user(self, user):
        """Characters the user may read: their own, and every one in a party they run."""
        if not user.is_authenticated:
            return self.none()
        return self.readable_by(user.pk)

    def readable_by(self, user_pk: int):
        """``for_user`` by the user's primary key (a prepared read's value)."""
        return self.filter(Q(owner_id=user_pk) | Q(party__gm_id=user_pk))

    def create_with_sheet(self, **fields):
        """A new character and its system's blank sheet, together."""
        with transaction.atomic():
            character = self.create(**fields)
            character.system_descriptor.call("new_sheet", character)
        return character

    def with_sheet_of(self, system, *, rows: str = "sheet_prefetch"):
        """Characters of one system with their sheet and its rows: one join, not five."""
        return self.select_related(system.sheet_related_name).prefetch_related(
            *getattr(system, rows)
        )

    def with_sheets(self, *, rows: str = "sheet_prefetch"):
        """Each character with its system sheet and the sheet's rows, in a fixed number of
        queries however many characters and rows there are. ``rows="summary_rows"``: only
        the rows the dashboard card reads (``System.summary_prefetch``)."""
        from sheets.systems.registry import all_systems

        systems = all_systems()
        return self.select_related(*(s.sheet_related_name for s in systems)).prefetch_related(
            *(path for s in systems for path in getattr(s, rows))
        )

    def with_summaries(self):
        """``with_sheets`` for the dashboard card: the rows its summary reads."""
        return self.with_sheets(rows="summary_rows")


class Character(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="characters",
        verbose_name=_("player"),
    )
    party = models.ForeignKey(
        Party,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="characters",
        verbose_name=_("party"),
    )
    system = models.CharField(_("game system"), max_length=20, choices=_system_choices)
    name = models.CharField(_("name"), max_length=100)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)
    # The portrait's files in the default storage are named by this random key
    # (sheets/portraits/store.py); empty: no portrait. A new upload gets a new key, so
    # its address changes and no browser shows the old picture from its cache. Not in
    # the sheet's history: a restore never brings back a picture whose files are gone.
    portrait = models.CharField(
        _("portrait"), max_length=32, blank=True, default="", editable=False
    )

    objects = CharacterQuerySet.as_manager()
    history = HistoricalRecords(excluded_fields=["portrait"])

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("character")
        verbose_name_plural = _("characters")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("character_sheet", args=[self.pk])

    @property
    def system_descriptor(self):
        from sheets.systems.registry import get_system

        return get_system(self.system)

    @property
    def sheet(self):
        """This character's system sheet (MutantSheet, ...). A character saved without one
        (by hand, in a shell) gets its blank sheet here rather than breaking every page."""
        system = self.system_descriptor
        try:
            return getattr(self, system.sheet_related_name)
        except ObjectDoesNotExist:
            return system.call("new_sheet", self)

    def summary(self):
        """What the GM's dashboard shows of this character (registry.Summary)."""
        return self.system_descriptor.call("summary", self.sheet)

    def can_edit(self, user) -> bool:
        return user.is_authenticated and (
            self.owner_id == user.pk or (self.party_id is not None and self.party.gm_id == user.pk)
        )


from sheets.preferences.models import *  # noqa: E402, F403  (a person's theme)
from sheets.systems.agents.models import *  # noqa: E402, F403
from sheets.systems.mutant.models import *  # noqa: E402, F403  (system sheets live here)
from sheets.systems.slots.models import *  # noqa: E402, F403
from sheets.systems.twilight.models import *  # noqa: E402, F403
from sheets.systems.zombie.models import *  # noqa: E402, F403
