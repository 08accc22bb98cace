"""Slots forms: the sheet's own fields (autosaved), and the grid's add forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from sheets.systems.slots import words
from sheets.systems.slots.dice.sheet import GEAR_TAGS, IDEA_KINDS
from sheets.systems.slots.models import SlotsSheet


class SlotsSheetForm(forms.ModelForm):
    class Meta:
        model = SlotsSheet
        fields = ["notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 4})}
        labels = {"notes": _("Notes")}


class ItemForm(forms.Form):
    """A new item: the slot it goes in must be one of the people's gear slots."""

    slot = forms.TypedChoiceField(coerce=int, label=_("Slot"))
    name = forms.CharField(max_length=80, label=_("Name"))
    tags = forms.MultipleChoiceField(
        choices=[(t, words.TAGS[t]) for t in GEAR_TAGS],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Tags"),
    )
    free_tags = forms.CharField(max_length=200, required=False, label=_("Free tags"))
    wrapped = forms.BooleanField(required=False, label=_("wrapped"))

    def __init__(self, numbers, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slot"].choices = [(n, n) for n in numbers]


class IdeaForm(forms.Form):
    slot = forms.TypedChoiceField(coerce=int, label=_("Focus slot"))
    kind = forms.ChoiceField(
        choices=[(k, words.IDEA_KINDS[k]) for k in IDEA_KINDS], label=_("Kind")
    )
    name = forms.CharField(max_length=80, label=_("Name"))
    target = forms.CharField(max_length=80, required=False, label=_("Target (aiming, heeding)"))
    concentrating = forms.BooleanField(required=False, label=_("concentrating on it"))

    def __init__(self, numbers, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slot"].choices = [(n, n) for n in numbers]
