"""Creating a mutant, in the core rules' order: role, attributes (14 points, the key
attribute up to 5), skills (10 points), a talent, a mutation; then the sheet."""

from django import forms

from sheets.creation import Group, OneRowForm, Step, StepForm
from sheets.systems.mutant import rules
from sheets.systems.mutant.models import BASE_SKILLS, MutantMutation, MutantTalent

HERE = "sheets.systems.mutant.creation"


class RoleForm(StepForm):
    role = forms.ChoiceField(
        choices=[(slug, role.name) for slug, role in rules.ROLES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": "Choose a role: it makes you who you are in the Ark."},
    )
    descriptions = {
        "role": {
            slug: f"Key attribute {rules.ATTRIBUTE_LABELS[role.key_attribute]} · "
            f"specialist skill {role.specialist}"
            for slug, role in rules.ROLES.items()
        }
    }

    def initial_from(self, sheet):
        return {"role": sheet.role or None}

    def layout(self):
        return [Group("Your role", ("role",), kind="cards")]

    def save(self):
        self.save_sheet("Role", {"role": self.cleaned_data["role"]})


def _attribute_field(label):
    return forms.IntegerField(label=label, min_value=2, max_value=rules.CREATION_KEY_ATTRIBUTE)


class AttributesForm(StepForm):
    strength = _attribute_field("Strength")
    agility = _attribute_field("Agility")
    wits = _attribute_field("Wits")
    empathy = _attribute_field("Empathy")

    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.role = rules.ROLES.get(sheet.role)
        low = rules.CREATION_OTHER_ATTRIBUTE[0]
        for name in rules.ATTRIBUTES:
            field = self.fields[name]
            top = self.top(name)
            field.widget.attrs.update(min=low, max=top, inputmode="numeric")
            key = top == rules.CREATION_KEY_ATTRIBUTE
            field.help_text = (
                f"Key attribute of the {self.role.name}: {low} to {top}"
                if key
                else f"{low} to {top}"
            )

    def top(self, name) -> int:
        """The most an attribute starts at: 5 for the role's key attribute, else 4."""
        if self.role is not None and name == self.role.key_attribute:
            return rules.CREATION_KEY_ATTRIBUTE
        return rules.CREATION_OTHER_ATTRIBUTE[1]

    def layout(self):
        key = rules.ATTRIBUTE_LABELS[self.role.key_attribute] if self.role else "your key attribute"
        return [
            Group(
                "Attributes",
                rules.ATTRIBUTES,
                kind="numbers",
                note=f"Spread {rules.CREATION_ATTRIBUTE_POINTS} points: every attribute 2 to 4, "
                f"only {key} up to 5.",
                points=rules.CREATION_ATTRIBUTE_POINTS,
            )
        ]

    def clean(self):
        cleaned = super().clean()
        for name in rules.ATTRIBUTES:
            value = cleaned.get(name)
            if value is not None and value > self.top(name):
                key = rules.ATTRIBUTE_LABELS[self.role.key_attribute] if self.role else "the key"
                self.add_error(
                    name,
                    f"At most {self.top(name)}: only {key} (your key attribute) reaches "
                    f"{rules.CREATION_KEY_ATTRIBUTE}.",
                )
        values = [cleaned.get(name) for name in rules.ATTRIBUTES]
        if None not in values and sum(values) != rules.CREATION_ATTRIBUTE_POINTS:
            raise forms.ValidationError(
                f"Attributes add up to {sum(values)}: spread exactly "
                f"{rules.CREATION_ATTRIBUTE_POINTS} points."
            )
        return cleaned

    def save(self):
        self.save_sheet("Attributes", {name: self.cleaned_data[name] for name in rules.ATTRIBUTES})


class SkillsForm(StepForm):
    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.role = rules.ROLES.get(sheet.role)
        specialist = self.fields[rules.SPECIALIST_FIELD]
        specialist.label = f"{self.role.specialist} (specialist)" if self.role else "Specialist"
        specialist.widget.attrs["min"] = rules.CREATION_SPECIALIST_MIN
        for name in BASE_SKILLS:
            attribute = rules.SKILL_ATTRIBUTES[name]
            self.fields[name].help_text = rules.ATTRIBUTE_LABELS[attribute]
        if self.role:
            specialist.help_text = rules.ATTRIBUTE_LABELS[self.role.specialist_attribute]

    @classmethod
    def _fields(cls):
        fields = {}
        for name in (*BASE_SKILLS, rules.SPECIALIST_FIELD):
            fields[name] = forms.IntegerField(
                label=rules.SKILL_LABELS.get(name, "Specialist skill"),
                required=False,  # empty: no points
                min_value=0,
                max_value=rules.CREATION_SKILL_MAX,
                widget=forms.NumberInput(
                    attrs={"min": 0, "max": rules.CREATION_SKILL_MAX, "inputmode": "numeric"}
                ),
            )
        return fields

    def layout(self):
        return [
            Group(
                "Skills",
                (rules.SPECIALIST_FIELD, *BASE_SKILLS),
                kind="numbers",
                note=f"Spread {rules.CREATION_SKILL_POINTS} points, 0 to "
                f"{rules.CREATION_SKILL_MAX} in a skill, at least "
                f"{rules.CREATION_SPECIALIST_MIN} in your specialist skill.",
                points=rules.CREATION_SKILL_POINTS,
            )
        ]

    def clean(self):
        cleaned = super().clean()
        names = (*BASE_SKILLS, rules.SPECIALIST_FIELD)
        for name in names:
            if name in cleaned and cleaned[name] is None:
                cleaned[name] = 0
        values = [cleaned.get(name) for name in names]
        specialist = cleaned.get(rules.SPECIALIST_FIELD)
        if specialist is not None and specialist < rules.CREATION_SPECIALIST_MIN:
            self.add_error(
                rules.SPECIALIST_FIELD,
                f"Your specialist skill starts at {rules.CREATION_SPECIALIST_MIN} at least.",
            )
        if None not in values and sum(values) != rules.CREATION_SKILL_POINTS:
            raise forms.ValidationError(
                f"Skills add up to {sum(values)}: spread exactly "
                f"{rules.CREATION_SKILL_POINTS} points."
            )
        return cleaned

    def save(self):
        names = (*BASE_SKILLS, rules.SPECIALIST_FIELD)
        self.save_sheet("Skills", {name: self.cleaned_data[name] for name in names})


SkillsForm.base_fields.update(SkillsForm._fields())


def _one_name(label, help_text):
    return forms.CharField(
        label=label,
        max_length=100,
        help_text=help_text,
        error_messages={"required": f"Name your {label.lower()}."},
    )


class TalentForm(OneRowForm):
    related, model, title = "talents", MutantTalent, "Talent"
    name = _one_name("Talent", "One talent of your role (or a general talent), from the rulebook.")


class MutationForm(OneRowForm):
    related, model, title = "mutations", MutantMutation, "Mutation"
    name = _one_name(
        "Mutation", "Every mutant starts with one mutation: roll it or choose it as your GM says."
    )


STEPS = (
    Step(
        "role",
        "Role",
        f"{HERE}.RoleForm",
        "Who are you in the Ark? Your role gives your key attribute and your specialist skill.",
    ),
    Step(
        "attributes",
        "Attributes",
        f"{HERE}.AttributesForm",
        "Strength, Agility, Wits and Empathy: each point is a base die you roll.",
    ),
    Step(
        "skills",
        "Skills",
        f"{HERE}.SkillsForm",
        "Each skill rolls with its attribute; each point is a skill die.",
    ),
    Step("talent", "Talent", f"{HERE}.TalentForm", "A knack that sets you apart."),
    Step("mutation", "Mutation", f"{HERE}.MutationForm", "What the Rot made of you."),
)
