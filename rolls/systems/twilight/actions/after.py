"""Twilight: 2000: after an attack (extra successes and ammo 6s, hit locations, armor),
and a group roll the GM started."""

from __future__ import annotations

from django.utils.translation import gettext

from rolls.actions import Rolled, effects_data, helping
from rolls.rng import server_rng
from sheets.systems.dice.core import DiceError, Effect
from sheets.systems.dice.words import say
from sheets.systems.twilight import rules
from sheets.systems.twilight.dice import rules as dice
from sheets.systems.twilight.dice import stepdice

from .sheet import engine_from
from .special import group_roll

LOCATION_FIELDS = rules.LOCATIONS
MAX_ARMOR = 10


def _number(data, name, low, high, what) -> int:
    raw = (data.get(name) or "0").strip()
    try:
        value = int(raw)
    except ValueError:
        raise DiceError(
            gettext("%(what)s must be a whole number, not %(raw)r.") % {"what": what, "raw": raw}
        ) from None
    if not low <= value <= high:
        raise DiceError(
            gettext("%(what)s runs from %(low)s to %(high)s, not %(value)s.")
            % {"what": what, "low": low, "high": high, "value": value}
        )
    return value


def _armor(data, prefix, who) -> dict[str, int]:
    return {
        location: _number(
            data,
            f"{prefix}-armor-{location}",
            0,
            MAX_ARMOR,
            gettext("%(who)s's armor on the %(location)s")
            % {"who": who, "location": gettext(location)},
        )
        for location in LOCATION_FIELDS
    }


def choose(sheet, roll, data, by_gm=False) -> list[dict]:
    """Allocate a hit: every extra base success adds +1 damage to the primary hit; each
    ammo 6 adds +1 damage to a hit or makes an extra hit on a target in the same hex, not
    harder to hit. Then a d6 hit location per hit, the armor there plus the weapon's armor
    modifier (never below 0) off the damage, a crit flagged at the weapon's threshold."""
    if roll.kind != "attack":
        raise DiceError(gettext("Only an attack has hits to allocate."))
    result = roll.result
    if result.get("allocated"):
        raise DiceError(gettext("This attack's hits are already allocated."))
    if type(roll).objects.filter(pushed_from=roll).exists():
        raise DiceError(gettext("This attack was pushed: allocate the hits of the pushed roll."))
    engine = engine_from(result["engine"])
    if not engine.success:
        raise DiceError(gettext("The attack missed: there is no hit to allocate."))
    sixes = engine.ammo_sixes
    primary_name = (data.get("primary-name") or "").strip() or gettext("Primary target")
    primary_bonus = _number(data, "primary-sixes", 0, sixes, gettext("Ammo 6s on the primary hit"))
    additional = []
    armor = {primary_name: _armor(data, "primary", primary_name)}
    for n in range(1, sixes + 1):
        name = (data.get(f"extra{n}-name") or "").strip()
        if not name:
            continue
        if data.get(f"extra{n}-fair") != "on":
            raise DiceError(
                gettext(
                    "%(name)s: an extra hit must go to a target in the same hex that is not "
                    "harder to hit than the primary target (tick the box to confirm)."
                )
                % {"name": name}
            )
        bonus = _number(
            data,
            f"extra{n}-sixes",
            0,
            sixes,
            gettext("Ammo 6s on %(name)s's damage") % {"name": name},
        )
        additional.append((name, bonus))
        armor[name] = _armor(data, f"extra{n}", name)
    allocation = dice.allocate_hits(
        engine, base_damage=result["base_damage"], primary_target=primary_name,
        primary_bonus=primary_bonus, additional=additional,
    )  # fmt: skip
    rng = server_rng()
    hits = []
    effects = []
    for hit in allocation.hits:
        resolved = dice.resolve_hit(
            rng, hit, armor=armor[hit.target], armor_modifier=result["armor_modifier"],
            crit_threshold=result["crit_threshold"],
        )  # fmt: skip
        hits.append(
            {
                "target": hit.target,
                "face": resolved.location_die.face,
                "location": resolved.location,
                "before": hit.damage,
                "armor": resolved.armor,
                "damage": resolved.damage,
                "critical": resolved.critical,
            }
        )
        values = {
            "target": hit.target,
            "location": say(resolved.location),
            "face": resolved.location_die.face,
            "before": hit.damage,
            "armor": resolved.armor,
            "damage": resolved.damage,
        }
        if resolved.critical:
            note = say(
                "%(target)s: %(location)s (%(face)s), %(before)s damage - armor %(armor)s = "
                "%(damage)s, critical injury (crit threshold %(threshold)s)",
                threshold=result["crit_threshold"],
                **values,
            )
        else:
            note = say(
                "%(target)s: %(location)s (%(face)s), %(before)s damage - armor %(armor)s = "
                "%(damage)s",
                **values,
            )
        effects.append(Effect("target damage", resolved.damage, note))
    result["hits"] = hits
    result["allocated"] = True
    if roll.pushable:
        # the hits are resolved: the attack can no longer be pushed
        roll.pushable = False
        roll.save(update_fields=["pushable"])
    result["ammo_sixes_unused"] = allocation.ammo_sixes_unused
    result["dice_groups"] = [
        *result["dice_groups"],
        {
            "label": say("Hit locations"),
            "dice": [
                {"kind": "hit-location", "size": 6, "face": h["face"], "counts": h["location"],
                 "rerolled": False}
                for h in hits
            ],
        },
    ]  # fmt: skip
    roll.result = result
    return effects_data(effects)


def group_part(sheet, group, participant, others, rng) -> Rolled | None:
    """A helper declares their help (no dice: help is declared before the roll, three at
    most); the one who rolls rolls for everyone with +1 per declared helper."""
    if participant.role == "help":
        helping.declare_help(
            others,
            limit=stepdice.MAX_HELPERS,
            limit_message=gettext(
                "Three people already help: no more than three can (+3 at most)."
            ),
        )
        return None
    helpers = [p.character.name for p in helping.declared_helpers(others)]
    helping.close_the_rest(others)
    cleaned = {
        "skill": group.inputs["skill"],
        "modifier": group.inputs.get("modifier", 0),
        "helpers": helpers,
        "group": [p.character.name for p in others],
    }
    rolled = group_roll(sheet, cleaned, rng)
    rolled.inputs["group_check"] = group.pk
    return rolled


def group_read(group, participants, sheets):
    """The group's result is its roller's: a failure counts for all of them."""
    return helping.roller_reading(participants)
