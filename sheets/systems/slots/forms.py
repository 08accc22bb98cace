"""Slots forms: the sheet's own fields (autosaved), and the grid's add forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from sheets.systems.slots.dice.sheet import GEAR_TAGS, IDEA_KINDS
from sheets.systems.slots.models import SlotsSheet


class SlotsSheetForm(forms.ModelForm):
    class Meta:
        model = SlotsSheet
        fields = ["notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 4})}


class ItemForm(forms.Form):
    """A new item: the slot it goes in must be one of the people's gear slots."""

    slot = forms.TypedChoiceField(coerce=int)
    name = forms.CharField(max_length=80)
    tags = forms.MultipleChoiceField(
        choices=[(t, t) for t in GEAR_TAGS], required=False, widget=forms.CheckboxSelectMultiple
    )
    free_tags = forms.CharField(max_length=200, required=False, label=_("Free tags"))
    wrapped = forms.BooleanField(required=False)

    def __init__(self, numbers, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slot"].choices = [(n, n) for n in numbers]


class IdeaForm(forms.Form):
    slot = forms.TypedChoiceField(coerce=int)
    kind = forms.ChoiceField(choices=[(k, k) for k in IDEA_KINDS])
    name = forms.CharField(max_length=80)
    target = forms.CharField(max_length=80, required=False)
    concentrating = forms.BooleanField(required=False)

    def __init__(self, numbers, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slot"].choices = [(n, n) for n in numbers]
