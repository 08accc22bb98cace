"""Creating a Twilight: 2000 character: the four attributes, the twelve skills, then who
they were before the war went wrong (and their Coolness Under Fire); then the sheet."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from sheets.creation import Group, Step, StepForm
from sheets.systems.twilight import rules

HERE = "sheets.systems.twilight.creation"
LEVELS = [(level, f"{level} ({rules.die_label(level)})") for level in rules.LEVELS]
UNTRAINED = ("", "\u2013")  # untrained, as the sheet shows it


class AttributesForm(StepForm):
    def layout(self):
        return [
            Group(
                _("Attributes"),
                rules.ATTRIBUTES,
                kind="numbers",
                note=_(
                    "A is a D12, the best; D a D6. Your GM says how your group sets them "
                    "(the rulebook's life path, or a spread you agree on)."
                ),
            )
        ]

    def save(self):
        self.save_sheet("Attributes", {name: self.cleaned_data[name] for name in rules.ATTRIBUTES})


AttributesForm.base_fields.update(
    {
        name: forms.ChoiceField(label=_(rules.ATTRIBUTE_LABELS[name]), choices=LEVELS)
        for name in rules.ATTRIBUTES
    }
)


class SkillsForm(StepForm):
    def layout(self):
        return [
            Group(
                format_lazy(
                    _("{attribute} skills"), attribute=_(rules.ATTRIBUTE_LABELS[attribute])
                ),
                tuple(s for s in rules.SKILLS if rules.SKILL_ATTRIBUTES[s] == attribute),
                kind="numbers",
            )
            for attribute in rules.ATTRIBUTES
        ]

    def save(self):
        self.save_sheet("Skills", {name: self.cleaned_data[name] for name in rules.SKILLS})


SkillsForm.base_fields.update(
    {
        name: forms.ChoiceField(
            label=_(rules.SKILL_LABELS[name]), choices=[UNTRAINED, *LEVELS], required=False
        )
        for name in rules.SKILLS
    }
)

WHO = ("nationality", "branch", "rank", "age", "buddy", "moral_code", "big_dream")


class WhoForm(StepForm):
    nationality = forms.CharField(label=_("Nationality"), max_length=60, required=False)
    branch = forms.CharField(label=_("Military branch"), max_length=60, required=False)
    rank = forms.CharField(label=_("Rank"), max_length=60, required=False)
    age = forms.IntegerField(label=_("Age"), min_value=14, max_value=99, required=False)
    buddy = forms.CharField(label=_("Buddy"), max_length=100, required=False)
    moral_code = forms.CharField(label=_("Moral code"), max_length=200, required=False)
    big_dream = forms.CharField(label=_("Big dream"), max_length=200, required=False)
    coolness_under_fire = forms.ChoiceField(
        label=_("Coolness under fire"), choices=LEVELS, help_text=_("Most soldiers start at D.")
    )

    def layout(self):
        return [
            Group(_("Before the war went wrong"), WHO),
            Group(_("Under fire"), ("coolness_under_fire",), kind="numbers"),
        ]

    def save(self):
        self.save_sheet(
            "Who you are", {name: self.cleaned_data[name] for name in (*WHO, "coolness_under_fire")}
        )


STEPS = (
    Step(
        "attributes",
        _("Attributes"),
        f"{HERE}.AttributesForm",
        _("Strength, Agility, Intelligence and Empathy: each a die you roll with its skills."),
    ),
    Step(
        "skills",
        _("Skills"),
        f"{HERE}.SkillsForm",
        _("A skill's level is a second die; an untrained skill rolls the attribute alone."),
    ),
    Step(
        "who",
        _("Who you are"),
        f"{HERE}.WhoForm",
        _("Where you come from and what keeps you going."),
    ),
)
