"""Mutant: Year Zero roll forms, one per roll action in ``sheets/systems/mutant/system.py``.

Each form is built as ``Form(sheet, data=None)``, validates the roll's inputs against
that sheet (its skills, its own weapons and gear, its counters), and offers ``odds()``:
the exact odds of the configuration in the submitted data (field by field, where
valid) or of the defaults, as ``[label, percentage]`` rows. A crispy ``helper`` with
``form_tag=False`` lets the roll template wrap the ``<form>``.
"""

from __future__ import annotations

from functools import partial

from django import forms
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rolls.forms.base import SheetRollForm, whole_number
from rolls.models import error_words, in_words
from rolls.systems.mutant import actions
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import odds as mutant_odds
from sheets.systems.mutant.dice import rules as dice
from sheets.systems.mutant.party import rot_level

MODIFIER_RANGE = (-3, 3)
MAX_INCOMING = 20
MAX_D6 = 10

NOT_THIS_SHEET = _("Choose a weapon or gear from this character's sheet.")


class MutantRollForm(SheetRollForm):
    """Common part of the Mutant: Year Zero roll forms (rolls.forms.base)."""


def gear_dice_count(count: int) -> str:
    """ "1 gear die", "3 gear dice"."""
    return ngettext("%(n)s gear die", "%(n)s gear dice", count) % {"n": count}


def attribute_name(attribute: str) -> str:
    """An MYZ attribute's name in the reader's words (Kyla, not Smidighet)."""
    return pgettext(rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS[attribute])


def gear_choices(sheet) -> list[tuple[str, str]]:
    """No gear, the sheet's weapons, then its gear lines that give a bonus."""
    items = [("", gettext("No gear"))]
    for weapon in sheet.weapons.all():
        items.append(
            (
                actions.item_value(weapon),
                gettext("%(name)s: weapon, bonus %(bonus)s, damage %(damage)s")
                % {"name": weapon.name, "bonus": f"{weapon.bonus:+d}", "damage": weapon.damage},
            )
        )
    for line in sheet.gear.all():
        if line.bonus:
            items.append(
                (
                    actions.item_value(line),
                    gettext("%(name)s: gear bonus %(bonus)s")
                    % {"name": line.name, "bonus": f"{line.bonus:+d}"},
                )
            )
    return items


class SkillRollForm(MutantRollForm):
    skill = forms.ChoiceField(label=_("Skill"))
    modifier = whole_number(
        _("Modifier"), *MODIFIER_RANGE, 0,
        help_text=_("Situation bonus or penalty in skill dice; below 0 dice, negative dice."),
    )  # fmt: skip
    gear = forms.ChoiceField(
        label=_("Weapon or gear"),
        required=False,
        error_messages={"invalid_choice": NOT_THIS_SHEET},
        help_text=_("Its bonus adds gear dice."),
    )
    insist = forms.BooleanField(
        label=_("Roll anyway with 0 base dice (the attribute is broken)"),
        required=False,
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        skills = []
        for key in rules.skills():
            if key == rules.SPECIALIST_FIELD and sheet.role not in rules.ROLES:
                continue  # no role chosen yet: no specialist skill to roll
            attribute = rules.skill_attribute(key, sheet.role)
            name = rules.skill_label(key, sheet.role)
            level = rules.skill_level(sheet, key)
            base = rules.base_dice(sheet, attribute)
            values = {"skill": gettext(name), "attribute": attribute_name(attribute),
                      "base": base, "level": level}  # fmt: skip
            if key == rules.SPECIALIST_FIELD:
                label = (
                    gettext(
                        "%(skill)s (%(attribute)s, specialist): %(base)s base + %(level)s skill "
                        "dice"
                    )
                    % values
                )
            else:
                label = (
                    gettext("%(skill)s (%(attribute)s): %(base)s base + %(level)s skill dice")
                    % values
                )
            if base == 0:
                # Translators: after a skill's dice in the skill list: 0 base dice
                label = gettext("%(skill)s (broken)") % {"skill": label}
            skills.append((key, label))
        self.fields["skill"].choices = skills
        self.fields["skill"].initial = skills[0][0]
        if "skill" in self.initial:
            # Opened for one skill (its Roll link on the sheet): start at the skill.
            self.fields["skill"].widget.attrs["autofocus"] = True
        # Read when the list is shown or a chosen item is checked: a roll without gear
        # reads no weapons or gear rows.
        self.fields["gear"].choices = partial(gear_choices, sheet)

    def clean_gear(self):
        value = self.cleaned_data.get("gear") or ""
        if value and actions.find_item(self.sheet, value) is None:
            raise forms.ValidationError(NOT_THIS_SHEET)
        return value

    def clean(self):
        cleaned = super().clean()
        if "skill" not in cleaned:
            return cleaned
        pool = self.pool(cleaned)
        if pool.broken and not cleaned.get("insist"):
            self.add_error("insist", actions.broken_message(self.sheet, pool.attribute))
        return cleaned

    def pool(self, values=None) -> actions.SkillPool:
        """The dice of the chosen (or default) skill, modifier and gear."""
        if values is None:
            values = {name: self.value(name) for name in ("skill", "modifier", "gear")}
        value = values.get("gear") or ""
        item = actions.find_item(self.sheet, value) if value else None
        modifier = values.get("modifier")
        return actions.skill_pool(self.sheet, values["skill"], modifier or 0, item)

    def pool_dice(self) -> list[dict]:
        """The dice this roll throws, by kind, to draw before rolling."""
        pool = self.pool()
        counts = (("base", pool.base), ("skill", pool.skill_dice), ("gear", pool.gear_dice),
                  ("negative", pool.negative))  # fmt: skip
        return [{"kind": kind, "size": 6} for kind, count in counts for _ in range(count)]

    def odds(self):
        pool = self.pool()
        return mutant_odds.skill_rows(
            mutant_odds.skill_odds(pool.base, pool.skill_dice, pool.gear_dice, pool.negative)
        )


class ArmorRollForm(MutantRollForm):
    incoming = whole_number(_("Incoming damage"), 1, MAX_INCOMING, 1)
    apply_damage = forms.BooleanField(
        label=_("Take the damage that gets through as Strength trauma"),
        required=False,
        initial=True,
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        rating = sheet.armor_rating
        values = {"rating": rating, "dice": gear_dice_count(rating)}
        self.fields["incoming"].help_text = (
            gettext("Armor rating %(rating)s (natural: never loses rating): %(dice)s.") % values
            if sheet.armor_natural
            else gettext("Armor rating %(rating)s: %(dice)s.") % values
        )

    def odds(self):
        odds = mutant_odds.armor_odds(
            self.sheet.armor_rating, self.value("incoming"), self.sheet.armor_natural
        )
        return mutant_odds.armor_rows(odds)


class RotEventForm(MutantRollForm):
    points = whole_number(
        _("Rot points"), 1, dice.BOXES, 1,
        help_text=_("New rot points: one per day, hour or minute by the rot level, "
                    "or as many as the rot attack gives."),
    )  # fmt: skip
    source = forms.ChoiceField(
        label=_("Source"), choices=list(actions.ROT_SOURCES.items()), initial="level1"
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self._sector_level(sheet)
        resistant, suit, rot_eater = actions.rot_protection(sheet)
        protection = []
        if resistant:
            protection.append(gettext("Rot Resistant: 3 skill dice"))
        if suit:
            protection.append(gettext("rot suit: %(dice)s") % {"dice": gear_dice_count(suit)})
        if rot_eater:
            protection.append(gettext("Rot-Eater: no damage from the rot"))
        if protection:
            self.fields["points"].help_text = " ".join(
                (
                    str(self.fields["points"].help_text),
                    gettext("Protection per point: %(protection)s.")
                    % {"protection": "; ".join(protection)},
                )
            )

    def _sector_level(self, sheet):
        """The rot level the GM set for the party's sector (the party's settings) is the
        one rot from the sector comes at; a rot attack stays open. Not set: any level."""
        self.rot_level = rot_level(sheet.character.party_id)
        if self.rot_level is None:
            return
        field = self.fields["source"]
        attack = ("attack", actions.ROT_SOURCES["attack"])
        if self.rot_level == 0:
            field.choices = [attack]
            field.initial = "attack"
            field.help_text = gettext(
                "This sector is a Zone oasis (rot level 0): no rot from the sector."
            )
        else:
            level = f"level{self.rot_level}"
            field.choices = [(level, actions.ROT_SOURCES[level]), attack]
            field.initial = level
            field.help_text = gettext("The GM set this sector's rot level to %(level)s.") % {
                "level": self.rot_level
            }
        field.error_messages["invalid_choice"] = (
            gettext(
                "The GM set this sector's rot level to %(level)s: rot from the sector comes "
                "at that level, or pick a rot attack."
            )
            if self.rot_level
            else gettext(
                "The GM set this sector's rot level to %(level)s: rot from the sector comes "
                "at that level (none: a Zone oasis), or pick a rot attack."
            )
        ) % {"level": self.rot_level}

    def odds(self):
        resistant, suit, rot_eater = actions.rot_protection(self.sheet)
        total = rules.rot_total(self.sheet)
        odds = mutant_odds.rot_odds(self.value("points"), total, resistant, suit, rot_eater)
        return mutant_odds.rot_rows(odds, protected=resistant or suit > 0)


class DecontaminationForm(MutantRollForm):
    method = forms.ChoiceField(
        label=_("Decontamination"),
        choices=list(actions.METHODS.items()),
        initial=dice.WASH,
        widget=forms.RadioSelect,
        help_text=_("Permanent rot points never leave."),
    )

    def clean_method(self):
        method = self.cleaned_data["method"]
        if self.sheet.rot_temporary == 0:
            raise forms.ValidationError(
                gettext("No temporary rot points to lose: permanent rot points never leave.")
            )
        return method

    def odds(self):
        leaving = dice.points_leaving(self.sheet.rot_temporary, self.value("method"))
        if leaving == 0:
            return []
        return mutant_odds.decontamination_rows(leaving)


class MutationRollForm(MutantRollForm):
    points = whole_number(_("Mutation points to spend"), 1, dice.BOXES, 1)
    mutation = forms.ChoiceField(label=_("Mutation"), required=False)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        points = self.fields["points"]
        points.widget.attrs.update(min=1, max=max(1, sheet.mutation_points))
        points.help_text = ngettext(
            "You have %(n)s mutation point; one base die per point spent.",
            "You have %(n)s mutation points; one base die per point spent.",
            sheet.mutation_points,
        ) % {"n": sheet.mutation_points}
        self.fields["mutation"].choices = [("", gettext("A mutation not on the sheet"))] + [
            (mutation.name, mutation.name) for mutation in sheet.mutations.all()
        ]

    def clean_points(self):
        points = self.cleaned_data["points"]
        available = self.sheet.mutation_points
        if available == 0:
            raise forms.ValidationError(gettext("No mutation points to spend."))
        if not 1 <= points <= available:
            raise forms.ValidationError(
                gettext("Spend 1 to %(available)s mutation points.") % {"available": available}
            )
        return points

    def odds(self):
        return mutant_odds.mutation_rows(self.value("points"))


class D6Form(MutantRollForm):
    count = whole_number(
        _("Number of dice"), 1, MAX_D6, 1, help_text=_("The dice are added together.")
    )

    def odds(self):
        return mutant_odds.d6_rows(self.value("count"))


class D66Form(MutantRollForm):
    def odds(self):
        return mutant_odds.d66_rows()


# --- Actions without dice ---------------------------------------------------------------


class HealTraumaForm(MutantRollForm):
    """Heal trauma (RULINGS "Healing trauma"): rations for damage and fatigue, sleep for
    confusion, a heart-to-heart for doubt. No dice, so no odds."""

    no_dice = True

    trauma = forms.ChoiceField(label=_("Trauma to heal"))
    rations = whole_number(
        _("Rations to eat or drink"), 1, rules.SUPPLY_MAX, 1,
        help_text=_("Damage: 1 ration of grub per point; fatigue: 1 ration of water per point."),
    )  # fmt: skip
    rested = forms.ChoiceField(
        label=_("Time taken"),
        choices=[
            ("full", _("The full time: 4 hours of rest (8 hours of sleep for confusion)")),
            ("less", _("Less than that: nothing heals")),
        ],
        initial="full",
        required=False,  # left out: the full time
        widget=forms.RadioSelect,
        help_text=_("Healing stands for 4 hours of rest, or 8 hours of sleep for confusion."),
    )
    partner = forms.ChoiceField(
        label=_("Heart-to-heart with"),
        required=False,
        help_text=_("Doubt: another player's character in the party."),
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["rations"].required = False
        self.fields["trauma"].choices = [
            (
                trauma,
                f"{gettext(rules.TRAUMA_LABELS[trauma])} ({getattr(sheet, trauma)}): "
                f"{in_words(how)}",
            )
            for trauma, how in rules.HEALING_RULES.items()
        ]
        self.fields["trauma"].initial = next(
            (t for t in rules.HEALING_RULES if getattr(sheet, t)), "damage"
        )
        self.fields["rations"].help_text = " ".join(
            (
                str(self.fields["rations"].help_text),
                gettext("On the sheet: %(grub)s grub, %(water)s water.")
                % {"grub": sheet.grub, "water": sheet.water},
            )
        )
        self.fields["partner"].choices = [("", gettext("(for doubt)"))] + [
            (name, name) for name in self.partners()
        ]

    def partners(self) -> list[str]:
        """Other players' characters in the party (not this player's own)."""
        character = self.sheet.character
        if character.party_id is None:
            return []
        from sheets.models import Character

        return list(
            Character.objects.filter(party_id=character.party_id)
            .exclude(owner_id=character.owner_id)
            .order_by("name")
            .values_list("name", flat=True)
        )

    def clean(self):
        cleaned = super().clean()
        trauma = cleaned.get("trauma")
        if not trauma or cleaned.get("rested") == "less":  # nothing heals, nothing is spent
            return cleaned
        ration = rules.HEALING_RATION.get(trauma, "")
        rations = cleaned.get("rations") or 0 if ration else 0
        if ration and "rations" in self.errors:
            return cleaned
        try:
            rules.heal_trauma(
                trauma,
                getattr(self.sheet, trauma),
                rations,
                getattr(self.sheet, ration) if ration else 0,
            )
        except ValueError as error:
            field = "rations" if ration and getattr(self.sheet, trauma) else "trauma"
            self.add_error(field, error_words(error))
            return cleaned
        if trauma == "doubt" and not cleaned.get("partner"):
            self.add_error(
                "partner",
                gettext("Doubt heals with a heart-to-heart with another player's character: "
                        "choose one.")
                if self.fields["partner"].choices[1:]
                else gettext("Doubt heals with a heart-to-heart with another player's "
                             "character: there is none in the party."),
            )  # fmt: skip
        return cleaned

    def odds(self):
        return []


class DailyRationForm(MutantRollForm):
    no_dice = True

    grub = forms.BooleanField(label=_("Eat a ration of grub"), required=False, initial=True)
    water = forms.BooleanField(label=_("Drink a ration of water"), required=False, initial=True)

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["grub"].help_text = gettext("%(n)s on the sheet; ends Starving.") % {
            "n": sheet.grub
        }
        self.fields["water"].help_text = gettext("%(n)s on the sheet; ends Dehydrated.") % {
            "n": sheet.water
        }

    def clean(self):
        cleaned = super().clean()
        if not (cleaned.get("grub") or cleaned.get("water")):
            raise forms.ValidationError(
                gettext("Eat a ration of grub, drink a ration of water, or both.")
            )
        for field in ("grub", "water"):
            if cleaned.get(field) and getattr(self.sheet, field) < 1:
                self.add_error(field, in_words(actions.NO_RATION_LEFT[field]))
        return cleaned

    def odds(self):
        return []


class RotEaterForm(MutantRollForm):
    """Rot-Eater's three uses of mutation points, each a mutation roll."""

    use = forms.ChoiceField(
        label=_("Use"),
        choices=list(actions.ROT_EATER_USES.items()),
        initial="heal",
        widget=forms.RadioSelect,
    )
    attribute = forms.ChoiceField(
        label=_("Attribute to recover"),
        choices=[
            (a, pgettext_lazy(rules.ATTRIBUTE_CONTEXT, rules.ATTRIBUTE_LABELS[a]))
            for a in rules.ATTRIBUTES
        ],
        required=False,
        help_text=_("For recovering: the attribute whose trauma heals by 1."),
    )
    points = whole_number(
        _("Mutation points (emit rot)"), 1, dice.BOXES, 1,
        help_text=_("For emitting rot: 1 damage per point, each also using a temporary rot point."),
    )  # fmt: skip
    target_range = forms.ChoiceField(
        label=_("Enemy's range (emit rot)"),
        choices=list(actions.ROT_EATER_RANGES.items()),
        initial=actions.ARMS_LENGTH,
        required=False,
        help_text=_("Rot is emitted at an enemy at Arm's Length only."),
    )

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.fields["points"].required = False
        self.fields["points"].help_text = " ".join(
            (
                str(self.fields["points"].help_text),
                gettext(
                    "On the sheet: %(points)s mutation points, %(rot)s temporary rot (permanent "
                    "rot cannot be used)."
                )
                % {"points": sheet.mutation_points, "rot": sheet.rot_temporary},
            )
        )

    def spent(self, values) -> int:
        use = values.get("use")
        return 1 if use in ("heal", "recover") else (values.get("points") or 1)

    def clean(self):
        cleaned = super().clean()
        if not actions.has_mutation(self.sheet, rules.ROT_EATER):
            raise forms.ValidationError(
                gettext("Only a character with the Rot-Eater mutation can do this.")
            )
        use = cleaned.get("use")
        if not use:
            return cleaned
        sheet = self.sheet
        points = self.spent(cleaned)
        if sheet.mutation_points < points:
            target = "points" if use == "emit" else "use"
            self.add_error(
                target,
                ngettext(
                    "%(n)s mutation point needed, %(have)s on the sheet.",
                    "%(n)s mutation points needed, %(have)s on the sheet.",
                    points,
                )
                % {"n": points, "have": sheet.mutation_points},
            )
        if use in ("recover", "emit") and sheet.rot_temporary < points:
            self.add_error(
                "points" if use == "emit" else "use",
                ngettext(
                    "%(n)s temporary rot point needed, %(have)s on the sheet: permanent rot "
                    "cannot be used.",
                    "%(n)s temporary rot points needed, %(have)s on the sheet: permanent rot "
                    "cannot be used.",
                    points,
                )
                % {"n": points, "have": sheet.rot_temporary},
            )
        if use == "emit" and "target_range" not in self.errors:
            refusal = actions.emit_range_refusal(cleaned.get("target_range"))
            if refusal:
                self.add_error("target_range", in_words(refusal))
        if use == "heal" and sheet.damage == 0:
            self.add_error("use", gettext("No damage to heal."))
        if use == "recover":
            attribute = cleaned.get("attribute")
            if not attribute:
                self.add_error("attribute", gettext("Choose the attribute to recover."))
            elif getattr(sheet, rules.TRAUMA[attribute]) == 0:
                self.add_error(
                    "attribute",
                    gettext("%(attribute)s has no %(trauma)s to heal.")
                    % {
                        "attribute": attribute_name(attribute),
                        "trauma": gettext(rules.TRAUMA_LABELS[rules.TRAUMA[attribute]]).lower(),
                    },
                )
        return cleaned

    def odds(self):
        points = self.spent({"use": self.value("use"), "points": self.value("points")})
        return mutant_odds.mutation_rows(max(1, min(points, dice.BOXES)))
