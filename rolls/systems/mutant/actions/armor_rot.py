"""Mutant: Year Zero: armor rolls, rot (events, decontamination)."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from sheets.reasons import pgettext_noop
from sheets.systems.dice.core import DiceError
from sheets.systems.dice.words import say, say_n
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
            _ones(result.rating_loss, "gear-die"), say("armor rating"),
        )  # fmt: skip
    if take_damage and result.damage:
        changes.trauma(
            "strength",
            result.damage,
            say("%(damage)s damage got through the armor", damage=result.damage),
        )
    changes.save("Armor roll")
    if result.absorbed == incoming:
        outcome = say("All %(incoming)s damage absorbed", incoming=incoming)
    elif rating == 0:
        outcome = say("No armor: %(incoming)s damage", incoming=incoming)
    else:
        outcome = say(
            "Absorbed %(absorbed)s of %(incoming)s damage",
            absorbed=result.absorbed,
            incoming=incoming,
        )
    lines = [
        [say("Incoming damage"), str(incoming)],
        [say("Absorbed"), str(result.absorbed)],
        [say("Damage taken"), str(result.damage)],
    ]
    if rating:
        lines.append([say("Armor rating"), f"{rating} → {rating - result.rating_loss}"])
    rule = say(
        "Armor roll: one gear die per point of armor rating; every 6 absorbs 1 damage. Unless "
        "all damage is absorbed, every 1 lowers the rating by 1 (natural armor excepted). "
        "Cannot be pushed."
    )
    return Rolled(
        kind="armor",
        label=say("Armor roll (%(armor)s)", armor=sheet.armor_name)
        if sheet.armor_name
        else say("Armor roll"),
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
            say(
                "%(ones)s on the protection rolls",
                ones=_ones(suit - result.suit_rating_after, "gear-die"),
            ),
            say("rot suit rating"),
        )  # fmt: skip
    if result.through:
        changes.counter(
            "rot_temporary", result.through, say("Rot points not absorbed"), say("temporary rot")
        )
    if result.damage:
        changes.trauma("strength", result.damage, say("Rot roll"))
    changes.save("Rot roll")

    groups = [
        {"label": say("Protection, point %(point)s", point=p.point), "dice": _dice_data(p.dice)}
        for p in result.protection
        if p.dice
    ]
    if result.rot_roll:
        groups.append({"label": say("Rot roll"), "dice": _dice_data(result.rot_roll)})
    lines = [
        [say("New rot points"), str(points)],
        [say("Absorbed"), str(result.absorbed)],
        [say("Rot points now"), say("%(total)s (%(temporary)s temporary, %(permanent)s permanent)",
                                    total=result.total_after, temporary=sheet.rot_temporary,
                                    permanent=sheet.rot_permanent)],
        [say("Damage"), str(result.damage)],
    ]  # fmt: skip
    if suit:
        lines.append([say("Rot suit rating"), f"{suit} → {result.suit_rating_after}"])
    if rot_eater and result.rot_roll:
        lines.append([say("Rot-Eater"), say("no damage from the rot")])
    if result.through == 0:
        outcome = say_n("All %(n)s rot point absorbed", "All %(n)s rot points absorbed", points)
    else:
        outcome = say_n(
            "%(n)s rot point, %(damage)s damage",
            "%(n)s rot points, %(damage)s damage",
            result.through,
            damage=result.damage,
        )
    rule = say(
        "Rot: each new point gets a protection roll (3 skill dice with Rot Resistant, gear "
        "dice = rot suit rating; a 6 absorbs it, each gear-die 1 lowers the suit's rating). "
        "If any point gets through, roll base dice equal to your total rot points: each 1 is "
        "1 damage (none with Rot-Eater). Cannot be pushed."
    )
    return Rolled(
        kind="rot",
        label=say_n(
            "Rot: %(n)s point, %(source)s",
            "Rot: %(n)s points, %(source)s",
            points,
            source=say(ROT_SOURCE_NAMES[source]),
        ),
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
    changes.counter("rot_temporary", -result.leaving, say("Decontamination"), say("temporary rot"))
    if result.made_permanent:
        changes.counter(
            "rot_permanent", result.made_permanent,
            say("Points that stayed (a 1 on their die)"), say("permanent rot"),
        )  # fmt: skip
    changes.save(pgettext_noop("history reason", "Decontamination roll"))
    lines = [
        [say("Points leaving"), str(result.leaving)],
        [say("Washed away") if method == dice.WASH else say("Gone"), str(result.removed)],
        [say("Became permanent"), str(result.made_permanent)],
        [
            say("Rot points now"),
            say(
                "%(temporary)s temporary, %(permanent)s permanent",
                temporary=sheet.rot_temporary,
                permanent=sheet.rot_permanent,
            ),
        ],
    ]
    rule = say(
        "Decontamination: a wash removes half the temporary rot points (rounded up, first wash "
        "on returning to the Ark only); a day in a rot-free place removes one. One base die per "
        "point: on a 1 the point stays and becomes permanent."
    )
    return Rolled(
        kind="decontaminate",
        label=say("Decontamination: wash")
        if method == dice.WASH
        else say("Decontamination: a day"),
        outcome=say(
            "%(removed)s removed, %(permanent)s permanent",
            removed=result.removed,
            permanent=result.made_permanent,
        ),
        inputs={"method": method, "temporary": result.temporary_before},
        result={"dice": _dice_data(result.dice), "lines": lines, "rule": rule},
        effects=effects_data(changes.effects),
    )
