"""Creating an agent, as "Creating an Agent" goes: role and ancestry, then the stats
(10 points beyond 5 each, up to 2 taken from others), then the 16 skill points with the
role's and the ancestry's +1 picks; then the sheet, at full HP, AP, FT and Sanity."""

from django import forms

from sheets.creation import Group, Step, StepForm
from sheets.systems.agents import rules
from sheets.systems.agents.models import AgentSkill

HERE = "sheets.systems.agents.creation"
STAT_CHOICES = [("", "—"), *rules.STAT_LABELS.items()]


def _role_text(role):
    categories = ", ".join(rules.CATEGORY_LABELS[c] for c in role.categories)
    return f"+1 in {role.picks} skills of {categories}"


def _ancestry_text(ancestry):
    parts = [f"{amount:+d} {rules.STAT_ABBR[stat]}" for stat, amount in ancestry.fixed]
    if ancestry.picks:
        parts.append(
            " and ".join(f"{amount:+d}" for amount in ancestry.picks) + " to stats you pick"
        )
    if ancestry.skill_picks:
        parts.append(f"+1 in {ancestry.skill_picks} skills")
    if ancestry.skill_bonus:
        parts.append(f"+1 {ancestry.skill_bonus[1]}")
    if ancestry.starting_trauma:
        parts.append(f"starts with {rules.CONDITIONS[ancestry.starting_trauma]}")
    return "; ".join(parts)


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
        choices=[(slug, role.name) for slug, role in rules.ROLES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": "Choose your role."},
    )
    ancestry = forms.ChoiceField(
        choices=[(slug, a.name) for slug, a in rules.ANCESTRIES.items()],
        widget=forms.RadioSelect,
        error_messages={"required": "Choose your ancestry."},
    )
    ancestry_stat_a = forms.ChoiceField(
        label="First pick (Human +1, Extranormal +2)", choices=STAT_CHOICES, required=False
    )
    ancestry_stat_b = forms.ChoiceField(
        label="Second pick (Human +1, Extranormal -2)", choices=STAT_CHOICES, required=False
    )
    descriptions = {
        "role": {slug: _role_text(role) for slug, role in rules.ROLES.items()},
        "ancestry": {slug: _ancestry_text(a) for slug, a in rules.ANCESTRIES.items()},
    }

    def initial_from(self, sheet):
        return {name: getattr(sheet, name) or None for name in self.base_fields}

    def layout(self):
        return [
            Group("Role", ("role",), kind="cards"),
            Group("Ancestry", ("ancestry",), kind="cards"),
            Group(
                "Ancestry picks",
                ("ancestry_stat_a", "ancestry_stat_b"),
                note="A Human picks two stats for +1 each; an Extranormal Human one for +2 "
                "and another for -2. Other ancestries pick none.",
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
                self.add_error(name, f"A {ancestry.name} picks a stat here.")
        if cleaned.get(picks[0]) and cleaned.get(picks[0]) == cleaned.get(picks[1]):
            self.add_error(picks[1], "The two picks go to two different stats.")
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
                field.help_text = f"{change:+d} from your ancestry"

    @classmethod
    def _fields(cls):
        low = rules.STAT_START - rules.CREATION_STAT_REMOVED
        return {
            stat: forms.IntegerField(
                label=label,
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
                "Stats",
                rules.STATS,
                kind="numbers",
                note=f"Every stat starts at {rules.STAT_START}: spread "
                f"{rules.CREATION_STAT_POINTS} more points ({total} in all). You may take up to "
                f"{rules.CREATION_STAT_REMOVED} points from stats to spend on others. Your "
                "ancestry's changes come on top.",
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
                f"{removed} points were taken from stats below {rules.STAT_START}: at most "
                f"{rules.CREATION_STAT_REMOVED}."
            )
        if spent != rules.CREATION_STAT_POINTS:
            raise forms.ValidationError(
                f"The stats spend {spent} points beyond {rules.STAT_START} each: spread exactly "
                f"{rules.CREATION_STAT_POINTS}."
            )
        for stat, value in values.items():
            final = value + self.ancestry[stat] + self.traumas[stat]
            if not rules.STAT_FLOOR <= final <= rules.STAT_MAX:
                self.add_error(
                    stat,
                    f"With your ancestry it would be {final}: stats are "
                    f"{rules.STAT_FLOOR} to {rules.STAT_MAX}.",
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
                self.rows.append((rules.CATEGORY_LABELS.get(category, category), ()))
            names = [f"s{index}-points"]
            points = skill.level - skill.role_pick - skill.ancestry_pick
            self.fields[names[0]] = forms.IntegerField(
                label=f"{skill.name} points",
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
                        label=f"{skill.name}: {kind} +1",
                        required=False,
                        initial=getattr(skill, f"{kind}_pick") or self._fixed(skill),
                    )
            self.rows.append((skill.name, tuple(names)))
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
                "Skills",
                (),
                kind="rows",
                note=f"Spread {rules.CREATION_SKILL_POINTS} points; the +1 picks come on top. "
                + self._picks_note(),
                points=rules.CREATION_SKILL_POINTS,
                rows=tuple(self.rows),
                columns=("Skill", "Points", "Role +1", "Ancestry +1"),
            )
        ]

    def _picks_note(self) -> str:
        notes = []
        if self.role:
            categories = ", ".join(rules.CATEGORY_LABELS[c] for c in self.role.categories)
            notes.append(f"{self.role.name}: tick {self.role.picks} skills of {categories}.")
        if self.ancestry_rules and self.ancestry_rules.skill_picks:
            notes.append(
                f"{self.ancestry_rules.name}: tick {self.ancestry_rules.skill_picks} skills."
            )
        if self.ancestry_rules and self.ancestry_rules.skill_bonus:
            notes.append(f"{self.ancestry_rules.name}: +1 {self.ancestry_rules.skill_bonus[1]}.")
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
                f"Skills take {total} points: spread exactly {rules.CREATION_SKILL_POINTS}.",
            )
        for index, (skill, points, role, ancestry) in enumerate(rows):
            if points + role + ancestry > rules.MAX_SKILL:
                self.add_error(
                    f"s{index}-points",
                    f"{skill.name} would be {points + role + ancestry}: at most {rules.MAX_SKILL}.",
                )
        role_picks = sum(role for _, _, role, _ in rows)
        if self.role and role_picks != self.role.picks:
            self.add_error(
                None, f"{self.role.name}: tick {self.role.picks} role +1s ({role_picks} ticked)."
            )
        wanted = self.ancestry_rules.skill_picks if self.ancestry_rules else 0
        ancestry_picks = sum(a and not self._fixed(s) for s, _, _, a in rows)
        if wanted and ancestry_picks != wanted:
            self.add_error(
                None,
                f"{self.ancestry_rules.name}: tick {wanted} ancestry +1s "
                f"({ancestry_picks} ticked).",
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
        "Role and ancestry",
        f"{HERE}.RoleAncestryForm",
        "What you do for the agency, and what you are.",
    ),
    Step(
        "stats",
        "Stats",
        f"{HERE}.StatsForm",
        "Strength, Agility, Intelligence, Education, Influence and Luck: each gives a bonus "
        "to the rolls that use it.",
    ),
    Step("skills", "Skills", f"{HERE}.SkillsForm", "What you have trained."),
)
