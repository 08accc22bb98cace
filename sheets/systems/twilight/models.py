"""Twilight: 2000 4E sheet: the paper sheet's fields and its lists (specialties,
weapons, spare magazines and belts, armor, gear, critical injuries)."""

from django.db import models
from django.db.models import CheckConstraint, F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from sheets.systems.twilight.rules import (
    ATTRIBUTES,
    LEVELS,
    LOCATION_LABELS,
    MAX_CAPACITY,
    RAD_BOXES,
    SKILL_LABELS,
    SKILLS,
    WEAPON_SKILLS,
)

__all__ = [
    "TwilightArmor",
    "TwilightGear",
    "TwilightInjury",
    "TwilightMagazine",
    "TwilightSheet",
    "TwilightSpecialty",
    "TwilightWeapon",
]

# The paper sheet writes the letter; the page shows the die beside it.
LEVEL_CHOICES = [(level, level) for level in LEVELS]
SKILL_LEVEL_CHOICES = [("", "\u2013"), *LEVEL_CHOICES]
SKILL_CHOICES = [(skill, _(SKILL_LABELS[skill])) for skill in SKILLS]
WEAPON_SKILL_CHOICES = [(skill, _(SKILL_LABELS[skill])) for skill in WEAPON_SKILLS]
LOCATION_CHOICES = [(key, _(label)) for key, label in LOCATION_LABELS.items()]


def _between(field, low, high):
    return CheckConstraint(
        condition=Q(**{f"{field}__gte": low, f"{field}__lte": high}),
        name=f"%(class)s_{field}_range",
    )


def _one_of(field, values):
    return CheckConstraint(
        condition=Q(**{f"{field}__in": list(values)}), name=f"%(class)s_{field}_level"
    )


def _level(label, default="C"):
    return models.CharField(label, max_length=1, choices=LEVEL_CHOICES, default=default)


def _skill(label):
    return models.CharField(label, max_length=1, choices=SKILL_LEVEL_CHOICES, blank=True)


class TwilightSheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="twilight",
        verbose_name=_("character"),
    )
    nationality = models.CharField(max_length=60, blank=True, verbose_name=_("nationality"))
    branch = models.CharField(_("military branch"), max_length=60, blank=True)
    rank = models.CharField(max_length=60, blank=True, verbose_name=_("rank"))
    age = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("age"))
    appearance = models.CharField(max_length=200, blank=True, verbose_name=_("appearance"))
    moral_code = models.CharField(max_length=200, blank=True, verbose_name=_("moral code"))
    big_dream = models.CharField(max_length=200, blank=True, verbose_name=_("big dream"))
    buddy = models.CharField(max_length=100, blank=True, verbose_name=_("buddy"))
    notes = models.TextField(blank=True, verbose_name=_("notes"))

    strength = _level(_("STR"))
    agility = _level(_("AGL"))
    intelligence = _level(_("INT"))
    empathy = _level(_("EMP"))

    close_combat = _skill(_("Close Combat"))
    heavy_weapons = _skill(_("Heavy Weapons"))
    stamina = _skill(_("Stamina"))
    driving = _skill(_("Driving"))
    mobility = _skill(_("Mobility"))
    ranged_combat = _skill(_("Ranged Combat"))
    recon = _skill(_("Recon"))
    survival = _skill(_("Survival"))
    tech = _skill(_("Tech"))
    command = _skill(_("Command"))
    medical_aid = _skill(_("Medical Aid"))
    persuasion = _skill(_("Persuasion"))

    coolness_under_fire = _level(_("coolness under fire"), default="D")
    damage = models.PositiveSmallIntegerField(default=0, verbose_name=_("damage"))
    stress = models.PositiveSmallIntegerField(default=0, verbose_name=_("stress"))
    radiation = models.PositiveSmallIntegerField(_("rad points"), default=0)
    radiation_permanent = models.PositiveSmallIntegerField(_("permanent rad points"), default=0)
    experience = models.PositiveSmallIntegerField(_("experience points"), default=0)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("Twilight: 2000 sheet")
        constraints = [
            *(_one_of(name, LEVELS) for name in (*ATTRIBUTES, "coolness_under_fire")),
            *(_one_of(name, ("", *LEVELS)) for name in SKILLS),
            _between("damage", 0, MAX_CAPACITY),
            _between("stress", 0, MAX_CAPACITY),
            _between("radiation", 0, RAD_BOXES),
            _between("radiation_permanent", 0, RAD_BOXES),
            CheckConstraint(
                condition=Q(radiation__lte=RAD_BOXES - F("radiation_permanent")),
                name="%(class)s_rads_within_boxes",
            ),
            CheckConstraint(
                condition=Q(age__isnull=True) | Q(age__gte=14, age__lte=99),
                name="%(class)s_age_range",
            ),
            _between("experience", 0, 99),
        ]

    def __str__(self):
        return f"{self.character.name} (Twilight: 2000)"


class TwilightSpecialty(models.Model):
    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="specialties", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    skill = models.CharField(
        max_length=20, choices=SKILL_CHOICES, default="ranged_combat", verbose_name=_("skill")
    )
    effect = models.CharField(_("what it gives"), max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("twilight specialty")
        ordering = ["pk"]
        verbose_name_plural = _("specialties")
        constraints = [_one_of("skill", SKILLS)]

    def __str__(self):
        return self.name


class TwilightWeapon(models.Model):
    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="weapons", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    skill = models.CharField(
        max_length=20,
        choices=WEAPON_SKILL_CHOICES,
        default="ranged_combat",
        verbose_name=_("skill"),
    )
    damage = models.PositiveSmallIntegerField(default=2, verbose_name=_("damage"))
    crit_threshold = models.PositiveSmallIntegerField(default=3, verbose_name=_("crit threshold"))
    armor_modifier = models.SmallIntegerField(default=0, verbose_name=_("armor modifier"))
    range = models.CharField(max_length=30, blank=True, verbose_name=_("range"))
    rate_of_fire = models.PositiveSmallIntegerField(_("RoF"), default=0)
    reliability = models.PositiveSmallIntegerField(default=5, verbose_name=_("reliability"))
    reliability_max = models.PositiveSmallIntegerField(_("max reliability"), default=5)
    magazine_capacity = models.PositiveSmallIntegerField(
        _("magazine"), default=0, help_text=_("Rounds a magazine or belt holds; 0 for no firearm.")
    )
    rounds_loaded = models.PositiveSmallIntegerField(_("rounds"), default=0)
    jammed = models.BooleanField(default=False, verbose_name=_("jammed"))
    weight = models.DecimalField(
        max_digits=4, decimal_places=2, default=1, verbose_name=_("weight")
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("twilight weapon")
        ordering = ["pk"]
        constraints = [
            _one_of("skill", WEAPON_SKILLS),
            _between("damage", 0, 20),
            _between("crit_threshold", 1, 20),
            _between("armor_modifier", -10, 10),
            _between("rate_of_fire", 0, 6),
            _between("reliability_max", 1, 10),
            CheckConstraint(
                condition=Q(reliability__lte=F("reliability_max")),
                name="%(class)s_reliability_within_max",
            ),
            _between("magazine_capacity", 0, 300),
            CheckConstraint(
                condition=Q(rounds_loaded__lte=F("magazine_capacity")),
                name="%(class)s_rounds_within_magazine",
            ),
            CheckConstraint(condition=Q(weight__gte=0), name="%(class)s_weight_not_negative"),
        ]

    def __str__(self):
        return self.name

    @property
    def firearm(self) -> bool:
        return self.magazine_capacity > 0

    @property
    def broken(self) -> bool:
        return self.reliability == 0


class MagazineKind(models.TextChoices):
    MAGAZINE = "magazine", _("Magazine")
    BELT = "belt", _("Belt")


class TwilightMagazine(models.Model):
    """A spare magazine or ammo belt, loaded with ``rounds``, for one of the weapons."""

    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="magazines", verbose_name=_("sheet")
    )
    weapon = models.ForeignKey(
        TwilightWeapon, on_delete=models.SET_NULL, null=True, blank=True, related_name="spares",
        help_text=_("The weapon it fits."), verbose_name=_("weapon"),)  # fmt: skip
    kind = models.CharField(
        max_length=10, choices=MagazineKind.choices, default="magazine", verbose_name=_("kind")
    )
    rounds = models.PositiveSmallIntegerField(default=30, verbose_name=_("rounds"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["pk"]
        verbose_name = _("spare magazine or belt")
        constraints = [_between("rounds", 0, 300), _one_of("kind", MagazineKind.values)]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.rounds} rounds)"


class TwilightArmor(models.Model):
    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="armor", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    rating = models.PositiveSmallIntegerField(default=1, verbose_name=_("rating"))
    covers_head = models.BooleanField(_("head"), default=False)
    covers_torso = models.BooleanField(_("torso"), default=True)
    covers_arms = models.BooleanField(_("arms"), default=False)
    covers_legs = models.BooleanField(_("legs"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("twilight armor")
        ordering = ["pk"]
        verbose_name_plural = _("armor")
        constraints = [_between("rating", 0, 10)]

    def __str__(self):
        return self.name

    @property
    def locations(self) -> list[str]:
        return [label for key, label in LOCATION_CHOICES if getattr(self, f"covers_{key}")]


class TwilightGear(models.Model):
    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="gear", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    weight = models.DecimalField(
        _("weight"), max_digits=4, decimal_places=2, default=1,
        help_text=_("Encumbrance units: 1, 0.5, 0.25; 0 for tiny items."),
    )  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("twilight gear")
        ordering = ["pk"]
        verbose_name_plural = _("gear")
        constraints = [
            CheckConstraint(condition=Q(weight__gte=0), name="%(class)s_weight_not_negative")
        ]

    def __str__(self):
        return self.name


class TwilightInjury(models.Model):
    """A critical injury: where, whether it can kill, how long until it does, healing."""

    sheet = models.ForeignKey(
        TwilightSheet, on_delete=models.CASCADE, related_name="injuries", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    location = models.CharField(
        max_length=10, choices=LOCATION_CHOICES, default="torso", verbose_name=_("location")
    )
    lethal = models.BooleanField(default=False, verbose_name=_("lethal"))
    time_limit = models.CharField(
        max_length=40, blank=True, help_text=_("Lethal: until death."), verbose_name=_("time limit")
    )
    healing_time = models.CharField(max_length=40, blank=True, verbose_name=_("healing time"))
    effect = models.CharField(max_length=200, blank=True, verbose_name=_("effect"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("twilight injury")
        ordering = ["pk"]
        verbose_name_plural = _("critical injuries")
        constraints = [_one_of("location", LOCATION_LABELS)]

    def __str__(self):
        return self.name
