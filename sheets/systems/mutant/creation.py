"""Creating a mutant, in the core rules' order: role, attributes (14 points, the key
attribute up to 5), skills (10 points), a talent, a mutation; then the sheet."""

from django import forms
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from sheets.creation import Group, OneRowForm, Step, StepForm
from sheets.systems.mutant import rules
from sheets.systems.mutant.models import BASE_SKILLS, MutantMutation, MutantTalent

HERE = "sheets.systems.mutant.creation"


class RoleForm(StepForm):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(slug, _(role.name)) for slug, role in rules.ROLES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose a role: it makes you who you are in the Ark.")},
    )

    @property
    def descriptions(self):
        return {
            "role": {
                slug: gettext("Key attribute %(attribute)s · specialist skill %(skill)s")
                % {
                    "attribute": attribute_name(role.key_attribute),
                    "skill": gettext(role.specialist),
                }
                for slug, role in rules.ROLES.items()
            }
        }

    def initial_from(self, sheet):
        return {"role": sheet.role or None}

    def layout(self):
        return [Group(gettext("Your role"), ("role",), kind="cards")]

    def save(self):
        self.save_sheet(_("Role"), {"role": self.cleaned_data["role"]})


def attribute_name(attribute: str) -> str:
    """An MYZ attribute's name in the reader's words (Kyla, not Smidighet)."""
    return pgettext(rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS[attribute])


def _attribute_field(attribute):
    return forms.IntegerField(
        label=pgettext_lazy(rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS[attribute]),
        min_value=2,
        max_value=rules.CREATION_KEY_ATTRIBUTE,
    )


class AttributesForm(StepForm):
    strength = _attribute_field("strength")
    agility = _attribute_field("agility")
    wits = _attribute_field("wits")
    empathy = _attribute_field("empathy")

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
                gettext("Key attribute of the %(role)s: %(low)s to %(top)s")
                % {"role": gettext(self.role.name), "low": low, "top": top}
                if key
                else gettext("%(low)s to %(top)s") % {"low": low, "top": top}
            )

    def top(self, name) -> int:
        """The most an attribute starts at: 5 for the role's key attribute, else 4."""
        if self.role is not None and name == self.role.key_attribute:
            return rules.CREATION_KEY_ATTRIBUTE
        return rules.CREATION_OTHER_ATTRIBUTE[1]

    def layout(self):
        key = (
            attribute_name(self.role.key_attribute) if self.role else gettext("your key attribute")
        )
        return [
            Group(
                gettext("Attributes"),
                rules.ATTRIBUTES,
                kind="numbers",
                note=gettext(
                    "Spread %(points)s points: every attribute 2 to 4, only %(key)s up to 5."
                )
                % {"points": rules.CREATION_ATTRIBUTE_POINTS, "key": key},
                points=rules.CREATION_ATTRIBUTE_POINTS,
            )
        ]

    def clean(self):
        cleaned = super().clean()
        for name in rules.ATTRIBUTES:
            value = cleaned.get(name)
            if value is not None and value > self.top(name):
                key = attribute_name(self.role.key_attribute) if self.role else gettext("the key")
                self.add_error(
                    name,
                    gettext("At most %(top)s: only %(key)s (your key attribute) reaches %(most)s.")
                    % {"top": self.top(name), "key": key, "most": rules.CREATION_KEY_ATTRIBUTE},
                )
        values = [cleaned.get(name) for name in rules.ATTRIBUTES]
        if None not in values and sum(values) != rules.CREATION_ATTRIBUTE_POINTS:
            raise forms.ValidationError(
                gettext("Attributes add up to %(total)s: spread exactly %(points)s points.")
                % {"total": sum(values), "points": rules.CREATION_ATTRIBUTE_POINTS}
            )
        return cleaned

    def save(self):
        self.save_sheet(
            _("Attributes"), {name: self.cleaned_data[name] for name in rules.ATTRIBUTES}
        )


class SkillsForm(StepForm):
    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.role = rules.ROLES.get(sheet.role)
        specialist = self.fields[rules.SPECIALIST_FIELD]
        specialist.label = (
            gettext("%(skill)s (specialist)") % {"skill": gettext(self.role.specialist)}
            if self.role
            else gettext("Specialist")
        )
        specialist.widget.attrs["min"] = rules.CREATION_SPECIALIST_MIN
        for name in BASE_SKILLS:
            attribute = rules.SKILL_ATTRIBUTES[name]
            self.fields[name].help_text = attribute_name(attribute)
        if self.role:
            specialist.help_text = attribute_name(self.role.specialist_attribute)

    @classmethod
    def _fields(cls):
        fields = {}
        for name in (*BASE_SKILLS, rules.SPECIALIST_FIELD):
            fields[name] = forms.IntegerField(
                label=_(rules.SKILL_LABELS.get(name, "Specialist skill")),
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
                gettext("Skills"),
                (rules.SPECIALIST_FIELD, *BASE_SKILLS),
                kind="numbers",
                note=gettext(
                    "Spread %(points)s points, 0 to %(most)s in a skill, at least %(least)s in "
                    "your specialist skill."
                )
                % {
                    "points": rules.CREATION_SKILL_POINTS,
                    "most": rules.CREATION_SKILL_MAX,
                    "least": rules.CREATION_SPECIALIST_MIN,
                },
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
                gettext("Your specialist skill starts at %(least)s at least.")
                % {"least": rules.CREATION_SPECIALIST_MIN},
            )
        if None not in values and sum(values) != rules.CREATION_SKILL_POINTS:
            raise forms.ValidationError(
                gettext("Skills add up to %(total)s: spread exactly %(points)s points.")
                % {"total": sum(values), "points": rules.CREATION_SKILL_POINTS}
            )
        return cleaned

    def save(self):
        names = (*BASE_SKILLS, rules.SPECIALIST_FIELD)
        self.save_sheet(_("Skills"), {name: self.cleaned_data[name] for name in names})


SkillsForm.base_fields.update(SkillsForm._fields())


def _one_name(label, help_text, required):
    return forms.CharField(
        label=label,
        max_length=100,
        help_text=help_text,
        error_messages={"required": required},
    )


class TalentForm(OneRowForm):
    related, model, title = "talents", MutantTalent, _("Talent")
    name = _one_name(
        _("Talent"),
        _("One talent of your role (or a general talent), from the rulebook."),
        _("Name your talent."),
    )


class MutationForm(OneRowForm):
    related, model, title = "mutations", MutantMutation, _("Mutation")
    name = _one_name(
        _("Mutation"),
        _("Every mutant starts with one mutation: roll it or choose it as your GM says."),
        _("Name your mutation."),
    )


STEPS = (
    Step(
        "role",
        _("Role"),
        f"{HERE}.RoleForm",
        _("Who are you in the Ark? Your role gives your key attribute and your specialist skill."),
    ),
    Step(
        "attributes",
        _("Attributes"),
        f"{HERE}.AttributesForm",
        # Translators: MYZ attributes (Swedish edition: Styrka, Kyla, Skärpa och Känsla)
        _("Strength, Agility, Wits and Empathy: each point is a base die you roll."),
    ),
    Step(
        "skills",
        _("Skills"),
        f"{HERE}.SkillsForm",
        _("Each skill rolls with its attribute; each point is a skill die."),
    ),
    Step("talent", _("Talent"), f"{HERE}.TalentForm", _("A knack that sets you apart.")),
    Step("mutation", _("Mutation"), f"{HERE}.MutationForm", _("What the Rot made of you.")),
)
