"""The Agents clock at the table: the GM advances or sets the party's clock (its
settings form, ``sheets.systems.agents.party.ClockSettingsForm``), recorded as a roll of
the party's first agent (a Vampire's Day brings its stress to every agent)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rolls.rng import server_rng
from rolls.systems.agents.actions import clock
from rolls.views import record_roll
from sheets.models import AgentSheet


def party_time(form, user, button) -> str:
    agent = (
        AgentSheet.objects.filter(character__party=form.party)
        .select_related("character")
        .order_by("character__name", "pk")
        .first()
    )
    if agent is None:
        return _("No agent at this table: the clock waits for one.")
    data = {**form.cleaned_data, "mode": button}
    roll = record_roll(agent.character, user, lambda locked: clock(locked, data, server_rng()))
    return _("The clock: %(time)s.") % {"time": roll.outcome_words}
