"""Agents at the party level: the party's clock (day, hour, minute; AgentClock). Its
time of day changes every agent's rolls by ancestry (the seed's Time of Day, RULINGS)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from sheets.party_settings import PartySettingsForm
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import AgentClock


def clock_of(party) -> AgentClock | None:
    return AgentClock.objects.filter(party=party).first()


def effects_of(period: str) -> str:
    """What the period does to each ancestry's rolls, in words."""
    words = []
    plural = {
        "Human": pgettext("Agents ancestry", "Humans"),
        "Vampire": pgettext("Agents ancestry", "Vampires"),
        "Sasquatch": pgettext("Agents ancestry, plural", "Sasquatch"),
    }
    for ancestry in plural:
        hour = {"Night": 22, "Morning": 6, "Day": 12, "Evening": 18}[period]
        when = engine.time_of_day(ancestry, hour)
        if when.stress:
            words.append(
                _("%(ancestry)s +%(stress)s stress as it begins")
                % {"ancestry": plural[ancestry], "stress": when.stress}
            )
        elif when.roll_modifier:
            words.append(
                _("%(ancestry)s %(modifier)s on every roll")
                % {"ancestry": plural[ancestry], "modifier": f"{when.roll_modifier:+d}"}
            )
    return "; ".join(words) or _("normal rolls for everyone")


class ClockSettingsForm(PartySettingsForm):
    title = gettext_lazy("The clock")
    intro = gettext_lazy(
        "The time of day changes every agent's rolls by ancestry. Advance by the time "
        "given (a Vampire's Day brings its stress), or set the clock to it (only the "
        "hands move). A clock not started reads day 1, 09:00."
    )
    buttons = (
        ("advance", gettext_lazy("Advance the clock")),
        ("set", gettext_lazy("Set the clock")),
    )
    # both move the clock through a roll (rolls.systems.agents.party_time): a Vampire's
    # Day brings its stress
    time_buttons = ("advance", "set")
    days = forms.IntegerField(label=gettext_lazy("Days"), min_value=0, max_value=365, initial=0)
    hours = forms.IntegerField(label=gettext_lazy("Hours"), min_value=0, max_value=23, initial=1)
    minutes = forms.TypedChoiceField(
        label=gettext_lazy("Minutes"),
        coerce=int,
        initial=0,
        choices=[(m, f"{m:02d}") for m in range(0, 60, 10)],
        help_text=gettext_lazy("The clock runs in 10-minute segments."),
    )

    @classmethod
    def state(cls, party):
        clock = clock_of(party)
        if clock is None:
            return [(_("Clock"), _("not started"))]
        period = engine.period_of(clock.hour)
        return [
            (
                _("Clock"),
                _("Day %(day)s, %(time)s (%(period)s)")
                % {
                    "day": clock.day,
                    "time": f"{clock.hour:02d}:{clock.minute:02d}",
                    "period": _(period),
                },
            ),
            (_(period), effects_of(period)),
        ]

    @classmethod
    def sheet_state(cls, party, sheet):
        return []  # the Agents sheet shows the time and this agent's modifier itself

    def clean(self):
        cleaned = super().clean()
        if self.button == "set" and cleaned.get("days") == 0:
            self.add_error("days", _("Days count from 1 when the clock is set."))
        return cleaned
