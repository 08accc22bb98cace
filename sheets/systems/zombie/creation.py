"""Creating a Zombiepocalypse survivor: who they were, then the Player's Option (kept
unspent or bought now); then the sheet."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from sheets.creation import Group, Step, StepForm
from sheets.systems.zombie.models import UNSPENT_OPTION
from sheets.systems.zombie.rules import MAX_OPTION_BONUS

HERE = "sheets.systems.zombie.creation"
WHO_TITLE = _("Who you were")
OPTION_TITLE = _("Player's Option")


class WhoForm(StepForm):
    background = forms.CharField(
        label=_("Who you were"),
        max_length=200,
        help_text=_("Before the dead walked: nurse, mechanic, student..."),
        error_messages={"required": _("Say who your survivor was.")},
    )
    description = forms.CharField(
        label=_("What people see"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def layout(self):
        return [Group("", ("background", "description"))]

    def save(self):
        self.save_sheet(WHO_TITLE, dict(self.cleaned_data))


class OptionForm(StepForm):
    option_skill = forms.CharField(
        label=_("Learned skill"), max_length=100, required=False,
        help_text=_("Leave it empty to keep the point unspent."),
    )  # fmt: skip
    option_scope = forms.CharField(
        label=_("Scope"),
        max_length=100,
        required=False,
        help_text=_("What it covers: doors, cars..."),
    )
    option_bonus = forms.IntegerField(
        label=_("Bonus"), min_value=0, max_value=MAX_OPTION_BONUS, required=False,
        help_text=format_lazy(
            _("0 to {most}: 0 for a skill that only makes an action possible."),
            most=MAX_OPTION_BONUS,
        ),
    )  # fmt: skip

    def layout(self):
        return [Group("", ("option_skill", "option_scope", "option_bonus"))]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("option_bonus") is None:
            cleaned["option_bonus"] = 0
        if not cleaned.get("option_skill") and (
            cleaned.get("option_bonus") or cleaned.get("option_scope")
        ):
            raise forms.ValidationError(UNSPENT_OPTION)
        return cleaned

    def save(self):
        self.save_sheet(OPTION_TITLE, dict(self.cleaned_data))


STEPS = (
    Step(
        "who",
        WHO_TITLE,
        f"{HERE}.WhoForm",
        _("Survivors have no numbers: what they were and what they carry decide what they can do."),
    ),
    Step(
        "option",
        OPTION_TITLE,
        f"{HERE}.OptionForm",
        _(
            "You have one point to invest in a learned skill (Strong, Pilot, Hacker...). Keep it "
            "for later if you like: it can be bought at any time, even right after a roll."
        ),
    ),
)
