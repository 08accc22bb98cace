"""Mutant: Year Zero sheet forms.

``MutantSheetForm`` holds every field of the sheet itself; the editing views build it
for one field at a time (the field a player just changed), so its cross-field checks
read the other values from the stored sheet when they are not in the form. The row
forms (gear, weapons, talents, mutations) are edited the same way, row by row, and
their crispy helpers lay out the "add a row" forms.
"""

from decimal import Decimal

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from sheets.editing.fields import set_look
from sheets.editing.forms import CrossFieldMixin, add_form_helper, limit
from sheets.systems.mutant import rules
from sheets.systems.mutant.models import (
    ATTRIBUTES,
    BASE_SKILLS,
    BOX_MAX,
    COUNTERS,
    TIME_LIMIT_MESSAGE,
    TRAUMA,
    MutantArtifact,
    MutantCriticalInjury,
    MutantGearLine,
    MutantMutation,
    MutantSheet,
    MutantTalent,
    MutantWeapon,
)

SCORE_LIMITS = (0, 10)  # the database's limits for attributes, trauma and skills
RATING_LIMITS = (0, 20)
BONUS_LIMITS = (-10, 10)
DAMAGE_LIMITS = (0, 20)
PAPER_SHEET_TEXTS = ("relationships", "pc_you_hate", "pc_to_protect", "big_dream", "notes")
SUPPLY_MESSAGE = _("%(label)s counts 0 to %(max)s (4 to a line of gear, in the encumbrance).")


def translated(labels: dict) -> dict:
    """The rules' English names (marked there for the catalogue), in the reader's words."""
    return {key: gettext_lazy(label) for key, label in labels.items()}


class MutantSheetForm(CrossFieldMixin, forms.ModelForm):
    class Meta:
        model = MutantSheet
        fields = [
            "role", "face", "body", "clothing",
            *ATTRIBUTES, *TRAUMA.values(), *BASE_SKILLS, "specialist_skill",
            *COUNTERS,
            "armor_name", "armor_rating", "armor_natural", "rot_suit_name", "rot_suit_rating",
            *PAPER_SHEET_TEXTS, *rules.SUPPLIES, *rules.CONDITIONS,
        ]  # fmt: skip
        labels = {
            **{
                name: pgettext_lazy(rules.ATTRIBUTE_CONTEXT, label)
                for name, label in rules.ATTRIBUTE_LABELS.items()
            },
            **translated(rules.TRAUMA_LABELS),
            **translated(rules.SKILL_LABELS),
            "role": _("Role"),
            "rot_temporary": _("Temporary rot points"),
            "rot_permanent": _("Permanent rot points"),
            "experience": _("Experience points"),
            "mutation_points": _("Mutation points"),
            "armor_name": _("Armor"),
            "armor_rating": _("Armor rating"),
            "armor_natural": _("Natural armor"),
            "rot_suit_name": _("Rot suit"),
            "rot_suit_rating": _("Rot suit rating"),
            "relationships": _("Relationships to the party"),
            "pc_you_hate": _("The PC you hate"),
            "pc_to_protect": _("The PC you need to protect"),
            "big_dream": _("Big dream"),
            "notes": _("Notes"),
            **translated(rules.SUPPLY_LABELS),
            **translated(rules.CONDITION_LABELS),
        }
        help_texts = {"specialist_skill": "", "armor_natural": "", "relationships": ""}
        widgets = {
            "relationships": forms.Textarea(attrs={"rows": 3}),
            "notes": forms.Textarea(attrs={"rows": 6}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in (*ATTRIBUTES, *TRAUMA.values(), *BASE_SKILLS, "specialist_skill"):
            limit(self.fields[name], *SCORE_LIMITS)
        for name in COUNTERS:
            limit(self.fields[name], 0, BOX_MAX)
        for name in ("armor_rating", "rot_suit_rating"):
            limit(self.fields[name], *RATING_LIMITS)
        for name in rules.SUPPLIES:
            if name in self.fields:
                limit(self.fields[name], 0, rules.SUPPLY_MAX)
                self.fields[name].error_messages.update(
                    min_value=SUPPLY_MESSAGE
                    % {"label": self.fields[name].label, "max": rules.SUPPLY_MAX},
                    max_value=SUPPLY_MESSAGE
                    % {"label": self.fields[name].label, "max": rules.SUPPLY_MAX},
                )
        # the paper sheet's boxes: an attribute's score and trauma beside its name, a
        # skill's level on its line, a counter beside its boxes
        for name in ATTRIBUTES:
            set_look(self.fields[name], "value-input is-big", hide_label=True)
        for name in TRAUMA.values():
            set_look(self.fields[name], "value-input trauma-input", hide_label=True)
        for name in (*BASE_SKILLS, "specialist_skill"):
            set_look(self.fields[name], "value-input", hide_label=True)
        for name in COUNTERS:
            set_look(self.fields[name], "value-input")
        # The specialist skill goes by the role's name: "Intimidate" for an Enforcer.
        role_slug = self.instance.role if self.instance else None
        self.fields["specialist_skill"].label = gettext(
            rules.skill_label("specialist_skill", role_slug)
        )

    def clean(self):
        cleaned = super().clean()
        for attribute, trauma in TRAUMA.items():
            if not self._both_valid(attribute, trauma):
                continue
            score, hurt = self.current(attribute), self.current(trauma)
            if hurt > score:
                attribute_label = pgettext(
                    rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS[attribute]
                )
                trauma_label = gettext(rules.TRAUMA_LABELS[trauma])
                if trauma in self.fields:
                    message = gettext(
                        "%(trauma)s cannot be more than %(attribute)s (%(score)s): "
                        "at %(score)s the attribute is broken."
                    ) % {"trauma": trauma_label, "attribute": attribute_label, "score": score}
                    self.error_on([trauma], message)
                else:
                    message = gettext(
                        "%(attribute)s cannot be lower than its %(trauma)s (%(hurt)s): "
                        "heal the trauma first."
                    ) % {"attribute": attribute_label, "trauma": trauma_label.lower(), "hurt": hurt}
                    self.error_on([attribute], message)
        if self._both_valid("rot_temporary", "rot_permanent"):
            temporary, permanent = self.current("rot_temporary"), self.current("rot_permanent")
            if temporary + permanent > BOX_MAX:
                self.error_on(
                    ["rot_temporary", "rot_permanent"],
                    gettext(
                        "Temporary and permanent rot share %(boxes)s boxes: "
                        "%(temporary)s + %(permanent)s is too many."
                    )
                    % {"boxes": BOX_MAX, "temporary": temporary, "permanent": permanent},
                )
        return cleaned

    def _both_valid(self, *names):
        """True when each name is either valid in this form or not edited by it."""
        edited = [name for name in names if name in self.fields]
        return bool(edited) and all(name in self.cleaned_data for name in edited)


class LinesField(forms.DecimalField):
    """A weight in lines, shown as people write it: 1, 0.5, 0.25 (not 1.00)."""

    def prepare_value(self, value):
        if isinstance(value, Decimal):
            return rules.format_lines(value)
        return super().prepare_value(value)


class GearLineForm(forms.ModelForm):
    # Column classes of each field when a row is shown on the sheet.
    row_columns = {
        # the name takes what the others leave, so Remove stays on the row's line; in a
        # narrow list (beside the weapons) it has a line of its own (sheet.css)
        "name": "col-12 col-sm row-name",
        "weight": "col-4 col-sm-2",
        "bonus": "col-4 col-sm-2",
        "tiny": "col-4 col-sm-auto align-self-center",
    }

    class Meta:
        model = MutantGearLine
        fields = ["name", "weight", "bonus", "tiny"]
        field_classes = {"weight": LinesField}
        labels = {"name": _("Item"), "weight": _("Weight (lines)"), "bonus": _("Gear bonus")}
        help_texts = {"weight": "", "tiny": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        weight_in_lines(self.fields["weight"])
        limit(self.fields["bonus"], *BONUS_LIMITS)

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-5"),
            ("weight", "col-4 col-md-2"),
            ("bonus", "col-4 col-md-2"),
            ("tiny", "col-4 col-md-3 align-self-center"),
        )


def weight_in_lines(field) -> None:
    """A weight in lines: 0 or more, in any fraction (0.5, 0.25)."""
    field.min_value = 0
    field.validators.append(MinValueValidator(0))
    field.widget.attrs.update(min=0, step="any")


class WeaponForm(forms.ModelForm):
    row_columns = {
        # as the add form: the weapon's figures on one line, its weight and special
        # under them (the list is half the tab wide: one line of six cut the heads short)
        "name": "col-12 col-sm-4",
        "bonus": "col-4 col-sm-2",
        "damage": "col-4 col-sm-2",
        "range": "col-4 col-sm-4",
        "weight": "col-4 col-sm-3",
        "special": "col",
    }

    class Meta:
        model = MutantWeapon
        fields = ["name", "bonus", "damage", "range", "weight", "special"]
        field_classes = {"weight": LinesField}
        labels = {
            "name": _("Weapon"),
            "bonus": _("Bonus"),
            "damage": _("Damage"),
            "range": _("Range"),
            "weight": _("Weight (lines)"),
        }
        help_texts = {"bonus": "", "weight": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["bonus"], *BONUS_LIMITS)
        limit(self.fields["damage"], *DAMAGE_LIMITS)
        weight_in_lines(self.fields["weight"])

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"),
            ("bonus", "col-4 col-md-2"),
            ("damage", "col-4 col-md-2"),
            ("range", "col-4 col-md-4"),
            ("weight", "col-4 col-md-3"),
            ("special", "col-8 col-md-9"),
        )


class TalentForm(forms.ModelForm):
    row_columns = {"name": "col"}

    class Meta:
        model = MutantTalent
        fields = ["name"]
        labels = {"name": _("Talent")}

    @property
    def helper(self):
        return add_form_helper(("name", "col-12"))


class MutationForm(forms.ModelForm):
    row_columns = {"name": "col"}

    class Meta:
        model = MutantMutation
        fields = ["name"]
        labels = {"name": _("Mutation")}

    @property
    def helper(self):
        return add_form_helper(("name", "col-12"))


class ArtifactForm(forms.ModelForm):
    row_columns = {"name": "col-12 col-sm-5", "effect": "col-12 col-sm"}  # Remove beside

    class Meta:
        model = MutantArtifact
        fields = ["name", "effect"]
        labels = {"name": _("Artifact"), "effect": _("Effect")}
        help_texts = {"effect": ""}

    @property
    def helper(self):
        return add_form_helper(("name", "col-12 col-md-5"), ("effect", "col-12 col-md-7"))


class CriticalInjuryForm(forms.ModelForm):
    row_columns = {
        # two lines, as the add form: what it is, then its clock (and Remove)
        "name": "col-12 col-sm-5",
        "effect": "col-12 col-sm-7",
        "lethal": "col-auto align-self-center",
        "time_limit": "col",
        "healing_time": "col",
    }

    class Meta:
        model = MutantCriticalInjury
        fields = ["name", "effect", "lethal", "time_limit", "healing_time"]
        labels = {
            "name": _("Critical injury"),
            "effect": _("Effect"),
            "lethal": _("Lethal"),
            "time_limit": _("Time limit"),
            "healing_time": _("Healing time"),
        }
        help_texts = {"time_limit": "", "healing_time": ""}

    def clean(self):
        cleaned = super().clean()
        # Edited one field at a time, the form reads the other from the stored row.
        lethal = cleaned.get("lethal") if "lethal" in self.fields else self.instance.lethal
        time_limit = (
            cleaned.get("time_limit") if "time_limit" in self.fields else self.instance.time_limit
        )
        if time_limit and not lethal:
            target = "time_limit" if "time_limit" in self.fields else "lethal"
            self.add_error(target, TIME_LIMIT_MESSAGE)
        return cleaned

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"),
            ("effect", "col-12 col-md-8"),
            ("lethal", "col-4 col-md-2 align-self-center"),
            ("time_limit", "col-4 col-md-5"),
            ("healing_time", "col-4 col-md-5"),
        )
