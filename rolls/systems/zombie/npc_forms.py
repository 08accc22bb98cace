"""Zombiepocalypse GM rolls: a zombie's check by its kind (the zombie kinds the admin
keeps), with the same difficulty levels as anyone's."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rolls.systems.zombie.forms import MonsterCheckForm, add_level_fields


@add_level_fields
class ZombieCheckForm(MonsterCheckForm):
    """The zombie check of the sheet's GM menu, from the dashboard: no sheet behind it."""

    npc_name = forms.CharField(
        label=_("Which zombie"), max_length=80, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("the kind's name")}),
    )  # fmt: skip

    def __init__(self, party, data=None, *args, **kwargs):
        self.party = party
        super().__init__(None, data, *args, **kwargs)
        self.lay_out(("kind", "ability"), ("npc_name", "complexity"), "what")

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        name = (cleaned.get("npc_name") or "").strip()
        cleaned["npc_name"] = name or (kind.name if kind is not None else "Zombie")
        return cleaned
