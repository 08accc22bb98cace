"""Mutant: Year Zero: actions without dice (healing trauma, the daily ration) and the
Rot-Eater's meal."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from rolls.actions import Rolled, effects_data
from sheets.reasons import pgettext_noop
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say, say_in
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import rules as dice
from sheets.systems.mutant.models import Range
from sheets.systems.mutant.rules import ATTRIBUTE_LABELS, TRAUMA

from .sheet import MISFIRE_CHOICES, _Changes, _dice_data, has_mutation


def _no_dice(kind, label, outcome, inputs, lines, rule, changes) -> Rolled:
    return Rolled(
        kind=kind,
        label=label,
        outcome=outcome,
        inputs=inputs,
        result={"dice": [], "lines": lines, "rule": rule},
        effects=effects_data(changes.effects),
    )


def _rested_too_little(sheet, trauma: str) -> Rolled:
    """Less than the healing's time: nothing heals and no ration is spent; the log says so."""
    label = say(rules.TRAUMA_LABELS[trauma])
    current = getattr(sheet, trauma)
    resting = say("less than %(time)s", time=rules.HEALING_TIME[trauma])
    lines = [[label, f"{current} → {current}"], [say("Resting"), resting]]
    return _no_dice(
        "heal", HEAL_LABELS[trauma], rules.too_short(trauma),
        {"trauma": trauma, "before": current, "rested": "less"}, lines,
        rules.HEALING_RULES[trauma], _Changes(sheet),
    )  # fmt: skip


def heal_trauma(sheet, cleaned_data, rng) -> Rolled:
    """Heal one kind of trauma as RULINGS reads the seed: damage 1 point per ration of grub
    (4 hours of rest), fatigue 1 per ration of water (4 hours of rest), confusion all
    after 8 hours of sleep, doubt all after rest and a heart-to-heart with another
    player's character. The rations are spent from the sheet, on top of the daily ration.
    No dice: ``rng`` is not used."""
    trauma = cleaned_data["trauma"]
    if cleaned_data.get("rested") == "less":
        return _rested_too_little(sheet, trauma)
    attribute = {value: key for key, value in TRAUMA.items()}[trauma]
    ration = rules.HEALING_RATION.get(trauma, "")
    try:
        healing = rules.heal_trauma(
            trauma,
            getattr(sheet, trauma),
            cleaned_data.get("rations") or 0,
            getattr(sheet, ration) if ration else 0,
        )
    except ValueError as error:
        raise DiceError(error.args[0] if error.args else str(error)) from error
    changes = _Changes(sheet)
    label = say(rules.TRAUMA_LABELS[trauma])
    lines = [[label, f"{healing.before} → {healing.after}"]]
    inputs: dict[str, Any] = {"trauma": trauma, "before": healing.before}
    if ration == "grub":
        changes.supply(ration, healing.rations_spent, say("Ate during the rest (damage)"))
        lines.append([say("Rations of grub spent"), str(healing.rations_spent)])
    elif ration:
        changes.supply(ration, healing.rations_spent, say("Drank during the rest (fatigue)"))
        lines.append([say("Rations of water spent"), str(healing.rations_spent)])
    if ration:
        inputs["rations"] = healing.rations_spent
        how, why = say("4 hours of rest"), say("4 hours of rest")
    elif trauma == "confusion":
        how, why = say("8 hours of sleep"), say("8 hours of sleep")
        # Decision (the seed is silent): the 8 hours of sleep also end Sleepless.
        changes.condition("sleepless", False, say("Slept 8 hours"))
    else:
        partner = cleaned_data.get("partner") or ""
        how = say("4 hours of rest and a heart-to-heart with %(partner)s", partner=partner)
        why = say("4 hours of rest and a heart-to-heart with %(partner)s", partner=partner)
        inputs["partner"] = partner
        lines.append([say("Heart-to-heart with"), partner])
    changes.heal(attribute, healing.healed, why)
    changes.save(HEALED_REASON[trauma])
    lines.append([say("Resting"), how])
    return _no_dice(
        "heal",
        HEAL_LABELS[trauma],
        HEALED[trauma](healing.healed),
        inputs,
        lines,
        rules.HEALING_RULES[trauma],
        changes,
    )


def daily_ration(sheet, cleaned_data, rng) -> Rolled:
    """Eat a ration of grub and/or drink a ration of water for the day, from the sheet.

    Decision (the seed is silent on the conditions): eating ends Starving, drinking ends
    Dehydrated. Refused, with the reason, when the sheet holds none. No dice."""
    eat, drink = bool(cleaned_data.get("grub")), bool(cleaned_data.get("water"))
    if not (eat or drink):
        raise DiceError(say("Eat a ration of grub, drink a ration of water, or both."))
    for wanted, field in ((eat, "grub"), (drink, "water")):
        if wanted and getattr(sheet, field) < 1:
            raise DiceError(NO_RATION_LEFT[field])
    changes = _Changes(sheet)
    lines = []
    if eat:
        changes.supply("grub", 1, say("Daily ration"))
        changes.condition("starving", False, say("Ate a ration of grub"))
        lines.append([say("Grub left"), str(sheet.grub)])
    if drink:
        changes.supply("water", 1, say("Daily ration"))
        changes.condition("dehydrated", False, say("Drank a ration of water"))
        lines.append([say("Water left"), str(sheet.water)])
    changes.save("Daily ration")
    if eat and drink:
        outcome = say("Consumed a ration of grub and a ration of water")
    elif eat:
        outcome = say("Consumed a ration of grub")
    else:
        outcome = say("Consumed a ration of water")
    return _no_dice(
        "ration",
        say("Daily ration"),
        outcome,
        {"grub": eat, "water": drink},
        lines,
        say(
            "A ration of grub and one of water a day; eating ends Starving, drinking ends "
            "Dehydrated."
        ),
        changes,
    )


ROT_EATER_USES = {
    "heal": _("Heal 1 damage (trauma from the rot): 1 mutation point"),
    "recover": _("Recover 1 point of an attribute: 1 mutation point and 1 temporary rot point"),
    "emit": _(
        "Emit rot at an enemy at Arm's Length: 1 damage per mutation point and temporary rot point"
    ),
}
ARMS_LENGTH = Range.ARMS_LENGTH.value
ROT_EATER_RANGES = dict(Range.choices)  # the sheet's weapon ranges


def emit_range_refusal(target_range: str | None):
    """Why rot cannot be emitted at an enemy at ``target_range`` (a saying; "" at Arm's
    Length)."""
    if not target_range:
        return say("Say how far the enemy is: rot is emitted at Arm's Length only.")
    if target_range != ARMS_LENGTH:
        where = ROT_EATER_RANGES.get(target_range, target_range)
        return say(
            "Too far: rot is emitted at an enemy at Arm's Length, not at %(range)s range. "
            "Close in first.",
            range=say(str(where)),
        )
    return ""


# the labels of the uses with no values ("recover" and "emit" name theirs: rot_eater)
ROT_EATER_LABELS = {"heal": say("Rot-Eater: heal 1 damage")}
ROT_EATER_RULE = say(
    "Rot-Eater: 1 mutation point heals 1 damage; 1 mutation point and 1 temporary rot "
    "point heal 1 trauma of any attribute; N mutation points and N temporary rot points "
    "deal N damage to an enemy at Arm's Length. Permanent rot is never used; the points "
    "used leave without a permanence roll. A mutation roll: one base die per mutation "
    "point, any 1 a misfire (1 damage or 1 doubt)."
)
HEAL_LABELS = {
    "damage": say("Heal damage"),
    "fatigue": say("Heal fatigue"),
    "confusion": say("Heal confusion"),
    "doubt": say("Heal doubt"),
}
HEALED = {
    "damage": lambda n: say("%(n)s damage healed", n=n),
    "fatigue": lambda n: say("%(n)s fatigue healed", n=n),
    "confusion": lambda n: say("%(n)s confusion healed", n=n),
    "doubt": lambda n: say("%(n)s doubt healed", n=n),
}
HEALED_REASON = {  # the history reason of a heal
    "damage": pgettext_noop("history reason", "Healed damage"),
    "fatigue": pgettext_noop("history reason", "Healed fatigue"),
    "confusion": pgettext_noop("history reason", "Healed confusion"),
    "doubt": pgettext_noop("history reason", "Healed doubt"),
}
NO_RATION_LEFT = {
    "grub": say("No grub left on the sheet: there is no ration to spend."),
    "water": say("No water left on the sheet: there is no ration to spend."),
}


def rot_eater(sheet, cleaned_data, rng) -> Rolled:
    """One of Rot-Eater's three uses, as a mutation roll (RULINGS: each use is a mutation
    use, with its misfire). The mutation works whether or not it misfires."""
    if not has_mutation(sheet, rules.ROT_EATER):
        raise DiceError(say("Only a character with the Rot-Eater mutation can do this."))
    use = cleaned_data["use"]
    points = 1 if use in ("heal", "recover") else cleaned_data["points"]
    if points > sheet.mutation_points:
        raise DiceError(
            say(
                "Only %(have)s mutation points to spend, not %(points)s.",
                have=sheet.mutation_points, points=points,
            )
        )  # fmt: skip
    rot_used = points if use in ("recover", "emit") else 0
    if rot_used > sheet.rot_temporary:
        raise DiceError(
            say(
                "Only %(have)s temporary rot points to use, not %(used)s: permanent rot "
                "cannot be used.",
                have=sheet.rot_temporary, used=rot_used,
            )
        )  # fmt: skip
    changes = _Changes(sheet)
    lines = [[say("Mutation points spent"), str(points)]]
    if use == "heal":
        if sheet.damage == 0:
            raise DiceError(say("No damage to heal."))
        changes.heal("strength", 1, say("Rot-Eater"))
        outcome = say("1 damage healed")
    elif use == "recover":
        attribute = cleaned_data["attribute"]
        trauma = TRAUMA[attribute]
        name = say_in(rules.ATTRIBUTE_CONTEXT, ATTRIBUTE_LABELS[attribute])
        if getattr(sheet, trauma) == 0:
            raise DiceError(
                say(
                    "No %(trauma)s to heal: %(attribute)s is whole.",
                    trauma=say(rules.TRAUMA_LABELS[trauma]), attribute=name,
                )
            )  # fmt: skip
        changes.heal(
            attribute, 1, say("Rot-Eater turned a rot point into %(attribute)s", attribute=name)
        )
        outcome = say("%(attribute)s recovers 1 point", attribute=name)
    else:
        refusal = emit_range_refusal(cleaned_data.get("target_range"))
        if refusal:
            raise DiceError(refusal)
        outcome = say("%(points)s damage to the enemy at Arm's Length", points=points)
        lines.append([say("Enemy's range"), say("Arm's Length")])
        lines.append([say("Damage to the enemy"), str(points)])
    if rot_used:
        changes.counter(
            "rot_temporary", -rot_used, say("Rot-Eater used the rot"), say("temporary rot")
        )
        lines.append([say("Temporary rot points used"), str(rot_used)])
    changes.counter("mutation_points", -points, say("Rot-Eater"), say("mutation points"))
    result = dice.mutation_roll(rng, points)
    changes.save("Rot-Eater")
    lines.append([say("Misfires (1s)"), str(result.misfires)])
    payload: dict[str, Any] = {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": ROT_EATER_RULE,
    }
    if result.misfire:
        payload["choices"] = [list(choice) for choice in MISFIRE_CHOICES]
        outcome = say("%(outcome)s; misfire!", outcome=outcome)
    attribute = cleaned_data.get("attribute") or ""
    if use == "recover":
        label = say(
            "Rot-Eater: recover 1 %(attribute)s",
            attribute=say_in(rules.ATTRIBUTE_CONTEXT, ATTRIBUTE_LABELS.get(attribute, "")),
        )
    elif use == "emit":
        label = say("Rot-Eater: emit rot (%(points)s damage)", points=points)
    else:
        label = ROT_EATER_LABELS["heal"]
    return Rolled(
        kind="rot-eater",
        label=label,
        outcome=outcome,
        inputs={"use": use, "points": points, "rot_used": rot_used,
                "attribute": cleaned_data.get("attribute") or ""},
        result=payload,
        effects=effects_data(changes.effects),
    )  # fmt: skip
