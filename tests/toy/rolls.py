"""The toy system's roll side (what rolls/systems/<s>/ holds): its roll form with the
exact odds, and the action that rolls against the locked sheet and applies the effect."""

from rolls.actions import Rolled, effects_data
from rolls.forms.base import SheetRollForm
from sheets.systems.dice.core import as_data
from sheets.systems.dice.odds import percent
from tests.toy import dice


class NerveForm(SheetRollForm):
    def odds(self):
        chance = dice.hold_odds(self.sheet.nerve)
        return [["Holds", percent(chance)], ["A Fright", percent(1 - chance)]]


def nerve_test(sheet, cleaned_data, rng) -> Rolled:
    tested = dice.test_nerve(sheet.nerve, rng)
    for effect in tested.effects:
        sheet.frights = min(dice.FRIGHTS_MAX, sheet.frights + effect.amount)
        sheet._change_reason = effect.note
        sheet.save(update_fields=["frights"])
    return Rolled(
        kind="nerve",
        label="Nerve",
        outcome="held" if tested.held else "a Fright",
        inputs={"nerve": sheet.nerve},
        result={"dice": [as_data(tested.die)], "lines": [["Nerve", str(sheet.nerve)]]},
        effects=effects_data(tested.effects),
    )
