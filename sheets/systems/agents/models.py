"""Agents (DPI homebrew) sheet: the agent, their skills, weapons, items, supplies and
junior agents, and the party's in-game clock."""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import CheckConstraint, F, Q
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from sheets.systems.agents import rules
from sheets.systems.agents.dice.rules import DAMAGE_DIE, MAX_WEAPON_LEVEL
from sheets.systems.agents.dice.sheet import MAX_HIGH, MAX_STRESS, SKILL_LEVELS

__all__ = [
    "AgentClock",
    "AgentItem",
    "AgentJunior",
    "AgentSheet",
    "AgentSkill",
    "AgentSupply",
    "AgentWeapon",
]

MAX_POOL = 200  # HP, AP, Fortitude, Sanity current values (the formulas stay far below)
MAX_XP = 999
MAX_COUNT = 999
MAX_FUNDS = 10_000_000


def _between(field, low, high):
    return CheckConstraint(
        condition=Q(**{f"{field}__gte": low, f"{field}__lte": high}),
        name=f"%(class)s_{field}_range",
    )


class Role(models.TextChoices):
    RESEARCHER = "researcher", _("Researcher")
    OPERATOR = "operator", _("Operator")


class Ancestry(models.TextChoices):
    HUMAN = "human", _("Human")
    VAMPIRE = "vampire", _("Vampire")
    SASQUATCH = "sasquatch", _("Sasquatch")
    EXTRANORMAL = "extranormal", _("Extranormal Human")


class Armor(models.TextChoices):
    NONE = "none", _("No armor")
    LIGHT = "light", _("Light (+2 FT, +1 movement)")
    MEDIUM = "medium", _("Medium (+4 FT)")
    HEAVY = "heavy", _("Heavy (+6 FT, -2 movement)")


STAT_CHOICES = [(stat, _(label)) for stat, label in rules.STAT_LABELS.items()]
# the level names are the engine's sayings (agents/dice/rules.py), in the catalogue
LEVEL_CHOICES = [(level, _(name)) for level, name in enumerate(SKILL_LEVELS)]
# the names the seed gives (its table and the Sasquatch's Nature Lore): read in the
# reader's words; a name a player typed is shown as typed
SEED_SKILLS = frozenset(
    [name for _label, names in rules.SKILL_TABLE.values() for name in names]
    + [ancestry.skill_bonus[1] for ancestry in rules.ANCESTRIES.values() if ancestry.skill_bonus]
)


class AgentSheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="agents",
        verbose_name=_("character"),
    )
    sex_gender = models.CharField(_("sex & gender"), max_length=100, blank=True)
    # "" until the player chooses them: a new agent is nobody yet (the creation steps)
    role = models.CharField(
        max_length=20,
        choices=Role.choices,
        blank=True,
        default="",
        verbose_name=pgettext_lazy("character role", "role"),
    )
    ancestry = models.CharField(
        max_length=20, choices=Ancestry.choices, blank=True, default="", verbose_name=_("ancestry")
    )
    ancestry_stat_a = models.CharField(
        _("ancestry pick 1"),
        max_length=20,
        choices=STAT_CHOICES,
        blank=True,
        help_text=_("Human: the first +1 stat. Extranormal Human: the +2 stat."),
    )
    ancestry_stat_b = models.CharField(
        _("ancestry pick 2"),
        max_length=20,
        choices=STAT_CHOICES,
        blank=True,
        help_text=_("Human: the second +1 stat. Extranormal Human: the -2 stat."),
    )

    strength = models.PositiveSmallIntegerField(default=5, verbose_name=_("strength"))
    agility = models.PositiveSmallIntegerField(default=5, verbose_name=_("agility"))
    intelligence = models.PositiveSmallIntegerField(default=5, verbose_name=_("intelligence"))
    education = models.PositiveSmallIntegerField(default=5, verbose_name=_("education"))
    influence = models.PositiveSmallIntegerField(default=5, verbose_name=_("influence"))
    luck = models.PositiveSmallIntegerField(default=5, verbose_name=_("luck"))

    hp = models.PositiveSmallIntegerField(_("HP"), default=24)
    ap = models.PositiveSmallIntegerField(_("AP"), default=10)
    fortitude = models.PositiveSmallIntegerField(_("FT"), default=10)
    sanity = models.PositiveSmallIntegerField(default=10, verbose_name=_("sanity"))
    stress = models.PositiveSmallIntegerField(default=0, verbose_name=_("stress"))
    high = models.PositiveSmallIntegerField(_("High"), default=0)

    cracked_intellect = models.BooleanField(default=False, verbose_name=_("cracked intellect"))
    shadow_touched = models.BooleanField(default=False, verbose_name=_("shadow touched"))
    braid_touched = models.BooleanField(default=False, verbose_name=_("braid touched"))
    hunters_call = models.BooleanField(_("Hunter's Call"), default=False)
    lady_lucks_curse = models.BooleanField(_("Lady Luck's Curse"), default=False)
    anhedonia = models.BooleanField(default=False, verbose_name=_("anhedonia"))
    vampirism = models.BooleanField(default=False, verbose_name=_("vampirism"))
    thaumaturgy = models.BooleanField(default=False, verbose_name=_("thaumaturgy"))
    lycanthropy = models.BooleanField(default=False, verbose_name=_("lycanthropy"))
    dead = models.BooleanField(
        _("dead for real"), default=False, help_text=_("A fourth trauma: the agent is gone.")
    )

    armor = models.CharField(
        max_length=10, choices=Armor.choices, default=Armor.NONE, verbose_name=_("armor")
    )
    funds = models.PositiveIntegerField(default=rules.STARTING_FUNDS, verbose_name=_("funds"))
    income = models.PositiveIntegerField(
        _("weekly income"), default=rules.STARTING_FUNDS, help_text=_("Salary, paid weekly.")
    )
    research_topic = models.CharField(max_length=200, blank=True, verbose_name=_("research topic"))
    research_timer = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Points left before the research is done (the referee sets it)."),
        verbose_name=_("research timer"),
    )
    notes = models.TextField(blank=True, verbose_name=_("notes"))

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("Agents sheet")
        constraints = [
            *(_between(stat, 0, rules.STAT_MAX) for stat in rules.STATS),
            *(_between(pool, 0, MAX_POOL) for pool in ("hp", "ap", "fortitude", "sanity")),
            _between("stress", 0, MAX_STRESS),
            _between("high", 0, MAX_HIGH),
            _between("funds", 0, MAX_FUNDS),
            _between("income", 0, MAX_FUNDS),
            _between("research_timer", 0, 999),
            CheckConstraint(
                condition=~Q(anhedonia=True, high__gt=0), name="%(class)s_anhedonia_no_high"
            ),
            CheckConstraint(
                condition=~Q(cracked_intellect=True, stress__lt=2),
                name="%(class)s_cracked_intellect_stress",
            ),
        ]

    def __str__(self):
        return f"{self.character.name} (Agents)"

    def clean(self):
        errors = {}
        if rules.table_trauma_count(self) > 3:
            errors["anhedonia"] = _("An agent has at most three traumas: the fourth is death.")
        if self.ancestry_stat_a and self.ancestry_stat_a == self.ancestry_stat_b:
            errors["ancestry_stat_b"] = _("The two ancestry picks go to two different stats.")
        if errors:
            raise ValidationError(errors)


class AgentSkill(models.Model):
    """A skill: one of the seed's table, or a custom one (four slots per category)."""

    sheet = models.ForeignKey(
        AgentSheet, on_delete=models.CASCADE, related_name="skills", verbose_name=_("sheet")
    )
    category = models.CharField(
        max_length=20,
        choices=[
            (c, pgettext_lazy(rules.SKILL_CONTEXT, label))
            for c, label in rules.CATEGORY_LABELS.items()
        ],
        verbose_name=_("category"),
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    level = models.PositiveSmallIntegerField(
        choices=LEVEL_CHOICES, default=0, verbose_name=_("level")
    )
    xp = models.PositiveSmallIntegerField(_("XP"), default=0)
    custom = models.BooleanField(default=False, verbose_name=_("custom"))
    role_pick = models.BooleanField(_("role +1"), default=False)
    ancestry_pick = models.BooleanField(_("ancestry +1"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent skill")
        ordering = ["custom", "pk"]
        constraints = [
            _between("level", 0, rules.MAX_SKILL),
            _between("xp", 0, MAX_XP),
            models.UniqueConstraint(
                fields=["sheet", "category", "name"], name="agentskill_one_name_per_category"
            ),
        ]

    def __str__(self):
        return self.display_name  # the admin's and the history's name of the skill

    @property
    def title(self) -> str:
        return gettext(SKILL_LEVELS[self.level])

    @property
    def display_name(self) -> str:
        """The skill's name in the reader's words when it is the seed's, else as typed."""
        return pgettext(rules.SKILL_CONTEXT, self.name) if self.name in SEED_SKILLS else self.name

    @property
    def stat(self) -> str:
        return rules.skill_stat(self.category, self.custom)

    @property
    def next_xp(self) -> int | None:
        return rules.xp_threshold(self.level)

    @property
    def can_raise(self) -> bool:
        return self.next_xp is not None and self.xp >= self.next_xp

    def clean(self):
        if not self.custom or not self.sheet_id:
            return
        others = AgentSkill.objects.filter(
            sheet_id=self.sheet_id, category=self.category, custom=True
        ).exclude(pk=self.pk)
        if others.count() >= rules.CUSTOM_SLOTS:
            label = rules.CATEGORY_LABELS.get(self.category, self.category)
            raise ValidationError(
                {
                    "name": _("%(category)s has %(slots)s custom skill slots, all taken.")
                    % {
                        "category": pgettext(rules.SKILL_CONTEXT, label),
                        "slots": rules.CUSTOM_SLOTS,
                    }
                }
            )


class DamageTag(models.TextChoices):
    LIGHT = "Light", _("Light (Xd4)")
    MEDIUM = "Medium", _("Medium (Xd6)")
    HEAVY = "Heavy", _("Heavy (Xd8)")
    TECH = "Tech", _("Tech (Xd10)")


class Distance(models.TextChoices):
    MELEE = "melee", _("Melee (5 ft)")
    ROOM = "room", _("Room (10-20 ft)")
    CLOSE = "close", _("Close (15-30 ft)")
    FIELD = "field", _("Field (30-50 ft)")
    FAR = "far", _("Far (100-300 ft)")


EXTRA_DIE_CHOICES = [
    (0, pgettext_lazy("Agents extra die", "none")),
    *((size, f"d{size}") for size in DAMAGE_DIE.values()),
]


# a weapon's damage tag in its list of tags
TAG_WORDS = {
    "Light": pgettext_lazy("Agents damage tag", "Light"),
    "Medium": pgettext_lazy("Agents damage tag", "Medium"),
    "Heavy": pgettext_lazy("Agents damage tag", "Heavy"),
    "Tech": pgettext_lazy("Agents damage tag", "Tech"),
}


class AgentWeapon(models.Model):
    sheet = models.ForeignKey(
        AgentSheet, on_delete=models.CASCADE, related_name="weapons", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    tag = models.CharField(
        max_length=10, choices=DamageTag.choices, default=DamageTag.LIGHT, verbose_name=_("tag")
    )
    level = models.PositiveSmallIntegerField(
        default=1, help_text=_("X in Xd4, Xd6..."), verbose_name=_("level")
    )
    extra_dice = models.PositiveSmallIntegerField(default=0, verbose_name=_("extra dice"))
    extra_die = models.PositiveSmallIntegerField(
        choices=EXTRA_DIE_CHOICES, default=0, verbose_name=_("extra die")
    )
    distance = models.CharField(
        max_length=10, choices=Distance.choices, default=Distance.MELEE, verbose_name=_("distance")
    )
    explosive = models.BooleanField(default=False, verbose_name=_("explosive"))
    line = models.BooleanField(default=False, verbose_name=_("line"))
    piercing = models.BooleanField(default=False, verbose_name=_("piercing"))
    arc = models.BooleanField(default=False, verbose_name=_("arc"))
    burn = models.BooleanField(
        default=False,
        help_text=_("Burns: 1 damage per round for 1d6 rounds (flame thrower)."),
        verbose_name=_("burn"),
    )
    reload = models.PositiveSmallIntegerField(
        _("reload (shots)"), default=0, help_text=_("Shots between reloads; 0: no Reload tag.")
    )
    shots = models.PositiveSmallIntegerField(_("shots left"), default=0)
    reloads = models.PositiveSmallIntegerField(_("reloads left"), default=0)
    requires = models.CharField(
        max_length=60, blank=True, help_text=_("Mechanics (3)..."), verbose_name=_("requires")
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent weapon")
        ordering = ["pk"]
        constraints = [
            _between("level", 1, MAX_WEAPON_LEVEL),
            _between("extra_dice", 0, MAX_WEAPON_LEVEL),
            _between("reload", 0, 100),
            _between("reloads", 0, MAX_COUNT),
            CheckConstraint(condition=Q(shots__lte=F("reload")), name="%(class)s_shots_fit"),
            CheckConstraint(
                condition=Q(extra_dice=0) | ~Q(extra_die=0), name="%(class)s_extra_die_sized"
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def ap_cost(self) -> int:
        return rules.FIRE_AP[self.tag]

    @property
    def tags(self) -> list[str]:
        found = [TAG_WORDS.get(self.tag, self.tag)]
        if self.reload:
            found.append(_("Reload (%(shots)s)") % {"shots": self.reload})
        found += [
            label
            for field, label in (
                ("explosive", _("Explosive")),
                ("line", _("Line")),
                ("piercing", _("Piercing")),
                ("arc", _("Arc")),
                ("burn", _("Burn")),
            )
            if getattr(self, field)
        ]
        return found

    @property
    def damage_text(self) -> str:
        text = f"{self.level}d{DAMAGE_DIE[self.tag]}"
        if self.extra_dice:
            text += f" + {self.extra_dice}d{self.extra_die}"
        return text

    def clean(self):
        if self.extra_dice and not self.extra_die:
            raise ValidationError({"extra_die": _("Extra dice need a size (d4, d6, d8, d10).")})
        if self.shots > self.reload:
            raise ValidationError(
                {
                    "shots": _("At most %(reload)s shots fit between reloads.")
                    % {"reload": self.reload}
                }
            )


class ItemKind(models.TextChoices):
    AMMUNITION = "ammunition", _("Ammunition (4 reloads)")
    STIMS = "stims", _("Stims")
    GRENADE = "grenade", _("Grenades")
    COMMS = "comms", _("Comms")
    OTHER = "other", _("Other")


class AgentItem(models.Model):
    sheet = models.ForeignKey(
        AgentSheet, on_delete=models.CASCADE, related_name="items", verbose_name=_("sheet")
    )
    kind = models.CharField(
        max_length=12, choices=ItemKind.choices, default=ItemKind.OTHER, verbose_name=_("kind")
    )
    name = models.CharField(max_length=100, blank=True, verbose_name=_("name"))
    count = models.PositiveSmallIntegerField(default=1, verbose_name=_("count"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent item")
        ordering = ["pk"]
        constraints = [_between("count", 0, MAX_COUNT)]

    def __str__(self):
        return self.name or self.get_kind_display()


class SupplyKind(models.TextChoices):
    MEALS = "meals", _("Meals (a week)")
    ROOM = "room", _("Room & board (a week)")


class Quality(models.TextChoices):
    STINGY = "stingy", _("Stingy")
    AVERAGE = "average", _("Average")
    INDULGENT = "indulgent", _("Indulgent")


SUPPLY_PRICES = {
    "meals": {"stingy": 50, "average": 100, "indulgent": 200},
    "room": {"stingy": 500, "average": 1000, "indulgent": 2000},
}


class AgentSupply(models.Model):
    sheet = models.ForeignKey(
        AgentSheet, on_delete=models.CASCADE, related_name="supplies", verbose_name=_("sheet")
    )
    kind = models.CharField(
        max_length=10, choices=SupplyKind.choices, default=SupplyKind.MEALS, verbose_name=_("kind")
    )
    quality = models.CharField(
        max_length=10, choices=Quality.choices, default=Quality.AVERAGE, verbose_name=_("quality")
    )
    weeks = models.PositiveSmallIntegerField(default=1, verbose_name=_("weeks"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent supply")
        ordering = ["pk"]
        verbose_name_plural = _("agent supplies")
        constraints = [_between("weeks", 0, 520)]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.get_quality_display()}"

    @property
    def weekly_price(self) -> int:
        return SUPPLY_PRICES[self.kind][self.quality]


class AgentJunior(models.Model):
    """A junior agent (a hireling): 12 skills from the allowed categories, at level 0."""

    sheet = models.ForeignKey(
        AgentSheet, on_delete=models.CASCADE, related_name="juniors", verbose_name=_("sheet")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    skills = models.CharField(
        max_length=400,
        blank=True,
        help_text=_("Twelve skills, separated by commas."),
        verbose_name=_("skills"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent junior")
        ordering = ["pk"]

    def __str__(self):
        return self.name

    @property
    def skill_list(self) -> list[str]:
        return [name.strip() for name in self.skills.split(",") if name.strip()]


class AgentClock(models.Model):
    """The party's in-game time (one row per party), set and advanced by the GM."""

    party = models.OneToOneField(
        "sheets.Party",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="agents_clock",
        verbose_name=_("party"),
    )
    day = models.PositiveIntegerField(default=1, verbose_name=_("day"))
    hour = models.PositiveSmallIntegerField(default=9, verbose_name=_("hour"))
    minute = models.PositiveSmallIntegerField(default=0, verbose_name=_("minute"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("agent clock")
        constraints = [
            _between("day", 1, 100_000),
            _between("hour", 0, 23),
            _between("minute", 0, 59),
        ]

    def __str__(self):
        return f"{self.party}: day {self.day}, {self.hour:02d}:{self.minute:02d}"
