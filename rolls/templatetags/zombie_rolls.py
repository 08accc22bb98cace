"""The Zombiepocalypse sheet's tasks with their checks from the roll log:
``{% with_checks open_tasks character as open_tasks %}`` (sheets never import rolls)."""

from django import template
from django.utils.translation import gettext as _

from rolls.models import Roll

register = template.Library()

CHECKS_SHOWN = 3  # a task's latest checks on the first view


@register.simple_tag
def with_checks(lines, character):
    """The task lines (``sheets.systems.zombie.sheet.task_lines``), each with its latest
    ``checks`` (newest first) and ``check_count``, read in one query."""
    checks: dict[int, list] = {}
    rolls = Roll.objects.filter(character=character, kind="check").order_by("-created", "-pk")
    for roll in rolls.only("pk", "label", "outcome", "result", "inputs", "created"):
        task = roll.inputs.get("task")
        if isinstance(task, int):
            checks.setdefault(task, []).append(roll)
    return [
        {
            **line,
            "checks": checks.get(line["task"].pk, [])[:CHECKS_SHOWN],
            "check_count": len(checks.get(line["task"].pk, [])),
        }
        for line in lines
    ]


@register.simple_tag
def option_roll_words(sheet) -> str:
    """The roll the Player's Option was bought after, as "label: outcome" in the reader's
    words (``option_roll_label`` keeps its English, for the export file); the stored
    label when that roll is gone."""
    roll = None
    if sheet.option_roll:
        roll = Roll.objects.filter(pk=sheet.option_roll).only("label", "outcome", "result").first()
    if roll is None:
        return sheet.option_roll_label
    # Translators: the roll a Player's Option was bought after: its label and its outcome
    return _("%(label)s: %(outcome)s") % {"label": roll.label_words, "outcome": roll.outcome_words}
