"""The base of the GM's start forms for group checks (each system's form extends it).

``Form(party, data=None)``: ``characters`` offers the party's characters of the
system; once valid, ``participants()``, ``group_label()`` and ``group_inputs()`` say
what the group check is. Names no system."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


class GroupStartForm(forms.Form):
    system_slug = ""  # the system's slug, set by each system's form
    min_characters = 2
    max_characters = 8

    characters = forms.MultipleChoiceField(
        label=gettext_lazy("Who takes part"), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, party, data=None, *args, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.party = party
        from sheets.models import Character

        self.party_characters = {
            str(c.pk): c
            for c in Character.objects.filter(party=party, system=self.system_slug)
            .select_related("owner")
            .order_by("name", "pk")
        }
        self.fields["characters"].choices = [
            (pk, f"{c.name} ({c.owner.username})") for pk, c in self.party_characters.items()
        ]

    def clean_characters(self):
        chosen = [self.party_characters[pk] for pk in self.cleaned_data["characters"]]
        if len(chosen) < self.min_characters:
            raise forms.ValidationError(
                ngettext(
                    "A group check needs at least %(n)s character.",
                    "A group check needs at least %(n)s characters.",
                    self.min_characters,
                )
                % {"n": self.min_characters}
            )
        if len(chosen) > self.max_characters:
            raise forms.ValidationError(
                ngettext("At most %(n)s character.", "At most %(n)s characters.",
                         self.max_characters) % {"n": self.max_characters}
            )  # fmt: skip
        return chosen

    def participants(self):
        """[(character, role)]: everyone rolls, unless a system's form says otherwise."""
        return [(character, "roll") for character in self.cleaned_data["characters"]]

    def group_label(self) -> str:
        raise NotImplementedError

    def group_inputs(self) -> dict:
        return {}


class OneRollsForm(GroupStartForm):
    """A group check where one character rolls for everyone and the others help from
    their own pages before the roll (rolls/actions/helping.py): the GM names the roller,
    who takes part; every other participant is a helper."""

    leader_label = gettext_lazy("Who rolls")
    leader_help = gettext_lazy("The best suited; every other character may help.")

    leader = forms.ChoiceField()

    def __init__(self, party, data=None, *args, **kwargs):
        super().__init__(party, data, *args, **kwargs)
        field = self.fields["leader"]
        field.label, field.help_text = self.leader_label, self.leader_help
        field.choices = [(pk, c.name) for pk, c in self.party_characters.items()]

    def clean(self):
        data = super().clean()
        leader = self.party_characters.get(data.get("leader") or "")
        chosen = data.get("characters") or []
        if leader is not None and chosen and leader not in chosen:
            self.add_error("leader", _("The one who rolls takes part in the group."))
        data["leader"] = leader
        return data

    def participants(self):
        leader = self.cleaned_data["leader"]
        return [
            (character, "roll" if character == leader else "help")
            for character in self.cleaned_data["characters"]
        ]
