from sheets.editing import editing_context
from sheets.systems.registry import Summary, SummaryValue
from tests.toy.models import ToySheet


def context(character, sheet, first_answer: bool = False) -> dict:
    edit = editing_context(character, sheet, lazy=first_answer)
    return {**edit, "nerve_field": edit["editable_fields"]["nerve"]}


def summary(sheet) -> Summary:
    return Summary(
        values=(
            SummaryValue("Nerve", str(sheet.nerve)),
            SummaryValue("Frights", str(sheet.frights)),
        ),
        alerts=("frightened",) if sheet.frights >= 3 else (),
    )


def new_sheet(character) -> ToySheet:
    return ToySheet.objects.create(character=character)
