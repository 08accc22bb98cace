"""Mutant: Year Zero: actions without dice (healing trauma, the daily ration) and the
Rot-Eater's meal."""

from __future__ import annotations

from typing import Any

from rolls.actions import Rolled, effects_data
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say
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
    label = rules.TRAUMA_LABELS[trauma]
    current = getattr(sheet, trauma)
    lines = [[label, f"{current} → {current}"],
             ["Resting", f"less than {rules.HEALING_TIME[trauma]}"]]  # fmt: skip
    return _no_dice(
        "heal", f"Heal {label.lower()}", rules.too_short(trauma),
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
        raise DiceError(str(error)) from error
    changes = _Changes(sheet)
    label = rules.TRAUMA_LABELS[trauma]
    lines = [[label, f"{healing.before} → {healing.after}"]]
    inputs: dict[str, Any] = {"trauma": trauma, "before": healing.before}
    if ration:
        changes.supply(ration, healing.rations_spent, f"Ate during the rest ({label.lower()})")
        lines.append([f"Rations of {ration} spent", str(healing.rations_spent)])
        inputs["rations"] = healing.rations_spent
        how = "4 hours of rest"
    elif trauma == "confusion":
        how = "8 hours of sleep"
        # Decision (the seed is silent): the 8 hours of sleep also end Sleepless.
        changes.condition("sleepless", False, "Slept 8 hours")
    else:
        partner = cleaned_data.get("partner") or ""
        how = f"4 hours of rest and a heart-to-heart with {partner}"
        inputs["partner"] = partner
        lines.append(["Heart-to-heart with", partner])
    changes.heal(attribute, healing.healed, how[0].upper() + how[1:])
    changes.save(f"Healed {label.lower()}")
    lines.append(["Resting", how])
    return _no_dice(
        "heal",
        f"Heal {label.lower()}",
        f"{healing.healed} {label.lower()} healed",
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
        raise DiceError("Eat a ration of grub, drink a ration of water, or both.")
    for wanted, field in ((eat, "grub"), (drink, "water")):
        if wanted and getattr(sheet, field) < 1:
            raise DiceError(f"No {field} left on the sheet: there is no ration to spend.")
    changes = _Changes(sheet)
    lines = []
    if eat:
        changes.supply("grub", 1, "Daily ration")
        changes.condition("starving", False, "Ate a ration of grub")
        lines.append(["Grub left", str(sheet.grub)])
    if drink:
        changes.supply("water", 1, "Daily ration")
        changes.condition("dehydrated", False, "Drank a ration of water")
        lines.append(["Water left", str(sheet.water)])
    changes.save("Daily ration")
    what = " and ".join(
        text for ok, text in ((eat, "a ration of grub"), (drink, "a ration of water")) if ok
    )
    return _no_dice(
        "ration",
        "Daily ration",
        f"Consumed {what}",
        {"grub": eat, "water": drink},
        lines,
        "A ration of grub and one of water a day; eating ends Starving, drinking ends Dehydrated.",
        changes,
    )


ROT_EATER_USES = {
    "heal": "Heal 1 damage (trauma from the rot): 1 mutation point",
    "recover": "Recover 1 point of an attribute: 1 mutation point and 1 temporary rot point",
    "emit": "Emit rot at an enemy at Arm's Length: 1 damage per mutation point and "
    "temporary rot point",
}
ARMS_LENGTH = Range.ARMS_LENGTH.value
ROT_EATER_RANGES = dict(Range.choices)  # the sheet's weapon ranges


def emit_range_refusal(target_range: str | None) -> str:
    """Why rot cannot be emitted at an enemy at ``target_range`` ("" at Arm's Length)."""
    if not target_range:
        return "Say how far the enemy is: rot is emitted at Arm's Length only."
    if target_range != ARMS_LENGTH:
        where = ROT_EATER_RANGES.get(target_range, target_range)
        return (
            f"Too far: rot is emitted at an enemy at Arm's Length, not at {where} range. "
            "Close in first."
        )
    return ""


ROT_EATER_LABELS = {
    "heal": "Rot-Eater: heal 1 damage",
    "recover": "Rot-Eater: recover 1 {attribute}",
    "emit": "Rot-Eater: emit rot ({points} damage)",
}
ROT_EATER_RULE = (
    "Rot-Eater: 1 mutation point heals 1 damage; 1 mutation point and 1 temporary rot "
    "point heal 1 trauma of any attribute; N mutation points and N temporary rot points "
    "deal N damage to an enemy at Arm's Length. Permanent rot is never used; the points "
    "used leave without a permanence roll. A mutation roll: one base die per mutation "
    "point, any 1 a misfire (1 damage or 1 doubt)."
)


def rot_eater(sheet, cleaned_data, rng) -> Rolled:
    """One of Rot-Eater's three uses, as a mutation roll (RULINGS: each use is a mutation
    use, with its misfire). The mutation works whether or not it misfires."""
    if not has_mutation(sheet, rules.ROT_EATER):
        raise DiceError("Only a character with the Rot-Eater mutation can do this.")
    use = cleaned_data["use"]
    points = 1 if use in ("heal", "recover") else cleaned_data["points"]
    if points > sheet.mutation_points:
        raise DiceError(f"Only {sheet.mutation_points} mutation points to spend, not {points}.")
    rot_used = points if use in ("recover", "emit") else 0
    if rot_used > sheet.rot_temporary:
        raise DiceError(
            f"Only {sheet.rot_temporary} temporary rot points to use, not {rot_used}: "
            "permanent rot cannot be used."
        )
    changes = _Changes(sheet)
    lines = [["Mutation points spent", str(points)]]
    if use == "heal":
        if sheet.damage == 0:
            raise DiceError("No damage to heal.")
        changes.heal("strength", 1, "Rot-Eater")
        outcome = "1 damage healed"
    elif use == "recover":
        attribute = cleaned_data["attribute"]
        trauma = TRAUMA[attribute]
        if getattr(sheet, trauma) == 0:
            raise DiceError(f"No {trauma} to heal: {ATTRIBUTE_LABELS[attribute]} is whole.")
        changes.heal(
            attribute, 1, f"Rot-Eater turned a rot point into {ATTRIBUTE_LABELS[attribute]}"
        )
        outcome = f"{ATTRIBUTE_LABELS[attribute]} recovers 1 point"
    else:
        refusal = emit_range_refusal(cleaned_data.get("target_range"))
        if refusal:
            raise DiceError(refusal)
        outcome = f"{points} damage to the enemy at Arm's Length"
        lines.append(["Enemy's range", say("Arm's Length")])
        lines.append(["Damage to the enemy", str(points)])
    if rot_used:
        changes.counter("rot_temporary", -rot_used, "Rot-Eater used the rot", "temporary rot")
        lines.append(["Temporary rot points used", str(rot_used)])
    changes.counter("mutation_points", -points, "Rot-Eater", "mutation points")
    result = dice.mutation_roll(rng, points)
    changes.save("Rot-Eater")
    lines.append(["Misfires (1s)", str(result.misfires)])
    payload: dict[str, Any] = {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": ROT_EATER_RULE,
    }
    if result.misfire:
        payload["choices"] = [list(choice) for choice in MISFIRE_CHOICES]
        outcome += "; misfire!"
    return Rolled(
        kind="rot-eater",
        label=ROT_EATER_LABELS[use].format(
            points=points, attribute=ATTRIBUTE_LABELS.get(cleaned_data.get("attribute") or "", "")
        ),
        outcome=outcome,
        inputs={"use": use, "points": points, "rot_used": rot_used,
                "attribute": cleaned_data.get("attribute") or ""},
        result=payload,
        effects=effects_data(changes.effects),
    )  # fmt: skip
