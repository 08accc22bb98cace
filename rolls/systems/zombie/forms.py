"""Zombiepocalypse roll forms: the survivor's Skill Check, the GM's zombie check and
the GM's rulings on a task. Each is ``Form(sheet, data=None, initial=...)`` and offers
``odds()``: exact, from ``sheets.systems.zombie.dice.rules.odds``.

The difficulty is entered the way the seed reasons about it: for each level
(environment, target or opponent, the character's status), how many factors work
against the roller and how many for; a level comes to -1, 0 or +1 whatever the count.
"""

from __future__ import annotations

from functools import partial

from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.db.models import prefetch_related_objects
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from config.ids import IdChoiceField, parse_id
from rolls.forms.base import SheetRollForm
from rolls.forms.group import OneRollsForm
from rolls.systems.zombie import actions
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.odds import percent
from sheets.systems.dice.words import put_into_words, say
from sheets.systems.zombie.dice import rules as dice
from sheets.systems.zombie.rules import ABILITIES, LEVELS, MAX_FACTORS

COMPLEXITY_CHOICES = [
    ("1", _("1 roll (simple)")),
    ("2", _("2 rolls (complex: both must succeed)")),
    ("3", _("3 rolls (the most complexity asks)")),
]
NEW_TASK = ""
# the rulings' stored sayings, as the form lists them (their messages are in the catalogue)
RULING_CHOICES = [(key, _(said["say"])) for key, said in actions.RULINGS.items()]


def in_words(value) -> str:
    return put_into_words(value, gettext, ngettext)


def _factor_field(label, help_text=""):
    message = format_lazy(
        _("{label}: 0 to {most} factors (similar factors count once anyway)."),
        label=label,
        most=MAX_FACTORS,
    )
    return forms.IntegerField(
        label=label, min_value=0, max_value=MAX_FACTORS, initial=0, required=False,
        help_text=help_text,
        error_messages={"min_value": message, "max_value": message,
                        "invalid": format_lazy(_("{label} is a whole number of factors."),
                                               label=label)},
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_FACTORS, "class": "factor-input"}),
    )  # fmt: skip


def _complexity_field():
    return forms.TypedChoiceField(
        label=_("Complexity"), choices=COMPLEXITY_CHOICES, coerce=int, initial="1",
        error_messages={"invalid_choice": _("Complexity is 1 to 3 rolls: never more than three.")},
    )  # fmt: skip


class ZombieRollForm(SheetRollForm):
    """Common part (rolls.forms.base): the level fields, values for the odds. A level
    left blank reads as blank (no dice at that level), not as its default."""

    blank_is_default = False

    def setup(self) -> dice.CheckSetup:
        raise NotImplementedError

    def lay_out(self, *head):
        """The fields in a compact layout: ``head`` first (names, or tuples side by side),
        then each difficulty level's "against" and "for" side by side."""
        items = []
        for entry in head:
            names = [
                n for n in (entry if isinstance(entry, tuple) else (entry,)) if n in self.fields
            ]
            if len(names) > 1:
                items.append(Row(*(Column(n, css_class="col-sm") for n in names)))
            elif names:
                items.append(names[0])
        for slug, _label, _example in LEVELS:
            items.append(
                Row(
                    Column(f"{slug}_against", css_class="col-6"),
                    Column(f"{slug}_for", css_class="col-6"),
                )
            )
        self.helper.layout = Layout(*items)

    def odds(self) -> list[list[str]]:
        return odds_rows(self.setup())


def add_level_fields(form_class):
    for slug, label, examples in LEVELS:
        form_class.base_fields[f"{slug}_against"] = _factor_field(
            format_lazy(_("{level}: against"), level=label),
            format_lazy(_("e.g. {examples}"), examples=examples),
        )
        form_class.base_fields[f"{slug}_for"] = _factor_field(
            format_lazy(_("{level}: for"), level=label)
        )
    return form_class


def odds_rows(setup: dice.CheckSetup) -> list[list[str]]:
    """Exact odds of the check: each roll, the whole check, partial success; no 0 % rows."""
    odds = dice.odds(setup)
    need = in_words(actions.needed_face(setup))
    rows = []
    if setup.complexity > 1:
        rows.append([gettext("Each roll succeeds (%(need)s)") % {"need": need}, odds.per_roll])
        rows.append(
            [
                gettext("Success: all %(count)s rolls succeed") % {"count": setup.complexity},
                odds.success,
            ]
        )
        rows.append([gettext("Failed, but some rolls succeed (partial progress)"), odds.partial])
        rows.append([gettext("Failed: no roll succeeds"), odds.successes[0]])
    else:
        rows.append([gettext("Success (%(need)s)") % {"need": need}, odds.success])
        rows.append([gettext("Failure"), odds.failure])
    return [[label, percent(chance)] for label, chance in rows if chance > 0]


def task_choices(sheet) -> list[tuple[str, str]]:
    """A new task, then the survivor's tasks not yet succeeded (marked when they cannot
    be rolled for)."""
    choices = [(NEW_TASK, gettext("A new task (name it below)"))]
    for task in sheet.tasks.all():
        if task.status == "succeeded":
            continue
        if task.failed:
            name = gettext("%(task)s (failed: no retry)") % {"task": task.name}
        elif task.basic:
            name = gettext("%(task)s (basic: no roll)") % {"task": task.name}
        else:
            name = task.name
        choices.append((str(task.pk), name))
    return choices


class TaskField(forms.ChoiceField):
    """The task a check is for, listed to choose from; a posted one is valid when the
    form's ``is_open(value)`` says so (it looks that one task up)."""

    is_open = None

    def valid_value(self, value):
        return self.is_open(value)


@add_level_fields
class SkillCheckForm(ZombieRollForm):
    task = TaskField(label=_("Task"), required=False)
    new_task = forms.CharField(
        label=_("or a new task"), max_length=200, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("break down the cellar door")}),
    )  # fmt: skip
    complexity = _complexity_field()
    use_option = forms.BooleanField(label=_("Learned skill applies"), required=False)
    conditions = forms.MultipleChoiceField(
        label=_("Injuries and status effects that apply"), required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": _("Pick injuries and status effects from this sheet.")},
    )  # fmt: skip

    field_order = ["task", "new_task", "complexity", "use_option", "conditions"]

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        self.order_fields(
            [*self.field_order, *(f"{s}_{d}" for s, _, _ in LEVELS for d in ("against", "for"))]
        )
        # A posted check looks up the task it names (by pk, or a new name already on the
        # sheet): not every task the survivor ever tried, which the list shows.
        self.fields["task"].choices = partial(task_choices, sheet)
        self.fields["task"].is_open = self._open_task
        self.fields["task"].error_messages["invalid_choice"] = _(
            "Pick one of this survivor's open tasks, or name a new one."
        )
        chosen = self._task(self.initial.get("task", ""))
        if chosen is not None and actions.refusal(chosen):
            self.fields["task"].help_text = actions.refusal(chosen)
        # read once: the check (on the same locked sheet) counts the chosen ones again
        prefetch_related_objects([sheet], "conditions")
        conditions = [c for c in sheet.conditions.all() if c.modifier]
        self.fields["conditions"].choices = [
            (str(c.pk), f"{c.name} {c.modifier:+d} ({c.get_kind_display().lower()})")
            for c in conditions
        ]
        self.fields["conditions"].initial = [str(c.pk) for c in conditions]
        if not conditions:
            del self.fields["conditions"]
        if sheet.option_spent and sheet.option_bonus:
            self.fields["use_option"].label = gettext("%(option)s applies to this check") % {
                "option": sheet.option_name
            }
            self.fields["use_option"].help_text = _("The Player's Option skill, where it applies.")
        else:
            del self.fields["use_option"]
        self.lay_out(("task", "new_task"), "use_option", "complexity", "conditions")

    def clean(self):
        cleaned = super().clean()
        task_pk = cleaned.get("task") or ""
        name = (cleaned.get("new_task") or "").strip()
        if "task" in self.errors:
            return cleaned
        if not task_pk and not name:
            self.add_error("new_task", _("Name the task the check is for, or pick one above."))
            return cleaned
        if task_pk:
            task = self._task(task_pk)
            if task is None:
                self.add_error("task", _("That task is not on this sheet."))
            elif actions.refusal(task):
                self.add_error("task", actions.refusal(task))
        else:
            same = self.sheet.tasks.filter(name__iexact=name).order_by("pk").first()
            if same is not None and actions.refusal(same):
                # The same task under its own name: it keeps its fate (no retry).
                self.add_error("new_task", actions.refusal(same))
            elif same is not None:
                cleaned["task"] = str(same.pk)
        return cleaned

    def _task(self, pk):
        """The sheet's task ``pk`` names, or None; each pk looked up once."""
        pk = parse_id(str(pk or ""))
        if pk is None:
            return None
        found = self.__dict__.setdefault("_tasks", {})
        if pk not in found:
            found[pk] = self.sheet.tasks.filter(pk=pk).first()
        return found[pk]

    def _open_task(self, value) -> bool:
        """A valid choice: a new task, or a task of this sheet not yet succeeded."""
        if value == NEW_TASK:
            return True
        task = self._task(value)
        return task is not None and task.status != "succeeded"

    def setup(self) -> dice.CheckSetup:
        values = self.values()
        if "conditions" not in self.fields:
            values["conditions"] = []
        values["use_option"] = bool(values.get("use_option")) and "use_option" in self.fields
        setup, _ = actions.player_setup(self.sheet, values)
        return setup


@add_level_fields
class MonsterCheckForm(ZombieRollForm):
    kind = IdChoiceField(
        label=_("Zombie"), queryset=None, empty_label=None,
        error_messages={"invalid_choice": _("Pick a zombie kind from the list (admin data).")},
    )  # fmt: skip
    ability = forms.ChoiceField(label=_("Check"), choices=ABILITIES, initial="perception")
    what = forms.CharField(
        label=_("What it tries"), max_length=100, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("spot the survivor in the dark")}),
    )  # fmt: skip
    complexity = _complexity_field()

    field_order = ["kind", "ability", "what", "complexity"]

    def __init__(self, sheet, data=None, *args, **kwargs):
        from sheets.systems.zombie.models import ZombieKind

        super().__init__(sheet, data, *args, **kwargs)
        self.order_fields(
            [*self.field_order, *(f"{s}_{d}" for s, _, _ in LEVELS for d in ("against", "for"))]
        )
        kinds = list(ZombieKind.objects.all())
        self.fields["kind"].queryset = ZombieKind.objects.all()
        if kinds:
            self.fields["kind"].initial = kinds[0].pk
            self.fields["kind"].help_text = "; ".join(
                gettext(
                    "%(name)s: agility %(agility)s+, perception %(perception)s+, cunning "
                    "%(cunning)s+, strength %(strength)s+, endurance %(endurance)s+"
                )
                % {
                    "name": k.name,
                    "agility": k.agility,
                    "perception": k.perception,
                    "cunning": k.cunning,
                    "strength": k.strength,
                    "endurance": k.endurance,
                }
                for k in kinds
            )
        else:
            self.fields["kind"].help_text = _("No zombie kinds yet: add them in the admin.")
        self._kinds = {k.pk: k for k in kinds}
        for slug, label, _example in LEVELS:
            self.fields[f"{slug}_against"].label = format_lazy(
                _("{level}: against the zombie"), level=label
            )
            self.fields[f"{slug}_for"].label = format_lazy(
                _("{level}: for the zombie"), level=label
            )
        self.lay_out(("kind", "ability"), ("what", "complexity"))

    def setup(self) -> dice.CheckSetup:
        values = self.values()
        kind = values.get("kind")
        if not hasattr(kind, "target"):
            kind = self._kinds.get(kind)
        if kind is None:
            raise DiceError(_("No zombie kind to roll for."))
        return actions.monster_setup(kind, values.get("ability") or "perception", values)


class RulingForm(ZombieRollForm):
    task = forms.ChoiceField(label=_("Task"))
    ruling = forms.ChoiceField(
        label=_("Ruling"), choices=RULING_CHOICES, initial="changed",
        widget=forms.RadioSelect,
    )  # fmt: skip
    note = forms.CharField(
        label=_("Why"), max_length=200, required=False,
        widget=forms.TextInput(attrs={"placeholder": _("a horde battered the door")}),
    )  # fmt: skip

    def __init__(self, sheet, data=None, *args, **kwargs):
        super().__init__(sheet, data, *args, **kwargs)
        tasks = list(sheet.tasks.all())
        self.tasks = {str(t.pk): t for t in tasks}
        self.fields["task"].choices = [
            (
                str(t.pk),
                gettext("%(task)s (%(status)s, basic)")
                % {"task": t.name, "status": t.get_status_display().lower()}
                if t.basic
                else f"{t.name} ({t.get_status_display().lower()})",
            )
            for t in tasks
        ]
        failed = [t for t in tasks if t.failed]
        if failed:
            self.fields["task"].initial = str(failed[0].pk)
        self.fields["task"].error_messages["invalid_choice"] = _("Pick a task of this sheet.")
        if not tasks:
            self.fields["task"].help_text = _("This survivor has no tasks yet.")

    def clean(self):
        cleaned = super().clean()
        task = self.tasks.get(cleaned.get("task") or "")
        if task is not None and cleaned.get("ruling") == "changed" and not task.failed:
            self.add_error(
                "ruling",
                gettext("%(task)s has not failed: only a failed task waits for a change.")
                % {"task": task.name},
            )
        return cleaned

    def odds(self):
        return []  # a ruling rolls no dice


class TeamLiftStartForm(OneRollsForm):
    """The GM opens a team lift: one lifter rolls the Skill Check for the team from their
    page; the others lift with them (joining before the roll), which gives the roll +1
    on the target level (sheets/systems/zombie/dice/team.py)."""

    system_slug = "zombie"
    leader_label = _("Who rolls for the team")
    leader_help = _("The others join the lift from their own pages before the roll.")
    task = forms.CharField(
        label=_("What they lift"), max_length=120, initial=_("Lift the log"),
        widget=forms.TextInput(attrs={"placeholder": _("lift the fallen log")}),
    )  # fmt: skip
    heavy = forms.BooleanField(
        label=_("Very heavy (-1 on the target level)"), required=False, initial=True,
        help_text=_("Lifting together is +1 on the same level: the seed's log is unmodified."),
    )  # fmt: skip
    environment_against = _factor_field(_("Environment against (dark, wet...)"))
    environment_for = _factor_field(_("Environment for"))
    complexity = _complexity_field()
    field_order = [
        "task", "heavy", "environment_against", "environment_for", "complexity", "characters",
        "leader",
    ]  # fmt: skip

    def group_label(self) -> dict:
        # stored as a saying: the group's English label, read in each reader's words
        return say("Team lift: %(task)s", task=self.cleaned_data["task"])

    def group_inputs(self) -> dict:
        data = self.cleaned_data
        return {
            "task": data["task"].strip(),
            "target_against": 1 if data.get("heavy") else 0,
            "environment_against": data.get("environment_against") or 0,
            "environment_for": data.get("environment_for") or 0,
            "complexity": int(data.get("complexity") or 1),
        }
