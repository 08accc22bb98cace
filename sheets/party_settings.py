"""A party's settings for each game system it plays: the in-game clock, the sector's rot
level... Each system may declare its own in the registry (``party_settings``: the dotted
path of a ``PartySettingsForm`` subclass); the settings page, the dashboard's strip and
the sheet pages loop over the systems present in the party and never name one.

A subclass says what it keeps (its form fields, stored on a model of its own with a
one-to-one to the party), how it reads (``state``: label/value pairs for the dashboard
and the settings page; ``sheet_state``: what a sheet of the system shows of it), and
what its buttons do (``save(user, button)`` returns a sentence for the GM; a button that
passes time is the system's ``party_time`` in ``rolls/systems/<system>/``).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from sheets.systems.registry import System, all_systems


class PartySettingsForm(forms.Form):
    title = ""  # "The clock (Agents)"
    intro = ""  # one sentence on what these settings do at the table
    # the form's submit buttons: (value of ``<prefix>-do``, label); the first is the default
    buttons: tuple[tuple[str, str], ...] = (("save", _("Save")),)
    wide_fields: tuple[str, ...] = ()  # fields laid out on a line of their own
    # the buttons that pass time (the Agents clock, Slots rounds): each sheet's effects
    # are rolls, so they post to the rolls app's ``party_time`` view, which calls the
    # system's ``party_time`` (registry) instead of ``save``
    time_buttons: tuple[str, ...] = ()

    def __init__(self, party, system: System, data=None):
        self.party = party
        self.system = system
        super().__init__(data, prefix=system.slug, initial=self.initial_values())

    # --- what a system fills in ---------------------------------------------------------

    def initial_values(self) -> dict:
        return {}

    @classmethod
    def state(cls, party) -> list[tuple[str, str]]:
        """The settings in words, for the dashboard's strip and the settings page."""
        return []

    @classmethod
    def sheet_state(cls, party, sheet) -> list[tuple[str, str]]:
        """What a sheet of this system shows of the party's settings (its header)."""
        return cls.state(party)

    def save(self, user, button: str) -> str:
        raise NotImplementedError

    # --- helpers -------------------------------------------------------------------------

    def current_state(self) -> list[tuple[str, str]]:
        return self.state(self.party)

    @property
    def button(self) -> str:
        """The button the GM pressed (one of ``buttons``), the first one by default."""
        pressed = self.data.get(f"{self.prefix}-do", "")
        names = [name for name, _label in self.buttons]
        return pressed if pressed in names else names[0]


def systems_in(party) -> list[System]:
    """The systems the party's characters play, in the registry's order."""
    present = set(party.characters.values_list("system", flat=True))
    return [system for system in all_systems() if system.slug in present]


def forms_for(party, data=None, only: str = "") -> list[PartySettingsForm]:
    """A settings form per system the party plays that has settings (``only``: that
    system's form bound to ``data``, the others unbound)."""
    result = []
    for system in systems_in(party):
        cls = system.party_settings_class
        if cls is None:
            continue
        result.append(cls(party, system, data if system.slug == only else None))
    return result


def strip(party, systems) -> list[dict]:
    """The party's settings for the dashboard's strip: one entry per system with any."""
    entries = []
    for system in systems:
        cls = system.party_settings_class
        if cls is None:
            continue
        state = cls.state(party)
        if state:
            entries.append({"system": system, "state": state})
    return entries


def sheet_state(character, sheet) -> list[tuple[str, str]]:
    """What a character's sheet shows of its party's settings for its system."""
    cls = character.system_descriptor.party_settings_class
    if cls is None or character.party_id is None:
        return []
    return cls.sheet_state(character.party, sheet)
