"""Agents at the party level: the party's clock (day, hour, minute; AgentClock). Its
time of day changes every agent's rolls by ancestry (the seed's Time of Day, RULINGS)."""

from __future__ import annotations

from django import forms

from sheets.party_settings import PartySettingsForm
from sheets.systems.agents.dice import sheet as engine
from sheets.systems.agents.models import AgentClock


def clock_of(party) -> AgentClock | None:
    return AgentClock.objects.filter(party=party).first()


def effects_of(period: str) -> str:
    """What the period does to each ancestry's rolls, in words."""
    words = []
    plural = {"Human": "Humans", "Vampire": "Vampires", "Sasquatch": "Sasquatch"}
    for ancestry in plural:
        hour = {"Night": 22, "Morning": 6, "Day": 12, "Evening": 18}[period]
        when = engine.time_of_day(ancestry, hour)
        if when.stress:
            words.append(f"{plural[ancestry]} +{when.stress} stress as it begins")
        elif when.roll_modifier:
            words.append(f"{plural[ancestry]} {when.roll_modifier:+d} on every roll")
    return "; ".join(words) or "normal rolls for everyone"


class ClockSettingsForm(PartySettingsForm):
    title = "The clock"
    intro = (
        "The time of day changes every agent's rolls by ancestry. Advance by the time "
        "given (a Vampire's Day brings its stress), or set the clock to it (only the "
        "hands move). A clock not started reads day 1, 09:00."
    )
    buttons = (("advance", "Advance the clock"), ("set", "Set the clock"))
    # both move the clock through a roll (rolls.systems.agents.party_time): a Vampire's
    # Day brings its stress
    time_buttons = ("advance", "set")
    days = forms.IntegerField(label="Days", min_value=0, max_value=365, initial=0)
    hours = forms.IntegerField(label="Hours", min_value=0, max_value=23, initial=1)
    minutes = forms.TypedChoiceField(
        label="Minutes",
        coerce=int,
        initial=0,
        choices=[(m, f"{m:02d}") for m in range(0, 60, 10)],
        help_text="The clock runs in 10-minute segments.",
    )

    @classmethod
    def state(cls, party):
        clock = clock_of(party)
        if clock is None:
            return [("Clock", "not started")]
        period = engine.period_of(clock.hour)
        return [
            ("Clock", f"Day {clock.day}, {clock.hour:02d}:{clock.minute:02d} ({period})"),
            (period, effects_of(period)),
        ]

    @classmethod
    def sheet_state(cls, party, sheet):
        return []  # the Agents sheet shows the time and this agent's modifier itself

    def clean(self):
        cleaned = super().clean()
        if self.button == "set" and cleaned.get("days") == 0:
            self.add_error("days", "Days count from 1 when the clock is set.")
        return cleaned
