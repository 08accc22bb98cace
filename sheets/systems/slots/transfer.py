"""Slots in and out of Tableside (docs/export-format.md): the people by its name (it
must exist here: the built-in Human and Goblin always do), items and marks by gear slot
number, ideas by focus slot number; the models' own checks hold each slot's rules."""

from sheets.transfer.spec import ListSpec, Transfer

TRANSFER = Transfer(
    lists=(
        ListSpec("items", "items"),
        ListSpec("ideas", "ideas"),
        ListSpec("marks", "marks"),
    ),
)
