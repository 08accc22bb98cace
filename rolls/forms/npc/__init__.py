"""The GM's roll forms for NPCs and monsters, one module per system
(``rolls/forms/npc/<system>.py``), listed in each system's ``npc_actions``.

Each form is ``Form(party, data=None, initial=None)``: an ``npc_name``, the NPC's dice
pool bounded by the game's rules (a refusal names the rule), and ``odds()``, the exact
odds of the inputs as ``[label, percentage]`` rows. An opposed roll's form also picks
one of the party's characters (``character``) and the skill it rolls.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from config.ids import IdChoiceField
from rolls.forms.base import SheetRollForm, whole_number
from sheets.models import Character


def bounded(label, low, high, initial=0, rule="", help_text=""):
    """A whole number from ``low`` to ``high`` whose refusal names ``rule``."""
    return whole_number(label, low, high, initial, help_text, rule)


class NpcForm(SheetRollForm):
    """Common part: the party (no sheet), the NPC's name; the compact layout, link
    prefills and values for the odds come from rolls.forms.base."""

    npc_name = forms.CharField(
        label=_("NPC or monster"), max_length=80, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("who rolls")}),
    )  # fmt: skip
    # Translators: the name an NPC roll takes when the GM gives none (stored with the roll)
    default_name = _("NPC")

    def __init__(self, party, data=None, *args, **kwargs):
        self.party = party
        super().__init__(None, data, *args, **kwargs)
        self.fields["npc_name"].widget.attrs["placeholder"] = self.default_name

    def clean_npc_name(self):
        return (self.cleaned_data.get("npc_name") or "").strip() or str(self.default_name)

    def value(self, name):
        """As the base reads it; a character picked by a link's prefill reads as the
        character (None if it is not one of the form's)."""
        value = super().value(name)
        field = self.fields[name]
        if isinstance(field, forms.ModelChoiceField) and value not in (None, ""):
            if hasattr(value, "pk"):
                return value  # already cleaned: submitted, or a valid prefill
            try:
                return field.clean(value)
            except forms.ValidationError:
                return None
        return value


class OpposedMixin(forms.Form):
    """An opposed roll: one of the party's characters of this system, the skill it rolls,
    and who acts (the active side, the only one that may push)."""

    system_slug = ""
    character = IdChoiceField(
        label=_("Against"), queryset=Character.objects.none(), empty_label=None,
        error_messages={"invalid_choice": _("Pick a character of this party (and this game).")},
    )  # fmt: skip
    active = forms.ChoiceField(
        label=_("Who acts"),
        choices=[("character", _("The character acts (only they may push)")),
                 ("npc", _("The NPC acts (only the GM may push)"))],
        initial="character", widget=forms.RadioSelect,
    )  # fmt: skip

    def __init__(self, party, *args, **kwargs):
        super().__init__(party, *args, **kwargs)
        characters = (
            Character.objects.filter(party=party, system=self.system_slug)
            .select_related("owner")
            .order_by("name")
        )
        self.fields["character"].queryset = characters
        first = characters.first()
        if first is not None:
            self.fields["character"].initial = first.pk
        else:
            self.fields["character"].help_text = _("No character of this game at the table yet.")

    def chosen_sheet(self):
        """The chosen character's sheet (for the odds), or None."""
        character = self.value("character")
        return character.sheet if character is not None else None
