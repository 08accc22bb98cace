"""Zombiepocalypse in and out of Tableside (docs/export-format.md). The roll an option
was bought on is a database id: the file keeps its label only."""

from sheets.transfer.spec import ListSpec, Transfer

FORMS = "sheets.systems.zombie.forms"

TRANSFER = Transfer(
    sheet_exclude=("option_roll",),
    lists=(
        ListSpec("conditions", "conditions", f"{FORMS}.ConditionForm"),
        ListSpec("tasks", "tasks", f"{FORMS}.TaskForm"),
        ListSpec("items", "items", f"{FORMS}.ItemForm"),
        ListSpec("weapons", "weapons", f"{FORMS}.WeaponForm"),
    ),
)
