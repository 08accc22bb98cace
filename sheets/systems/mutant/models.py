"""Mutant: Year Zero sheet: every field of the seed's "Character Sheet" section."""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import CheckConstraint, F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from sheets.systems.mutant.rules import (
    ATTRIBUTES,
    BOX_MAX,
    SUPPLIES,
    SUPPLY_MAX,
    TRAUMA,
)

__all__ = [
    "MutantArtifact",
    "MutantCriticalInjury",
    "MutantGearLine",
    "MutantMutation",
    "MutantSector",
    "MutantSheet",
    "MutantTalent",
    "MutantWeapon",
]


class Role(models.TextChoices):
    ENFORCER = "enforcer", _("Enforcer")
    GEARHEAD = "gearhead", _("Gearhead")
    STALKER = "stalker", _("Stalker")
    FIXER = "fixer", _("Fixer")
    DOG_HANDLER = "dog_handler", _("Dog Handler")
    CHRONICLER = "chronicler", _("Chronicler")
    BOSS = "boss", _("Boss")
    GRUNT = "grunt", _("Grunt")


class Range(models.TextChoices):
    ARMS_LENGTH = "arms_length", _("Arm's Length")
    NEAR = "near", _("Near")
    SHORT = "short", _("Short")
    LONG = "long", _("Long")


def _between(field, low, high):
    return CheckConstraint(
        condition=Q(**{f"{field}__gte": low, f"{field}__lte": high}),
        name=f"%(class)s_{field}_range",
    )


BASE_SKILLS = (
    "endure", "force", "fight",
    "sneak", "move", "shoot",
    "scout", "comprehend", "know_the_zone",
    "sense_emotion", "manipulate", "heal",
)  # fmt: skip
COUNTERS = ("rot_temporary", "rot_permanent", "experience", "mutation_points")


class MutantSheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="mutant",
        verbose_name=_("character"),
    )
    # "" until the player chooses it: a new character is nobody yet (the creation steps)
    role = models.CharField(
        max_length=20,
        choices=Role.choices,
        blank=True,
        default="",
        verbose_name=pgettext_lazy("character role", "role"),
    )
    face = models.CharField(max_length=200, blank=True, verbose_name=_("face"))
    body = models.CharField(max_length=200, blank=True, verbose_name=_("body"))
    clothing = models.CharField(max_length=200, blank=True, verbose_name=_("clothing"))

    strength = models.PositiveSmallIntegerField(
        default=2, verbose_name=pgettext_lazy("Mutant: Year Zero attribute", "strength")
    )
    agility = models.PositiveSmallIntegerField(
        default=2, verbose_name=pgettext_lazy("Mutant: Year Zero attribute", "agility")
    )
    wits = models.PositiveSmallIntegerField(
        default=2, verbose_name=pgettext_lazy("Mutant: Year Zero attribute", "wits")
    )
    empathy = models.PositiveSmallIntegerField(
        default=2, verbose_name=pgettext_lazy("Mutant: Year Zero attribute", "empathy")
    )

    damage = models.PositiveSmallIntegerField(_("damage (Strength trauma)"), default=0)
    fatigue = models.PositiveSmallIntegerField(_("fatigue (Agility trauma)"), default=0)
    confusion = models.PositiveSmallIntegerField(_("confusion (Wits trauma)"), default=0)
    doubt = models.PositiveSmallIntegerField(_("doubt (Empathy trauma)"), default=0)

    endure = models.PositiveSmallIntegerField(default=0, verbose_name=_("endure"))
    force = models.PositiveSmallIntegerField(default=0, verbose_name=_("force"))
    fight = models.PositiveSmallIntegerField(default=0, verbose_name=_("fight"))
    sneak = models.PositiveSmallIntegerField(default=0, verbose_name=_("sneak"))
    move = models.PositiveSmallIntegerField(default=0, verbose_name=_("move"))
    shoot = models.PositiveSmallIntegerField(default=0, verbose_name=_("shoot"))
    scout = models.PositiveSmallIntegerField(default=0, verbose_name=_("scout"))
    comprehend = models.PositiveSmallIntegerField(default=0, verbose_name=_("comprehend"))
    know_the_zone = models.PositiveSmallIntegerField(default=0, verbose_name=_("know the zone"))
    sense_emotion = models.PositiveSmallIntegerField(default=0, verbose_name=_("sense emotion"))
    manipulate = models.PositiveSmallIntegerField(default=0, verbose_name=_("manipulate"))
    heal = models.PositiveSmallIntegerField(default=0, verbose_name=_("heal"))
    specialist_skill = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("The role's specialist skill (Intimidate for an Enforcer...)."),
        verbose_name=_("specialist skill"),
    )

    rot_temporary = models.PositiveSmallIntegerField(_("temporary rot points"), default=0)
    rot_permanent = models.PositiveSmallIntegerField(_("permanent rot points"), default=0)
    experience = models.PositiveSmallIntegerField(_("experience points"), default=0)
    mutation_points = models.PositiveSmallIntegerField(default=0, verbose_name=_("mutation points"))

    armor_name = models.CharField(_("armor"), max_length=100, blank=True)
    armor_rating = models.PositiveSmallIntegerField(default=0, verbose_name=_("armor rating"))
    armor_natural = models.BooleanField(
        _("natural armor"), default=False, help_text=_("Natural armor never loses rating.")
    )
    rot_suit_name = models.CharField(_("rot suit"), max_length=100, blank=True)
    rot_suit_rating = models.PositiveSmallIntegerField(default=0, verbose_name=_("rot suit rating"))

    # The paper sheet beyond the seed's list (issue 8): relationships, big dream, notes,
    # supplies counted in units (4 to a line of gear) and the four conditions.
    relationships = models.TextField(
        _("relationships to the party"), blank=True, help_text=_("What you think of each PC.")
    )
    pc_you_hate = models.CharField(_("the PC you hate"), max_length=100, blank=True)
    pc_to_protect = models.CharField(_("the PC you need to protect"), max_length=100, blank=True)
    big_dream = models.CharField(_("your big dream"), max_length=200, blank=True)
    notes = models.TextField(blank=True, verbose_name=_("notes"))

    grub = models.PositiveSmallIntegerField(_("rations of grub"), default=0)
    water = models.PositiveSmallIntegerField(_("rations of water"), default=0)
    bullets = models.PositiveSmallIntegerField(default=0, verbose_name=_("bullets"))
    booze = models.PositiveSmallIntegerField(_("doses of booze"), default=0)

    starving = models.BooleanField(default=False, verbose_name=_("starving"))
    dehydrated = models.BooleanField(default=False, verbose_name=_("dehydrated"))
    sleepless = models.BooleanField(default=False, verbose_name=_("sleepless"))
    hypothermic = models.BooleanField(default=False, verbose_name=_("hypothermic"))

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("Mutant: Year Zero sheet")
        constraints = [
            *(_between(name, 0, 10) for name in ATTRIBUTES),
            *(_between(name, 0, 10) for name in (*BASE_SKILLS, "specialist_skill")),
            *(_between(name, 0, BOX_MAX) for name in COUNTERS),
            *(
                CheckConstraint(
                    condition=Q(**{f"{trauma}__lte": F(attribute)}),
                    name=f"%(class)s_{trauma}_within_{attribute}",
                )
                for attribute, trauma in TRAUMA.items()
            ),
            CheckConstraint(
                condition=Q(rot_temporary__lte=BOX_MAX - F("rot_permanent")),
                name="%(class)s_rot_total_within_boxes",
            ),
            _between("armor_rating", 0, 20),
            _between("rot_suit_rating", 0, 20),
            *(_between(name, 0, SUPPLY_MAX) for name in SUPPLIES),
        ]

    def __str__(self):
        return f"{self.character.name} (Mutant: Year Zero)"


class MutantGearLine(models.Model):
    """A line of gear: weight in lines (tiny items weigh nothing), and the item's gear
    bonus when it helps a roll (a tool, a crowbar...)."""

    sheet = models.ForeignKey(
        MutantSheet, on_delete=models.CASCADE, related_name="gear", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    weight = models.DecimalField(
        _("weight (lines)"), max_digits=4, decimal_places=2, default=1,
        help_text=_("1 line, 0.5 for light items, 0.25 for very light ones."),
    )  # fmt: skip
    tiny = models.BooleanField(
        _("tiny item"), default=False, help_text=_("Tiny items weigh nothing.")
    )
    bonus = models.SmallIntegerField(_("gear bonus"), default=0)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant gear line")
        ordering = ["pk"]
        constraints = [
            CheckConstraint(condition=Q(weight__gte=0), name="%(class)s_weight_not_negative"),
            _between("bonus", -10, 10),
        ]

    def __str__(self):
        return self.name


class MutantWeapon(models.Model):
    sheet = models.ForeignKey(
        MutantSheet, on_delete=models.CASCADE, related_name="weapons", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    bonus = models.SmallIntegerField(
        default=0, help_text=_("Gear dice; can be negative."), verbose_name=_("bonus")
    )
    damage = models.PositiveSmallIntegerField(default=1, verbose_name=_("damage"))
    range = models.CharField(
        max_length=20, choices=Range.choices, default=Range.ARMS_LENGTH, verbose_name=_("range")
    )
    special = models.CharField(max_length=200, blank=True, verbose_name=_("special"))
    # The seed: weapons "count in their Gear weight". A weapon's weight is kept here,
    # once, and counted with the gear lines (rules.carried_weight).
    weight = models.DecimalField(
        _("weight (lines)"), max_digits=4, decimal_places=2, default=1,
        help_text=_("Lines of gear it takes: 1 for a bat, 0.5 for a slingshot."),
    )  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant weapon")
        ordering = ["pk"]
        constraints = [
            _between("bonus", -10, 10),
            _between("damage", 0, 20),
            CheckConstraint(condition=Q(weight__gte=0), name="%(class)s_weight_not_negative"),
        ]

    def __str__(self):
        return self.name


class MutantTalent(models.Model):
    sheet = models.ForeignKey(
        MutantSheet, on_delete=models.CASCADE, related_name="talents", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant talent")
        ordering = ["pk"]

    def __str__(self):
        return self.name


class MutantMutation(models.Model):
    sheet = models.ForeignKey(
        MutantSheet, on_delete=models.CASCADE, related_name="mutations", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant mutation")
        ordering = ["pk"]

    def __str__(self):
        return self.name


TIME_LIMIT_MESSAGE = _("Only a lethal injury has a time limit: tick Lethal or clear it.")


def _named(message):
    return CheckConstraint(
        condition=~Q(name=""),
        name="%(class)s_has_a_name",
        violation_error_message=message,
    )


class MutantArtifact(models.Model):
    """An artifact from the Old Age, as the paper sheet's Artifacts box lists it."""

    sheet = models.ForeignKey(
        MutantSheet, on_delete=models.CASCADE, related_name="artifacts", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    effect = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("What it does: its bonus, its use."),
        verbose_name=_("effect"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant artifact")
        ordering = ["pk"]
        constraints = [_named(_("Give the artifact a name."))]

    def __str__(self):
        return self.name


class MutantCriticalInjury(models.Model):
    """A critical injury: its effect, whether it kills, the time left to treat it when it
    does (a lethal injury kills unless healed within the time limit), the healing time."""

    sheet = models.ForeignKey(
        MutantSheet,
        on_delete=models.CASCADE,
        related_name="critical_injuries",
        verbose_name=_("sheet"),
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    effect = models.CharField(max_length=200, blank=True, verbose_name=_("effect"))
    lethal = models.BooleanField(default=False, verbose_name=_("lethal"))
    time_limit = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("Lethal injuries only: e.g. 3 hours."),
        verbose_name=_("time limit"),
    )
    healing_time = models.CharField(
        max_length=40, blank=True, help_text=_("e.g. 4 days."), verbose_name=_("healing time")
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant critical injury")
        ordering = ["pk"]
        verbose_name_plural = _("critical injuries")
        constraints = [
            _named(_("Give the injury a name.")),
            CheckConstraint(
                condition=Q(lethal=True) | Q(time_limit=""),
                name="%(class)s_time_limit_only_when_lethal",
                violation_error_message=TIME_LIMIT_MESSAGE,
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.time_limit and not self.lethal:
            # Not tied to a field: a form editing only "lethal" must be able to show it.
            raise ValidationError(TIME_LIMIT_MESSAGE)


class MutantSector(models.Model):
    """The sector of the Zone the party is in (one row per party), set by the GM: its
    rot level is the one rot rolls from the sector use. No row: not set (the player
    picks the level on the rot roll)."""

    party = models.OneToOneField(
        "sheets.Party",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="mutant_sector",
        verbose_name=_("party"),
    )
    rot_level = models.PositiveSmallIntegerField(
        default=1,
        help_text=_("0 Zone oasis, 1 weak rot, 2 strong rot, 3 hotspot."),
        verbose_name=_("rot level"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mutant sector")
        constraints = [
            CheckConstraint(condition=Q(rot_level__lte=3), name="mutantsector_rot_level_range")
        ]

    def __str__(self):
        return f"{self.party}: rot level {self.rot_level}"
