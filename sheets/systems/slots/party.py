"""Slots at the party level: rounds (combat) and tries (adventuring), and the cold the
party is out in (SlotsClock). Passing a round or a try applies the time rules (bleeding,
fire, ice) to every Slots sheet of the party, each as a roll in its log and the feed."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sheets.party_settings import PartySettingsForm
from sheets.systems.slots import reasons
from sheets.systems.slots.models import SlotsClock


def clock_of(party_id) -> SlotsClock | None:
    if party_id is None:
        return None
    return SlotsClock.objects.filter(party_id=party_id).first()


def describe(clock: SlotsClock | None) -> list[tuple[str, str]]:
    if clock is None:
        return [(_("Round"), "0"), (_("Try"), "0")]
    rows = [(_("Round"), str(clock.rounds)), (_("Try"), str(clock.tries))]
    if clock.cold:
        rows.append((_("Cold"), str(clock.get_cold_display())))
    return rows


class TimeSettingsForm(PartySettingsForm):
    title = gettext_lazy("Rounds and tries")
    intro = gettext_lazy(
        "Pass a round (combat) or a try (adventuring): each open wound bleeds, fire spreads "
        "and burns, the cold brings ice, on every Slots sheet at the table. Suffocation "
        "and rest stay per character (Time passes, on their sheet)."
    )
    buttons = (
        ("round", gettext_lazy("Pass a round")),
        ("try", gettext_lazy("Pass a try")),
        ("save", gettext_lazy("Save")),
    )
    time_buttons = ("round", "try")  # rolls.systems.slots.party_time
    wide_fields = ("cold",)
    rounds = forms.IntegerField(
        label=gettext_lazy("Round"),
        min_value=0,
        max_value=100_000,
        help_text=gettext_lazy(
            "Set 0 and save when a fight starts; passing a round counts on from the stored round."
        ),
    )
    tries = forms.IntegerField(label=gettext_lazy("Try"), min_value=0, max_value=100_000)
    cold = forms.ChoiceField(
        label=gettext_lazy("Cold"),
        choices=SlotsClock.COLD,
        required=False,
        help_text=gettext_lazy("Kept until changed."),
    )

    def initial_values(self):
        clock = clock_of(self.party.pk) or SlotsClock(party=self.party)
        return {"cold": clock.cold, "rounds": clock.rounds, "tries": clock.tries}

    @classmethod
    def state(cls, party):
        return describe(clock_of(party.pk))

    @classmethod
    def sheet_state(cls, party, sheet):
        clock = clock_of(party.pk)
        return describe(clock) if clock is not None else []  # nothing until the GM starts

    def save(self, user, button):
        clock = self._clock()
        clock.rounds, clock.tries = self.cleaned_data["rounds"], self.cleaned_data["tries"]
        clock._change_reason = reasons.CLOCK_SET
        clock.save()
        return _("Rounds, tries and the cold are saved.")

    def advance(self, span: str) -> SlotsClock:
        """A round or a try passes on the party's clock, in the cold as set; what it does
        to each sheet is a roll (``rolls.systems.slots.party_time``)."""
        clock = self._clock()
        if span == "round":
            clock.rounds += 1
        else:
            clock.tries += 1
        clock._change_reason = reasons.A_ROUND_PASSES if span == "round" else reasons.A_TRY_PASSES
        clock.save()
        return clock

    def _clock(self) -> SlotsClock:
        clock, _ = SlotsClock.objects.select_for_update().get_or_create(party=self.party)
        clock.cold = self.cleaned_data["cold"]
        return clock
