from sheets.systems.registry import RollAction, System
from sheets.transfer.spec import Transfer

TOY = System(
    slug="toy",
    name="Toy",
    sheet_model="toy.ToySheet",
    sheet_related_name="toy",
    sheet_template="toy/sheet.html",
    context="tests.toy.sheet.context",
    summary="tests.toy.sheet.summary",
    new_sheet="tests.toy.sheet.new_sheet",
    field_form="tests.toy.forms.ToySheetForm",
    sections=("state",),
    transfer="tests.toy.system.TRANSFER",
    actions=(
        RollAction("nerve", "Nerve", "tests.toy.rolls.NerveForm", "tests.toy.rolls.nerve_test"),
    ),
)

TRANSFER = Transfer()
