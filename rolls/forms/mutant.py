"""Mutant: Year Zero roll forms, one per roll action in ``sheets/systems/mutant/system.py``.

Each form is built as ``Form(sheet, data=None)``, validates the roll's inputs against
that sheet (its skills, its own weapons and gear, its counters), and offers ``odds()``:
the exact odds of the configuration in the submitted data (field by field, where
valid) or of the defaults, as ``[label, percentage]`` rows. A crispy ``helper`` with
``form_tag=False`` lets the roll template wrap the ``<form>``.
"""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from django import forms

from rolls.actions import mutant as actions
from rolls.dice import mutant as dice
from rolls.dice import mutant_odds
from sheets.systems.mutant import rules

MODIFIER_RANGE = (-3, 3)
MAX_INCOMING = 20
MAX_D6 = 10

NOT_THIS_SHEET = "Choose a weapon or gear from this character's sheet."


class MutantRollForm(forms.Form):
    """Common part: the sheet, the crispy helper, and values for the odds."""

    def __init__(self, sheet, data=None, *args, **kwargs):
        self.sheet = sheet
        super().__init__(data, *args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True

    def get_initial_for_field(self, field, field_name):
        """A value handed in as ``initial`` (a link's query string: ``?skill=fight``) is
        used when the field accepts it; anything else (``?skill=flying``) falls back to
        the field's own default, so a mistyped link never breaks the form or its odds."""
        value = super().get_initial_for_field(field, field_name)
        if field_name not in self.initial:
            return value
        try:
            return field.clean(value)
        except forms.ValidationError:
            return field.initial() if callable(field.initial) else field.initial

    def value(self, name):
        """The submitted value of a field if it is valid, else its default."""
        if self.is_bound:
            self.is_valid()
            value = self.cleaned_data.get(name)
            if value not in (None, ""):
                return value
        return self.get_initial_for_field(self.fields[name], name)

    def odds(self) -> list[list[str]]:
        raise NotImplementedError


def _number(label, low, high, initial, help_text="", unit="") -> forms.IntegerField:
    span = f"{low:+d} to {high:+d}" if low < 0 else f"{low} to {high}"
    message = f"{label} runs from {span}{unit}."
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=initial,
        help_text=help_text,
        error_messages={
            "min_value": message,
            "max_value": message,
            "invalid": f"{label} must be a whole number.",
            "required": f"Give the {label.lower()}.",
        },
    )


class SkillRollForm(MutantRollForm):
    skill = forms.ChoiceField(label="Skill")
    modifier = _number(
        "Modifier", *MODIFIER_RANGE, 0,
        help_text="Situation bonus or penalty in skill dice; below 0 dice, negative dice.",
    )  # fmt: skip
    gear = forms.ChoiceField(
        label="Weapon or gear",
        required=False,
        error_messages={"invalid_choice": NOT_THIS_SHEET},
        help_text="Its bonus adds gear dice.",
    )
    insist = forms.BooleanField(
        label="Roll anyway with 0 base dice (the attribute is broken)",
        required=False,
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        skills = []
        for key in rules.skills():
            attribute = rules.skill_attribute(key, sheet.role)
            name = rules.skill_label(key, sheet.role)
            level = rules.skill_level(sheet, key)
            base = rules.base_dice(sheet, attribute)
            specialist = ", specialist" if key == rules.SPECIALIST_FIELD else ""
            label = (
                f"{name} ({rules.ATTRIBUTE_LABELS[attribute]}{specialist}): "
                f"{base} base + {level} skill dice"
            )
            if base == 0:
                label += " (broken)"
            skills.append((key, label))
        self.fields["skill"].choices = skills
        self.fields["skill"].initial = skills[0][0]
        if "skill" in self.initial:
            # Opened for one skill (its Roll link on the sheet): start at the skill.
            self.fields["skill"].widget.attrs["autofocus"] = True
        items = [("", "No gear")]
        for weapon in sheet.weapons.all():
            items.append(
                (
                    actions.item_value(weapon),
                    f"{weapon.name}: weapon, bonus {weapon.bonus:+d}, damage {weapon.damage}",
                )
            )
        for line in sheet.gear.all():
            if line.bonus:
                items.append((actions.item_value(line), f"{line.name}: gear bonus {line.bonus:+d}"))
        self.fields["gear"].choices = items

    def clean_gear(self):
        value = self.cleaned_data.get("gear") or ""
        if value and actions.find_item(self.sheet, value) is None:
            raise forms.ValidationError(NOT_THIS_SHEET)
        return value

    def clean(self):
        cleaned = super().clean()
        if "skill" not in cleaned:
            return cleaned
        pool = self.pool(cleaned)
        if pool.broken and not cleaned.get("insist"):
            self.add_error("insist", actions.broken_message(self.sheet, pool.attribute))
        return cleaned

    def pool(self, values=None) -> actions.SkillPool:
        """The dice of the chosen (or default) skill, modifier and gear."""
        if values is None:
            values = {name: self.value(name) for name in ("skill", "modifier", "gear")}
        value = values.get("gear") or ""
        item = actions.find_item(self.sheet, value) if value else None
        modifier = values.get("modifier")
        return actions.skill_pool(self.sheet, values["skill"], modifier or 0, item)

    def odds(self):
        pool = self.pool()
        return mutant_odds.skill_rows(
            mutant_odds.skill_odds(pool.base, pool.skill_dice, pool.gear_dice, pool.negative)
        )


class ArmorRollForm(MutantRollForm):
    incoming = _number("Incoming damage", 1, MAX_INCOMING, 1)
    apply_damage = forms.BooleanField(
        label="Take the damage that gets through as Strength trauma",
        required=False,
        initial=True,
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        rating = sheet.armor_rating
        natural = " (natural: never loses rating)" if sheet.armor_natural else ""
        self.fields["incoming"].help_text = f"Armor rating {rating}{natural}: {rating} gear dice."

    def odds(self):
        odds = mutant_odds.armor_odds(
            self.sheet.armor_rating, self.value("incoming"), self.sheet.armor_natural
        )
        return mutant_odds.armor_rows(odds)


class RotEventForm(MutantRollForm):
    points = _number(
        "Rot points", 1, dice.BOXES, 1,
        help_text="New rot points: one per day, hour or minute by the rot level, "
        "or as many as the rot attack gives.",
    )  # fmt: skip
    source = forms.ChoiceField(
        label="Source", choices=list(actions.ROT_SOURCES.items()), initial="level1"
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        resistant, suit, rot_eater = actions.rot_protection(sheet)
        protection = []
        if resistant:
            protection.append("Rot Resistant: 3 skill dice")
        if suit:
            protection.append(f"rot suit: {suit} gear dice")
        if rot_eater:
            protection.append("Rot-Eater: no damage from the rot")
        self.fields["points"].help_text += (
            " Protection per point: " + "; ".join(protection) + "." if protection else ""
        )

    def odds(self):
        resistant, suit, rot_eater = actions.rot_protection(self.sheet)
        total = rules.rot_total(self.sheet)
        odds = mutant_odds.rot_odds(self.value("points"), total, resistant, suit, rot_eater)
        return mutant_odds.rot_rows(odds, protected=resistant or suit > 0)


class DecontaminationForm(MutantRollForm):
    method = forms.ChoiceField(
        label="Decontamination",
        choices=list(actions.METHODS.items()),
        initial=dice.WASH,
        widget=forms.RadioSelect,
        help_text="Permanent rot points never leave.",
    )

    def clean_method(self):
        method = self.cleaned_data["method"]
        if self.sheet.rot_temporary == 0:
            raise forms.ValidationError(
                "No temporary rot points to lose: permanent rot points never leave."
            )
        return method

    def odds(self):
        leaving = dice.points_leaving(self.sheet.rot_temporary, self.value("method"))
        if leaving == 0:
            return []
        return mutant_odds.decontamination_rows(leaving)


class MutationRollForm(MutantRollForm):
    points = _number("Mutation points to spend", 1, dice.BOXES, 1)
    mutation = forms.ChoiceField(label="Mutation", required=False)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        points = self.fields["points"]
        points.widget.attrs.update(min=1, max=max(1, sheet.mutation_points))
        points.help_text = (
            f"You have {sheet.mutation_points} mutation points; one base die per point spent."
        )
        self.fields["mutation"].choices = [("", "(unnamed)")] + [
            (mutation.name, mutation.name) for mutation in sheet.mutations.all()
        ]

    def clean_points(self):
        points = self.cleaned_data["points"]
        available = self.sheet.mutation_points
        if available == 0:
            raise forms.ValidationError("No mutation points to spend.")
        if not 1 <= points <= available:
            raise forms.ValidationError(f"Spend 1 to {available} mutation points.")
        return points

    def odds(self):
        return mutant_odds.mutation_rows(self.value("points"))


class D6Form(MutantRollForm):
    count = _number("Number of dice", 1, MAX_D6, 1, help_text="The dice are added together.")

    def odds(self):
        return mutant_odds.d6_rows(self.value("count"))


class D66Form(MutantRollForm):
    def odds(self):
        return mutant_odds.d66_rows()
