from django import forms

from sheets.editing.forms import limit
from tests.toy.dice import FRIGHTS_MAX, NERVE_MAX
from tests.toy.models import ToySheet


class ToySheetForm(forms.ModelForm):
    class Meta:
        model = ToySheet
        fields = ["nerve", "frights"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "nerve" in self.fields:
            limit(self.fields["nerve"], 1, NERVE_MAX)
        if "frights" in self.fields:
            limit(self.fields["frights"], 0, FRIGHTS_MAX)
