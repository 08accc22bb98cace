"""Agents GM rolls: an NPC's basic roll, 2d6 + stat bonus + skill + situational against
the referee's 2d12 + difficulty, read on the seed's table."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rolls.forms.npc import NpcForm, bounded
from rolls.systems.agents.forms import DIFFICULTY_WORDS, OUTCOME_WORDS, SITUATIONAL, rows
from sheets.systems.agents.dice import odds as dice_odds
from sheets.systems.agents.dice.rules import DIFFICULTIES, Check, Outcome, check_modifiers
from sheets.systems.agents.dice.sheet import SKILL_LEVELS
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import marked_in as pgettext_noop

# the skill of an NPC roll the GM leaves unnamed: a word of the skills' context, so it
# reads in the reader's language wherever the roll names its skill (English stored)
NO_SKILL = pgettext_noop("Agents skill", "Skill")

STAT_RULE = _("a stat score is 0 to 10 (the seed's bonus table)")
SKILL_RULE = _("a skill level is 0 (Novice) to 5 (Master)")
SITUATIONAL_RULE = _("the referee's situational modifier is -5 to +5")


class NpcRollForm(NpcForm):
    # Translators: the name an Agents NPC roll takes when the GM gives none
    default_name = _("Cult enforcer")
    skill = forms.CharField(label=_("Skill"), max_length=40, initial=_("Brawling"))
    stat = bounded(_("Stat score"), 0, 10, 5, STAT_RULE, _("The stat the skill rolls with."))
    skill_level = forms.TypedChoiceField(
        label=_("Skill level"), coerce=int, initial=1,
        choices=[(n, format_lazy("{} {}", n, _(title))) for n, title in enumerate(SKILL_LEVELS)],
        error_messages={"invalid_choice": format_lazy(_("The skill level: {}."), SKILL_RULE)},
    )  # fmt: skip
    difficulty = forms.ChoiceField(
        label=_("Difficulty (+ each referee d12)"),
        choices=[
            (name, format_lazy("{} +{}", DIFFICULTY_WORDS.get(name, name), value))
            for name, value in DIFFICULTIES.items()
        ],
        initial="Normal",
    )
    situational = bounded(_("Situational"), *SITUATIONAL, 0, SITUATIONAL_RULE)
    rows = (("npc_name", "skill"), ("stat", "skill_level"), ("difficulty", "situational"))

    def check(self) -> Check:
        return Check(
            stat=self.value("stat"),
            skill=(self.value("skill") or "").strip() or NO_SKILL,
            skill_level=self.value("skill_level") or 0,
            stat_name="Stat",
            situational=self.value("situational") or 0,
            difficulty=self.value("difficulty"),
        )

    def odds(self):
        try:
            check = self.check()
        except DiceError:
            return []
        odds = dice_odds.check_odds(check)
        total = sum(mod.amount for mod in check_modifiers(check))
        head = [
            [
                f"2d6 {total:+d}",
                gettext("vs each d12 +%(difficulty)s")
                % {"difficulty": DIFFICULTIES[check.difficulty]},
            ]
        ]
        success = dice_odds.at_least(odds, Outcome.SUCCESS)
        return head + rows(
            [
                *((OUTCOME_WORDS[outcome], odds[outcome]) for outcome in Outcome),
                (gettext("Success or Crit"), success),
            ]
        )
