"""Slots time at the table: the GM passes a round or a try (the party's settings form,
``sheets.systems.slots.party.TimeSettingsForm``), and the time rules (bleeding, fire,
ice) reach every living Slots sheet of the party, each as a roll in its log and the feed."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rolls.rng import server_rng
from rolls.systems.slots.actions.time_passes import time
from rolls.views import record_roll
from sheets.models import SlotsSheet


def party_time(form, user, button) -> str:
    span = "round" if button == "round" else "try"
    clock = form.advance(span)
    data = {"span": span, "count": 1, "cold": clock.cold, "suffocating": False,
            "breathing": False, "resting": False}  # fmt: skip
    sheets = SlotsSheet.objects.filter(character__party=form.party, dead=False)
    names = []
    for sheet in sheets.select_related("character").order_by("character__name"):
        record_roll(sheet.character, user, lambda locked, d=data: time(locked, d, server_rng()))
        names.append(sheet.character.name)
    number = clock.rounds if span == "round" else clock.tries
    who = ", ".join(names) or _("nobody")
    if span == "round":
        return _("Round %(number)s: time passed for %(names)s.") % {"number": number, "names": who}
    return _("Try %(number)s: time passed for %(names)s.") % {"number": number, "names": who}
