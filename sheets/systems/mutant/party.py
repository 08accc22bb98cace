"""Mutant: Year Zero at the party level: the sector the party is in, and its rot level,
set by the GM. Rot rolls from the sector use it (rolls.systems.mutant.forms.RotEventForm)."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from sheets.party_settings import PartySettingsForm
from sheets.reasons import pgettext_noop
from sheets.systems.mutant.models import MutantSector

# the seed's Rot Level table
ROT_LEVELS = {
    0: _("Zone oasis: no rot points"),
    1: _("weak rot: a point a day"),
    2: _("strong rot: a point an hour"),
    3: _("hotspot: a point a minute"),
}


def rot_level(party_id) -> int | None:
    """The party's sector rot level, or None while the GM has not set one."""
    if party_id is None:
        return None
    levels = MutantSector.objects.filter(party_id=party_id).values_list("rot_level", flat=True)
    return levels.first()


def describe(level: int | None) -> str:
    if level is None:
        return gettext("not set")
    return gettext("%(level)s, %(words)s") % {"level": level, "words": ROT_LEVELS[level]}


def _level_choice(level: int):
    """ "2: strong rot: a point an hour", read when the choices are shown."""
    return lazy(lambda: f"{level}: {ROT_LEVELS[level]}", str)()


class SectorForm(PartySettingsForm):
    title = _("The sector's rot level")
    intro = _(
        "Every rot roll from the sector uses this level (a rot attack still brings its own "
        "points). Players' rot forms follow it as soon as you save; while it is not set, "
        "players pick the level on each rot roll."
    )
    rot_level = forms.TypedChoiceField(
        label=_("Rot level"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", _("Not known yet (players pick)"))]
        + [(level, _level_choice(level)) for level in ROT_LEVELS],
    )

    def initial_values(self):
        return {"rot_level": rot_level(self.party.pk)}

    @classmethod
    def state(cls, party):
        return [(gettext("Rot level"), describe(rot_level(party.pk)))]

    def save(self, user, button):
        level = self.cleaned_data["rot_level"]
        if level is None:
            for sector in MutantSector.objects.filter(party=self.party):
                sector._change_reason = pgettext_noop(
                    "history reason", "Rot level cleared by the GM"
                )
                sector.delete()
            return gettext("The sector's rot level is cleared: players pick it on each rot roll.")
        sector, _ = MutantSector.objects.get_or_create(party=self.party)
        sector.rot_level = level
        sector._change_reason = pgettext_noop("history reason", "Rot level set by the GM")
        sector.save()
        return gettext("The sector's rot level is %(level)s.") % {"level": describe(level)}
