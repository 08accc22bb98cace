"""Slots (the slot-inventory game): peoples (slot layouts as data), the sheet, what its
slots hold (items, ideas) and how they are marked (wounds, conditions).

A people is admin-editable data: its focus slot count and numbered gear slots (body,
grip or pack, each named), its adjacency and where ice starts. ``rules.ensure_peoples``
creates the built-in Human (and the example Goblin) when they are missing.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import CheckConstraint, Q, UniqueConstraint
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from config.ids import parse_id
from sheets.systems.slots import words
from sheets.systems.slots.dice.sheet import CONDITION_AREAS, GEAR_TAGS, IDEA_KINDS, SLOT_KINDS

__all__ = [
    "SlotsClock",
    "SlotsIdea",
    "SlotsItem",
    "SlotsMark",
    "SlotsPeople",
    "SlotsPeopleSlot",
    "SlotsSheet",
]

MAX_FOCUS = 12  # a focus die is a d4 for humans; no people needs more than a d12
MAX_GEAR = 20  # gear slots 2..20 at most (a d20 gear die)


def _pairs(text: str) -> list[tuple[int, int]]:
    """ "2-3, 3-4" -> [(2, 3), (3, 4)]; a ValidationError for anything else."""
    pairs = []
    for chunk in filter(None, (c.strip() for c in text.split(","))):
        a, sep, b = chunk.partition("-")
        a, b = parse_id(a.strip()), parse_id(b.strip())
        if not sep or a is None or b is None:
            raise ValidationError(
                _("%(chunk)s is not a pair of slot numbers such as 2-3") % {"chunk": repr(chunk)}
            )
        pairs.append((a, b))
    return pairs


def _numbers(text: str) -> list[int]:
    numbers = []
    for chunk in filter(None, (c.strip() for c in text.split(","))):
        number = parse_id(chunk)
        if number is None:
            raise ValidationError(_("%(chunk)s is not a slot number") % {"chunk": repr(chunk)})
        numbers.append(number)
    return numbers


class SlotsPeople(models.Model):
    """A people's sheet layout: focus slots 1..N (the focus die) and gear slots 2..M."""

    name = models.CharField(max_length=60, unique=True, verbose_name=_("name"))
    focus_slots = models.PositiveSmallIntegerField(default=4, verbose_name=_("focus slots"))
    head = models.PositiveSmallIntegerField(
        default=2, help_text=_("The head's gear slot."), verbose_name=_("head")
    )
    extremities = models.CharField(
        max_length=60,
        default="5, 6",
        help_text=_("Body slots where ice starts, e.g. 5, 6."),
        verbose_name=_("extremities"),
    )
    adjacency = models.CharField(
        max_length=300,
        blank=True,
        help_text=_("Adjacent gear slots, e.g. 2-3, 3-4, 4-5."),
        verbose_name=_("adjacency"),
    )
    focus_adjacency = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Adjacent focus slots, e.g. 1-2, 2-3."),
        verbose_name=_("focus adjacency"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots people")
        ordering = ["name"]
        verbose_name_plural = _("Slots peoples")
        constraints = [
            CheckConstraint(
                condition=Q(focus_slots__gte=1, focus_slots__lte=MAX_FOCUS),
                name="slotspeople_focus_range",
            ),
            CheckConstraint(
                condition=Q(head__gte=2, head__lte=MAX_GEAR), name="slotspeople_head_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors = {}
        for field, parse in (
            ("adjacency", _pairs),
            ("focus_adjacency", _pairs),
            ("extremities", _numbers),
        ):
            try:
                parse(getattr(self, field))
            except ValidationError as error:
                errors[field] = error.messages
        if self.focus_slots is not None and not 1 <= self.focus_slots <= MAX_FOCUS:
            errors["focus_slots"] = [
                _("a people has 1 to %(most)s focus slots") % {"most": MAX_FOCUS}
            ]
        if errors:
            raise ValidationError(errors)

    def adjacent_pairs(self) -> list[tuple[int, int]]:
        return _pairs(self.adjacency)

    def focus_pairs(self) -> list[tuple[int, int]]:
        return _pairs(self.focus_adjacency)

    def extremity_numbers(self) -> list[int]:
        return _numbers(self.extremities)


class SlotsPeopleSlot(models.Model):
    """One numbered gear slot of a people: body, grip or pack, and its name."""

    people = models.ForeignKey(
        SlotsPeople, on_delete=models.CASCADE, related_name="slots", verbose_name=_("people")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    kind = models.CharField(
        max_length=4, choices=[(k, words.KINDS[k]) for k in SLOT_KINDS], verbose_name=_("kind")
    )
    name = models.CharField(max_length=40, verbose_name=_("name"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots people slot")
        ordering = ["people", "number"]
        constraints = [
            UniqueConstraint(fields=["people", "number"], name="slotspeopleslot_unique_number"),
            CheckConstraint(
                condition=Q(number__gte=2, number__lte=MAX_GEAR),
                name="slotspeopleslot_number_range",
            ),
            CheckConstraint(condition=Q(kind__in=SLOT_KINDS), name="slotspeopleslot_kind_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name} ({self.kind})"

    def clean(self) -> None:
        if self.number is not None and not 2 <= self.number <= MAX_GEAR:
            raise ValidationError(
                {
                    "number": _(
                        "gear slots are numbered 2 to %(most)s (a gear roll of 1 names no slot)"
                    )
                    % {"most": MAX_GEAR}
                }
            )


class SlotsSheet(models.Model):
    character = models.OneToOneField(
        "sheets.Character",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="slots",
        verbose_name=_("character"),
    )
    people = models.ForeignKey(
        SlotsPeople, on_delete=models.PROTECT, related_name="sheets", verbose_name=_("people")
    )
    notes = models.TextField(blank=True, verbose_name=_("notes"))
    pack_dropped = models.BooleanField(
        default=False,
        help_text=_("A dropped pack counts as empty for every check while it is down."),
        verbose_name=_("pack dropped"),
    )
    unconscious = models.BooleanField(default=False, verbose_name=_("unconscious"))
    dead = models.BooleanField(default=False, verbose_name=_("dead"))
    # Time: tries spent in the cold (ice worsens every 5/10/20 by clothing) and resting
    # (5 tries clear one exhaustion); counters the GM's time actions move.
    cold_tries = models.PositiveSmallIntegerField(default=0, verbose_name=_("cold tries"))
    rest_tries = models.PositiveSmallIntegerField(default=0, verbose_name=_("rest tries"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots sheet")
        constraints = [
            CheckConstraint(condition=Q(cold_tries__lte=100), name="slotssheet_cold_range"),
            CheckConstraint(condition=Q(rest_tries__lte=100), name="slotssheet_rest_range"),
        ]

    def __str__(self) -> str:
        return f"{self.character} ({self.people})"


class SlotsItem(models.Model):
    """An item in a gear slot: its tags are what the checks read."""

    sheet = models.ForeignKey(
        SlotsSheet, on_delete=models.CASCADE, related_name="items", verbose_name=_("sheet")
    )
    slot = models.PositiveSmallIntegerField(verbose_name=_("slot"))
    name = models.CharField(max_length=80, verbose_name=_("name"))
    tags = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Comma-separated game tags."),
        verbose_name=_("tags"),
    )
    free_tags = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Your own words (magical, hot...), comma-separated."),
        verbose_name=_("free tags"),
    )
    wrapped = models.BooleanField(
        default=False, help_text=_("Rigid but wrapped: does not clank."), verbose_name=_("wrapped")
    )
    damaged = models.BooleanField(default=False, verbose_name=_("damaged"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots item")
        ordering = ["slot", "pk"]
        constraints = [
            CheckConstraint(
                condition=Q(slot__gte=2, slot__lte=MAX_GEAR), name="slotsitem_slot_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def tag_list(self) -> list[str]:
        return [t.strip() for t in self.tags.split(",") if t.strip()]

    def free_tag_list(self) -> list[str]:
        return [t.strip().lower() for t in self.free_tags.split(",") if t.strip()]

    def clean(self) -> None:
        unknown = [t for t in self.tag_list() if t not in GEAR_TAGS]
        if unknown:
            raise ValidationError(
                {
                    "tags": _("%(tag)s is not a game tag; put it in the free tags")
                    % {"tag": repr(unknown[0])}
                }
            )
        if self.sheet_id and self.slot is not None:
            numbers = self.sheet.people.slots.values_list("number", flat=True)
            if self.slot not in numbers:
                raise ValidationError(
                    {"slot": _("this sheet has no gear slot %(number)s") % {"number": self.slot}}
                )


class SlotsIdea(models.Model):
    """An idea in a focus slot: a spell, bond, devotion or interest (aiming, heeding)."""

    sheet = models.ForeignKey(
        SlotsSheet, on_delete=models.CASCADE, related_name="ideas", verbose_name=_("sheet")
    )
    slot = models.PositiveSmallIntegerField(verbose_name=_("slot"))
    kind = models.CharField(
        max_length=10,
        choices=[(k, capfirst(words.IDEA_KINDS[k])) for k in IDEA_KINDS],
        verbose_name=_("kind"),
    )
    name = models.CharField(max_length=80, verbose_name=_("name"))
    target = models.CharField(
        max_length=80,
        blank=True,
        help_text=_("Who or what is aimed at or heeded."),
        verbose_name=_("target"),
    )
    concentrating = models.BooleanField(default=False, verbose_name=_("concentrating"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots idea")
        ordering = ["slot"]
        constraints = [
            UniqueConstraint(fields=["sheet", "slot"], name="slotsidea_one_per_slot"),
            CheckConstraint(
                condition=Q(slot__gte=1, slot__lte=MAX_FOCUS), name="slotsidea_slot_range"
            ),
            CheckConstraint(condition=Q(kind__in=IDEA_KINDS), name="slotsidea_kind_valid"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.sheet_id and self.slot is not None and self.slot > self.sheet.people.focus_slots:
            raise ValidationError(
                {"slot": _("this sheet has no focus slot %(number)s") % {"number": self.slot}}
            )


AREAS = ("gear", "focus")
WOUNDS = ("open", "closed")
CONDITION_NAMES = tuple(CONDITION_AREAS)
# the admin's words for a mark's area and wound (the sheet's own are in words.py)
AREA_WORDS = {
    "gear": pgettext_lazy("Slots area", "Gear"),
    "focus": pgettext_lazy("Slots area", "Focus"),
}
WOUND_WORDS = {
    "open": pgettext_lazy("Slots wound", "Open"),
    "closed": pgettext_lazy("Slots wound", "Closed"),
}


class SlotsMark(models.Model):
    """How one slot is marked: a wound (body slots only) and at most one condition.
    One row per slot (unique), so a slot can never hold two conditions."""

    sheet = models.ForeignKey(
        SlotsSheet, on_delete=models.CASCADE, related_name="marks", verbose_name=_("sheet")
    )
    area = models.CharField(
        max_length=5, choices=[(a, AREA_WORDS[a]) for a in AREAS], verbose_name=_("area")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    wound = models.CharField(
        max_length=6,
        blank=True,
        choices=[(w, WOUND_WORDS[w]) for w in WOUNDS],
        verbose_name=_("wound"),
    )
    condition = models.CharField(
        max_length=12,
        blank=True,
        choices=[(c, capfirst(words.CONDITIONS[c])) for c in CONDITION_NAMES],
        verbose_name=_("condition"),
    )
    burning_rounds = models.PositiveSmallIntegerField(default=0, verbose_name=_("burning rounds"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots mark")
        ordering = ["area", "number"]
        constraints = [
            UniqueConstraint(fields=["sheet", "area", "number"], name="slotsmark_one_per_slot"),
            CheckConstraint(condition=Q(area__in=AREAS), name="slotsmark_area_valid"),
            CheckConstraint(condition=Q(wound__in=("", *WOUNDS)), name="slotsmark_wound_valid"),
            CheckConstraint(condition=Q(wound="") | Q(area="gear"), name="slotsmark_wound_in_gear"),
            CheckConstraint(
                condition=Q(condition__in=("", *CONDITION_NAMES)),
                name="slotsmark_condition_valid",
            ),
            CheckConstraint(
                condition=Q(burning_rounds=0) | Q(condition="fire"),
                name="slotsmark_burning_only_fire",
            ),
            CheckConstraint(
                condition=Q(number__gte=1, number__lte=MAX_GEAR), name="slotsmark_number_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.area} {self.number}: {self.wound or '-'} {self.condition or '-'}"

    def clean(self) -> None:
        if not self.sheet_id or self.number is None:
            return
        people = self.sheet.people
        if self.area == "focus":
            kind = "focus"
            if self.number > people.focus_slots:
                raise ValidationError(
                    {
                        "number": _("this sheet has no focus slot %(number)s")
                        % {"number": self.number}
                    }
                )
        else:
            slot = people.slots.filter(number=self.number).first()
            if slot is None:
                raise ValidationError(
                    {
                        "number": _("this sheet has no gear slot %(number)s")
                        % {"number": self.number}
                    }
                )
            kind = slot.kind
            if self.wound and kind != "body":
                raise ValidationError({"wound": _("Wounds go in body slots only.")})
        if self.condition and kind not in CONDITION_AREAS[self.condition]:
            raise ValidationError(
                {
                    "condition": _("%(condition)s cannot mark this slot")
                    % {"condition": words.condition(self.condition)}
                }
            )


class SlotsClock(models.Model):
    """The party's time (one row per party), moved on by the GM: rounds in the current
    fight, tries spent adventuring, and the cold the party is out in. Passing a round or
    a try applies the time rules to every Slots sheet of the party."""

    COLD = [
        ("", _("Not in extreme cold")),
        ("5", _("Extreme cold (ice worsens every 5 tries)")),
        ("10", _("Extreme cold, well-clothed (every 10)")),
        ("20", _("Extreme cold, dressed for it (every 20)")),
    ]

    party = models.OneToOneField(
        "sheets.Party",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="slots_clock",
        verbose_name=_("party"),
    )
    rounds = models.PositiveIntegerField(default=0, verbose_name=_("rounds"))
    tries = models.PositiveIntegerField(default=0, verbose_name=_("tries"))
    cold = models.CharField(
        max_length=2, choices=COLD, default="", blank=True, verbose_name=_("cold")
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("slots clock")
        constraints = [
            CheckConstraint(condition=Q(rounds__lte=100_000), name="slotsclock_rounds_range"),
            CheckConstraint(condition=Q(tries__lte=100_000), name="slotsclock_tries_range"),
            CheckConstraint(condition=Q(cold__in=["", "5", "10", "20"]), name="slotsclock_cold"),
        ]

    def __str__(self):
        return f"{self.party}: round {self.rounds}, try {self.tries}"
