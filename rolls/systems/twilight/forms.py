"""Twilight: 2000 4E roll forms, one per roll action in ``sheets/systems/twilight/system.py``.

Each form is ``Form(sheet, data=None, initial=None)``; it bounds every number by the
rules (naming the rule when it refuses) and offers ``odds()``: exact odds of the
configuration submitted (or of the defaults) as ``[label, percentage]`` rows.
"""

from __future__ import annotations

from functools import cached_property

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rolls.forms.base import SheetRollForm, whole_number
from rolls.forms.group import OneRollsForm
from rolls.systems.twilight import actions
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import say
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import odds as t2k_odds
from sheets.systems.twilight.dice import stepdice

MODIFIER = actions.MAX_MODIFIER
HELPERS = stepdice.MAX_HELPERS
LEVEL_CHOICES = [(level, f"{level} (D{rules.die(level)})") for level in rules.LEVELS]


class TwilightRollForm(SheetRollForm):
    """Common part of the Twilight: 2000 roll forms (rolls.forms.base), with ``rows``:
    fields side by side in the dialog."""


class HelpMixin(forms.Form):
    """Modifiers as steps and up to three named helpers, declared before the roll."""

    modifier = whole_number(
        _("Difficulty and situation"), -MODIFIER, MODIFIER, 0,
        help_text=_("Steps: +1 steps a base die up, -1 down (balanced)."),
    )  # fmt: skip
    helper_1 = forms.CharField(label=_("Helped by"), max_length=40, required=False)
    helper_2 = forms.CharField(label=_("Second helper"), max_length=40, required=False)
    helper_3 = forms.CharField(
        label=_("Third helper"), max_length=40, required=False,
        help_text=_("Each helper (declared before rolling) is +1; at most three."),
    )  # fmt: skip

    def clean(self):
        cleaned = super().clean()
        names = [cleaned.get(f"helper_{n}", "").strip() for n in range(1, HELPERS + 1)]
        cleaned["helpers"] = [name for name in names if name]
        return cleaned

    def helper_count(self) -> int:
        return len([n for n in range(1, HELPERS + 1) if (self.value(f"helper_{n}") or "").strip()])


class SkillRollForm(HelpMixin, TwilightRollForm):
    skill = forms.ChoiceField(label=_("Skill"))
    specialty = forms.TypedChoiceField(
        label=_("Specialty"), required=False, coerce=int, empty_value=None,
        help_text=_("A specialty that applies gives +1."),
    )  # fmt: skip
    gear = forms.TypedChoiceField(
        label=_("Gear used"), required=False, coerce=int, empty_value=None,
        help_text=_("On a STR/AGL roll, pushing damages the gear's reliability instead of you."),
    )  # fmt: skip
    passive = forms.BooleanField(
        label=_("Passive roll (unaware or resisting: cannot be pushed)"), required=False
    )
    field_order = ["skill", "modifier", "specialty", "helper_1", "helper_2", "helper_3"]
    rows = (
        ("skill", "modifier"),
        ("specialty", "gear"),
        ("helper_1", "helper_2", "helper_3"),
        ("passive",),
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["skill"].choices = [
            (
                skill,
                gettext("%(skill)s (%(attribute)s): %(dice)s")
                % {
                    "skill": gettext(rules.SKILL_LABELS[skill]),
                    "attribute": gettext(rules.ATTRIBUTE_SHORT[attribute]),
                    "dice": rules.dice_text(rules.base_dice(sheet, skill)),
                },
            )
            for skill, attribute in rules.SKILL_ATTRIBUTES.items()
        ]
        self.fields["skill"].initial = rules.SKILLS[0]
        # Read when the lists are shown or a choice is checked: a roll without a
        # specialty or gear reads neither.
        self.fields["specialty"].choices = lambda: (
            [("", pgettext_lazy("no specialty", "none"))]
            + [
                (pk, f"{s.name} ({gettext(rules.SKILL_LABELS[s.skill])})")
                for pk, s in self.specialties.items()
            ]
        )
        self.fields["gear"].choices = lambda: (
            [("", gettext("no gear"))]
            + [
                (
                    pk,
                    gettext("%(name)s (reliability %(reliability)s)")
                    % {"name": w.name, "reliability": w.reliability},
                )
                for pk, w in self.weapons.items()
            ]
        )

    @cached_property
    def specialties(self) -> dict:
        return {s.pk: s for s in self.sheet.specialties.all()}

    @cached_property
    def weapons(self) -> dict:
        return {w.pk: w for w in self.sheet.weapons.all()}

    def clean_specialty(self):
        pk = self.cleaned_data.get("specialty")
        return self.specialties.get(pk) if pk is not None else None

    def clean(self):
        cleaned = super().clean()
        specialty, skill = cleaned.get("specialty"), cleaned.get("skill")
        if specialty is not None and skill and specialty.skill != skill:
            self.add_error(
                "specialty",
                gettext("%(name)s is a %(skill)s specialty: it gives no modifier to %(other)s.")
                % {
                    "name": specialty.name,
                    "skill": gettext(rules.SKILL_LABELS[specialty.skill]),
                    "other": gettext(rules.SKILL_LABELS[skill]),
                },
            )
        return cleaned

    def dice(self) -> tuple[int, ...]:
        modifier = (self.value("modifier") or 0) + (1 if self.value("specialty") else 0)
        return actions.skill_dice(self.sheet, self.value("skill"), modifier, self.helper_count())

    def odds(self):
        return actions.skill_rows(self.dice())


class GroupRollForm(SkillRollForm):
    group = forms.CharField(
        label=_("The rest of the group"), max_length=200, required=False,
        help_text=_("Names, separated by commas: a failure counts for all of them."),
    )  # fmt: skip
    rows = (("skill", "modifier"), ("group",), *SkillRollForm.rows[1:-1])

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        del self.fields["passive"]

    def clean_group(self):
        names = [name.strip() for name in self.cleaned_data.get("group", "").split(",")]
        return [name for name in names if name]


class AttackForm(HelpMixin, TwilightRollForm):
    weapon = forms.TypedChoiceField(label=_("Weapon"), coerce=int)
    ammo_dice = whole_number(_("Ammo dice"), 0, 6, 0)
    aim = forms.TypedChoiceField(
        label=_("Aim"),
        choices=[(0, pgettext_lazy("not aimed", "no")), (1, _("aimed (+1, a slow action)"))],
        coerce=int,
        initial=0, required=False,
    )  # fmt: skip
    range_modifier = forms.TypedChoiceField(
        label=_("Range"),
        choices=[(1, _("point blank +1")), (0, _("short / medium 0")), (-1, _("long -1")),
                 (-2, _("extreme -2"))],
        coerce=int, initial=0, required=False,
    )  # fmt: skip
    field_order = ["weapon", "ammo_dice", "aim", "range_modifier", "modifier"]
    rows = (
        ("weapon", "ammo_dice"),
        ("aim", "range_modifier", "modifier"),
        ("helper_1", "helper_2", "helper_3"),
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.weapons = {w.pk: w for w in sheet.weapons.all()}
        self.fields["weapon"].choices = [(pk, self._label(w)) for pk, w in self.weapons.items()]
        if self.weapons:
            self.fields["weapon"].initial = next(iter(self.weapons))
        weapon = self.chosen()
        if weapon is not None and actions.fire_refusal(weapon):
            self.fields["weapon"].help_text = actions.fire_refusal(weapon)
        if weapon is not None and weapon.firearm and weapon.rounds_loaded:
            limit = stepdice.ammo_dice_limit(weapon.rate_of_fire, weapon.rounds_loaded)
            self.fields["ammo_dice"].widget.attrs.update(min=0, max=limit)
            self.fields["ammo_dice"].help_text = gettext(
                "0 to %(limit)s: the lower of RoF %(rof)s and the %(rounds)s rounds left - 1."
            ) % {"limit": limit, "rof": weapon.rate_of_fire, "rounds": weapon.rounds_loaded}

    @staticmethod
    def _label(weapon):
        parts = [weapon.name]
        if weapon.firearm:
            parts.append(
                gettext("%(loaded)s/%(capacity)s rounds")
                % {"loaded": weapon.rounds_loaded, "capacity": weapon.magazine_capacity}
            )
        if weapon.jammed:
            parts.append(gettext("JAMMED"))
        if weapon.broken:
            parts.append(gettext("broken"))
        return ", ".join(parts)

    def chosen(self):
        pk = self.value("weapon")
        return self.weapons.get(pk) if pk is not None else None

    def clean_weapon(self):
        weapon = self.weapons.get(self.cleaned_data["weapon"])
        refusal = actions.fire_refusal(weapon)
        if refusal:
            raise forms.ValidationError(refusal)
        return weapon.pk

    def clean(self):
        cleaned = super().clean()
        weapon = self.weapons.get(cleaned.get("weapon"))
        ammo = cleaned.get("ammo_dice")
        if weapon is None or ammo is None:
            return cleaned
        if not weapon.firearm and ammo:
            self.add_error(
                "ammo_dice",
                gettext("The %(weapon)s is not a firearm: no ammo dice.") % {"weapon": weapon.name},
            )
        elif weapon.firearm:
            limit = stepdice.ammo_dice_limit(weapon.rate_of_fire, weapon.rounds_loaded)
            if ammo > limit:
                why = (
                    gettext("none with one round left")
                    if weapon.rounds_loaded == 1
                    else gettext("the lower of RoF %(rof)s and the %(rounds)s rounds left - 1")
                    % {"rof": weapon.rate_of_fire, "rounds": weapon.rounds_loaded}
                )
                self.add_error(
                    "ammo_dice",
                    gettext("At most %(limit)s ammo dice (%(why)s), not %(ammo)s.")
                    % {"limit": limit, "why": why, "ammo": ammo},
                )
        return cleaned

    def odds(self):
        weapon = self.chosen()
        if weapon is None:
            return []
        if actions.fire_refusal(weapon):
            return []
        modifier = sum(self.value(name) or 0 for name in ("modifier", "aim", "range_modifier"))
        base = actions.skill_dice(self.sheet, weapon.skill, modifier, self.helper_count())
        if not weapon.firearm:
            return actions.skill_rows(base)
        ammo = self.value("ammo_dice") or 0
        try:
            odds = t2k_odds.attack_odds(
                base, ammo, rate_of_fire=weapon.rate_of_fire, rounds_left=weapon.rounds_loaded
            )
        except DiceError:
            return []
        rows = [[gettext("Hit"), percent(odds.hit)]]
        for label in ("2", "3+"):
            if odds.successes.get(label):
                rows.append(
                    [
                        gettext("%(count)s successes") % {"count": label},
                        percent(odds.successes[label]),
                    ]
                )
        if ammo:
            rows.append([gettext("Hit with at least one ammo 6"), percent(odds.hit_with_ammo_six)])
            rows.append([gettext("Miss, but ammo 6s can suppress"), percent(odds.suppression_only)])
            if odds.magazine_emptied:
                rows.append([gettext("Magazine emptied"), percent(odds.magazine_emptied)])
        return [row for row in rows if row[1] != "0%"]


class ClearJamForm(TwilightRollForm):
    weapon = forms.TypedChoiceField(label=_("Jammed weapon"), coerce=int)
    modifier = whole_number(_("Difficulty and situation"), -MODIFIER, MODIFIER, 0)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.jammed = {w.pk: w for w in sheet.weapons.all() if w.jammed}
        self.fields["weapon"].choices = [
            (pk, f"{w.name} ({gettext(rules.SKILL_LABELS[w.skill])})")
            for pk, w in self.jammed.items()
        ]
        self.fields["weapon"].error_messages["invalid_choice"] = _("That weapon is not jammed.")
        if not self.jammed:
            self.fields["weapon"].help_text = gettext("No weapon is jammed.")

    def odds(self):
        weapon = self.jammed.get(self.value("weapon"))
        if weapon is None:
            return []
        modifier = self.value("modifier") or 0
        return actions.skill_rows(actions.skill_dice(self.sheet, weapon.skill, modifier))


class ReloadForm(TwilightRollForm):
    weapon = forms.TypedChoiceField(label=_("Weapon"), coerce=int)
    spare = forms.TypedChoiceField(label=_("Spare magazine or belt"), coerce=int)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.weapons = {w.pk: w for w in sheet.weapons.all() if w.firearm}
        self.spares = {s.pk: s for s in sheet.magazines.all()}
        self.fields["weapon"].choices = [
            (pk, f"{w.name} ({w.rounds_loaded}/{w.magazine_capacity})")
            for pk, w in self.weapons.items()
        ]
        names = {pk: w.name for pk, w in self.weapons.items()}
        self.fields["spare"].choices = [
            (pk, gettext("%(kind)s, %(rounds)s rounds")
             % {"kind": s.get_kind_display(), "rounds": s.rounds}
             + (f" ({names.get(s.weapon_id)})" if s.weapon_id in names else ""))
            for pk, s in self.spares.items()
        ]  # fmt: skip
        self.fields["spare"].error_messages["invalid_choice"] = _("No such spare on this sheet.")

    def clean(self):
        cleaned = super().clean()
        weapon = self.weapons.get(cleaned.get("weapon"))
        spare = self.spares.get(cleaned.get("spare"))
        if weapon is None or spare is None:
            return cleaned
        if spare.weapon_id not in (None, weapon.pk):
            self.add_error("spare", gettext("That spare fits another weapon."))
        elif spare.rounds > weapon.magazine_capacity:
            self.add_error(
                "spare",
                gettext("The %(weapon)s takes %(capacity)s rounds at most.")
                % {"weapon": weapon.name, "capacity": weapon.magazine_capacity},
            )
        return cleaned

    def odds(self):
        return []


class OpposedRollForm(HelpMixin, TwilightRollForm):
    skill = forms.ChoiceField(label=_("Your skill"))
    opponent_attribute = forms.ChoiceField(
        label=_("Opponent's attribute"), choices=LEVEL_CHOICES, initial="C"
    )
    opponent_skill = forms.ChoiceField(
        label=_("Opponent's skill"),
        choices=[("", pgettext_lazy("no skill level", "none")), *LEVEL_CHOICES],
        required=False, initial="",
    )  # fmt: skip
    opponent_modifier = whole_number(_("Opponent's modifier"), -MODIFIER, MODIFIER, 0)
    field_order = ["skill", "opponent_attribute", "opponent_skill", "opponent_modifier"]
    rows = (
        ("skill", "modifier"),
        ("opponent_attribute", "opponent_skill", "opponent_modifier"),
        ("helper_1", "helper_2", "helper_3"),
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["skill"].choices = [
            (
                skill,
                f"{gettext(rules.SKILL_LABELS[skill])}: "
                f"{rules.dice_text(rules.base_dice(sheet, skill))}",
            )
            for skill in rules.SKILLS
        ]
        self.fields["skill"].initial = "recon"

    def opponent_dice(self):
        return stepdice.base_dice(
            self.value("opponent_attribute"), self.value("opponent_skill") or None,
            modifier=self.value("opponent_modifier") or 0,
        )  # fmt: skip

    def odds(self):
        mine = actions.skill_dice(
            self.sheet, self.value("skill"), self.value("modifier") or 0, self.helper_count()
        )
        odds = t2k_odds.opposed_odds(mine, self.opponent_dice())
        rows = [
            [gettext("You win (more successes)"), percent(odds.win)],
            [gettext("Tie (you lose)"), percent(odds.tie)],
        ]
        return [row for row in rows if row[1] != "0%"]


class CoolnessForm(TwilightRollForm):
    modifier = whole_number(_("Modifier"), -MODIFIER, MODIFIER, 0)

    def odds(self):
        base = stepdice.base_dice(
            self.sheet.coolness_under_fire, modifier=self.value("modifier") or 0
        )
        return actions.skill_rows(base)


class PromotionForm(TwilightRollForm):
    modifier = whole_number(_("Modifier"), -MODIFIER, MODIFIER, 0)

    def odds(self):
        return actions.skill_rows(
            actions.skill_dice(self.sheet, "command", self.value("modifier") or 0)
        )


class GroupRollStartForm(OneRollsForm):
    """The GM opens a group roll (the seed's Group Rolls): the best suited character rolls
    from their page for everyone; the others declare their help from theirs first (+1
    each, at most three); a failure counts for the whole group."""

    system_slug = "twilight"
    skill = forms.ChoiceField(
        label=_("Skill"), choices=[(s, _(rules.SKILL_LABELS[s])) for s in rules.SKILLS]
    )
    modifier = whole_number(
        _("Difficulty and situation"), -MODIFIER, MODIFIER, 0,
        help_text=_("Steps: +1 steps a base die up, -1 down (balanced)."),
    )  # fmt: skip
    field_order = ["skill", "modifier", "characters", "leader"]

    def group_label(self):
        """Stored with the group check as a saying: read in each reader's words."""
        return say(
            "Group roll: %(skill)s", skill=say(rules.SKILL_LABELS[self.cleaned_data["skill"]])
        )

    def group_inputs(self) -> dict:
        return {"skill": self.cleaned_data["skill"], "modifier": self.cleaned_data["modifier"] or 0}
