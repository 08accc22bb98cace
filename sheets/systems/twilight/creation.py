"""Creating a Twilight: 2000 character: the four attributes, the twelve skills, then who
they were before the war went wrong (and their Coolness Under Fire); then the sheet."""

from django import forms

from sheets.creation import Group, Step, StepForm
from sheets.systems.twilight import rules

HERE = "sheets.systems.twilight.creation"
LEVELS = [(level, f"{level} ({rules.die_label(level)})") for level in rules.LEVELS]
UNTRAINED = ("", "\u2013")  # untrained, as the sheet shows it


class AttributesForm(StepForm):
    def layout(self):
        return [
            Group(
                "Attributes",
                rules.ATTRIBUTES,
                kind="numbers",
                note="A is a D12, the best; D a D6. Your GM says how your group sets them "
                "(the rulebook's life path, or a spread you agree on).",
            )
        ]

    def save(self):
        self.save_sheet("Attributes", {name: self.cleaned_data[name] for name in rules.ATTRIBUTES})


AttributesForm.base_fields.update(
    {
        name: forms.ChoiceField(label=rules.ATTRIBUTE_LABELS[name], choices=LEVELS)
        for name in rules.ATTRIBUTES
    }
)


class SkillsForm(StepForm):
    def layout(self):
        return [
            Group(
                f"{rules.ATTRIBUTE_LABELS[attribute]} skills",
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
            label=rules.SKILL_LABELS[name], choices=[UNTRAINED, *LEVELS], required=False
        )
        for name in rules.SKILLS
    }
)

WHO = ("nationality", "branch", "rank", "age", "buddy", "moral_code", "big_dream")


class WhoForm(StepForm):
    nationality = forms.CharField(max_length=60, required=False)
    branch = forms.CharField(label="Military branch", max_length=60, required=False)
    rank = forms.CharField(max_length=60, required=False)
    age = forms.IntegerField(min_value=14, max_value=99, required=False)
    buddy = forms.CharField(max_length=100, required=False)
    moral_code = forms.CharField(label="Moral code", max_length=200, required=False)
    big_dream = forms.CharField(label="Big dream", max_length=200, required=False)
    coolness_under_fire = forms.ChoiceField(
        label="Coolness Under Fire", choices=LEVELS, help_text="Most soldiers start at D."
    )

    def layout(self):
        return [
            Group("Before the war went wrong", WHO),
            Group("Under fire", ("coolness_under_fire",), kind="numbers"),
        ]

    def save(self):
        self.save_sheet(
            "Who you are", {name: self.cleaned_data[name] for name in (*WHO, "coolness_under_fire")}
        )


STEPS = (
    Step(
        "attributes",
        "Attributes",
        f"{HERE}.AttributesForm",
        "Strength, Agility, Intelligence and Empathy: each a die you roll with its skills.",
    ),
    Step(
        "skills",
        "Skills",
        f"{HERE}.SkillsForm",
        "A skill's level is a second die; an untrained skill rolls the attribute alone.",
    ),
    Step("who", "Who you are", f"{HERE}.WhoForm", "Where you come from and what keeps you going."),
)
