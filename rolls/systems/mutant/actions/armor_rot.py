"""Mutant: Year Zero: armor rolls, rot (events, decontamination)."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from sheets.systems.dice.core import DiceError
from sheets.systems.mutant import rules
from sheets.systems.mutant.dice import rules as dice

from .sheet import ROT_SOURCE_NAMES, _Changes, _dice_data, _ones, has_mutation, has_talent


def armor_roll(sheet, cleaned_data, rng) -> Rolled:
    incoming = cleaned_data["incoming"]
    take_damage = cleaned_data.get("apply_damage", True)
    rating = sheet.armor_rating
    result = dice.armor_roll(rng, rating, incoming, natural=sheet.armor_natural)
    changes = _Changes(sheet)
    if result.rating_loss:
        changes.rating(
            "armor_rating", rating - result.rating_loss,
            _ones(result.rating_loss, "gear-die"), "armor rating",
        )  # fmt: skip
    if take_damage and result.damage:
        changes.trauma("strength", result.damage, f"{result.damage} damage got through the armor")
    changes.save("Armor roll")
    if result.absorbed == incoming:
        outcome = f"All {incoming} damage absorbed"
    elif rating == 0:
        outcome = f"No armor: {incoming} damage"
    else:
        outcome = f"Absorbed {result.absorbed} of {incoming} damage"
    lines = [
        ["Incoming damage", str(incoming)],
        ["Absorbed", str(result.absorbed)],
        ["Damage taken", str(result.damage)],
    ]
    if rating:
        lines.append(["Armor rating", f"{rating} \u2192 {rating - result.rating_loss}"])
    rule = (
        "Armor roll: one gear die per point of armor rating; every 6 absorbs 1 damage. Unless "
        "all damage is absorbed, every 1 lowers the rating by 1 (natural armor excepted). "
        "Cannot be pushed."
    )
    return Rolled(
        kind="armor",
        label=f"Armor roll ({sheet.armor_name})" if sheet.armor_name else "Armor roll",
        outcome=outcome,
        inputs={"incoming": incoming, "apply_damage": bool(take_damage), "rating": rating,
                "natural": sheet.armor_natural},
        result={"dice": _dice_data(result.dice), "lines": lines, "rule": rule},
        effects=effects_data(changes.effects),
    )  # fmt: skip


def rot_protection(sheet) -> tuple[bool, int, bool]:
    """(Rot Resistant talent?, rot suit rating, Rot-Eater mutation?)."""
    return (
        has_talent(sheet, "Rot Resistant"),
        sheet.rot_suit_rating,
        has_mutation(sheet, "Rot-Eater"),
    )


def rot_event(sheet, cleaned_data, rng) -> Rolled:
    points = cleaned_data["points"]
    source = cleaned_data.get("source") or "attack"
    if source not in ROT_SOURCE_NAMES:
        raise DiceError(f"Rot comes from a rot level 1-3 or a rot attack, not {source!r}.")
    resistant, suit, rot_eater = rot_protection(sheet)
    total_before = rules.rot_total(sheet)
    result = dice.rot_event(rng, points, total_before, resistant, suit, rot_eater)
    changes = _Changes(sheet)
    if result.suit_rating_after != suit:
        changes.rating(
            "rot_suit_rating", result.suit_rating_after,
            f"{_ones(suit - result.suit_rating_after, 'gear-die')} on the protection rolls",
            "rot suit rating",
        )  # fmt: skip
    if result.through:
        changes.counter("rot_temporary", result.through, "Rot points not absorbed", "temporary rot")
    if result.damage:
        changes.trauma("strength", result.damage, "Rot roll")
    changes.save("Rot roll")

    groups = [
        {"label": f"Protection, point {p.point}", "dice": _dice_data(p.dice)}
        for p in result.protection
        if p.dice
    ]
    if result.rot_roll:
        groups.append({"label": "Rot roll", "dice": _dice_data(result.rot_roll)})
    lines = [
        ["New rot points", str(points)],
        ["Absorbed", str(result.absorbed)],
        ["Rot points now", f"{result.total_after} ({sheet.rot_temporary} temporary, "
                           f"{sheet.rot_permanent} permanent)"],
        ["Damage", str(result.damage)],
    ]  # fmt: skip
    if suit:
        lines.append(["Rot suit rating", f"{suit} \u2192 {result.suit_rating_after}"])
    if rot_eater and result.rot_roll:
        lines.append(["Rot-Eater", "no damage from the rot"])
    if result.through == 0:
        outcome = f"All {points} rot point{'s' if points > 1 else ''} absorbed"
    else:
        outcome = f"{result.through} rot point{'s' if result.through > 1 else ''}, "
        outcome += f"{result.damage} damage"
    rule = (
        "Rot: each new point gets a protection roll (3 skill dice with Rot Resistant, gear "
        "dice = rot suit rating; a 6 absorbs it, each gear-die 1 lowers the suit's rating). "
        "If any point gets through, roll base dice equal to your total rot points: each 1 is "
        "1 damage (none with Rot-Eater). Cannot be pushed."
    )
    return Rolled(
        kind="rot",
        label=f"Rot: {points} point{'s' if points > 1 else ''}, {ROT_SOURCE_NAMES[source]}",
        outcome=outcome,
        inputs={"points": points, "source": source, "resistant": resistant,
                "suit_rating": suit, "rot_eater": rot_eater, "rot_total": total_before},
        result={"dice": _dice_data(result.dice), "dice_groups": groups, "lines": lines,
                "rule": rule},
        effects=effects_data(changes.effects),
    )  # fmt: skip


def decontaminate(sheet, cleaned_data, rng) -> Rolled:
    method = cleaned_data["method"]
    result = dice.decontaminate(rng, sheet.rot_temporary, method)
    changes = _Changes(sheet)
    changes.counter("rot_temporary", -result.leaving, "Decontamination", "temporary rot")
    if result.made_permanent:
        changes.counter(
            "rot_permanent", result.made_permanent,
            "Points that stayed (a 1 on their die)", "permanent rot",
        )  # fmt: skip
    changes.save("Decontamination roll")
    lines = [
        ["Points leaving", str(result.leaving)],
        ["Washed away" if method == dice.WASH else "Gone", str(result.removed)],
        ["Became permanent", str(result.made_permanent)],
        ["Rot points now", f"{sheet.rot_temporary} temporary, {sheet.rot_permanent} permanent"],
    ]
    rule = (
        "Decontamination: a wash removes half the temporary rot points (rounded up, first wash "
        "on returning to the Ark only); a day in a rot-free place removes one. One base die per "
        "point: on a 1 the point stays and becomes permanent."
    )
    return Rolled(
        kind="decontaminate",
        label="Decontamination: wash" if method == dice.WASH else "Decontamination: a day",
        outcome=f"{result.removed} removed, {result.made_permanent} permanent",
        inputs={"method": method, "temporary": result.temporary_before},
        result={"dice": _dice_data(result.dice), "lines": lines, "rule": rule},
        effects=effects_data(changes.effects),
    )
