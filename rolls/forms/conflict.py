"""The GM's form that starts a conflict: the party's characters of one game, and NPCs,
each named alone or as a group that shares one card. Names no system."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sheets.systems.dice.initiative import MAX_COMBATANTS

NPC_ROWS = 6  # lines for NPCs on the form
MAX_GROUP = 50


class ConflictForm(forms.Form):
    characters = forms.MultipleChoiceField(
        label=gettext_lazy("Characters who take part"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    hide_npc_cards = forms.BooleanField(
        label=gettext_lazy("Hide the NPCs' cards from the players"),
        help_text=gettext_lazy("Players see where the NPCs act in the order, not their cards."),
        required=False,
    )

    def __init__(self, party, system, data=None):
        super().__init__(data)
        self.party, self.system = party, system
        from sheets.models import Character

        self.party_characters = {
            str(c.pk): c
            for c in Character.objects.filter(party=party, system=system.slug)
            .select_related("owner")
            .order_by("name", "pk")
        }
        self.fields["characters"].choices = [
            (pk, f"{c.name} ({c.owner.username})") for pk, c in self.party_characters.items()
        ]
        self.fields["characters"].initial = list(self.party_characters)
        if not system.initiative_cards:
            del self.fields["hide_npc_cards"]
        for row in range(1, NPC_ROWS + 1):
            self.fields[f"npc_{row}"] = forms.CharField(
                label=_("NPC or group %(row)s") % {"row": row}, max_length=80, required=False
            )
            self.fields[f"npc_{row}_count"] = forms.IntegerField(
                label=_("How many (%(row)s)") % {"row": row},
                min_value=1,
                max_value=MAX_GROUP,
                required=False,
                help_text=_("A group shares one card.") if row == 1 else "",
            )

    def npc_rows(self):
        """The NPC lines as (name field, count field) pairs, for the template."""
        return [(self[f"npc_{row}"], self[f"npc_{row}_count"]) for row in range(1, NPC_ROWS + 1)]

    def clean(self):
        data = super().clean()
        npcs = []
        for row in range(1, NPC_ROWS + 1):
            name = (data.get(f"npc_{row}") or "").strip()
            count = data.get(f"npc_{row}_count")
            if not name and count:
                self.add_error(f"npc_{row}", _("Name this NPC or group."))
            elif name:
                npcs.append((name, count or 1))
        data["npcs"] = npcs
        chosen = [self.party_characters[pk] for pk in data.get("characters") or []]
        data["chosen"] = chosen
        total = len(chosen) + len(npcs)
        if not self.errors and total == 0:
            raise forms.ValidationError(_("Pick at least one character or name an NPC."))
        if total > MAX_COMBATANTS:
            raise forms.ValidationError(
                _("A conflict takes at most %(most)s combatants.") % {"most": MAX_COMBATANTS}
            )
        return data
