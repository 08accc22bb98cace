"""Twilight: 2000: attacks, clearing a jam, reloading."""

from __future__ import annotations

from rolls.actions import Rolled, effects_data
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice

from .sheet import (
    SUCCESS_RULE,
    Changes,
    _payload,
    _successes,
    find_weapon,
    fire_refusal,
    push_rows,
    short_attribute,
    skill_dice,
)
from .skills import _helpers, _lines, _modifier_parts

AMMO_LINES = ("Ammo dice", "Ammo 6s", "Ammo spent", "Rounds taken from the magazine")


def ammo_lines(engine) -> list[list[str]]:
    """A firearm's ammo figures as the result lists them (a push writes them again): the
    ammo spent (sum + 1, RULINGS) and, named apart, what the magazine lost (at most what
    it held)."""
    taken = f"{engine.rounds_taken}"
    if engine.magazine_emptied:
        taken += " (all it held: now empty)"
    return [
        ["Ammo dice", str(len(engine.ammo_dice))],
        ["Ammo 6s", str(engine.bullets)],
        ["Ammo spent", f"{engine.ammo_spent} (sum of the ammo dice + 1)"],
        ["Rounds taken from the magazine", taken],
    ]


def attack(sheet, cleaned, rng) -> Rolled:
    weapon = find_weapon(sheet, cleaned["weapon"], lock=True)
    if weapon is None:
        raise DiceError("That weapon is not on this character's sheet any more.")
    refusal = fire_refusal(weapon)
    if refusal:
        raise DiceError(refusal)
    total, parts = _modifier_parts(sheet, cleaned)
    helpers = _helpers(cleaned)
    plain = skill_dice(sheet, weapon.skill)
    base = skill_dice(sheet, weapon.skill, total, len(helpers))
    attribute = short_attribute(weapon.skill)
    ammo = cleaned.get("ammo_dice") or 0
    if weapon.firearm:
        engine = dice.roll_attack(
            rng, base, attribute, ammo_dice=ammo, rate_of_fire=weapon.rate_of_fire,
            rounds_left=weapon.rounds_loaded,
        )  # fmt: skip
    else:
        engine = dice.roll_skill(rng, base, attribute, gear=True)
    changes = Changes(sheet, weapon)
    changes.apply(engine.effects)
    changes.save(f"Attack with {weapon.name}")
    lines = _lines(engine, plain, base, parts)
    if weapon.firearm:
        lines += ammo_lines(engine)
    rule = (
        f"{SUCCESS_RULE} Only base dice hit. On a hit, each success beyond the first and "
        "each ammo 6 adds +1 damage or an extra hit on a target in the same hex, not "
        "harder to hit. Ammo spent = sum of the ammo dice + 1."
    )
    notes = list(engine.notes)
    payload = _payload(
        engine, lines, rule, weapon=weapon.pk, weapon_name=weapon.name,
        base_damage=weapon.damage, crit_threshold=weapon.crit_threshold,
        armor_modifier=weapon.armor_modifier, notes=notes, allocated=False,
    )  # fmt: skip
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    outcome = "Hit" if engine.success else "Miss"
    if engine.success:
        outcome += f", {_successes(engine.successes)}"
    if engine.bullets:
        outcome += f", {engine.bullets} ammo 6{'s' if engine.bullets != 1 else ''}"
    if engine.magazine_emptied:
        outcome += ", magazine emptied"
    return Rolled(
        kind="attack",
        label=f"{weapon.name} ({rules.SKILL_LABELS[weapon.skill]})",
        outcome=outcome,
        inputs={"weapon": weapon.pk, "dice": list(base), "ammo_dice": ammo, "helpers": helpers},
        result=payload,
        effects=effects_data(changes.effects),
        pushable=engine.can_push,
    )


def clear_jam(sheet, cleaned, rng) -> Rolled:
    """Clearing a jam: a skill roll with the weapon's skill (a slow action, repeatable)."""
    weapon = find_weapon(sheet, cleaned["weapon"], lock=True)
    if weapon is None or not weapon.jammed:
        raise DiceError("That weapon is not jammed.")
    modifier = cleaned.get("modifier") or 0
    base = skill_dice(sheet, weapon.skill, modifier)
    engine = dice.roll_skill(rng, base, short_attribute(weapon.skill), gear=True)
    changes = Changes(sheet, weapon)
    if engine.success:
        changes.jam(False, "Jam cleared")
    changes.save(f"Clearing the jam of {weapon.name}")
    lines = _lines(engine, skill_dice(sheet, weapon.skill), base, [])
    rule = f"{SUCCESS_RULE} Clearing a jam is a slow action; it can be tried again."
    payload = _payload(engine, lines, rule, weapon=weapon.pk)
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="clear_jam",
        label=f"Clear the jam: {weapon.name}",
        outcome="Jam cleared" if engine.success else "Still jammed",
        inputs={"weapon": weapon.pk, "dice": list(base)},
        result=payload,
        effects=effects_data(changes.effects),
        pushable=engine.can_push,
    )


def reload(sheet, cleaned, rng) -> Rolled:
    """Reload from a spare magazine or belt: no dice. The spare leaves the inventory;
    rounds still in the weapon go back as a partly used spare (core rules: you keep
    track of every magazine; the seed says to erase the spent one)."""
    weapon = find_weapon(sheet, cleaned["weapon"], lock=True)
    spare = sheet.magazines.select_for_update().filter(pk=cleaned["spare"]).first()
    if weapon is None or spare is None:
        raise DiceError("That weapon or spare is not on this character's sheet any more.")
    if spare.rounds > weapon.magazine_capacity:
        raise DiceError(
            f"That {spare.kind} holds {spare.rounds} rounds; the {weapon.name} takes "
            f"{weapon.magazine_capacity}."
        )
    old = weapon.rounds_loaded
    effects = []
    if old:
        spare.rounds, weapon.rounds_loaded = old, spare.rounds
        spare.weapon = weapon
        spare._change_reason = f"Reloading {weapon.name}"
        spare.save(update_fields=["rounds", "weapon"])
        effects.append(
            Effect("spare", old, f"{old} rounds go back to the spares as a {spare.kind}")
        )
    else:
        weapon.rounds_loaded = spare.rounds
        spare.delete()
        effects.append(Effect("spare", -1, f"a {spare.kind} leaves the spares"))
    weapon._change_reason = "Reloaded"
    weapon.save(update_fields=["rounds_loaded"])
    new = weapon.rounds_loaded
    effects.insert(0, Effect("rounds", new - old, f"{weapon.name} rounds {old} \u2192 {new}"))
    return Rolled(
        kind="reload",
        label=f"Reload {weapon.name}",
        outcome=f"{new} rounds loaded",
        inputs={"weapon": weapon.pk},
        result={"lines": [["Rounds", f"{old} \u2192 {new}"]], "rule": "Reloading is an action."},
        effects=effects_data(effects),
    )
