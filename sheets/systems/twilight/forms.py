"""Twilight: 2000 4E sheet forms: the sheet's own fields (saved one at a time by the
editing machinery) and one ModelForm per list of rows."""

from decimal import Decimal

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from sheets.editing.forms import add_form_helper, limit
from sheets.systems.twilight import rules
from sheets.systems.twilight.models import (
    TwilightArmor,
    TwilightGear,
    TwilightInjury,
    TwilightMagazine,
    TwilightSheet,
    TwilightSpecialty,
    TwilightWeapon,
)

IDENTITY = (
    "nationality", "branch", "rank", "age", "appearance", "moral_code", "big_dream", "buddy",
)  # fmt: skip
CONDITION = ("damage", "stress", "radiation", "radiation_permanent", "experience")
COUNTER_NAMES = {"damage": _("Damage"), "stress": _("Stress")}


class TwilightSheetForm(forms.ModelForm):
    class Meta:
        model = TwilightSheet
        fields = [
            *IDENTITY, "notes", *rules.ATTRIBUTES, *rules.SKILLS, "coolness_under_fire",
            *CONDITION,
        ]  # fmt: skip
        labels = {
            **{name: gettext_lazy(rules.ATTRIBUTE_SHORT[name]) for name in rules.ATTRIBUTES},
            **{name: gettext_lazy(label) for name, label in rules.SKILL_LABELS.items()},
            "nationality": _("Nationality"),
            "branch": _("Branch"),
            "rank": _("Rank"),
            "age": _("Age"),
            "appearance": _("Appearance"),
            "buddy": _("Buddy"),
            "notes": _("Notes"),
            "damage": _("Damage"),
            "stress": _("Stress"),
            "moral_code": _("Moral code"),
            "big_dream": _("Big dream"),
            "coolness_under_fire": _("Coolness under fire"),
            "radiation": _("Rad points"),
            "radiation_permanent": _("Permanent rads"),
            "experience": _("Experience"),
        }
        widgets = {"notes": forms.Textarea(attrs={"rows": 6})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "age" in self.fields:
            limit(self.fields["age"], 14, 99)
        for name in ("damage", "stress"):
            if name in self.fields:
                limit(self.fields[name], 0, rules.MAX_CAPACITY)
        for name in ("radiation", "radiation_permanent"):
            if name in self.fields:
                limit(self.fields[name], 0, rules.RAD_BOXES)
        if "experience" in self.fields:
            limit(self.fields["experience"], 0, 99)

    def current(self, name):
        if name in self.fields:
            return self.cleaned_data.get(name)
        return getattr(self.instance, name)

    def clean(self):
        cleaned = super().clean()
        checks = (
            ("damage", ("strength", "agility"), _("hit capacity"), rules.hit_capacity),
            ("stress", ("intelligence", "empathy"), _("stress capacity"), rules.stress_capacity),
        )
        for counter, attributes, what, capacity_of in checks:
            names = (counter, *attributes)
            if not any(name in self.fields for name in names):
                continue
            values = {name: self.current(name) for name in names}
            if any(value in (None, "") for value in values.values()):
                continue
            probe = type("Probe", (), values)
            capacity = capacity_of(probe)
            if values[counter] > capacity:
                if counter in self.fields:
                    self.add_error(
                        counter,
                        gettext(
                            "%(counter)s cannot pass the %(what)s (%(capacity)s): "
                            "at %(capacity)s the character is broken."
                        )
                        % {"counter": COUNTER_NAMES[counter], "what": what, "capacity": capacity},
                    )
                else:
                    edited = next(name for name in attributes if name in self.fields)
                    self.add_error(
                        edited,
                        gettext(
                            "With this level the %(what)s would be %(capacity)s, below the "
                            "%(counter)s taken (%(taken)s): heal it first."
                        )
                        % {
                            "what": what,
                            "capacity": capacity,
                            "counter": str(COUNTER_NAMES[counter]).lower(),
                            "taken": values[counter],
                        },
                    )
        rads = ("radiation", "radiation_permanent")
        if any(name in self.fields for name in rads):
            values = [self.current(name) for name in rads]
            if None not in values and sum(values) > rules.RAD_BOXES:
                edited = next(name for name in rads if name in self.fields)
                self.add_error(
                    edited,
                    gettext(
                        "Rad points and permanent rads share %(boxes)s boxes: "
                        "%(rads)s + %(permanent)s is too many."
                    )
                    % {"boxes": rules.RAD_BOXES, "rads": values[0], "permanent": values[1]},
                )
        return cleaned


class UnitsField(forms.DecimalField):
    """A weight in encumbrance units, written as people write it: 1, 0.5, 0.25."""

    def prepare_value(self, value):
        if isinstance(value, Decimal):
            return rules.format_units(value)
        return super().prepare_value(value)


def _weight(field):
    field.min_value = 0
    field.validators.append(MinValueValidator(0))
    field.widget.attrs.update(min=0, step="any")


class SpecialtyForm(forms.ModelForm):
    row_columns = {"name": "col-12 col-sm-4", "skill": "col-6 col-sm-3", "effect": "col"}

    class Meta:
        model = TwilightSpecialty
        fields = ["name", "skill", "effect"]
        labels = {"name": _("Specialty"), "skill": _("Skill"), "effect": _("What it gives")}

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"), ("skill", "col-6 col-md-3"), ("effect", "col-12 col-md-5")
        )


class WeaponForm(forms.ModelForm):
    row_columns = {
        "name": "col-12 col-sm-4",
        "skill": "col-6 col-sm-4",
        "damage": "col-4 col-sm-2",
        "crit_threshold": "col-4 col-sm-2",
        "armor_modifier": "col-4 col-sm-2",
        "range": "col-4 col-sm-2",
        "rate_of_fire": "col-4 col-sm-2",
        "reliability": "col-4 col-sm-2",
        "reliability_max": "col-4 col-sm-2",
        "magazine_capacity": "col-4 col-sm-2",
        "rounds_loaded": "col-4 col-sm-2",
        "weight": "col-4 col-sm-2",
        "jammed": "col-6 col-sm-2 align-self-center",
    }

    class Meta:
        model = TwilightWeapon
        fields = [
            "name", "skill", "damage", "crit_threshold", "armor_modifier", "range",
            "rate_of_fire", "reliability", "reliability_max", "magazine_capacity",
            "rounds_loaded", "weight", "jammed",
        ]  # fmt: skip
        field_classes = {"weight": UnitsField}
        labels = {
            "name": _("Weapon"),
            "skill": _("Skill"),
            "damage": _("Damage"),
            "range": _("Range"),
            "weight": _("Weight"),
            "jammed": _("Jammed"),
            "crit_threshold": _("Crit"),
            "armor_modifier": _("Armor mod"),
            "rate_of_fire": _("RoF"),
            "reliability": _("Reliability"),
            "reliability_max": _("of max"),
            "magazine_capacity": _("Magazine"),
            "rounds_loaded": _("Rounds"),
        }
        help_texts = {"magazine_capacity": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["damage"], 0, 20)
        limit(self.fields["crit_threshold"], 1, 20)
        limit(self.fields["armor_modifier"], -10, 10)
        limit(self.fields["rate_of_fire"], 0, 6)
        limit(self.fields["reliability"], 0, 10)
        limit(self.fields["reliability_max"], 1, 10)
        limit(self.fields["magazine_capacity"], 0, 300)
        limit(self.fields["rounds_loaded"], 0, 300)
        _weight(self.fields["weight"])

    def clean(self):
        cleaned = super().clean()
        pairs = (
            (
                "reliability",
                "reliability_max",
                _("Reliability cannot pass its maximum (%(high)s)."),
            ),
            (
                "rounds_loaded",
                "magazine_capacity",
                _("A magazine of %(high)s holds no more rounds."),
            ),
        )
        for low_name, high_name, message in pairs:
            low = cleaned.get(low_name, getattr(self.instance, low_name))
            high = cleaned.get(high_name, getattr(self.instance, high_name))
            if low is not None and high is not None and low > high:
                field = low_name if low_name in self.fields else high_name
                self.add_error(field, message % {"high": high})
        return cleaned

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"), ("skill", "col-6 col-md-4"), ("damage", "col-4 col-md-2"),
            ("crit_threshold", "col-4 col-md-2"), ("armor_modifier", "col-4 col-md-2"),
            ("range", "col-4 col-md-2"), ("rate_of_fire", "col-4 col-md-2"),
            ("reliability", "col-4 col-md-2"), ("reliability_max", "col-4 col-md-2"),
            ("magazine_capacity", "col-4 col-md-2"), ("rounds_loaded", "col-4 col-md-2"),
            ("weight", "col-4 col-md-2"), ("jammed", "col-6 col-md-2 align-self-center"),
        )  # fmt: skip


class MagazineForm(forms.ModelForm):
    """A spare magazine or belt. The weapon it fits is chosen among the sheet's own
    firearms, read from the sheet's prefetched weapons (no query per row)."""

    row_columns = {"weapon": "col-12 col-sm-5", "kind": "col-6 col-sm-4", "rounds": "col"}
    weapon = forms.TypedChoiceField(label=_("Fits"), required=False, coerce=int, empty_value=None)

    class Meta:
        model = TwilightMagazine
        fields = ["weapon", "kind", "rounds"]
        labels = {"kind": _("Magazine or belt"), "rounds": _("Rounds")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["rounds"], 0, 300)
        self.firearms = {
            weapon.pk: weapon for weapon in self.instance.sheet.weapons.all() if weapon.firearm
        }
        self.fields["weapon"].choices = [("", gettext("any weapon"))] + [
            (pk, weapon.name) for pk, weapon in self.firearms.items()
        ]
        self.fields["weapon"].error_messages["invalid_choice"] = _(
            "Choose one of this character's firearms."
        )

    def clean_weapon(self):
        pk = self.cleaned_data.get("weapon")
        return self.firearms.get(pk) if pk is not None else None

    def clean(self):
        cleaned = super().clean()
        weapon = cleaned.get("weapon") if "weapon" in self.fields else self.instance.weapon
        rounds = cleaned.get("rounds", self.instance.rounds)
        if weapon is not None and rounds is not None and rounds > weapon.magazine_capacity:
            field = "rounds" if "rounds" in self.fields else "weapon"
            self.add_error(
                field,
                gettext("The %(weapon)s's magazine holds %(capacity)s rounds.")
                % {"weapon": weapon.name, "capacity": weapon.magazine_capacity},
            )
        return cleaned

    @property
    def helper(self):
        return add_form_helper(
            ("weapon", "col-12 col-md-5"), ("kind", "col-6 col-md-4"), ("rounds", "col-6 col-md-3")
        )


class ArmorForm(forms.ModelForm):
    row_columns = {
        "name": "col-12 col-sm-4",
        "rating": "col-4 col-sm-2",
        "covers_head": "col-auto align-self-center",
        "covers_torso": "col-auto align-self-center",
        "covers_arms": "col-auto align-self-center",
        "covers_legs": "col-auto align-self-center",
    }

    class Meta:
        model = TwilightArmor
        fields = ["name", "rating", "covers_head", "covers_torso", "covers_arms", "covers_legs"]
        labels = {"name": _("Armor"), "rating": _("Rating")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["rating"], 0, 10)

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"), ("rating", "col-4 col-md-2"),
            ("covers_head", "col-auto"), ("covers_torso", "col-auto"),
            ("covers_arms", "col-auto"), ("covers_legs", "col-auto"),
        )  # fmt: skip


class GearForm(forms.ModelForm):
    row_columns = {"name": "col", "weight": "col-3"}  # Remove beside them

    class Meta:
        model = TwilightGear
        fields = ["name", "weight"]
        field_classes = {"weight": UnitsField}
        labels = {"name": _("Item"), "weight": _("Weight")}
        help_texts = {"weight": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _weight(self.fields["weight"])

    @property
    def helper(self):
        return add_form_helper(("name", "col-8"), ("weight", "col-4"))


class InjuryForm(forms.ModelForm):
    row_columns = {
        "name": "col-12 col-sm-4",
        "location": "col-6 col-sm-2",
        "lethal": "col-6 col-sm-2 align-self-center",
        "time_limit": "col-6 col-sm-2",
        "healing_time": "col-6 col-sm-2",
        "effect": "col-12",
    }

    class Meta:
        model = TwilightInjury
        fields = ["name", "location", "lethal", "time_limit", "healing_time", "effect"]
        labels = {
            "name": _("Critical injury"),
            "location": _("Location"),
            "lethal": _("Lethal"),
            "time_limit": _("Time limit"),
            "healing_time": _("Healing time"),
            "effect": _("Effect"),
        }
        help_texts = {"time_limit": ""}

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"), ("location", "col-6 col-md-2"),
            ("lethal", "col-6 col-md-2"), ("time_limit", "col-6 col-md-2"),
            ("healing_time", "col-6 col-md-2"), ("effect", "col-12"),
        )  # fmt: skip
