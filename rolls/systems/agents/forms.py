"""Agents roll forms, one per roll action in ``sheets/systems/agents/system.py``.

Each form is ``Form(sheet, data=None, initial=None)``: it bounds every number by the
seed's rules (naming the rule when it refuses) and offers ``odds()``: exact odds from
``sheets.systems.agents.dice.odds`` as [label, percentage] rows, without 0 % rows.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rolls.forms.base import SheetRollForm, whole_number
from rolls.systems.agents import actions
from rolls.templatetags.words import in_words
from sheets.systems.agents import rules
from sheets.systems.agents.dice import odds as dice_odds
from sheets.systems.agents.dice.rules import DIFFICULTIES, Outcome, check_modifier_sayings
from sheets.systems.agents.dice.sheet import (
    AFTERLIFE_TABLE,
    MAX_TRAUMAS,
    TRAUMA_TABLE,
    skill_advance,
)
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.odds import percent

SITUATIONAL = (-5, 5)
OUTCOME_WORDS = {
    Outcome.FAILURE: _("Failure"),
    Outcome.COST_MINUS: _("Cost (-1)"),
    Outcome.COST: _("Cost"),
    Outcome.COST_PLUS: _("Cost (+1)"),
    Outcome.SUCCESS: _("Success"),
    Outcome.CRIT: _("Crit"),
}
# the afterlives of the seed's table (sheets/systems/agents/dice/sheet.py), for the catalogue
AFTERLIFE_WORDS = (
    _("The Eternal Ballroom"),
    _("The Library of Almina"),
    _("The White Halls"),
    _("The Forest"),
    _("The Farms"),
    _("The Waiting Room"),
)
DIFFICULTY_WORDS = {
    "Trivial": pgettext_lazy("Agents difficulty", "Trivial"),
    "Normal": pgettext_lazy("Agents difficulty", "Normal"),
    "Difficult": pgettext_lazy("Agents difficulty", "Difficult"),
    "Hard": pgettext_lazy("Agents difficulty", "Hard"),
    "Impossible": pgettext_lazy("Agents difficulty", "Impossible"),
}
MAX_DAMAGE = 200
MAX_REST_HOURS = 24


def rows(odds) -> list[list[str]]:
    """[label, percentage] rows of the non-zero chances."""
    return [[str(label), percent(chance)] for label, chance in odds if chance]


class AgentsRollForm(SheetRollForm):
    """Common part of the Agents roll forms (rolls.forms.base)."""

    # The form lists or counts the skills: they are read once (locked in the roll's
    # transaction), and a skill the roll changes is the one the next read sees. A check
    # posted with its skill reads that skill's row alone (``actions.find_skill``).
    reads_every_skill = True

    def __init__(self, sheet, data=None, *args, **kwargs):
        if self.reads_every_skill or data is None:
            actions.read_skills(sheet)
        super().__init__(sheet, data, *args, **kwargs)


def skill_choices(sheet) -> list[tuple[str, str]]:
    choices = []
    for skill in sheet.skills.all():
        stat = rules.STAT_ABBR[skill.stat]
        category = pgettext(rules.SKILL_CONTEXT, rules.CATEGORY_LABELS[skill.category])
        choices.append((str(skill.pk), f"{skill.display_name} ({category}, {skill.title}, {stat})"))
    return choices


def first_skill(sheet) -> str:
    return next((str(skill.pk) for skill in sheet.skills.all()), "")


def weapon_choices(sheet) -> list[tuple[str, str]]:
    return [("", gettext("No weapon"))] + [
        (
            str(w.pk),
            gettext("%(weapon)s: %(damage)s, %(ap)s AP")
            % {"weapon": w.name, "damage": w.damage_text, "ap": w.ap_cost},
        )
        for w in sheet.weapons.all()
    ]


class SkillField(forms.ChoiceField):
    """A skill of the sheet (``sheet``, set by the form), listed to choose from. A value
    is checked by finding that skill on the sheet (``actions.find_skill``: its row alone
    when the list was not read), not by reading the whole list."""

    sheet = None

    def skill(self, value):
        """The sheet's skill ``value`` names, or None; each value looked up once."""
        found = self.__dict__.setdefault("found", {})
        key = str(getattr(value, "pk", value))
        if key not in found:
            found[key] = actions.find_skill(self.sheet, key)
        return found[key]

    def valid_value(self, value):
        return self.skill(value) is not None


class CheckForm(AgentsRollForm):
    """What every 2d6 roll reads: skill, stat, High spent, situational modifier."""

    reads_every_skill = False
    skill = SkillField(label=_("Skill"))
    stat = forms.ChoiceField(
        label=_("Stat"),
        required=False,
        choices=[
            ("", _("The skill's own stat")),
            *((stat, _(label)) for stat, label in rules.STAT_LABELS.items()),
        ],
    )
    high_spent = whole_number(
        _("High spent on the roll"), 0, 3, 0, help_text=_("+1 per High point.")
    )
    situational = whole_number(_("Situational modifier"), *SITUATIONAL, 0)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["skill"].sheet = sheet
        self.fields["skill"].choices = partial(skill_choices, sheet)
        spendable = rules.mind(sheet).spendable_high if not self._broken_mind() else 0
        self.fields["high_spent"].help_text = gettext("+1 each; %(spendable)s to spend.") % {
            "spendable": spendable
        }

    def _broken_mind(self) -> bool:
        try:
            rules.mind(self.sheet)
        except DiceError:
            return True
        return False

    def clean_high_spent(self):
        high = self.cleaned_data["high_spent"]
        try:
            spendable = rules.mind(self.sheet).spendable_high
        except DiceError as error:
            raise forms.ValidationError(str(error)) from None
        if high > spendable:
            values = {"spendable": spendable, "high": self.sheet.high}
            if self.sheet.lady_lucks_curse:
                message = gettext(
                    "You can spend %(spendable)s High (you hold %(high)s; Lady Luck keeps 1)."
                )
            else:
                message = gettext("You can spend %(spendable)s High (you hold %(high)s).")
            raise forms.ValidationError(message % values)
        return high

    def clean_skill(self):
        skill = self.fields["skill"].skill(self.cleaned_data["skill"])
        if skill is None:
            raise forms.ValidationError(_("Choose a skill from this agent's sheet."))
        return skill

    def current(self) -> dict:
        names = ("skill", "stat", "high_spent", "situational")
        values = {name: self.value(name) for name in names}
        if not hasattr(values["skill"], "pk"):
            values["skill"] = self.fields["skill"].skill(values["skill"])
        return values


class BasicRollForm(CheckForm):
    difficulty = forms.ChoiceField(
        label=_("Difficulty (added to each referee d12)"),
        choices=[
            (name, format_lazy("{} +{}", DIFFICULTY_WORDS.get(name, name), value))
            for name, value in DIFFICULTIES.items()
        ],
        initial="Normal",
    )
    weapon = forms.ChoiceField(label=_("Attack with"), required=False)
    combat = forms.BooleanField(
        label=_("Combat roll (a failure gives stress, no XP)"), required=False
    )
    field_order = ["skill", "weapon", "stat", "difficulty", "high_spent", "situational", "combat"]

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        # read when the list is shown or a weapon is posted, not for every roll
        self.fields["weapon"].choices = partial(weapon_choices, sheet)
        weapon = actions.find_weapon(sheet, self.initial.get("weapon"))
        if weapon is not None and "skill" not in self.initial:
            skill = actions.attack_skill(sheet, weapon)
            if skill is not None:
                self.initial["skill"] = str(skill.pk)
            self.initial.setdefault("stat", actions.attack_stat(weapon))
            self.initial["combat"] = True
        if "skill" not in self.initial and not self.is_bound:
            self.fields["skill"].initial = partial(first_skill, sheet)
        self.helper.layout = Layout(
            Row(Column("skill", css_class="col-md-7"), Column("weapon", css_class="col-md-5")),
            Row(
                Column("stat", css_class="col-6 col-md-4"),
                Column("difficulty", css_class="col-6 col-md-4"),
                Column("high_spent", css_class="col-6 col-md-2"),
                Column("situational", css_class="col-6 col-md-2"),
            ),
            "combat",
        )
        self.fields["high_spent"].label = _("High spent")
        self.fields["situational"].label = _("Situational")
        self.fields["difficulty"].label = _("Difficulty (+ each d12)")

    def clean_weapon(self):
        value = self.cleaned_data.get("weapon") or ""
        if not value:
            return None
        weapon = actions.find_weapon(self.sheet, value)
        if weapon is None:
            raise forms.ValidationError(_("Choose a weapon from this agent's sheet."))
        if weapon.reload and weapon.shots == 0:
            raise forms.ValidationError(
                gettext("%(weapon)s has no shots left: reload it first (Reload, 5 AP).")
                % {"weapon": weapon.name}
            )
        return weapon

    def clean(self):
        cleaned = super().clean()
        problem = actions.cannot_act(self.sheet)
        if problem:
            raise forms.ValidationError(problem)
        return cleaned

    def check(self):
        values = self.current()
        if values["skill"] is None:
            raise DiceError(_("choose a skill"))
        return actions.build_check(
            self.sheet,
            values["skill"],
            values["stat"],
            difficulty=self.value("difficulty"),
            high_spent=values["high_spent"] or 0,
            situational=values["situational"] or 0,
        )

    def odds(self):
        check = self.check()
        odds = dice_odds.check_odds(check)
        success = dice_odds.at_least(odds, Outcome.SUCCESS)
        mods = check_modifier_sayings(check)
        parts = ", ".join(f"{in_words(label)} {amount:+d}" for label, amount in mods)
        total = sum(amount for _label, amount in mods)
        difficulty = DIFFICULTIES[check.difficulty]
        head = [
            [
                f"2d6 {total:+d} ({parts})",
                gettext("vs each d12 +%(difficulty)s") % {"difficulty": difficulty},
            ]
        ]
        return head + rows(
            [
                *((OUTCOME_WORDS[outcome], odds[outcome]) for outcome in Outcome),
                (gettext("Success or Crit"), success),
            ]
        )


class ResearchForm(CheckForm):
    reads_every_skill = True  # it looks for the Research skill
    interview = forms.BooleanField(label=_("An interview (not research)"), required=False)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        research = actions.find_named_skill(sheet, "technical", "Research")
        if research is not None and "skill" not in self.initial:
            self.fields["skill"].initial = str(research.pk)
        topic = sheet.research_topic or gettext("the research")
        self.fields["skill"].help_text = gettext(
            "2d6 + stat + skill comes off the research timer of %(topic)s "
            "(%(left)s left); it takes 1d4 hours."
        ) % {"topic": topic, "left": sheet.research_timer}

    def clean(self):
        cleaned = super().clean()
        if self.sheet.research_timer == 0:
            raise forms.ValidationError(
                _("No research under way: the referee sets a research timer (Notes & research).")
            )
        problem = actions.cannot_act(self.sheet)
        if problem:
            raise forms.ValidationError(problem)
        return cleaned

    def odds(self):
        values = self.current()
        if values["skill"] is None:
            return []
        check = actions.build_check(
            self.sheet,
            values["skill"],
            values["stat"],
            high_spent=values["high_spent"] or 0,
            situational=values["situational"] or 0,
        )
        modifier = actions.total_modifier(check)
        timer = self.sheet.research_timer
        if not timer:
            return []
        done = dice_odds.research_done_odds(modifier, timer)
        return rows([(f"Timer {timer} done with this roll", done), ("Still under way", 1 - done)])


class IncomingDamageForm(AgentsRollForm):
    damage = whole_number(_("Incoming damage"), 1, MAX_DAMAGE, 1)
    cover = forms.ChoiceField(
        label=_("Cover"),
        choices=[
            ("none", _("No cover")),
            ("half", _("Half cover: half damage, rounded down")),
            ("full", _("Full cover: no damage")),
        ],
        initial="none",
        widget=forms.RadioSelect,
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["damage"].help_text = gettext(
            "Fortitude %(ft)s takes 1 off per point; blocking it all costs 1 FT."
        ) % {"ft": sheet.fortitude}

    def odds(self):
        return [[gettext("No dice: the result follows from HP, FT and cover"), "100%"]]


class SanityDamageForm(AgentsRollForm):
    damage = whole_number(
        _("Sanity damage"), 1, MAX_DAMAGE, 1, help_text=_("At 0 Sanity it comes off HP.")
    )

    def odds(self):
        return [[gettext("No dice"), "100%"]]


class ShortRestForm(AgentsRollForm):
    hours = whole_number(
        _("Hours of rest"),
        1,
        MAX_REST_HOURS,
        1,
        help_text=_(
            "Each hour: 1d6 + LCK bonus of 4 or less interrupts; else 1d6 + LCK bonus HP "
            "and 1 FT. +1 Sanity per 4 hours."
        ),
    )

    def odds(self):
        hours = self.value("hours") or 1
        interrupted = dice_odds.interruption_odds(self.sheet.luck)
        whole = (1 - interrupted) ** hours
        return rows(
            [
                (gettext("An hour interrupted"), interrupted),
                (
                    ngettext("All %(n)s hour undisturbed", "All %(n)s hours undisturbed", hours)
                    % {"n": hours},
                    whole,
                ),
            ]
        )


class LongRestForm(AgentsRollForm):
    safe = forms.BooleanField(
        label=_("24 hours uninterrupted in a safe location (town, outpost...)"),
        required=True,
        error_messages={"required": _("A long rest needs 24 hours in a safe location.")},
    )

    def odds(self):
        return [[gettext("No dice: full HP and FT, +1 Sanity"), "100%"]]


class StimForm(AgentsRollForm):
    def clean(self):
        cleaned = super().clean()
        if actions.stims(self.sheet) is None:
            raise forms.ValidationError(
                _("No stims on the sheet (Items): buy some first ($1,000).")
            )
        return cleaned

    def odds(self):
        return rows(
            (gettext("%(hp)s HP back") % {"hp": face}, Fraction(1, 6)) for face in range(1, 7)
        )


class SpendHighForm(AgentsRollForm):
    high = whole_number(
        _("High to spend"), 1, 3, 1, help_text=_("Each High point removes 1 stress.")
    )

    def clean_high(self):
        high = self.cleaned_data["high"]
        try:
            rules.mind(self.sheet)
            actions.check_high_on_stress(self.sheet, high)
        except DiceError as error:
            raise forms.ValidationError(str(error)) from None
        return high


class ReloadForm(AgentsRollForm):
    weapon = forms.ChoiceField(label=_("Weapon"))

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["weapon"].choices = [
            (
                str(w.pk),
                gettext("%(weapon)s: %(shots)s/%(reload)s shots, %(reloads)s reloads")
                % {"weapon": w.name, "shots": w.shots, "reload": w.reload, "reloads": w.reloads},
            )
            for w in sheet.weapons.all()
            if w.reload
        ]

    def clean_weapon(self):
        weapon = actions.find_weapon(self.sheet, self.cleaned_data["weapon"])
        if weapon is None or not weapon.reload:
            raise forms.ValidationError(_("Choose a weapon with the Reload tag."))
        if weapon.reloads == 0 and actions.ammunition(self.sheet) is None:
            raise forms.ValidationError(
                gettext("No reloads left for %(weapon)s and no ammunition: buy some ($500).")
                % {"weapon": weapon.name}
            )
        return weapon


class RaiseSkillForm(AgentsRollForm):
    skill = forms.ChoiceField(label=_("Skill"))

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["skill"].choices = [
            (str(s.pk), f"{s.display_name}: {s.title}, {s.xp}/{s.next_xp} XP")
            for s in sheet.skills.all()
            if s.next_xp is not None and s.xp
        ] or [("", gettext("No skill has XP yet"))]

    def clean_skill(self):
        skill = actions.find_skill(self.sheet, self.cleaned_data["skill"])
        if skill is None:
            raise forms.ValidationError(_("Choose a skill from this agent's sheet."))
        advance = skill_advance(skill.level, skill.xp)
        if advance.next_level is None:
            raise forms.ValidationError(
                gettext("%(skill)s is at Master already.") % {"skill": skill.display_name}
            )
        if not advance.can_buy:
            raise forms.ValidationError(
                gettext("%(skill)s needs %(cost)s XP to reach %(title)s (%(xp)s so far).")
                % {
                    "skill": skill.display_name,
                    "cost": advance.cost,
                    "title": gettext(advance.title),
                    "xp": skill.xp,
                }
            )
        return skill


class ReviveForm(AgentsRollForm):
    confirm = forms.BooleanField(
        label=_("The agent died (HP 0): revive them"),
        required=True,
        error_messages={"required": _("Tick to confirm the agent died.")},
    )

    def clean(self):
        cleaned = super().clean()
        if self.sheet.dead:
            raise forms.ValidationError(
                gettext("%(name)s is dead for real.") % {"name": self.sheet.character.name}
            )
        return cleaned

    def odds(self):
        if rules.table_trauma_count(self.sheet) >= MAX_TRAUMAS:
            return [[gettext("A fourth trauma: dead for real"), "100%"]]
        chance = Fraction(1, 6)
        return rows(
            [
                *(
                    (gettext("Afterlife: %(name)s") % {"name": gettext(name)}, chance)
                    for name in AFTERLIFE_TABLE.values()
                ),
                *(
                    (gettext("Trauma: %(name)s") % {"name": gettext(name)}, chance)
                    for name in TRAUMA_TABLE.values()
                ),
            ]
        )


class RemoveTraumaForm(AgentsRollForm):
    trauma = forms.ChoiceField(label=_("Trauma"))

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["trauma"].choices = [
            (field, gettext(name))
            for field, name in rules.TABLE_TRAUMAS.items()
            if getattr(sheet, field)
        ] or [("", gettext("No trauma to remove"))]
        self.fields["trauma"].help_text = gettext(
            "A month of uninterrupted rest: its abilities go, skills in magic spheres stay."
        )

    def clean_trauma(self):
        trauma = self.cleaned_data["trauma"]
        if trauma not in rules.TABLE_TRAUMAS or not getattr(self.sheet, trauma):
            raise forms.ValidationError(_("Choose a trauma this agent has."))
        return trauma

    def odds(self):
        return [[gettext("No dice: a month of rest"), "100%"]]


class ClockForm(AgentsRollForm):
    mode = forms.ChoiceField(
        label=_("Clock"),
        choices=[("advance", _("Advance by")), ("set", _("Set to"))],
        initial="advance",
        widget=forms.RadioSelect,
    )
    days = whole_number(_("Days"), 0, 365, 0)
    hours = whole_number(_("Hours"), 0, 23, 1)
    minutes = forms.TypedChoiceField(
        label=_("Minutes (10-minute segments)"),
        coerce=int,
        initial=0,
        choices=[(m, f"{m:02d}") for m in range(0, 60, 10)],
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        if sheet.character.party_id is None:
            self.fields["mode"].help_text = _("This agent is in no party: there is no clock.")

    def clean(self):
        cleaned = super().clean()
        if self.sheet.character.party_id is None:
            raise forms.ValidationError(_("The clock belongs to a party: this agent is in none."))
        if cleaned.get("mode") == "set" and cleaned.get("days") == 0:
            self.add_error("days", _("Days count from 1 when the clock is set."))
        return cleaned

    def odds(self):
        return [[gettext("No dice"), "100%"]]
