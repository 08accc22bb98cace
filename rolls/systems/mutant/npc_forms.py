"""Mutant: Year Zero GM rolls: an NPC's or monster's dice pool, and an NPC opposing one
of the party's mutants."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rolls.forms.npc import NpcForm, OpposedMixin, bounded
from rolls.systems.mutant import actions
from sheets.systems.dice.odds import opposed_chances, percent
from sheets.systems.dice.words import say
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import odds as mutant_odds

MAX_POOL = 10
POOL_RULE = _(
    "an NPC's pool holds at most 10 dice of a kind (attributes and skills reach 5, "
    "the greatest Zone monsters 10)"
)
MODIFIER_RULE = _("a modifier is -3 to +3")


def _dice(label, initial, help_text):
    return bounded(label, 0, MAX_POOL, initial, POOL_RULE, help_text)


BASE_HELP = _("Yellow: the attribute (after damage).")
SKILL_HELP = _("Green: the skill level and positive modifiers.")
GEAR_HELP = _("Black: the weapon's or gear's bonus.")
NEGATIVE_HELP = _("Red: a negative modifier beyond the skill.")


class _PoolForm(NpcForm):
    # Translators: the name an MYZ NPC roll takes when the GM gives none
    default_name = _("Zone ghoul")

    base = _dice(_("Base dice"), 3, BASE_HELP)
    npc_skill = _dice(_("Skill dice"), 1, SKILL_HELP)
    gear = _dice(_("Gear dice"), 0, GEAR_HELP)
    negative = _dice(_("Negative dice"), 0, NEGATIVE_HELP)
    POOL = ("base", "npc_skill", "gear", "negative")

    def npc_pool(self) -> tuple[int, int, int, int]:
        return tuple(self.value(n) or 0 for n in self.POOL)

    def clean(self):
        cleaned = super().clean()
        if all(name in cleaned for name in self.POOL[:3]) and not sum(
            cleaned[name] for name in self.POOL[:3]
        ):
            raise forms.ValidationError(
                gettext(
                    "A roll needs at least one base, skill or gear die (a 6 on those succeeds)."
                )
            )
        return cleaned

    def pool_dice(self):
        counts = zip(("base", "skill", "gear", "negative"), self.npc_pool(), strict=True)
        return [{"kind": kind, "size": 6} for kind, count in counts for _ in range(count)]


class NpcRollForm(_PoolForm):
    what = forms.CharField(label=_("What it tries"), max_length=100, required=False)
    rows = (("npc_name", "what"), ("base", "npc_skill"), ("gear", "negative"))

    def odds(self):
        return mutant_odds.skill_rows(mutant_odds.skill_odds(*self.npc_pool()))


SKILL_CHOICES = [(skill, _(rules.SKILL_LABELS[skill])) for skill in rules.SKILL_ATTRIBUTES]


class OpposedForm(OpposedMixin, _PoolForm):
    system_slug = "mutant"
    skill = forms.ChoiceField(label=_("Their skill"), choices=SKILL_CHOICES, initial="sneak")
    modifier = bounded(_("Their modifier"), -3, 3, 0, MODIFIER_RULE)
    rows = (
        ("character", "skill", "modifier"),
        ("active",),
        ("npc_name",),
        ("base", "npc_skill"),
        ("gear", "negative"),
    )

    def character_pool(self):
        sheet = self.chosen_sheet()
        if sheet is None:
            return None
        return actions.skill_pool(sheet, self.value("skill"), self.value("modifier") or 0)

    def pool_dice(self):
        return []

    def odds(self):
        pool = self.character_pool()
        if pool is None:
            return []
        theirs = mutant_odds.skill_odds(pool.base, pool.skill_dice, pool.gear_dice, pool.negative)
        npc = mutant_odds.skill_odds(*self.npc_pool())
        mine, other = dict(enumerate(theirs.distribution)), dict(enumerate(npc.distribution))
        base, skill, gear, negative = self.npc_pool()
        head = [[say("%(name)s: %(dice)s", name=self.value("character").name, dice=pool.describe()),
                 gettext("vs %(base)s base, %(skill)s skill, %(gear)s gear, %(negative)s negative")
                 % {"base": base, "skill": skill, "gear": gear, "negative": negative}]]  # fmt: skip
        if self.value("active") == "npc":
            win, tie = opposed_chances(other, mine)
            return [*head, [say("The NPC wins (more successes)"), percent(win)],
                           [say("Tie (the NPC loses)"), percent(tie)]]  # fmt: skip
        win, tie = opposed_chances(mine, other)
        return [*head, [say("The character wins (more successes)"), percent(win)],
                       [say("Tie (the character loses)"), percent(tie)]]  # fmt: skip
