"""The Zombiepocalypse sheet's tasks with their checks from the roll log:
``{% with_checks open_tasks character as open_tasks %}`` (sheets never import rolls)."""

from django import template

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
