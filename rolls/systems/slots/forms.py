"""Slots roll forms: a check (focus d4 / gear d12 with advantages and disadvantages),
a fall, corruption exposure, and the GM's time passing. Each bounds every number by the
game's rules, names the rule when it refuses, and offers exact ``odds()``."""

from __future__ import annotations

from fractions import Fraction

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rolls.forms.base import SheetRollForm
from rolls.forms.group import GroupStartForm
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import say, say_in, say_n
from sheets.systems.slots import words
from sheets.systems.slots.dice import (
    MAX_FALL_DICE,
    Beseech,
    Block,
    Concentrate,
    Dodge,
    Grit,
    Insanity,
    Morale,
    Sneak,
    Traverse,
    check_odds,
    fall_dice,
    fall_odds,
)
from sheets.systems.slots.dice.checks import die_size
from sheets.systems.slots.dice.fall import FALL_FEET_PER_DIE
from sheets.systems.slots.dice.roll import MAX_EDGE, MAX_SOURCES, edge_sources
from sheets.systems.slots.dice.sheet import CHECK_NAME
from sheets.systems.slots.rules import engine_sheet

EDGE_RULE = _(
    "Up to 2 advantages and 2 disadvantages stack (the seed's Difficulty): count every "
    "source; a third adds nothing."
)


def unused_words(advantages_unused: int, disadvantages_unused: int) -> dict | str:
    """ "1 advantage beyond 2: up to 2 stack, the others add nothing" ("" if none), a
    saying (it is stored in the roll's lines)."""
    parts = []
    if advantages_unused:
        parts.append(say_n("%(n)s advantage", "%(n)s advantages", advantages_unused))
    if disadvantages_unused:
        parts.append(say_n("%(n)s disadvantage", "%(n)s disadvantages", disadvantages_unused))
    if not parts:
        return ""
    edges = parts[0] if len(parts) == 1 else say("%(first)s and %(then)s", first=parts[0],
                                                  then=parts[1])  # fmt: skip
    return say(
        "%(edges)s beyond %(most)s: up to %(most)s stack, more add nothing",
        edges=edges,
        most=MAX_EDGE,
    )


def _in_words(value) -> str:
    from rolls.models import in_words

    return in_words(value)


CHECK_CHOICES = [
    ("traverse", pgettext_lazy("Slots check choice", "Gear (d12): traverse")),
    ("sneak", pgettext_lazy("Slots check choice", "Gear (d12): sneak")),
    ("block", pgettext_lazy("Slots check choice", "Gear (d12): block")),
    ("dodge", pgettext_lazy("Slots check choice", "Gear (d12): dodge")),
    ("concentrate", pgettext_lazy("Slots check choice", "Focus (d4): concentrate")),
    ("beseech", pgettext_lazy("Slots check choice", "Focus (d4): beseech")),
    ("morale", pgettext_lazy("Slots check choice", "Focus (d4): morale")),
    ("grit", pgettext_lazy("Slots check choice", "Focus (d4): grit")),
    ("insanity", pgettext_lazy("Slots check choice", "Focus (d4): insanity")),
]
GEAR_CHECKS = ("traverse", "sneak", "block", "dodge")


def _attack_choices(attacks) -> list:
    return [(a, words.CHECKS[a]) for a in attacks]


ATTACKS = {"block": ("strike", "missile"), "dodge": ("grab", "blast")}
MAX_FALL_FEET = MAX_FALL_DICE * max(FALL_FEET_PER_DIE.values())


def build_check(params: dict):
    """The engine's check from the form's (or a stored roll's) parameters."""
    name = params["check"]
    if name == "block":
        return Block(params.get("attack") or "strike")
    if name == "dodge":
        return Dodge(params.get("attack") or "grab")
    if name == "sneak":
        return Sneak(
            can_hear=bool(params.get("can_hear")),
            can_smell=bool(params.get("can_smell")),
            exotic_traits=tuple(
                t.strip() for t in (params.get("exotic") or "").split(",") if t.strip()
            ),
            obscured=bool(params.get("obscured")),
            inattentive=bool(params.get("inattentive")),
            ambient_noisy=bool(params.get("ambient_noisy")),
            ambient_smelly=bool(params.get("ambient_smelly")),
        )
    simple = {
        "traverse": Traverse, "concentrate": Concentrate, "beseech": Beseech,
        "morale": Morale, "grit": Grit, "insanity": Insanity,
    }  # fmt: skip
    return simple[name]()


class SlotsRollForm(SheetRollForm):
    """Common part of the Slots roll forms (rolls.forms.base)."""

    def values(self) -> dict:
        """The submitted values when valid, else the (prefilled) defaults."""
        if self.is_bound and self.is_valid():
            return dict(self.cleaned_data)
        return {name: self.get_initial_for_field(f, name) for name, f in self.fields.items()}


class CheckForm(SlotsRollForm):
    check = forms.ChoiceField(choices=CHECK_CHOICES, initial="traverse", label=_("Check"))
    advantages = forms.IntegerField(
        min_value=0, max_value=MAX_SOURCES, initial=0, help_text=EDGE_RULE, label=_("Advantages")
    )
    disadvantages = forms.IntegerField(
        min_value=0, max_value=MAX_SOURCES, initial=0, label=_("Disadvantages")
    )
    attack = forms.ChoiceField(
        label=_("Attack"),
        choices=[("", "-"), *_attack_choices(a for pair in ATTACKS.values() for a in pair)],
        required=False,
        help_text=_("Block answers a strike or a missile; dodge a grab or a blast."),
    )
    can_hear = forms.BooleanField(required=False, initial=True, label=_("They can hear (sneak)"))
    can_smell = forms.BooleanField(required=False, label=_("They can smell well (sneak)"))
    exotic = forms.CharField(
        required=False,
        max_length=100,
        label=_("Their exotic senses notice (sneak: magical, hot...)"),
    )
    obscured = forms.BooleanField(required=False, label=_("Obscured from view (sneak)"))
    inattentive = forms.BooleanField(required=False, label=_("They are inattentive (sneak)"))
    ambient_noisy = forms.BooleanField(required=False, label=_("Ambient noise (sneak)"))
    ambient_smelly = forms.BooleanField(required=False, label=_("Ambient smells (sneak)"))

    SNEAK_FIELDS = (
        "can_hear", "can_smell", "exotic", "obscured", "inattentive", "ambient_noisy",
        "ambient_smelly",
    )  # fmt: skip

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        # Only the inputs the chosen check reads: the attack for block and dodge, the
        # senses and cover for sneak. Posting another check re-renders with its inputs.
        source = data if data is not None else (self.initial or {})
        check = source.get("check") or "traverse"
        if check not in ATTACKS:
            del self.fields["attack"]
        else:
            self.fields["attack"].choices = _attack_choices(ATTACKS[check])
            self.fields["attack"].initial = ATTACKS[check][0]
            rule = (
                gettext("Block answers a strike or a missile (the seed's Block).")
                if check == "block"
                else gettext("Dodge answers a grab or a blast (the seed's Dodge).")
            )
            self.fields["attack"].help_text = rule
            self.fields["attack"].error_messages["invalid_choice"] = rule
        if check != "sneak":
            for name in self.SNEAK_FIELDS:
                del self.fields[name]

    def clean(self):
        data = super().clean()
        check, attack = data.get("check"), data.get("attack")
        if check in ATTACKS and attack and attack not in ATTACKS[check]:
            where = "attack" if "attack" in self.fields else None
            self.add_error(where, _attack_rule(check))
        elif check not in ATTACKS and attack:
            data["attack"] = ""
        if check == "sneak" and not (data.get("obscured") or data.get("inattentive")):
            self.add_error(
                "obscured" if "obscured" in self.fields else None,
                _(
                    "To sneak you must be obscured from view or they must be inattentive "
                    "(the seed's Sneak)."
                ),
            )
        return data

    def odds(self) -> list[list[str]]:
        v = self.values()
        if self.is_bound and self.errors:
            return []
        try:
            check = build_check(v)
            odds = check_odds(
                engine_sheet(self.sheet),
                check,
                v.get("advantages") or 0,
                v.get("disadvantages") or 0,
            )
        except (DiceError, KeyError):
            return []
        rows = [[gettext("Succeeds (suggested)"), percent(odds.success)]]
        unused = unused_words(*edge_sources(
            check, v.get("advantages") or 0, v.get("disadvantages") or 0
        )[2:])  # fmt: skip
        if unused:
            rows.append([gettext("Not counted"), _in_words(unused)])
        for outcome, chance in sorted(odds.outcomes.items(), key=lambda kv: -kv[1]):
            if chance:
                named = words.outcome(outcome)
                rows.append([named[:1].upper() + named[1:], percent(chance)])
        if odds.chooser == "player":
            rolled = gettext("%(dice)s, you pick") % {"dice": odds.dice}
        elif odds.chooser == "judge":
            rolled = gettext("%(dice)s, the GM picks") % {"dice": odds.dice}
        else:
            rolled = str(odds.dice)
        rows.append([gettext("Dice rolled"), rolled])
        return rows


class FallForm(SlotsRollForm):
    feet = forms.IntegerField(
        min_value=1, max_value=MAX_FALL_FEET, initial=10, label=_("Height (ft)"),
        help_text=_("1 die per ~10 ft onto solid ground, ~20 ft onto soft, ~30 ft into water."),
    )  # fmt: skip
    surface = forms.ChoiceField(
        choices=[
            ("solid", _("Solid (stone)")),
            ("soft", _("Soft (a hedge)")),
            ("water", _("Deep water")),
        ],
        initial="solid",
        label=_("Landing on"),
    )

    def clean(self):
        data = super().clean()
        feet, surface = data.get("feet"), data.get("surface")
        if feet and surface:
            dice = fall_dice(feet, surface)
            if dice == 0:
                self.add_error(
                    "feet",
                    gettext(
                        "Under %(feet)s ft onto this ground rolls no die: you just fall prone "
                        "(the seed's Fall)."
                    )
                    % {"feet": FALL_FEET_PER_DIE[surface]},
                )
            elif dice > MAX_FALL_DICE:
                self.add_error(
                    "feet",
                    gettext("A fall rolls at most %(most)s dice.") % {"most": MAX_FALL_DICE},
                )
            data["dice"] = dice
        return data

    def odds(self) -> list[list[str]]:
        v = self.values()
        if self.is_bound and self.errors:
            return []
        try:
            dice = fall_dice(v["feet"], v["surface"])
            odds = fall_odds(engine_sheet(self.sheet), dice)
        except (DiceError, KeyError, TypeError):
            return []
        rows = [[gettext("Dice"), str(dice)], [gettext("Unharmed"), percent(odds.unharmed)]]
        rows += [
            [gettext("%(k)s dice that hurt") % {"k": k}, percent(p)]
            for k, p in odds.hurt_dice.items()
            if p and k != "0"
        ]
        rows += [
            [gettext("%(k)s open wounds") % {"k": k}, percent(p)]
            for k, p in odds.open_wounds.items()
            if p and k != "0"
        ]
        return rows


class CorruptionForm(SlotsRollForm):
    area = forms.ChoiceField(
        choices=[("gear", _("Gear check (d12)")), ("focus", _("Focus check (d4)"))],
        required=False,
        label=_("Check"),
        help_text=_("The judge's choice when both body and focus are corrupted."),
    )

    def odds(self) -> list[list[str]]:
        state = engine_sheet(self.sheet)
        marked = state.marked("corruption")
        if not marked:
            return [[gettext("First exposure: corruption is marked"), "100%"]]
        area = corruption_area(state, self.values().get("area"))
        size = state.layout.gear_die if area == "gear" else state.layout.focus_die
        hits = Fraction(sum(1 for ref in marked if ref.area == area), size)
        rows = [
            [gettext("Corruption worsens"), percent(hits)],
            [gettext("No change"), percent(1 - hits)],
        ]
        return [row for row in rows if row[1] != "0%"]


def _attack_rule(check: str) -> str:
    if check == "block":
        return gettext("Block answers a strike or a missile (the seed's Block).")
    return gettext("Dodge answers a grab or a blast (the seed's Dodge).")


def corruption_area(state, asked: str | None) -> str:
    """RULINGS.md: a gear check while corruption is only on the body, a focus check while
    it is only in the focus, the judge's choice (default gear) when both."""
    areas = {ref.area for ref in state.marked("corruption")}
    if len(areas) == 1:
        return areas.pop()
    return asked or "gear"


class TimeForm(SlotsRollForm):
    span = forms.ChoiceField(
        choices=[("round", _("A round (combat)")), ("try", _("A try (adventuring)"))],
        initial="round",
        label=_("Time"),
    )
    count = forms.IntegerField(
        min_value=1, max_value=10, initial=1, help_text=_("1 to 10 at once."), label=_("How many")
    )
    suffocating = forms.BooleanField(
        required=False, label=_("Still cannot breathe (suffocation worsens per round)")
    )
    breathing = forms.BooleanField(
        required=False, label=_("Can breathe again (clears suffocation)")
    )
    cold = forms.ChoiceField(
        choices=[
            ("", _("Not in extreme cold")),
            ("5", _("Extreme cold (ice worsens every 5 tries)")),
            ("10", _("Extreme cold, well-clothed (every 10)")),
            ("20", _("Extreme cold, dressed for it (every 20)")),
        ],
        required=False,
        label=_("Cold"),
    )
    resting = forms.BooleanField(required=False, label=_("Resting (5 tries clear one exhaustion)"))

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        from sheets.systems.slots.party import clock_of

        clock = clock_of(sheet.character.party_id)
        if clock is not None:  # the party's cold (its settings) is the default here
            self.fields["cold"].initial = clock.cold
            self.fields["count"].help_text = " ".join(
                (
                    gettext("1 to 10 at once."),
                    gettext(
                        "The party is at round %(rounds)s, try %(tries)s; passing time for "
                        "the whole table is on the party's settings page."
                    )
                    % {"rounds": clock.rounds, "tries": clock.tries},
                )
            )

    def clean(self):
        data = super().clean()
        if data.get("suffocating") and data.get("breathing"):
            self.add_error("breathing", _("Either still suffocating or breathing again, not both."))
        return data

    def odds(self) -> list[list[str]]:
        return [[gettext("Dice"), gettext("none: the rules apply as time passes")]]


class CooperationStartForm(GroupStartForm):
    """The GM opens a cooperative check (the seed's Cooperation) for several characters:
    each rolls one die from their own page (no advantage); once all have rolled each may
    exchange one die with another; then the results are read."""

    system_slug = "slots"
    check = forms.ChoiceField(
        choices=[c for c in CHECK_CHOICES if c[0] != "sneak"], initial="traverse",
        help_text=_("Sneak reads what the watchers sense: roll it on each sheet instead."),
        label=_("Check"),
    )  # fmt: skip
    attack = forms.ChoiceField(
        label=_("Attack"),
        choices=[("", "-"), *_attack_choices(a for pair in ATTACKS.values() for a in pair)],
        required=False,
        help_text=_("Block answers a strike or a missile; dodge a grab or a blast."),
    )
    field_order = ["check", "attack", "characters"]

    def clean(self):
        data = super().clean()
        check, attack = data.get("check"), data.get("attack")
        if check in ATTACKS and attack and attack not in ATTACKS[check]:
            self.add_error("attack", _attack_rule(check))
        if check not in ATTACKS:
            data["attack"] = ""
        chosen = data.get("characters") or []
        if check and chosen:
            the_check = build_check({"check": check, "attack": data.get("attack")})
            sizes = {c.name: die_size(engine_sheet(c.slots), the_check) for c in chosen}
            if len(set(sizes.values())) > 1:
                self.add_error(
                    "characters",
                    gettext("Cooperating characters roll the same die: %(dice)s.")
                    % {
                        "dice": ", ".join(
                            gettext("%(name)s a d%(size)s") % {"name": name, "size": size}
                            for name, size in sizes.items()
                        )
                    },
                )
        return data

    def group_label(self) -> dict:
        """ "Cooperation: Gear (block vs strike)", a saying (the group check keeps it)."""
        check = self.cleaned_data["check"]
        attack = self.cleaned_data.get("attack")
        named = say_in(CHECK_NAME, check)
        if check in GEAR_CHECKS:
            if attack:
                return say("Cooperation: Gear (%(check)s vs %(attack)s)", check=named,
                           attack=say_in(CHECK_NAME, attack))  # fmt: skip
            return say("Cooperation: Gear (%(check)s)", check=named)
        return say("Cooperation: Focus (%(check)s)", check=named)

    def group_inputs(self) -> dict:
        return {"check": self.cleaned_data["check"], "attack": self.cleaned_data.get("attack", "")}
