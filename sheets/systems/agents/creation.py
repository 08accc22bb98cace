"""Creating an agent, as "Creating an Agent" goes: role and ancestry, then the stats
(10 points beyond 5 each, up to 2 taken from others), then the 16 skill points with the
role's and the ancestry's +1 picks; then the sheet, at full HP, AP, FT and Sanity."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from sheets.creation import Group, Step, StepForm
from sheets.systems.agents import rules
from sheets.systems.agents.models import AgentSkill

HERE = "sheets.systems.agents.creation"
STAT_CHOICES = [("", "—"), *((s, gettext_lazy(label)) for s, label in rules.STAT_LABELS.items())]


def _role_text(role):
    categories = ", ".join(
        pgettext(rules.SKILL_CONTEXT, rules.CATEGORY_LABELS[c]) for c in role.categories
    )
    return _("+1 in %(picks)s skills of %(categories)s") % {
        "picks": role.picks,
        "categories": categories,
    }


def _ancestry_text(ancestry):
    parts = [f"{amount:+d} {rules.STAT_ABBR[stat]}" for stat, amount in ancestry.fixed]
    if ancestry.picks:
        amounts = [f"{amount:+d}" for amount in ancestry.picks]
        parts.append(
            _("%(first)s and %(second)s to stats you pick")
            % {"first": amounts[0], "second": amounts[-1]}
        )
    if ancestry.skill_picks:
        parts.append(_("+1 in %(n)s skills") % {"n": ancestry.skill_picks})
    if ancestry.skill_bonus:
        parts.append(f"+1 {pgettext(rules.SKILL_CONTEXT, ancestry.skill_bonus[1])}")
    if ancestry.starting_trauma:
        parts.append(
            _("starts with %(condition)s")
            % {"condition": _(rules.CONDITIONS[ancestry.starting_trauma])}
        )
    return "; ".join(parts)


def _descriptions(kind):
    """The cards' texts, in the reader's words when the page is made."""
    if kind == "role":
        return {slug: _role_text(role) for slug, role in rules.ROLES.items()}
    return {slug: _ancestry_text(a) for slug, a in rules.ANCESTRIES.items()}


def full_pools(sheet) -> dict:
    """HP, AP, FT and Sanity at their maximums: a new agent does not start wounded."""
    derived = rules.derived(sheet, sheet.skills.all())
    return {
        "hp": derived.max_hp,
        "ap": derived.max_ap,
        "fortitude": derived.max_fortitude,
        "sanity": derived.max_sanity,
    }


def assigned_stats(sheet) -> dict[str, int]:
    """The stats as the player spread them, before the ancestry and the traumas."""
    ancestry = rules.ancestry_adjustments(sheet)
    traumas = rules.trauma_adjustments(sheet)
    return {s: getattr(sheet, s) - ancestry[s] - traumas[s] for s in rules.STATS}


class RoleAncestryForm(StepForm):
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=[(slug, gettext_lazy(role.name)) for slug, role in rules.ROLES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose your role.")},
    )
    ancestry = forms.ChoiceField(
        label=gettext_lazy("Ancestry"),
        choices=[(slug, gettext_lazy(a.name)) for slug, a in rules.ANCESTRIES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose your ancestry.")},
    )
    ancestry_stat_a = forms.ChoiceField(
        label=gettext_lazy("First pick (Human +1, Extranormal +2)"),
        choices=STAT_CHOICES,
        required=False,
    )
    ancestry_stat_b = forms.ChoiceField(
        label=gettext_lazy("Second pick (Human +1, Extranormal -2)"),
        choices=STAT_CHOICES,
        required=False,
    )

    @property
    def descriptions(self):
        # made per page, so that they are in the reader's words
        return {"role": _descriptions("role"), "ancestry": _descriptions("ancestry")}

    def initial_from(self, sheet):
        return {name: getattr(sheet, name) or None for name in self.base_fields}

    def layout(self):
        return [
            Group(_("Role"), ("role",), kind="cards"),
            Group(_("Ancestry"), ("ancestry",), kind="cards"),
            Group(
                _("Ancestry picks"),
                ("ancestry_stat_a", "ancestry_stat_b"),
                note=_(
                    "A Human picks two stats for +1 each; an Extranormal Human one for +2 "
                    "and another for -2. Other ancestries pick none."
                ),
            ),
        ]

    def clean(self):
        cleaned = super().clean()
        ancestry = rules.ANCESTRIES.get(cleaned.get("ancestry"))
        picks = ("ancestry_stat_a", "ancestry_stat_b")
        if ancestry is None:
            return cleaned
        if not ancestry.picks:
            for name in picks:
                cleaned[name] = ""
            return cleaned
        for name in picks[: len(ancestry.picks)]:
            if not cleaned.get(name):
                self.add_error(
                    name, _("A %(ancestry)s picks a stat here.") % {"ancestry": _(ancestry.name)}
                )
        if cleaned.get(picks[0]) and cleaned.get(picks[0]) == cleaned.get(picks[1]):
            self.add_error(picks[1], _("The two picks go to two different stats."))
        return cleaned

    def save(self):
        sheet = self.sheet
        before = assigned_stats(sheet)
        old = rules.ANCESTRIES.get(sheet.ancestry)
        if old and old.starting_trauma:
            setattr(sheet, old.starting_trauma, False)
        for name in ("role", "ancestry", "ancestry_stat_a", "ancestry_stat_b"):
            setattr(sheet, name, self.cleaned_data[name])
        new = rules.ANCESTRIES[sheet.ancestry]
        if new.starting_trauma:
            setattr(sheet, new.starting_trauma, True)
        # the stats already spread keep their points; the ancestry's changes follow it
        ancestry = rules.ancestry_adjustments(sheet)
        traumas = rules.trauma_adjustments(sheet)
        stats = {
            s: max(0, min(rules.STAT_MAX, before[s] + ancestry[s] + traumas[s]))
            for s in rules.STATS
        }
        self.save_sheet("Role and ancestry", stats)
        self.save_sheet("Role and ancestry", full_pools(sheet))


class StatsForm(StepForm):
    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.ancestry = rules.ancestry_adjustments(sheet)
        self.traumas = rules.trauma_adjustments(sheet)
        assigned = assigned_stats(sheet)
        for stat in rules.STATS:
            field = self.fields[stat]
            field.initial = assigned[stat]
            change = self.ancestry[stat] + self.traumas[stat]
            if change:
                field.help_text = _("%(change)s from your ancestry") % {"change": f"{change:+d}"}

    @classmethod
    def _fields(cls):
        low = rules.STAT_START - rules.CREATION_STAT_REMOVED
        return {
            stat: forms.IntegerField(
                label=gettext_lazy(label),
                min_value=low,
                max_value=rules.STAT_MAX,
                widget=forms.NumberInput(attrs={"min": low, "max": rules.STAT_MAX}),
            )
            for stat, label in rules.STAT_LABELS.items()
        }

    def initial_from(self, sheet):
        return {}

    def layout(self):
        total = rules.STAT_START * len(rules.STATS) + rules.CREATION_STAT_POINTS
        return [
            Group(
                _("Stats"),
                rules.STATS,
                kind="numbers",
                note=_(
                    "Every stat starts at %(start)s: spread %(points)s more points (%(total)s in "
                    "all). You may take up to %(removed)s points from stats to spend on others. "
                    "Your ancestry's changes come on top."
                )
                % {
                    "start": rules.STAT_START,
                    "points": rules.CREATION_STAT_POINTS,
                    "total": total,
                    "removed": rules.CREATION_STAT_REMOVED,
                },
                points=total,
            )
        ]

    def clean(self):
        cleaned = super().clean()
        values = {s: cleaned.get(s) for s in rules.STATS}
        if None in values.values():
            return cleaned
        spent = sum(v - rules.STAT_START for v in values.values())
        removed = sum(max(rules.STAT_START - v, 0) for v in values.values())
        if removed > rules.CREATION_STAT_REMOVED:
            raise forms.ValidationError(
                _("%(removed)s points were taken from stats below %(start)s: at most %(most)s.")
                % {
                    "removed": removed,
                    "start": rules.STAT_START,
                    "most": rules.CREATION_STAT_REMOVED,
                }
            )
        if spent != rules.CREATION_STAT_POINTS:
            raise forms.ValidationError(
                _(
                    "The stats spend %(spent)s points beyond %(start)s each: spread exactly "
                    "%(points)s."
                )
                % {"spent": spent, "start": rules.STAT_START, "points": rules.CREATION_STAT_POINTS}
            )
        for stat, value in values.items():
            final = value + self.ancestry[stat] + self.traumas[stat]
            if not rules.STAT_FLOOR <= final <= rules.STAT_MAX:
                self.add_error(
                    stat,
                    _("With your ancestry it would be %(final)s: stats are %(low)s to %(high)s.")
                    % {"final": final, "low": rules.STAT_FLOOR, "high": rules.STAT_MAX},
                )
        return cleaned

    def save(self):
        stats = {s: self.cleaned_data[s] + self.ancestry[s] + self.traumas[s] for s in rules.STATS}
        self.save_sheet("Stats", stats)
        self.save_sheet("Stats", full_pools(self.sheet))


StatsForm.base_fields.update(StatsForm._fields())


class SkillsForm(StepForm):
    """Each skill's points, and the +1 picks the role and the ancestry give."""

    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.role = rules.ROLES.get(sheet.role)
        self.ancestry_rules = rules.ANCESTRIES.get(sheet.ancestry)
        self.skills = list(sheet.skills.order_by("pk"))
        bonus = self.ancestry_rules.skill_bonus if self.ancestry_rules else None
        if bonus and not any((s.category, s.name) == bonus for s in self.skills):
            # a Sasquatch's +1 Nature Lore: a custom skill, there from the start
            self.skills.append(
                AgentSkill(sheet=sheet, category=bonus[0], name=bonus[1], custom=True)
            )
        self.rows = []
        order = list(rules.SKILL_TABLE)
        self.skills.sort(key=lambda s: order.index(s.category) if s.category in order else 99)
        category = None
        for index, skill in enumerate(self.skills):
            if skill.category != category:
                category = skill.category
                self.rows.append(
                    (
                        pgettext(
                            rules.SKILL_CONTEXT, rules.CATEGORY_LABELS.get(category, category)
                        ),
                        (),
                    )
                )
            names = [f"s{index}-points"]
            points = skill.level - skill.role_pick - skill.ancestry_pick
            self.fields[names[0]] = forms.IntegerField(
                label=_("%(skill)s points") % {"skill": skill.display_name},
                required=False,  # empty: no points
                min_value=0,
                max_value=rules.MAX_SKILL,
                initial=max(points, 0),
                widget=forms.NumberInput(attrs={"min": 0, "max": rules.MAX_SKILL}),
            )
            for kind, offered in (
                ("role", self.role is not None and skill.category in self.role.categories),
                ("ancestry", self._ancestry_offers(skill)),
            ):
                name = f"s{index}-{kind}"
                names.append(name if offered else "")
                if offered:
                    self.fields[name] = forms.BooleanField(
                        label=(
                            _("%(skill)s: role +1")
                            if kind == "role"
                            else _("%(skill)s: ancestry +1")
                        )
                        % {"skill": skill.display_name},
                        required=False,
                        initial=getattr(skill, f"{kind}_pick") or self._fixed(skill),
                    )
            self.rows.append((skill.display_name, tuple(names)))
        self.style()

    def _fixed(self, skill) -> bool:
        bonus = self.ancestry_rules.skill_bonus if self.ancestry_rules else None
        return bonus == (skill.category, skill.name)

    def _ancestry_offers(self, skill) -> bool:
        if self.ancestry_rules is None:
            return False
        return bool(self.ancestry_rules.skill_picks) or self._fixed(skill)

    def initial_from(self, sheet):
        return {}

    def layout(self):
        return [
            Group(
                _("Skills"),
                (),
                kind="rows",
                note=_("Spread %(points)s points; the +1 picks come on top.")
                % {"points": rules.CREATION_SKILL_POINTS}
                + " "
                + self._picks_note(),
                points=rules.CREATION_SKILL_POINTS,
                rows=tuple(self.rows),
                columns=(_("Skill"), _("Points"), _("Role +1"), _("Ancestry +1")),
            )
        ]

    def _picks_note(self) -> str:
        notes = []
        if self.role:
            categories = ", ".join(
                pgettext(rules.SKILL_CONTEXT, rules.CATEGORY_LABELS[c])
                for c in self.role.categories
            )
            notes.append(
                _("%(role)s: tick %(picks)s skills of %(categories)s.")
                % {"role": _(self.role.name), "picks": self.role.picks, "categories": categories}
            )
        if self.ancestry_rules and self.ancestry_rules.skill_picks:
            notes.append(
                _("%(ancestry)s: tick %(picks)s skills.")
                % {
                    "ancestry": _(self.ancestry_rules.name),
                    "picks": self.ancestry_rules.skill_picks,
                }
            )
        if self.ancestry_rules and self.ancestry_rules.skill_bonus:
            notes.append(
                f"{_(self.ancestry_rules.name)}: "
                f"+1 {pgettext(rules.SKILL_CONTEXT, self.ancestry_rules.skill_bonus[1])}."
            )
        return " ".join(notes)

    def chosen(self):
        """(skill, points, role +1, ancestry +1) of every skill, from the cleaned data."""
        data = self.cleaned_data
        for index, skill in enumerate(self.skills):
            yield (
                skill,
                data.get(f"s{index}-points") or 0,
                bool(data.get(f"s{index}-role")),
                bool(data.get(f"s{index}-ancestry")) or self._fixed(skill),
            )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        rows = list(self.chosen())
        total = sum(points for _, points, _, _ in rows)
        if total != rules.CREATION_SKILL_POINTS:
            self.add_error(
                None,
                _("Skills take %(total)s points: spread exactly %(points)s.")
                % {"total": total, "points": rules.CREATION_SKILL_POINTS},
            )
        for index, (skill, points, role, ancestry) in enumerate(rows):
            if points + role + ancestry > rules.MAX_SKILL:
                self.add_error(
                    f"s{index}-points",
                    _("%(skill)s would be %(level)s: at most %(most)s.")
                    % {
                        "skill": skill.display_name,
                        "level": points + role + ancestry,
                        "most": rules.MAX_SKILL,
                    },
                )
        role_picks = sum(role for _, _, role, _ in rows)
        if self.role and role_picks != self.role.picks:
            self.add_error(
                None,
                _("%(role)s: tick %(picks)s role +1s (%(ticked)s ticked).")
                % {"role": _(self.role.name), "picks": self.role.picks, "ticked": role_picks},
            )
        wanted = self.ancestry_rules.skill_picks if self.ancestry_rules else 0
        ancestry_picks = sum(a and not self._fixed(s) for s, _, _, a in rows)
        if wanted and ancestry_picks != wanted:
            self.add_error(
                None,
                _("%(ancestry)s: tick %(picks)s ancestry +1s (%(ticked)s ticked).")
                % {
                    "ancestry": _(self.ancestry_rules.name),
                    "picks": wanted,
                    "ticked": ancestry_picks,
                },
            )
        return cleaned

    def save(self):
        for skill, points, role, ancestry in self.chosen():
            level = points + role + ancestry
            if (skill.pk, skill.level, skill.role_pick, skill.ancestry_pick) == (
                skill.pk, level, role, ancestry
            ):  # fmt: skip
                continue
            skill.level, skill.role_pick, skill.ancestry_pick = level, role, ancestry
            skill._change_reason = "Creation: Skills"
            skill.save()
        # Stamina, Dodging and Psychology move AP, FT and Sanity: full again
        self.save_sheet("Skills", full_pools(self.sheet))


STEPS = (
    Step(
        "role-ancestry",
        gettext_lazy("Role and ancestry"),
        f"{HERE}.RoleAncestryForm",
        gettext_lazy("What you do for the agency, and what you are."),
    ),
    Step(
        "stats",
        gettext_lazy("Stats"),
        f"{HERE}.StatsForm",
        gettext_lazy(
            "Strength, Agility, Intelligence, Education, Influence and Luck: each gives a bonus "
            "to the rolls that use it."
        ),
    ),
    Step(
        "skills",
        gettext_lazy("Skills"),
        f"{HERE}.SkillsForm",
        gettext_lazy("What you have trained."),
    ),
)
