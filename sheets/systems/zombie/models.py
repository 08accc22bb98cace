"""Zombiepocalypse (Z6E) survivor sheet: identity, the Player's Option, injuries and
status effects, inventory, the tasks attempted; and the zombie kinds (GM data)."""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import CheckConstraint, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from sheets.systems.zombie.rules import (
    ABILITIES,
    FAILED_REFUSAL,
    MAX_INJURY,
    MAX_OPTION_BONUS,
    option_label,
)

__all__ = [
    "ZombieCondition",
    "ZombieItem",
    "ZombieKind",
    "ZombieSheet",
    "ZombieTask",
    "ZombieWeapon",
]

MAX_COUNT = 999  # items and rounds of ammunition
UNSPENT_OPTION = _(
    "An unspent Player's Option has no bonus or scope: name the skill it buys first."
)


def condition_error(kind: str, modifier) -> str:
    """Why this modifier does not fit this kind of condition ("" if it does)."""
    if modifier is None:
        return ""
    if kind == "injury" and not -MAX_INJURY <= modifier <= 0:
        return _("An injury gives a penalty from -%(most)s to 0, not %(modifier)s.") % {
            "most": MAX_INJURY,
            "modifier": f"{modifier:+d}",
        }
    if kind == "status" and not -1 <= modifier <= 1:
        return _(
            "A status effect is one factor of the character's-status level: -1, 0 or +1, "
            "not %(modifier)s."
        ) % {"modifier": f"{modifier:+d}"}
    return ""


def _between(field, low, high):
    return CheckConstraint(
        condition=Q(**{f"{field}__gte": low, f"{field}__lte": high}),
        name=f"%(class)s_{field}_range",
    )


class ZombieSheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="zombie",
        verbose_name=_("character"),
    )
    background = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Who the survivor was before (nurse, mechanic...)."),
        verbose_name=_("background"),
    )
    description = models.TextField(blank=True, verbose_name=_("description"))
    notes = models.TextField(blank=True, verbose_name=_("notes"))

    # The Player's Option: one point, unspent ("") or invested in a learned skill.
    option_skill = models.CharField(
        _("Player's Option skill"), max_length=100, blank=True,
        help_text=_("Empty while the point is unspent: Strong, Pilot, Hacker..."),
    )  # fmt: skip
    option_scope = models.CharField(
        _("scope"), max_length=100, blank=True, help_text=_("What it covers: automobile, doors...")
    )
    option_bonus = models.PositiveSmallIntegerField(
        _("bonus"), default=0, help_text=_("Added to checks it applies to (0 for a skill that only "
        "makes an action possible, like Hacker).")
    )  # fmt: skip
    option_roll = models.PositiveIntegerField(
        _("bought on roll"), null=True, blank=True,
        help_text=_("The roll the option was bought after, if it was bought after a roll."),
    )  # fmt: skip
    option_roll_label = models.CharField(_("bought on"), max_length=200, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("Zombiepocalypse sheet")
        constraints = [
            _between("option_bonus", 0, MAX_OPTION_BONUS),
            CheckConstraint(
                condition=~Q(option_skill="") | Q(option_bonus=0, option_scope=""),
                name="%(class)s_unspent_option_has_no_bonus",
                violation_error_message=UNSPENT_OPTION,
            ),
        ]

    def __str__(self):
        return f"{self.character.name} (Zombiepocalypse)"

    @property
    def option_spent(self) -> bool:
        return bool(self.option_skill)

    @property
    def option_name(self) -> str:
        return option_label(self.option_skill, self.option_bonus, self.option_scope)

    def clean(self):
        super().clean()
        if not self.option_skill and (self.option_bonus or self.option_scope):
            # Not keyed to a field: the sheet's editing forms hold one field at a time, and
            # the field form (forms.py) puts this message next to the field edited.
            raise ValidationError(UNSPENT_OPTION)


class ConditionKind(models.TextChoices):
    INJURY = "injury", _("Injury")
    STATUS = "status", _("Status effect")


class ZombieCondition(models.Model):
    """An injury (a penalty on top of the difficulty) or a status effect (a factor of
    the character's-status level: -1 or +1, not stacking)."""

    sheet = models.ForeignKey(
        ZombieSheet, on_delete=models.CASCADE, related_name="conditions", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    kind = models.CharField(
        max_length=10, choices=ConditionKind.choices, default="injury", verbose_name=_("kind")
    )
    modifier = models.SmallIntegerField(default=-1, verbose_name=_("modifier"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("zombie condition")
        ordering = ["pk"]
        constraints = [
            _between("modifier", -MAX_INJURY, 1),
            CheckConstraint(
                condition=Q(kind="injury", modifier__lte=0)
                | Q(kind="status", modifier__gte=-1, modifier__lte=1),
                name="%(class)s_modifier_by_kind",
                violation_error_message=_(
                    "An injury gives -3 to 0; a status effect -1, 0 or +1 (one factor of the "
                    "character's-status level)."
                ),
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        message = condition_error(self.kind, self.modifier)
        if message:
            raise ValidationError(message)  # not keyed: see ZombieSheet.clean


class ZombieItem(models.Model):
    sheet = models.ForeignKey(
        ZombieSheet, on_delete=models.CASCADE, related_name="items", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    quantity = models.PositiveSmallIntegerField(default=1, verbose_name=_("quantity"))
    note = models.CharField(max_length=200, blank=True, verbose_name=_("note"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("zombie item")
        ordering = ["pk"]
        constraints = [_between("quantity", 0, MAX_COUNT)]

    def __str__(self):
        return self.name


class ZombieWeapon(models.Model):
    sheet = models.ForeignKey(
        ZombieSheet, on_delete=models.CASCADE, related_name="weapons", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    ammo = models.CharField(
        _("ammunition"), max_length=50, blank=True, help_text=_("9mm, shells...")
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0)
    note = models.CharField(max_length=200, blank=True, verbose_name=_("note"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("zombie weapon")
        ordering = ["pk"]
        constraints = [_between("rounds", 0, MAX_COUNT)]

    def __str__(self):
        return self.name


class TaskStatus(models.TextChoices):
    OPEN = "open", _("Open")
    SUCCEEDED = "succeeded", _("Succeeded")
    FAILED = "failed", _("Failed")


class ZombieTask(models.Model):
    """A task the survivor attempts ("break down the cellar door"). A failed task stays
    failed (no retry) until the GM marks the situation changed; a basic task needs no
    roll. Its checks are the rolls that name it (``Roll.inputs["task"]``)."""

    sheet = models.ForeignKey(
        ZombieSheet, on_delete=models.CASCADE, related_name="tasks", verbose_name=_("sheet")
    )
    name = models.CharField(_("task"), max_length=200)
    status = models.CharField(
        max_length=10, choices=TaskStatus.choices, default="open", verbose_name=_("status")
    )
    basic = models.BooleanField(
        default=False,
        help_text=_("The GM ruled it a basic action: no roll needed."),
        verbose_name=_("basic"),
    )
    situation_changes = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("How often the GM marked the situation changed after a failure."),
        verbose_name=_("situation changes"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("zombie task")
        ordering = ["pk"]
        constraints = [_between("situation_changes", 0, 99)]

    def __str__(self):
        return self.name

    @property
    def failed(self) -> bool:
        return self.status == TaskStatus.FAILED

    @property
    def refusal(self) -> str:
        return f"{self.name}: {FAILED_REFUSAL}"


def _target_field(label, default):
    return models.PositiveSmallIntegerField(
        label, default=default, help_text=_("Succeeds on this or more on the modified d6.")
    )


class ZombieKind(models.Model):
    """A kind of zombie and what it needs on a modified d6 for each kind of check (the
    seed: 6 for agility, perception or cunning; 5 for strength or endurance). Admin-
    editable data; ``sheets.systems.zombie.kinds.ensure_zombie_kinds`` ships the seed's."""

    name = models.CharField(max_length=100, unique=True, verbose_name=_("name"))
    agility = _target_field(_("agility"), 6)
    perception = _target_field(_("perception"), 6)
    cunning = _target_field(_("cunning"), 6)
    strength = _target_field(_("strength"), 5)
    endurance = _target_field(_("endurance"), 5)
    notes = models.CharField(max_length=200, blank=True, verbose_name=_("notes"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("zombie kind")
        ordering = ["name"]
        constraints = [_between(name, 2, 6) for name, _label in ABILITIES]

    def __str__(self):
        return self.name

    def target(self, ability: str) -> int:
        return getattr(self, ability)
