"""Twilight: 2000: attacks, clearing a jam, reloading."""

from __future__ import annotations

from django.utils.translation import gettext

from rolls.actions import Rolled, effects_data
from sheets.reasons import pgettext_noop
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import say, say_n, sentences
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


def ammo_lines(engine) -> list[list]:
    """A firearm's ammo figures as the result lists them (a push writes them again): the
    ammo spent (sum + 1, RULINGS) and, named apart, what the magazine lost (at most what
    it held)."""
    taken = f"{engine.rounds_taken}"
    if engine.magazine_emptied:
        taken = say("%(rounds)s (all it held: now empty)", rounds=engine.rounds_taken)
    return [
        [say("Ammo dice"), str(len(engine.ammo_dice))],
        [say("Ammo 6s"), str(engine.bullets)],
        [say("Ammo spent"), say("%(spent)s (sum of the ammo dice + 1)", spent=engine.ammo_spent)],
        [say("Rounds taken from the magazine"), taken],
    ]


def attack_outcome_tail(engine) -> list:
    """The ammo part of an attack's outcome: "2 ammo 6s", "magazine emptied"."""
    tail = []
    if engine.bullets:
        tail.append(say_n("%(n)s ammo 6", "%(n)s ammo 6s", engine.bullets))
    if engine.magazine_emptied:
        tail.append(say("magazine emptied"))
    return tail


def attack(sheet, cleaned, rng) -> Rolled:
    weapon = find_weapon(sheet, cleaned["weapon"], lock=True)
    if weapon is None:
        raise DiceError(gettext("That weapon is not on this character's sheet any more."))
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
    changes.save(
        pgettext_noop("history reason", "Attack with %(weapon)s") % {"weapon": weapon.name}
    )
    lines = _lines(engine, plain, base, parts)
    if weapon.firearm:
        lines += ammo_lines(engine)
    rule = sentences(
        [
            SUCCESS_RULE,
            say(
                "Only base dice hit. On a hit, each success beyond the first and each ammo 6 "
                "adds +1 damage or an extra hit on a target in the same hex, not harder to "
                "hit. Ammo spent = sum of the ammo dice + 1."
            ),
        ]
    )
    notes = list(engine.notes)
    payload = _payload(
        engine, lines, rule, weapon=weapon.pk, weapon_name=weapon.name,
        base_damage=weapon.damage, crit_threshold=weapon.crit_threshold,
        armor_modifier=weapon.armor_modifier, notes=notes, allocated=False,
    )  # fmt: skip
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    outcome = [say("Hit") if engine.success else say("Miss")]
    if engine.success:
        outcome.append(_successes(engine.successes))
    outcome += attack_outcome_tail(engine)
    return Rolled(
        kind="attack",
        label=say(
            "%(weapon)s (%(skill)s)",
            weapon=weapon.name,
            skill=say(rules.SKILL_LABELS[weapon.skill]),
        ),
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
        raise DiceError(gettext("That weapon is not jammed."))
    modifier = cleaned.get("modifier") or 0
    base = skill_dice(sheet, weapon.skill, modifier)
    engine = dice.roll_skill(rng, base, short_attribute(weapon.skill), gear=True)
    changes = Changes(sheet, weapon)
    if engine.success:
        changes.jam(False, say("Jam cleared"))
    changes.save(
        pgettext_noop("history reason", "Clearing the jam of %(weapon)s") % {"weapon": weapon.name}
    )
    lines = _lines(engine, skill_dice(sheet, weapon.skill), base, [])
    rule = sentences([SUCCESS_RULE, say("Clearing a jam is a slow action; it can be tried again.")])
    payload = _payload(engine, lines, rule, weapon=weapon.pk)
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="clear_jam",
        label=say("Clear the jam: %(weapon)s", weapon=weapon.name),
        outcome=say("Jam cleared") if engine.success else say("Still jammed"),
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
        raise DiceError(gettext("That weapon or spare is not on this character's sheet any more."))
    if spare.rounds > weapon.magazine_capacity:
        raise DiceError(
            gettext("That %(kind)s holds %(rounds)s rounds; the %(weapon)s takes %(capacity)s.")
            % {
                "kind": spare.get_kind_display().lower(),
                "rounds": spare.rounds,
                "weapon": weapon.name,
                "capacity": weapon.magazine_capacity,
            }
        )
    old = weapon.rounds_loaded
    effects = []
    if old:
        spare.rounds, weapon.rounds_loaded = old, spare.rounds
        spare.weapon = weapon
        spare._change_reason = pgettext_noop("history reason", "Reloading %(weapon)s") % {
            "weapon": weapon.name
        }
        spare.save(update_fields=["rounds", "weapon"])
        effects.append(
            Effect(
                "spare",
                old,
                say("%(rounds)s rounds go back to the spares as a magazine", rounds=old)
                if spare.kind == "magazine"
                else say("%(rounds)s rounds go back to the spares as a belt", rounds=old),
            )
        )
    else:
        weapon.rounds_loaded = spare.rounds
        spare.delete()
        effects.append(
            Effect(
                "spare",
                -1,
                say("a magazine leaves the spares")
                if spare.kind == "magazine"
                else say("a belt leaves the spares"),
            )
        )
    weapon._change_reason = pgettext_noop("history reason", "Reloaded")
    weapon.save(update_fields=["rounds_loaded"])
    new = weapon.rounds_loaded
    effects.insert(
        0,
        Effect(
            "rounds",
            new - old,
            say(
                "%(weapon)s rounds %(before)s → %(after)s",
                weapon=weapon.name,
                before=old,
                after=new,
            ),
        ),
    )
    return Rolled(
        kind="reload",
        label=say("Reload %(weapon)s", weapon=weapon.name),
        outcome=say("%(rounds)s rounds loaded", rounds=new),
        inputs={"weapon": weapon.pk},
        result={
            "lines": [[say("Rounds"), f"{old} → {new}"]],
            "rule": say("Reloading is an action."),
        },
        effects=effects_data(effects),
    )
