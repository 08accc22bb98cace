"""Slots judge checks: the judge rolls an NPC's or creature's check (d12 gear, d4 focus)
with advantage or disadvantage and reads the slot the die names on the NPC."""

from __future__ import annotations

from fractions import Fraction

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rolls.forms.npc import NpcForm, bounded
from sheets.systems.dice.odds import percent
from sheets.systems.slots.dice.roll import MAX_EDGE, MAX_SOURCES

AREAS = {"gear": (_("Gear check (d12)"), 12), "focus": (_("Focus check (d4)"), 4)}
EDGE_RULE = _(
    "up to two advantages and two disadvantages stack (a third adds nothing), cancelled one for one"
)


class JudgeCheckForm(NpcForm):
    default_name = pgettext_lazy("Slots people", "Goblin")
    area = forms.ChoiceField(
        label=_("Check"), choices=[(slug, label) for slug, (label, _) in AREAS.items()],
        initial="gear",
    )  # fmt: skip
    what = forms.CharField(
        label=_("What it tries"), max_length=100, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("sneak past the guard")}),
    )  # fmt: skip
    advantages = bounded(_("Advantages"), 0, MAX_SOURCES, 0, EDGE_RULE)
    disadvantages = bounded(_("Disadvantages"), 0, MAX_SOURCES, 0, EDGE_RULE)
    rows = (("npc_name", "area"), ("what",), ("advantages", "disadvantages"))

    def counted(self) -> tuple[int, int]:
        """The advantages and disadvantages that count (up to 2 of each stack)."""
        plus = min(MAX_EDGE, self.value("advantages") or 0)
        return plus, min(MAX_EDGE, self.value("disadvantages") or 0)

    def dice_count(self) -> int:
        plus, minus = self.counted()
        return 1 + abs(plus - minus)

    def size(self) -> int:
        return AREAS.get(self.value("area") or "gear", AREAS["gear"])[1]

    def pool_dice(self):
        kind = "gear-slot" if self.value("area") == "gear" else "focus"
        return [{"kind": kind, "size": self.size()} for _ in range(self.dice_count())]

    def odds(self):
        count, size = self.dice_count(), self.size()
        plus = self.counted()[0] > self.counted()[1]
        one = Fraction(1, size)
        rows = []
        if self.value("area") == "gear":
            # the die that counts is the NPC's best with advantage, the worst without
            fails = one**count if plus else 1 - (1 - one) ** count
            rows.append([gettext("A 1 is read (a gear check always fails)"), percent(fails)])
        rows.append(
            [
                gettext("%(count)s d%(size)s: the judge reads the slot the die names")
                % {"count": count, "size": size},
                "100%",
            ]
        )
        return rows
