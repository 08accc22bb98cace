"""Twilight: 2000 GM rolls: an NPC's skill roll by levels (A-D, D12..D6) with help, and
an NPC opposing a character."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rolls.forms.npc import NpcForm, OpposedMixin, bounded
from rolls.systems.twilight import actions
from sheets.systems.dice.odds import percent
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import odds as t2k_odds
from sheets.systems.twilight.dice import stepdice

LEVEL_CHOICES = [(level, f"{level} (D{rules.die(level)})") for level in rules.LEVELS]
SKILL_LEVEL_CHOICES = [("", _("none (attribute die alone)")), *LEVEL_CHOICES]
ATTRIBUTE_CHOICES = [(short, _(rules.ATTRIBUTE_LABELS[long])) for long, short in
                     rules.ATTRIBUTE_SHORT.items()]  # fmt: skip
MODIFIER_RULE = _("modifiers step the dice by -3 to +3")
HELPER_RULE = _("at most three helpers, +1 step each, declared before the roll")


class _LevelsForm(NpcForm):
    # Translators: the name an NPC roll takes when the GM gives none (stored with the roll)
    default_name = _("Soviet sentry")
    npc_attribute = forms.ChoiceField(
        label=_("Attribute"), choices=ATTRIBUTE_CHOICES, initial="INT",
        help_text=_("A push's 1s are damage (STR, AGL) or stress (INT, EMP)."),
    )  # fmt: skip
    attribute_level = forms.ChoiceField(label=_("Attribute level"), choices=LEVEL_CHOICES,
                                        initial="C")  # fmt: skip
    skill_level = forms.ChoiceField(label=_("Skill level"), choices=SKILL_LEVEL_CHOICES,
                                    initial="D", required=False)  # fmt: skip
    npc_modifier = bounded(_("Modifier"), -actions.MAX_MODIFIER, actions.MAX_MODIFIER, 0,
                           MODIFIER_RULE, _("Steps: +1 steps a die up, -1 down."))  # fmt: skip
    npc_helpers = bounded(_("Helpers"), 0, stepdice.MAX_HELPERS, 0, HELPER_RULE,
                          _("NPCs help each other as characters do: +1 step each."))  # fmt: skip

    def npc_dice(self) -> tuple[int, ...]:
        return stepdice.base_dice(
            self.value("attribute_level"), self.value("skill_level") or None,
            modifier=self.value("npc_modifier") or 0, helpers=self.value("npc_helpers") or 0,
        )  # fmt: skip

    def pool_dice(self):
        return [{"kind": f"d{size}", "size": size} for size in self.npc_dice()]


class NpcRollForm(_LevelsForm):
    what = forms.CharField(label=_("What it tries"), max_length=100, required=False)
    rows = (
        ("npc_name", "what"),
        ("npc_attribute", "attribute_level", "skill_level"),
        ("npc_modifier", "npc_helpers"),
    )

    def odds(self):
        return actions.skill_rows(self.npc_dice())


SKILL_CHOICES = [(skill, _(rules.SKILL_LABELS[skill])) for skill in rules.SKILLS]


class OpposedForm(OpposedMixin, _LevelsForm):
    system_slug = "twilight"
    skill = forms.ChoiceField(label=_("Their skill"), choices=SKILL_CHOICES, initial="recon")
    modifier = bounded(_("Their modifier"), -actions.MAX_MODIFIER, actions.MAX_MODIFIER, 0,
                       MODIFIER_RULE)  # fmt: skip
    rows = (
        ("character", "skill", "modifier"),
        ("active",),
        ("npc_name", "npc_attribute"),
        ("attribute_level", "skill_level"),
        ("npc_modifier", "npc_helpers"),
    )

    def character_dice(self):
        sheet = self.chosen_sheet()
        if sheet is None:
            return None
        return actions.skill_dice(sheet, self.value("skill"), self.value("modifier") or 0)

    def pool_dice(self):
        return []

    def odds(self):
        mine = self.character_dice()
        if mine is None:
            return []
        head = [[f"{self.value('character').name}: {rules.dice_text(mine)}",
                 gettext("vs %(dice)s") % {"dice": rules.dice_text(self.npc_dice())}]]  # fmt: skip
        if self.value("active") == "npc":
            odds = t2k_odds.opposed_odds(self.npc_dice(), mine)
            return [*head, [gettext("The NPC wins (more successes)"), percent(odds.win)],
                           [gettext("Tie (the NPC loses)"), percent(odds.tie)]]  # fmt: skip
        odds = t2k_odds.opposed_odds(mine, self.npc_dice())
        return [*head, [gettext("The character wins (more successes)"), percent(odds.win)],
                       [gettext("Tie (the character loses)"), percent(odds.tie)]]  # fmt: skip
