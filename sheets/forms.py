"""Forms for parties and new characters (each system's sheet forms live with the system)."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

from config.ids import IdChoiceField
from sheets.models import Party
from sheets.systems.registry import system_choices


class PartyForm(forms.ModelForm):
    class Meta:
        model = Party
        fields = ["name"]
        labels = {"name": _("Party name")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.add_input(Submit("create", _("Create party")))


class PartyNameForm(forms.ModelForm):
    class Meta:
        model = Party
        fields = ["name"]
        labels = {"name": _("Party name")}


class JoinPartyForm(forms.Form):
    invite_code = forms.CharField(
        max_length=12,
        label=_("Invite code"),
        help_text=_("The eight letters your GM gave you (or the end of the invite link)."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_action = "party_join"
        self.helper.add_input(Submit("join", _("Join party")))

    def clean_invite_code(self):
        code = self.cleaned_data["invite_code"].strip().upper().replace(" ", "")
        try:
            self.party = Party.objects.select_related("gm").get(invite_code=code)
        except Party.DoesNotExist:
            raise forms.ValidationError(
                _("No party has that invite code. Check it with your GM.")
            ) from None
        if not self.party.invite_open:
            raise forms.ValidationError(
                _("This invite was revoked by the GM: ask them for a new one.")
            )
        return code


class NewCharacterForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Name"))
    system = forms.ChoiceField(label=_("Game system"), choices=system_choices)
    party = IdChoiceField(
        queryset=Party.objects.none(),
        required=False,
        label=_("Party"),
        empty_label=_("No party yet"),
        help_text=_("The party's GM will see this character's sheet and rolls."),
    )

    def __init__(self, *args, user, came_from: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        parties = Party.objects.for_user(user)
        self.fields["party"].queryset = parties
        # made where the player plays: the party they came from, or their only party
        mine = list(parties.values_list("pk", flat=True)[:2])
        if came_from.isdigit() and len(came_from) < 10 and parties.filter(pk=came_from).exists():
            self.fields["party"].initial = int(came_from)
        elif len(mine) == 1:
            self.fields["party"].initial = mine[0]
        self.helper = FormHelper()
        self.helper.add_input(Submit("create", _("Create character")))
