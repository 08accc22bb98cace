"""Agents sheet forms: the sheet's own fields (edited one at a time by the editing
views, so cross-field checks read the other values from the stored sheet) and the row
forms (skills, weapons, items, supplies, junior agents)."""

from django import forms
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from sheets.editing.forms import CrossFieldMixin, add_form_helper, limit, limit_all
from sheets.systems.agents import rules
from sheets.systems.agents.models import (
    MAX_COUNT,
    MAX_FUNDS,
    MAX_POOL,
    MAX_XP,
    AgentItem,
    AgentJunior,
    AgentSheet,
    AgentSkill,
    AgentSupply,
    AgentWeapon,
)

JUNIOR_SKILLS = 12


TRAUMA_FIELD_NAMES = list(rules.TRAUMA_FIELDS)
# each pool the sheet keeps, and its maximum in ``rules.derived``
POOL_MAXIMUMS = {
    "hp": "max_hp",
    "ap": "max_ap",
    "fortitude": "max_fortitude",
    "sanity": "max_sanity",
}


class AgentSheetForm(CrossFieldMixin, forms.ModelForm):
    class Meta:
        model = AgentSheet
        fields = [
            "sex_gender",
            "role",
            "ancestry",
            "ancestry_stat_a",
            "ancestry_stat_b",
            *rules.STATS,
            "hp",
            "ap",
            "fortitude",
            "sanity",
            "stress",
            "high",
            *TRAUMA_FIELD_NAMES,
            "armor",
            "funds",
            "income",
            "research_topic",
            "research_timer",
            "notes",
        ]
        labels = {
            # the stat names are in the catalogue (the engine's sayings: agents/dice/rules.py)
            **{name: _(label) for name, label in rules.STAT_LABELS.items()},
            **{name: _(label) for name, label in rules.TRAUMA_FIELDS.items()},
            "role": _("Role"),
            "ancestry": _("Ancestry"),
            "armor": _("Armor"),
            "research_topic": _("Research topic"),
            "research_timer": _("Research timer"),
            "notes": _("Notes"),
            "sex_gender": _("Sex & gender"),
            "hp": _("HP"),
            "ap": _("AP"),
            "fortitude": _("FT"),
            "sanity": _("Sanity"),
            "stress": _("Stress"),
            "high": _("High"),
            "funds": _("Funds ($)"),
            "income": _("Weekly income ($)"),
        }
        help_texts = {"ancestry_stat_a": "", "ancestry_stat_b": "", "research_timer": ""}
        widgets = {"notes": forms.Textarea(attrs={"rows": 6})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for stat in rules.STATS:
            limit(self.fields[stat], 0, rules.STAT_MAX)
        for pool in ("hp", "ap", "fortitude", "sanity"):
            limit(self.fields[pool], 0, MAX_POOL)
        limit(self.fields["stress"], 0, 5)
        limit(self.fields["high"], 0, 3)
        limit(self.fields["funds"], 0, MAX_FUNDS)
        limit(self.fields["income"], 0, MAX_FUNDS)
        limit(self.fields["research_timer"], 0, 999)

    def follow(self, field: str, before) -> list[str]:
        """A stat moves the maximums of HP, AP, FT and Sanity: a pool that was full stays
        full (a new agent whose stats are being set does not start wounded); a hurt one
        keeps its value. Saved with the stat by ``sheets.editing.saving.save_field``."""
        if field not in rules.STATS:
            return []
        sheet = self.instance
        skills = list(sheet.skills.all())
        after = getattr(sheet, field)
        setattr(sheet, field, before)
        old = rules.derived(sheet, skills)
        setattr(sheet, field, after)
        new = rules.derived(sheet, skills)
        moved = []
        for pool, maximum in POOL_MAXIMUMS.items():
            was, now = getattr(old, maximum), getattr(new, maximum)
            if getattr(sheet, pool) == was and now != was:
                setattr(sheet, pool, max(0, min(now, MAX_POOL)))
                moved.append(pool)
        return moved

    def clean(self):
        cleaned = super().clean()
        names = [name for name in TRAUMA_FIELD_NAMES if name in self.fields]
        if names and all(name in cleaned for name in names):
            count = sum(bool(self.current(name)) for name in rules.TABLE_TRAUMAS)
            if count > 3:
                self.error_on(names, _("At most three traumas: the fourth is death."))
        if "high" in self.fields and "high" in cleaned:
            if self.current("anhedonia") and cleaned["high"] > 0:
                self.add_error("high", _("Anhedonia: High never goes above 0."))
            elif self.current("lady_lucks_curse") and cleaned["high"] < 1:
                self.add_error("high", _("Lady Luck's Curse: High never falls below 1."))
        stress = cleaned.get("stress") if "stress" in self.fields else None
        if stress is not None and self.current("cracked_intellect") and stress < 2:
            self.add_error("stress", _("Cracked Intellect: stress never falls below 2."))
        if "anhedonia" in self.fields and cleaned.get("anhedonia") and self.current("high"):
            self.add_error("anhedonia", _("Anhedonia leaves no High: spend or drop it first."))
        cracked = "cracked_intellect" in self.fields and cleaned.get("cracked_intellect")
        if cracked and self.current("stress") < 2:
            self.add_error(
                "cracked_intellect", _("Cracked Intellect keeps stress at 2 or more: raise it.")
            )
        picks = ("ancestry_stat_a", "ancestry_stat_b")
        edited = [name for name in picks if name in self.fields and name in cleaned]
        if edited:
            a, b = self.current("ancestry_stat_a"), self.current("ancestry_stat_b")
            if a and a == b:
                self.error_on(edited, _("The two ancestry picks go to two different stats."))
        return cleaned


class AddFieldsMixin:
    """A new row's form asks only for ``add_fields``; the rest take the model's defaults
    and are edited on the row once it exists."""

    add_fields: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.add_fields and self.instance.pk is None:
            self.fields = {name: self.fields[name] for name in self.add_fields}


PICKS = ("role_pick", "ancestry_pick")
ROW_LABELS = {
    "level": _("%(skill)s level"),
    "xp": _("%(skill)s XP"),
    "role_pick": _("%(skill)s role +1"),
    "ancestry_pick": _("%(skill)s ancestry +1"),
}


class SkillForm(AddFieldsMixin, forms.ModelForm):
    """A skill row. The seed's skills keep their name and category; a new row is a custom
    skill (four per category)."""

    row_columns = {"level": "col-6", "xp": "col-6", "role_pick": "col-6", "ancestry_pick": "col-6"}
    add_fields = ("name", "category", "level")

    class Meta:
        model = AgentSkill
        fields = ["name", "category", "level", "xp", "role_pick", "ancestry_pick"]
        labels = {
            "name": _("Custom skill"),
            "category": _("Category"),
            "level": _("Level"),
            "xp": _("XP"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit_all(self, {"xp": (0, MAX_XP)})
        if self.instance.pk:  # "Dodging level", "Dodging XP": one label per input
            for name, field in self.fields.items():
                if name in ROW_LABELS:
                    field.label = ROW_LABELS[name] % {"skill": self.instance.display_name}

    def _fixed(self, name):
        value = self.cleaned_data.get(name)
        if self.instance.pk and not self.instance.custom and value != getattr(self.instance, name):
            raise forms.ValidationError(
                _("The seed's skills keep their name and category: add a custom skill instead.")
            )
        return value

    def follow(self, field: str, before) -> list[str]:
        """Ticking a role or ancestry +1 adds it to the skill's level; unticking takes it
        back (saved with the tick, by ``sheets.editing.saving.save_field``)."""
        if field not in PICKS:
            return []
        step = int(getattr(self.instance, field)) - int(before)
        level = max(0, min(rules.MAX_SKILL, self.instance.level + step))
        if level == self.instance.level:
            return []
        self.instance.level = level
        return ["level"]

    def clean_name(self):
        name = (self._fixed("name") or "").strip()
        if not name:
            raise forms.ValidationError(_("Name the skill."))
        return name

    def clean_category(self):
        return self._fixed("category")

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk is None:
            self.instance.custom = True
        return cleaned

    def validate_unique(self):
        try:
            self.instance.validate_unique(exclude=self._get_validation_exclusions())
        except forms.ValidationError:
            self.add_error("name", _("This category has a skill of that name already."))

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-5"), ("category", "col-6 col-md-4"), ("level", "col-6 col-md-3")
        )


class WeaponForm(AddFieldsMixin, forms.ModelForm):
    row_columns = {
        # three lines whatever the list's width: the weapon and its dice; its reach and
        # ammunition; its properties, what it requires and Remove
        "name": "col-12 col-sm-4",
        "tag": "col-6 col-sm-3",
        "level": "col-3 col-sm-2",
        "extra_dice": "col-3 col-sm-3",
        "extra_die": "col-4 col-sm-2",
        "distance": "col-8 col-sm-4",
        "reload": "col-4 col-sm-2",
        "shots": "col-4 col-sm-2",
        "reloads": "col-4 col-sm-2",
        "explosive": "col-auto",
        "line": "col-auto",
        "piercing": "col-auto",
        "arc": "col-auto",
        "burn": "col-auto",
        "requires": "col",
    }
    add_fields = ("name", "tag", "level", "distance", "reload")

    class Meta:
        model = AgentWeapon
        fields = [
            "name",
            "tag",
            "level",
            "extra_dice",
            "extra_die",
            "distance",
            "reload",
            "shots",
            "reloads",
            "explosive",
            "line",
            "piercing",
            "arc",
            "burn",
            "requires",
        ]
        labels = {
            "name": _("Name"),
            "tag": _("Tag"),
            "level": _("Level"),
            "distance": _("Distance"),
            "requires": _("Requires"),
            "explosive": _("Explosive"),
            "line": _("Line"),
            "piercing": _("Piercing"),
            "arc": _("Arc"),
            "burn": _("Burn"),
            "extra_dice": _("Extra dice"),
            "extra_die": _("Extra die"),
            "reload": _("Reload"),
        }
        help_texts = {"level": "", "reload": "", "burn": "", "requires": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit_all(
            self,
            {
                "level": (1, 10),
                "extra_dice": (0, 10),
                "reload": (0, 100),
                "shots": (0, 100),
                "reloads": (0, MAX_COUNT),
            },
        )

    def clean(self):
        cleaned = super().clean()
        extra_dice = cleaned.get("extra_dice", self.instance.extra_dice)
        extra_die = cleaned.get("extra_die", self.instance.extra_die)
        if "extra_dice" in self.fields and extra_dice and not extra_die:
            self.add_error(
                "extra_dice" if "extra_die" not in self.fields else "extra_die",
                _("Extra dice need a size (d4, d6, d8, d10)."),
            )
        shots = cleaned.get("shots", self.instance.shots)
        reload = cleaned.get("reload", self.instance.reload)
        if shots is not None and reload is not None and shots > reload:
            name = "shots" if "shots" in self.fields else "reload"
            self.add_error(
                name,
                gettext("At most %(reload)s shots fit between reloads (%(shots)s left).")
                % {"reload": reload, "shots": shots},
            )
        return cleaned

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"),
            ("tag", "col-6 col-md-3"),
            ("level", "col-3 col-md-2"),
            ("distance", "col-6 col-md-3"),
            ("reload", "col-3 col-md-2"),
        )


class ItemForm(forms.ModelForm):
    row_columns = {"kind": "col-6 col-md-4", "name": "col-6 col-md-4", "count": "col-4 col-md-2"}

    class Meta:
        model = AgentItem
        fields = ["kind", "name", "count"]
        labels = {"kind": _("Item"), "name": _("Name or note"), "count": _("Count")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["count"], 0, MAX_COUNT)

    @property
    def helper(self):
        return add_form_helper(
            ("kind", "col-6 col-md-4"), ("name", "col-6 col-md-5"), ("count", "col-6 col-md-3")
        )


class SupplyForm(forms.ModelForm):
    row_columns = {
        "kind": "col-12 col-md-5",
        "quality": "col-6 col-md-4",
        "weeks": "col-6 col-md-3",
    }

    class Meta:
        model = AgentSupply
        fields = ["kind", "quality", "weeks"]
        labels = {"kind": _("Supply"), "quality": _("Quality"), "weeks": _("Weeks")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(self.fields["weeks"], 0, 520)

    @property
    def helper(self):
        return add_form_helper(
            ("kind", "col-12 col-md-5"), ("quality", "col-6 col-md-4"), ("weeks", "col-6 col-md-3")
        )


class JuniorForm(forms.ModelForm):
    row_columns = {"name": "col-12 col-md-3", "skills": "col-12 col-md-7"}

    class Meta:
        model = AgentJunior
        fields = ["name", "skills"]
        labels = {"name": _("Junior agent"), "skills": _("Skills (12, comma-separated)")}
        help_texts = {"skills": ""}

    def clean_skills(self):
        names = [n.strip() for n in (self.cleaned_data.get("skills") or "").split(",") if n.strip()]
        sheet = self.instance.sheet
        role = rules.ROLES.get(sheet.role)
        categories = role.categories if role else tuple(rules.SKILL_TABLE)
        allowed = {name.lower(): name for c in categories for name in rules.SKILL_TABLE[c][1]}
        unknown = [name for name in names if name.lower() not in allowed]
        if unknown:
            where = ", ".join(
                pgettext(rules.SKILL_CONTEXT, rules.CATEGORY_LABELS[c]) for c in categories
            )
            raise forms.ValidationError(
                gettext("Junior agents pick skills from the list in %(where)s: not %(unknown)s.")
                % {"where": where, "unknown": ", ".join(unknown)}
            )
        if len(names) > JUNIOR_SKILLS:
            raise forms.ValidationError(
                gettext("A junior agent has %(most)s skills, not %(count)s.")
                % {"most": JUNIOR_SKILLS, "count": len(names)}
            )
        if len({name.lower() for name in names}) < len(names):
            raise forms.ValidationError(_("Each skill once."))
        return ", ".join(allowed[name.lower()] for name in names)

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk is None:
            sheet = self.instance.sheet
            limit_ = rules.junior_limit(sheet)
            if sheet.juniors.count() >= limit_:
                raise forms.ValidationError(
                    ngettext(
                        "Influence %(influence)s (bonus %(bonus)s) allows %(n)s junior agent.",
                        "Influence %(influence)s (bonus %(bonus)s) allows %(n)s junior agents.",
                        limit_,
                    )
                    % {
                        "influence": sheet.influence,
                        "bonus": f"{rules.bonus(sheet.influence):+d}",
                        "n": limit_,
                    }
                )
        return cleaned

    @property
    def helper(self):
        return add_form_helper(("name", "col-12 col-md-4"), ("skills", "col-12 col-md-8"))
