"""Mutant: Year Zero roll actions: read the sheet, roll ``rolls.dice.mutant.rules``, apply effects.

Each ``run(sheet, cleaned_data, rng) -> Rolled`` is called by the roll views inside
``transaction.atomic()`` with the MutantSheet row already locked; it changes the sheet
(and a weapon or gear row for a push) itself and saves only the fields it changed, with
``sheet._change_reason`` for the sheet's history.

Caps (RULINGS): trauma never goes above the attribute score, counters stay in 0..10 and
temporary + permanent rot fits the ten boxes; a capped effect says so in its note.

Which attribute a skill rolls with, the skills' and attributes' names and the base dice
an attribute gives come from the sheet's rules (``sheets/systems/mutant/rules.py``):
the sheet page, the dashboard and the rolls read one definition.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rolls.actions import Rolled, effects_data
from rolls.dice.core import DiceError, Effect, as_data
from rolls.dice.mutant import odds as mutant_odds
from rolls.dice.mutant import rules as dice
from sheets.systems.mutant import rules
from sheets.systems.mutant.rules import ATTRIBUTE_LABELS, BOX_MAX, TRAUMA

SKILLS = rules.SKILL_ATTRIBUTES  # the twelve base skills: sheet field -> attribute
ATTACK_SKILLS = ("fight", "shoot")
UNARMED_DAMAGE = 1  # a Fight roll with bare hands

ROT_SOURCES = {
    "level1": "Rot level 1 (a point a day)",
    "level2": "Rot level 2 (a point an hour)",
    "level3": "Rot level 3 (a point a minute)",
    "attack": "Rot attack",
}
ROT_SOURCE_NAMES = {
    "level1": "rot level 1",
    "level2": "rot level 2",
    "level3": "rot level 3",
    "attack": "rot attack",
}
METHODS = {
    dice.WASH: "Wash in clean water (first wash on returning to the Ark)",
    dice.DAY: "A day in the Ark or another rot-free place",
}
MISFIRE_CHOICES = [
    ["damage", "Take 1 damage (Strength trauma)"],
    ["doubt", "Take 1 doubt (Empathy trauma)"],
]
MISFIRE_ATTRIBUTE = {"damage": "strength", "doubt": "empathy"}

PUSH_RULE = (
    "Push (once): every die but the 6s and the base- and gear-die 1s is re-rolled; then "
    "every base-die 1 gives 1 trauma and 1 mutation point, every gear-die 1 lowers the "
    "gear bonus by 1."
)
SKILL_RULE = "A 6 on a base, skill or gear die is a success; a 6 on a negative die cancels one."


# --- The sheet's words ------------------------------------------------------------------


def skill_name(sheet, skill: str) -> str:
    """The skill's name on this sheet: the specialist skill goes by the role's skill."""
    return rules.skill_label(skill, sheet.role)


def skill_attribute(sheet, skill: str) -> str:
    return rules.skill_attribute(skill, sheet.role)


def has_talent(sheet, name: str) -> bool:
    return rules.has_named(sheet.talents.all(), name)


def has_mutation(sheet, name: str) -> bool:
    return rules.has_named(sheet.mutations.all(), name)


def item_value(item) -> str:
    """The form value of a weapon or gear line: "weapon:<pk>" or "gear:<pk>"."""
    return f"{'weapon' if hasattr(item, 'damage') else 'gear'}:{item.pk}"


def find_item(sheet, value: str, *, lock: bool = False):
    """The weapon or gear line of THIS sheet named by ``value``, or None."""
    kind, _, pk = (value or "").partition(":")
    if kind not in ("weapon", "gear") or not pk.isdigit():
        return None
    rows = sheet.weapons if kind == "weapon" else sheet.gear
    rows = rows.select_for_update() if lock else rows.all()
    return rows.filter(pk=int(pk)).first()


# --- Skill pools ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SkillPool:
    """The dice a skill roll throws, worked out from the sheet."""

    skill: str
    name: str
    attribute: str
    level: int
    modifier: int
    base: int
    skill_dice: int
    gear_dice: int
    negative: int
    item: str = ""  # "weapon:<pk>" / "gear:<pk>"
    item_name: str = ""
    item_bonus: int = 0
    weapon_damage: int | None = None  # Fight/Shoot only

    @property
    def broken(self) -> bool:
        return self.base == 0

    def describe(self) -> str:
        parts = [f"{self.base} base", f"{self.skill_dice} skill"]
        if self.gear_dice:
            parts.append(f"{self.gear_dice} gear")
        if self.negative:
            parts.append(f"{self.negative} negative")
        return ", ".join(parts)


def skill_pool(sheet, skill: str, modifier: int = 0, item=None) -> SkillPool:
    """Base dice = attribute - trauma; skill dice = level + modifier (negative dice
    below 0); gear dice = the item's bonus. A negative bonus counts as a modifier."""
    if skill not in rules.skills():
        raise DiceError(f"no skill {skill!r} on a Mutant: Year Zero sheet")
    attribute = skill_attribute(sheet, skill)
    level = rules.skill_level(sheet, skill)
    bonus = item.bonus if item is not None else 0
    skill_count, negative = dice.skill_dice(level, modifier + min(0, bonus))
    weapon_damage = None
    if skill in ATTACK_SKILLS:
        if item is not None and hasattr(item, "damage"):
            weapon_damage = item.damage
        elif skill == "fight":
            weapon_damage = UNARMED_DAMAGE
    return SkillPool(
        skill=skill,
        name=skill_name(sheet, skill),
        attribute=attribute,
        level=level,
        modifier=modifier,
        base=rules.base_dice(sheet, attribute),
        skill_dice=skill_count,
        gear_dice=max(0, bonus),
        negative=negative,
        item=item_value(item) if item is not None else "",
        item_name=item.name if item is not None else "",
        item_bonus=bonus,
        weapon_damage=weapon_damage,
    )


def broken_message(sheet, attribute: str) -> str:
    label = ATTRIBUTE_LABELS[attribute]
    trauma = TRAUMA[attribute]
    return (
        f"{label} is broken ({trauma} {getattr(sheet, trauma)} of {getattr(sheet, attribute)}):"
        " 0 base dice. Tick \u201croll anyway\u201d to roll with skill and gear dice only."
    )


# --- Applying effects to the locked sheet ------------------------------------------------


class _Changes:
    """Collects the sheet fields a roll changes, applies the caps, saves once."""

    def __init__(self, sheet):
        self.sheet = sheet
        self.fields: list[str] = []
        self.effects: list[Effect] = []

    def _set(self, field: str, value: int) -> None:
        setattr(self.sheet, field, value)
        if field not in self.fields:
            self.fields.append(field)

    def trauma(self, attribute: str, amount: int, why: str) -> None:
        """Add trauma, never above the attribute score."""
        if amount <= 0:
            return
        field = TRAUMA[attribute]
        label = ATTRIBUTE_LABELS[attribute]
        current, score = getattr(self.sheet, field), getattr(self.sheet, attribute)
        applied = min(amount, score - current)
        note = f"{why}: {label} trauma +{amount}"
        if applied < amount:
            note += (
                f", capped at +{applied}: trauma never goes above {label} {score}"
                f" ({label} is broken)"
            )
        if applied:
            self._set(field, current + applied)
        self.effects.append(Effect(f"trauma:{attribute}", applied, note))

    def heal(self, attribute: str, amount: int, why: str) -> None:
        """Remove trauma, never below 0."""
        field = TRAUMA[attribute]
        current = getattr(self.sheet, field)
        applied = min(amount, current)
        if applied <= 0:
            return
        self._set(field, current - applied)
        label = rules.TRAUMA_LABELS[field]
        self.effects.append(
            Effect(
                f"trauma:{attribute}",
                -applied,
                f"{why}: {label} {current} \u2192 {current - applied}",
            )
        )

    def supply(self, field: str, spent: int, why: str) -> None:
        """Spend grub, water... from the sheet's counts (the form checked there is enough)."""
        current = getattr(self.sheet, field)
        if spent <= 0:
            return
        if spent > current:
            raise DiceError(
                f"Only {current} {rules.SUPPLY_UNITS[field]} of {field} on the sheet, not {spent}."
            )
        self._set(field, current - spent)
        label = rules.SUPPLY_LABELS[field]
        self.effects.append(
            Effect(field, -spent, f"{why}: {label} {current} \u2192 {current - spent}")
        )

    def condition(self, field: str, on: bool, why: str) -> None:
        if getattr(self.sheet, field) == on:
            return
        self._set(field, on)
        label = rules.CONDITION_LABELS[field]
        self.effects.append(
            Effect(field, 1 if on else -1, f"{why}: {label} {'ticked' if on else 'cleared'}")
        )

    def counter(self, field: str, amount: int, why: str, label: str) -> None:
        """Change a counter of boxes (0..10); rot points share the ten boxes."""
        if amount == 0:
            return
        current = getattr(self.sheet, field)
        high = BOX_MAX
        if field == "rot_temporary":
            high = BOX_MAX - self.sheet.rot_permanent
        elif field == "rot_permanent":
            high = BOX_MAX - self.sheet.rot_temporary
        new = max(0, min(high, current + amount))
        applied = new - current
        note = f"{why}: {label} {amount:+d}"
        if applied != amount:
            note += f", capped at {applied:+d}: the boxes run 0..{BOX_MAX}"
        if applied:
            self._set(field, new)
        self.effects.append(Effect(field, applied, note))

    def rating(self, field: str, new: int, why: str, label: str) -> None:
        current = getattr(self.sheet, field)
        if new == current:
            return
        self._set(field, new)
        self.effects.append(Effect(field, new - current, f"{why}: {label} {current} \u2192 {new}"))

    def save(self, reason: str) -> None:
        if self.fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.fields)


def _ones(count: int, kind: str) -> str:
    """ "a base-die 1", "2 base-die 1s"."""
    return f"a {kind} 1" if count == 1 else f"{count} {kind} 1s"


def _dice_data(dice_list) -> list[dict[str, Any]]:
    return [as_data(die) for die in dice_list]


def _successes(count: int) -> str:
    if count == 0:
        return "Failed"
    return "1 success" if count == 1 else f"{count} successes"


# --- Skill rolls and pushes ---------------------------------------------------------------


def _skill_result(pool: SkillPool, result: dice.SkillRoll) -> dict[str, Any]:
    lines = [["Dice", pool.describe()], ["Successes", str(result.successes)]]
    if result.cancelled:
        lines.append(["Cancelled by negative dice", str(result.cancelled)])
    rule = [SKILL_RULE]
    if pool.item_name:
        lines.insert(1, ["Gear", pool.item_name])
    if pool.weapon_damage is not None and result.successes:
        damage = dice.attack_damage(pool.weapon_damage, result.successes)
        lines.append(["Damage", str(damage)])
        rule.append("Damage = weapon damage + 1 per extra success.")
    if pool.item_bonus < 0:
        rule.append("A negative gear bonus counts as a negative modifier.")
    if result.pushed:
        lines.append(["Trauma", str(result.trauma)])
        lines.append(["Gear damage", str(result.gear_damage)])
    rule.append(PUSH_RULE)
    return {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": " ".join(rule),
        "pushed": result.pushed,
        "successes": result.successes,
    }


def _outcome(pool: SkillPool, result: dice.SkillRoll) -> str:
    outcome = _successes(result.successes)
    if pool.weapon_damage is not None and result.successes:
        outcome += f", {dice.attack_damage(pool.weapon_damage, result.successes)} damage"
    return outcome


def _label(pool: SkillPool) -> str:
    label = pool.name
    if pool.modifier:
        label += f" {pool.modifier:+d}"
    if pool.item_name:
        label += f" with {pool.item_name}"
    return label


def skill_roll(sheet, cleaned_data, rng) -> Rolled:
    """A skill roll: the dice only; nothing changes on the sheet until a push."""
    value = cleaned_data.get("gear") or ""
    item = find_item(sheet, value) if value else None
    if value and item is None:
        raise DiceError("That weapon or gear is not on this character's sheet any more.")
    modifier = cleaned_data.get("modifier") or 0
    insist = bool(cleaned_data.get("insist"))
    pool = skill_pool(sheet, cleaned_data["skill"], modifier, item)
    if pool.broken and not insist:
        raise DiceError(broken_message(sheet, pool.attribute))
    result = dice.skill_roll(rng, pool.base, pool.skill_dice, pool.gear_dice, pool.negative)
    payload = _skill_result(pool, result)
    if result.pushable:
        payload["push_odds"] = mutant_odds.push_rows(dice.push_odds_for(result))
    inputs = {**dataclasses.asdict(pool), "insist": insist}
    return Rolled(
        kind="skill",
        label=_label(pool),
        outcome=_outcome(pool, result),
        inputs=inputs,
        result=payload,
        pushable=result.pushable,
    )


def push(sheet, roll, rng) -> Rolled:
    """Push a skill roll once and apply its trauma, mutation points and gear damage."""
    if roll.kind != "skill":
        raise DiceError("Only skill rolls can be pushed: armor and rot rolls cannot.")
    if roll.is_push or roll.result.get("pushed"):
        raise DiceError("A pushed roll cannot be pushed again.")
    if not roll.can_push:
        raise DiceError(
            "This roll cannot be pushed: it was pushed already or has no die to re-roll."
        )
    if roll.character_id != sheet.character_id:
        raise DiceError("This roll belongs to another character.")
    pool = _stored_pool(roll.inputs)
    result = dice.push(rng, dice.SkillRoll.from_data(roll.result.get("dice", [])))
    changes = _Changes(sheet)
    if result.trauma:
        why = f"{_ones(result.trauma, 'base-die')} on the push"
        changes.trauma(pool.attribute, result.trauma, why)
        changes.counter("mutation_points", result.trauma, why, "mutation points")
    gear_effects = []
    if result.gear_damage:
        gear_effects.append(_wear_item(sheet, pool, result.gear_damage, roll.label))
    changes.save(f"{roll.label} roll, pushed")
    effects = changes.effects + gear_effects
    return Rolled(
        kind="skill",
        label=f"{roll.label} (pushed)",
        outcome=_outcome(pool, result),
        inputs=dict(roll.inputs),
        result=_skill_result(pool, result),
        effects=effects_data(effects),
        pushable=False,
    )


def _stored_pool(inputs) -> SkillPool:
    """The pool a stored skill roll was made with (``Roll.inputs``)."""
    values = {}
    for f in dataclasses.fields(SkillPool):
        if f.name in inputs:
            values[f.name] = inputs[f.name]
        elif f.default is dataclasses.MISSING:
            raise DiceError(f"This roll's record lacks {f.name!r}: it cannot be pushed.")
    return SkillPool(**values)


def _wear_item(sheet, pool: SkillPool, loss: int, label: str) -> Effect:
    why = f"{_ones(loss, 'gear-die')} on the push"
    item = find_item(sheet, pool.item, lock=True)
    if item is None:
        return Effect("gear_bonus", 0, f"{why}, but {pool.item_name} is no longer on the sheet")
    current = item.bonus
    new = max(0, current - loss) if current > 0 else current
    if new != current:
        item.bonus = new
        item._change_reason = f"{label} roll, pushed"
        item.save(update_fields=["bonus"])
    note = f"{why}: {item.name} gear bonus {current} \u2192 {new}"
    if current - loss != new:
        note += " (a gear bonus does not drop below 0)"
    return Effect("gear_bonus", new - current, note)


# --- Armor ------------------------------------------------------------------------------


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


# --- Rot --------------------------------------------------------------------------------


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


# --- Mutations ----------------------------------------------------------------------------


def mutation_roll(sheet, cleaned_data, rng) -> Rolled:
    points = cleaned_data["points"]
    name = cleaned_data.get("mutation") or ""
    if points > sheet.mutation_points:
        raise DiceError(f"Only {sheet.mutation_points} mutation points to spend, not {points}.")
    result = dice.mutation_roll(rng, points)
    changes = _Changes(sheet)
    changes.counter("mutation_points", -points, "Mutation used", "mutation points")
    changes.save("Mutation roll")
    lines = [["Mutation points spent", str(points)], ["Misfires (1s)", str(result.misfires)]]
    payload: dict[str, Any] = {
        "dice": _dice_data(result.dice),
        "lines": lines,
        "rule": (
            "Mutation roll: one base die per mutation point spent; any 1 is a misfire: "
            "choose 1 damage (Strength trauma) or 1 doubt (Empathy trauma)."
        ),
    }
    if result.misfire:
        payload["choices"] = [list(choice) for choice in MISFIRE_CHOICES]
    return Rolled(
        kind="mutation",
        label=f"Mutation: {name}" if name else "Mutation",
        outcome="Misfire!" if result.misfire else "No misfire",
        inputs={"points": points, "mutation": name},
        result=payload,
        effects=effects_data(changes.effects),
    )


def choose(sheet, roll, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """The player's pick for a misfire (``data["choice"]``): 1 damage or 1 doubt. Once per
    roll; the roll's result records the pick and offers no more choices."""
    choice = data.get("choice", "")
    if roll.character_id != sheet.character_id:
        raise DiceError("This roll belongs to another character.")
    offered = dict(roll.result.get("choices") or [])
    if roll.result.get("chosen"):
        raise DiceError("The misfire has been dealt with already.")
    if not offered:
        raise DiceError("This roll offers nothing to choose.")
    if choice not in offered or choice not in MISFIRE_ATTRIBUTE:
        raise DiceError(f"Choose {' or '.join(offered)}, not {choice!r}.")
    changes = _Changes(sheet)
    changes.trauma(MISFIRE_ATTRIBUTE[choice], 1, "Mutation misfire")
    changes.save("Mutation misfire")
    roll.result = {
        **roll.result,
        "chosen": choice,
        "choices": [],
        "lines": [*roll.result.get("lines", []), ["Misfire", offered[choice]]],
    }
    return effects_data(changes.effects)


# --- D6 and D66 ---------------------------------------------------------------------------


def d6_roll(sheet, cleaned_data, rng) -> Rolled:
    count = cleaned_data.get("count") or 1
    result = dice.d6(rng, count)
    return Rolled(
        kind="d6",
        label=f"{count}D6" if count > 1 else "D6",
        outcome=f"Total {result.total}",
        inputs={"count": count},
        result={
            "dice": _dice_data(result.dice),
            "lines": [["Total", str(result.total)]],
            "rule": "D6: the dice are added together.",
        },
    )


def d66_roll(sheet, cleaned_data, rng) -> Rolled:
    result = dice.d66(rng)
    return Rolled(
        kind="d66",
        label="D66",
        outcome=f"D66: {result.value}",
        inputs={},
        result={
            "dice": _dice_data(result.dice),
            "lines": [["Result", str(result.value)]],
            "rule": "D66: the green die gives the tens, the yellow die the ones (11-66).",
        },
    )


# --- Actions without dice: healing trauma, the daily ration --------------------------------


def _no_dice(kind, label, outcome, inputs, lines, rule, changes) -> Rolled:
    return Rolled(
        kind=kind,
        label=label,
        outcome=outcome,
        inputs=inputs,
        result={"dice": [], "lines": lines, "rule": rule},
        effects=effects_data(changes.effects),
    )


def heal_trauma(sheet, cleaned_data, rng) -> Rolled:
    """Heal one kind of trauma as RULINGS reads the seed: damage 1 point per ration of grub
    (4 hours of rest), fatigue 1 per ration of water (4 hours of rest), confusion all
    after 8 hours of sleep, doubt all after rest and a heart-to-heart with another
    player's character. The rations are spent from the sheet, on top of the daily ration.
    No dice: ``rng`` is not used."""
    trauma = cleaned_data["trauma"]
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
    lines = [[label, f"{healing.before} \u2192 {healing.after}"]]
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


# --- Rot-Eater ---------------------------------------------------------------------------

ROT_EATER_USES = {
    "heal": "Heal 1 damage (trauma from the rot): 1 mutation point",
    "recover": "Recover 1 point of an attribute: 1 mutation point and 1 temporary rot point",
    "emit": "Emit rot at an enemy at Arm's Length: 1 damage per mutation point and "
    "temporary rot point",
}
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
        outcome = f"{points} damage to the enemy at Arm's Length"
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
