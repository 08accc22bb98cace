"""Zombiepocalypse (Z6E) in the registry."""

from django.utils.translation import gettext_lazy as _

from sheets.systems.registry import Collection, GroupCheckKind, RollAction, System

FORMS = "sheets.systems.zombie.forms"
ROLLS = "rolls.systems.zombie.forms"
ACTIONS = "rolls.systems.zombie.actions"


def _failed_tasks():
    """The card names the newest failed tasks (``FAILED_ON_CARD``, as the sheet's
    ``failed_on_card``), each read with how many the survivor has failed in all: not
    every task the survivor ever tried."""
    from django.db.models import Count, F, Prefetch, Window

    from sheets.systems.zombie.models import TaskStatus, ZombieTask
    from sheets.systems.zombie.sheet import FAILED_ON_CARD

    failed = (
        ZombieTask.objects.filter(status=TaskStatus.FAILED)
        .annotate(failed_in_all=Window(Count("pk"), partition_by=F("sheet_id")))
        .order_by("-pk")
    )
    return Prefetch("zombie__tasks", failed[:FAILED_ON_CARD], to_attr="failed_on_card")


ZOMBIE = System(
    slug="zombie",
    name="Zombiepocalypse",
    short_name="Z6E",
    stylesheet="css/zombie.css",
    sheet_model="sheets.ZombieSheet",
    sheet_related_name="zombie",
    sheet_template="sheets/zombie/sheet.html",
    context="sheets.systems.zombie.sheet.context",
    summary="sheets.systems.zombie.sheet.summary",
    new_sheet="sheets.systems.zombie.sheet.new_sheet",
    creation="sheets.systems.zombie.creation.STEPS",
    transfer="sheets.systems.zombie.transfer.TRANSFER",
    result_template="rolls/zombie/_result.html",
    sheet_prefetch=(
        "zombie__conditions",
        "zombie__items",
        "zombie__weapons",
        "zombie__tasks",
    ),
    summary_prefetch=("zombie__conditions", _failed_tasks),
    field_form=f"{FORMS}.ZombieSheetForm",
    collections=(
        Collection(
            "conditions",
            "conditions",
            f"{FORMS}.ConditionForm",
            _("Injuries and status"),
            _("status effect or injury"),
        ),
        Collection("tasks", "tasks", f"{FORMS}.TaskForm", _("Tasks"), _("task")),
        Collection("items", "items", f"{FORMS}.ItemForm", _("Items"), _("item")),
        Collection("weapons", "weapons", f"{FORMS}.WeaponForm", _("Weapons"), _("weapon")),
    ),
    sections=("state", "counters", "option", "conditions_view", "tasks_view"),
    admin="sheets.systems.zombie.admin",
    actions=(
        RollAction(
            "check",
            _("Skill Check"),
            f"{ROLLS}.SkillCheckForm",
            f"{ACTIONS}.skill_check",
            reads=(_("tasks"), _("injuries"), _("status effects"), _("Player's Option")),
            locked_rows=("conditions",),  # the form's choices; the check's modifiers
        ),
        RollAction(
            "monster",
            _("Zombie check (GM)"),
            f"{ROLLS}.MonsterCheckForm",
            f"{ACTIONS}.monster_check",
            reads=(_("zombie kinds"),),
            gm_only=True,
        ),
        RollAction(
            "ruling",
            _("Task ruling (GM)"),
            f"{ROLLS}.RulingForm",
            f"{ACTIONS}.gm_ruling",
            reads=(_("tasks"),),
            gm_only=True,
        ),
    ),
    group_checks=(
        GroupCheckKind(
            "lift",
            _("Team lift (one rolls, the others lift with them)"),
            start_form=f"{ROLLS}.TeamLiftStartForm",
            run=f"{ACTIONS}.lift_part",
            read=f"{ACTIONS}.lift_read",
            roles=(("roll", _("Lift (roll for the team)")), ("help", _("Lift together (+1)"))),
        ),
    ),
    choose=f"{ACTIONS}.choose",
    npc_actions=(
        RollAction(
            "zombie",
            _("Zombie check"),
            "rolls.systems.zombie.npc_forms.ZombieCheckForm",
            "rolls.systems.zombie.npc_actions.zombie_check",
            reads=(_("zombie kinds"),),
            gm_only=True,
        ),
    ),
    demo="rolls.systems.zombie.demo.fill",  # the sheet, then its attempted task rolled
)
