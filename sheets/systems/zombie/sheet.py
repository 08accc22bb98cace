"""The Zombiepocalypse sheet page, its dashboard summary, and a new blank sheet.

The sheet's rows are read through ``.all()`` (prefetched by the registry entry); the
tasks' checks come from the roll log, in one query, through rolls' ``{% with_checks %}``
(templatetags/zombie_rolls.py).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from sheets.editing import editing_context
from sheets.systems.registry import Summary, SummaryValue
from sheets.systems.zombie import rules
from sheets.systems.zombie.models import ZombieSheet

SHEET_TABS = [
    {"slug": "tasks", "label": gettext_lazy("Tasks")},
    {"slug": "inventory", "label": gettext_lazy("Inventory")},
    {"slug": "notes", "label": gettext_lazy("Notes")},
]


def task_lines(sheet) -> list[dict]:
    lines = []
    for task in sheet.tasks.all():
        lines.append(
            {
                "task": task,
                "query": f"task={task.pk}",
                "rollable": not task.failed and not task.basic and task.status != "succeeded",
            }
        )
    return lines


def condition_lines(sheet) -> dict:
    conditions = list(sheet.conditions.all())
    status = rules.status_factors(conditions)
    status_level = (1 if 1 in status else 0) - (1 if -1 in status else 0)
    return {
        "injuries": [c for c in conditions if c.kind == "injury"],
        "statuses": [c for c in conditions if c.kind == "status"],
        "injury_total": rules.injury_total(conditions),
        "status_level": status_level,
    }


def context(character, sheet, first_answer: bool = False) -> dict:
    """What templates/sheets/zombie/sheet.html shows beyond the sheet view's own keys."""
    edit = editing_context(character, sheet, lazy=first_answer)
    fields = edit["editable_fields"]
    tasks = task_lines(sheet)
    return {
        **edit,
        "sheet_tabs": SHEET_TABS,
        "identity_fields": [fields["character-name"], fields["background"]],
        "description_field": fields["description"],
        "notes_field": fields["notes"],
        "option_fields": [fields["option_skill"], fields["option_scope"], fields["option_bonus"]],
        "task_lines": tasks,
        "open_tasks": [line for line in tasks if line["task"].status != "succeeded"],
        "done_tasks": [line for line in tasks if line["task"].status == "succeeded"],
        "failed_tasks": [line["task"] for line in tasks if line["task"].failed],
        **condition_lines(sheet),
    }


FAILED_ON_CARD = 3  # the newest failed tasks the GM's card names


def summary(sheet) -> Summary:
    """The GM's card: the Player's Option spent or not, injuries, failed tasks."""
    values = [
        SummaryValue(
            _("Player's Option"),
            sheet.option_name if sheet.option_spent else _("unspent"),
        )
    ]
    alerts = []
    conditions = list(sheet.conditions.all())
    injuries = [c for c in conditions if c.kind == "injury"]
    statuses = [c for c in conditions if c.kind == "status"]
    if injuries:
        text = "; ".join(f"{c.name} {c.modifier:+d}" for c in injuries)
        values.append(SummaryValue(_("Injuries"), text, alert=True))
        alerts.append(_("injured (%(total)s)") % {"total": f"{rules.injury_total(conditions):+d}"})
    else:
        values.append(SummaryValue(_("Injuries"), _("none")))
    if statuses:
        values.append(
            SummaryValue(_("Status"), "; ".join(f"{c.name} {c.modifier:+d}" for c in statuses))
        )
    failed = getattr(sheet, "failed_on_card", None)  # the dashboard's: the newest few
    if failed is None:
        failed = sorted((task for task in sheet.tasks.all() if task.failed), key=lambda t: -t.pk)
    in_all = getattr(failed[0], "failed_in_all", len(failed)) if failed else 0
    text = "; ".join(task.name for task in failed[:FAILED_ON_CARD]) or _("none")
    if in_all > FAILED_ON_CARD:
        text += _(" (and %(count)s earlier)") % {"count": in_all - FAILED_ON_CARD}
    values.append(SummaryValue(_("Failed tasks"), text, alert=bool(failed)))
    if failed:
        alerts.append(
            ngettext("%(count)s failed task", "%(count)s failed tasks", in_all) % {"count": in_all}
        )
    return Summary(values=tuple(values), alerts=tuple(alerts))


def new_sheet(character) -> ZombieSheet:
    return ZombieSheet.objects.create(character=character)
