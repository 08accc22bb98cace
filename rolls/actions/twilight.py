"""Twilight: 2000 4E roll actions: read the sheet, roll ``rolls.dice.twilight``, apply
the effects to the locked sheet and its rows, in the roll's transaction.

Rolls: skill roll, attack (firearm with ammo dice, or a close combat weapon), clearing a
jam, reloading (an action without dice), opposed roll, coolness under fire and
promotion (both unpushable). ``push`` pushes any pushable one; ``choose`` allocates an
attack's extra successes and ammo 6s to damage or extra hits, then rolls a hit location
per hit and takes the armor there off.

Caps: damage and stress never pass the hit and stress capacities (at the capacity the
character is broken: more damage changes nothing on the sheet, the note says so);
reliability never goes below 0; rounds never below 0.
"""

from __future__ import annotations

from typing import Any

from rolls.actions import Rolled, effects_data, helping
from rolls.dice.core import DiceError, Die, Effect, as_data
from rolls.dice.odds import percent
from rolls.dice.twilight import odds as t2k_odds
from rolls.dice.twilight import rules as dice
from rolls.dice.twilight import stepdice
from rolls.rng import server_rng
from sheets.systems.twilight import rules

MAX_MODIFIER = 3  # difficulty and situation modifiers: -3..+3 steps
PUSH_RULE = (
    "Push (once, active rolls only): every die showing neither a success nor a 1 is "
    "re-rolled, ammo dice too. Each base-die 1 is 1 damage (STR/AGL) or 1 stress "
    "(INT/EMP), or 1 reliability off the gear used; with a firearm every 1 on base and "
    "ammo dice costs 1 reliability and two or more 1s jam it."
)
SUCCESS_RULE = "6-9 on a base die is a success, 10+ two successes."
UNPUSHABLE = {
    "cuf": "A coolness under fire roll can never be pushed.",
    "promotion": "A promotion roll can never be pushed.",
}


# --- Reading the sheet -------------------------------------------------------------------


def skill_dice(sheet, skill: str, modifier: int = 0, helpers: int = 0) -> tuple[int, ...]:
    """Base dice of a skill roll after modifiers and help (stepped, balanced)."""
    if skill not in rules.SKILL_ATTRIBUTES:
        raise DiceError(f"no skill {skill!r} on a Twilight: 2000 sheet")
    attribute = getattr(sheet, rules.SKILL_ATTRIBUTES[skill])
    level = getattr(sheet, skill) or None
    return stepdice.base_dice(attribute, level, modifier=modifier, helpers=helpers)


def short_attribute(skill: str) -> str:
    return rules.ATTRIBUTE_SHORT[rules.SKILL_ATTRIBUTES[skill]]


def find_weapon(sheet, pk, *, lock: bool = False):
    rows = sheet.weapons.select_for_update() if lock else sheet.weapons.all()
    try:
        return rows.filter(pk=int(pk)).first()
    except (TypeError, ValueError):
        return None


def fire_refusal(weapon) -> str:
    """Why this weapon cannot attack now, in the rules' words ("" when it can)."""
    if weapon.jammed:
        return f"The {weapon.name} is jammed: a jammed weapon cannot fire until the jam is cleared."
    if weapon.reliability == 0:
        return f"The {weapon.name} is broken (reliability 0): broken gear cannot be used."
    if weapon.firearm and weapon.rounds_loaded == 0:
        return f"The {weapon.name}'s magazine is empty: reload first."
    return ""


# --- Results -----------------------------------------------------------------------------


def _die(die: Die) -> dict[str, Any]:
    """A die as the templates draw it: base dice by their size (d12..d6), ammo apart."""
    data = as_data(die)
    if die.kind == "base":
        data["kind"] = f"d{die.size}"
    return data


def dice_groups(engine: dice.SkillRoll, opponent: dice.SkillRoll | None = None) -> list[dict]:
    groups = [
        {
            "label": "Base dice " + rules.dice_text(d.size for d in engine.base_dice),
            "dice": [_die(d) for d in engine.base_dice],
        }
    ]
    if engine.ammo_dice:
        groups.append({"label": "Ammo dice", "dice": [_die(d) for d in engine.ammo_dice]})
    if opponent is not None:
        groups.append(
            {
                "label": "Opponent " + rules.dice_text(d.size for d in opponent.base_dice),
                "dice": [{**_die(d), "kind": "opponent"} for d in opponent.base_dice],
            }
        )
    return groups


def _successes(count: int) -> str:
    if count == 0:
        return "no success"
    return "1 success" if count == 1 else f"{count} successes"


def push_rows(engine: dice.SkillRoll) -> list[list[str]]:
    """Exact odds of pushing this roll, no 0 % rows."""
    odds = t2k_odds.push_odds_for(engine)
    rows = [["At least one success", percent(odds.success)]]
    rows.append(["At least one more success", percent(odds.more_successes)])
    if odds.firearm:
        lost = 1 - odds.weapon_explosions["0"]
        rows.append(["Reliability lost (any 1)", percent(lost)])
        rows.append(["Jam (two or more 1s)", percent(odds.jam)])
    else:
        rows.append(["Any base-die 1 (damage, stress or gear)", percent(1 - odds.explosions["0"])])
    return [row for row in rows if row[1] != "0%"]


def skill_rows(base: tuple[int, ...]) -> list[list[str]]:
    odds = t2k_odds.skill_odds(base)
    rows = [["Success (at least one)", percent(odds.success)]]
    for label in ("2", "3+"):
        chance = odds.successes.get(label, 0)
        if chance:
            rows.append([f"{label} successes", percent(chance)])
    return rows


def _payload(engine: dice.SkillRoll, lines: list, rule: str, **extra) -> dict[str, Any]:
    groups = dice_groups(engine, extra.pop("opponent", None))
    data = {
        "dice": [die for group in groups for die in group["dice"]],
        "dice_groups": groups,
        "lines": lines,
        "rule": rule,
        "engine": as_data(engine),
        "successes": engine.successes,
        "pushed": engine.pushed,
        # one slot per ammo 6 in the allocation form (strings, for the template's ids)
        "extra_slots": [str(n) for n in range(1, engine.ammo_sixes + 1)],
        **extra,
    }
    return data


def engine_from(data: dict) -> dice.SkillRoll:
    """The dice engine's roll back from the JSON stored on the Roll row."""
    values = dict(data)
    values["base_dice"] = tuple(Die(**die) for die in data["base_dice"])
    values["ammo_dice"] = tuple(Die(**die) for die in data["ammo_dice"])
    values["firearm"] = dice.Firearm(**data["firearm"]) if data["firearm"] else None
    values["effects"] = tuple(Effect(**effect) for effect in data["effects"])
    values["notes"] = tuple(data["notes"])
    return dice.SkillRoll(**values)


# --- Applying effects to the locked sheet ------------------------------------------------


class Changes:
    """Collects what a roll changes on the sheet and its weapon, applies the caps and
    saves each row once, with a reason for its history."""

    def __init__(self, sheet, weapon=None):
        self.sheet = sheet
        self.weapon = weapon
        self.sheet_fields: list[str] = []
        self.weapon_fields: list[str] = []
        self.effects: list[Effect] = []

    def condition(self, field: str, amount: int, why: str) -> None:
        """Damage or stress, never above the capacity (the character is then broken)."""
        if amount <= 0:
            return
        capacity = (rules.hit_capacity if field == "damage" else rules.stress_capacity)(self.sheet)
        current = getattr(self.sheet, field)
        new = min(capacity, current + amount)
        note = f"{why}: {field} +{amount}"
        if new - current < amount:
            note += f", capped at {capacity} (the {field} capacity: broken)"
        if new != current:
            setattr(self.sheet, field, new)
            self.sheet_fields.append(field)
        self.effects.append(Effect(field, new - current, note))

    def reliability(self, amount: int, why: str) -> None:
        weapon = self.weapon
        if weapon is None or amount == 0:
            return
        new = max(0, weapon.reliability + amount)
        note = f"{why}: {weapon.name} reliability {weapon.reliability} \u2192 {new}"
        if new == 0:
            note += " (broken after this action)"
        self._weapon("reliability")
        self.effects.append(Effect("reliability", new - weapon.reliability, note))
        weapon.reliability = new

    def rounds(self, amount: int, why: str) -> None:
        weapon = self.weapon
        current = weapon.rounds_loaded
        new = max(0, min(weapon.magazine_capacity, current + amount))
        note = f"{why}: {weapon.name} rounds {current} \u2192 {new}"
        if new == 0 and amount < 0:
            note += " (magazine emptied)"
        self._weapon("rounds_loaded")
        weapon.rounds_loaded = new
        self.effects.append(Effect("rounds", new - current, note))

    def jam(self, jammed: bool, why: str) -> None:
        weapon = self.weapon
        if weapon.jammed == jammed:
            return
        weapon.jammed = jammed
        self._weapon("jammed")
        state = "jammed" if jammed else "cleared"
        self.effects.append(Effect("jammed", int(jammed), f"{why}: {weapon.name} {state}"))

    def _weapon(self, field):
        if field not in self.weapon_fields:
            self.weapon_fields.append(field)

    def apply(self, engine_effects) -> None:
        for effect in engine_effects:
            if effect.target in ("damage", "stress"):
                self.condition(effect.target, effect.amount, effect.note)
            elif effect.target == "reliability":
                self.reliability(effect.amount, effect.note)
            elif effect.target == "rounds":
                self.rounds(effect.amount, effect.note)
            elif effect.target == "jammed":
                self.jam(True, effect.note)

    def save(self, reason: str) -> None:
        if self.sheet_fields:
            self.sheet._change_reason = reason
            self.sheet.save(update_fields=self.sheet_fields)
        if self.weapon is not None and self.weapon_fields:
            self.weapon._change_reason = reason
            self.weapon.save(update_fields=self.weapon_fields)


# --- Skill rolls --------------------------------------------------------------------------


def _helpers(cleaned) -> list[str]:
    return [name for name in cleaned.get("helpers") or [] if name]


def _modifier_parts(sheet, cleaned) -> tuple[int, list[str]]:
    """The total modifier in steps, and what it is made of."""
    parts = []
    total = 0
    modifier = cleaned.get("modifier") or 0
    if modifier:
        parts.append(f"difficulty {modifier:+d}")
        total += modifier
    specialty = cleaned.get("specialty")
    if specialty:
        parts.append(f"specialty {specialty.name} +1")
        total += 1
    for name, label in (("aim", "aiming"), ("range_modifier", "range")):
        value = cleaned.get(name) or 0
        if value:
            parts.append(f"{label} {value:+d}")
            total += value
    helpers = _helpers(cleaned)
    if helpers:
        parts.append(f"help from {', '.join(helpers)} +{len(helpers)}")
    return total, parts


def _lines(engine, before: tuple[int, ...], after: tuple[int, ...], parts) -> list[list[str]]:
    lines = []
    if before != after:
        lines.append(["Base dice", f"{rules.dice_text(before)} \u2192 {rules.dice_text(after)}"])
    else:
        lines.append(["Base dice", rules.dice_text(after)])
    if parts:
        lines.append(["Modifiers", "; ".join(parts)])
    lines.append(["Successes", str(engine.successes)])
    return lines


def skill_roll(sheet, cleaned, rng) -> Rolled:
    skill = cleaned["skill"]
    total, parts = _modifier_parts(sheet, cleaned)
    helpers = _helpers(cleaned)
    plain = skill_dice(sheet, skill)
    base = skill_dice(sheet, skill, total, len(helpers))
    weapon = find_weapon(sheet, cleaned["gear"]) if cleaned.get("gear") else None
    passive = bool(cleaned.get("passive"))
    engine = dice.roll_skill(
        rng, base, short_attribute(skill), gear=weapon is not None, passive=passive
    )
    label = rules.SKILL_LABELS[skill]
    rule = SUCCESS_RULE
    if passive:
        rule += " A passive roll cannot be pushed."
    payload = _payload(
        engine,
        _lines(engine, plain, base, parts),
        rule,
        skill=skill,
        weapon=weapon.pk if weapon else None,
    )
    if engine.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="skill",
        label=label + (f" with {weapon.name}" if weapon else ""),
        outcome=_successes(engine.successes).capitalize(),
        inputs={"skill": skill, "dice": list(base), "helpers": helpers, "passive": passive},
        result=payload,
        pushable=engine.can_push,
    )


# --- Attacks ------------------------------------------------------------------------------


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
        lines.append(["Ammo dice", str(ammo)])
        lines.append(["Ammo 6s", str(engine.bullets)])
        spent = sum(d.face for d in engine.ammo_dice) + 1
        lines.append(["Ammo spent", f"{spent} (sum of the ammo dice + 1)"])
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


# --- Clearing a jam, reloading ------------------------------------------------------------


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


# --- Opposed, coolness under fire, promotion ---------------------------------------------


def opposed_roll(sheet, cleaned, rng) -> Rolled:
    skill = cleaned["skill"]
    total, parts = _modifier_parts(sheet, cleaned)
    helpers = _helpers(cleaned)
    base = skill_dice(sheet, skill, total, len(helpers))
    opponent_dice = stepdice.base_dice(
        cleaned["opponent_attribute"], cleaned.get("opponent_skill") or None,
        modifier=cleaned.get("opponent_modifier") or 0,
    )  # fmt: skip
    # The opponent's attribute only matters for a push, and the opponent never pushes.
    contest = dice.roll_opposed(rng, base, short_attribute(skill), opponent_dice, "INT")
    return _opposed_rolled(skill, contest, base, opponent_dice, parts, helpers)


def _opposed_rolled(skill, contest, base, opponent_dice, parts, helpers) -> Rolled:
    engine = contest.active
    lines = _lines(engine, base, base, parts)
    lines.append(["Opponent's successes", str(contest.opponent.successes)])
    lines.append(["Successes left", str(contest.net_successes)])
    rule = (
        "Opposed: each of the opponent's successes cancels one of yours; you win with "
        "more. Only the active side may push, even after the opponent rolled."
    )
    payload = _payload(
        engine, lines, rule, opponent=contest.opponent, skill=skill,
        opponent_engine=as_data(contest.opponent),
    )  # fmt: skip
    if contest.can_push:
        payload["push_odds"] = push_rows(engine)
    return Rolled(
        kind="opposed",
        label=f"{rules.SKILL_LABELS[skill]}, opposed",
        outcome=(
            f"Won by {contest.net_successes}"
            if contest.won
            else f"Lost ({engine.successes} against {contest.opponent.successes})"
        ),
        inputs={"skill": skill, "dice": list(base), "opponent_dice": list(opponent_dice),
                "helpers": helpers},
        result=payload,
        pushable=contest.can_push,
    )  # fmt: skip


def _unpushable(kind, label, engine, lines, rule) -> Rolled:
    payload = _payload(engine, lines, f"{rule} {UNPUSHABLE[kind]}")
    return Rolled(
        kind=kind,
        label=label,
        outcome=("Success, " if engine.success else "Failure, ") + _successes(engine.successes),
        inputs={"dice": [d.size for d in engine.base_dice]},
        result=payload,
        pushable=False,
    )


def cuf_roll(sheet, cleaned, rng) -> Rolled:
    """Coolness under fire: the CUF die alone, stepped by modifiers (core rules: the
    suppression roll). Never pushed. The attribute named for the engine is irrelevant
    (EMP): only a push reads it."""
    modifier = cleaned.get("modifier") or 0
    base = stepdice.base_dice(sheet.coolness_under_fire, modifier=modifier)
    engine = dice.roll_skill(rng, base, "EMP")
    lines = _lines(engine, stepdice.base_dice(sheet.coolness_under_fire), base, [])
    rule = f"{SUCCESS_RULE} Fail and you are suppressed."
    return _unpushable("cuf", "Coolness under fire", engine, lines, rule)


def promotion_roll(sheet, cleaned, rng) -> Rolled:
    """Promotion: read as a COMMAND skill roll (EMP + COMMAND; the seed names the roll,
    not its dice), never pushed."""
    modifier = cleaned.get("modifier") or 0
    base = skill_dice(sheet, "command", modifier)
    engine = dice.roll_skill(rng, base, "EMP")
    lines = _lines(engine, skill_dice(sheet, "command"), base, [])
    return _unpushable("promotion", "Promotion roll", engine, lines, SUCCESS_RULE)


def group_roll(sheet, cleaned, rng) -> Rolled:
    """A group roll: the best suited character rolls for everyone, the others may help;
    a failure counts for the whole group (no one may try again on their own)."""
    rolled = skill_roll(sheet, cleaned, rng)
    group = [sheet.character.name, *cleaned.get("group", [])]
    rolled.kind = "group"
    rolled.label = f"Group roll: {rolled.label} for {', '.join(group)}"
    rolled.outcome = _group_outcome(rolled.result["successes"], group)
    rolled.result["group"] = group
    rolled.result["rule"] += " Group roll: a failure counts for all of you."
    rolled.inputs["group"] = group
    return rolled


def _group_outcome(successes: int, group: list[str]) -> str:
    if successes:
        return f"The group succeeds ({_successes(successes)})"
    return "The group fails: a failure for all"


# --- Push ----------------------------------------------------------------------------------


def push(sheet, roll, rng) -> Rolled:
    if roll.kind in UNPUSHABLE:
        raise DiceError(UNPUSHABLE[roll.kind])
    result = roll.result
    engine = engine_from(result["engine"])
    if engine.passive:
        raise DiceError("A passive roll cannot be pushed.")
    pushed = dice.push(rng, engine)
    weapon = find_weapon(sheet, result["weapon"], lock=True) if result.get("weapon") else None
    changes = Changes(sheet, weapon)
    changes.apply(pushed.effects)
    if roll.kind == "clear_jam" and pushed.success and weapon is not None:
        changes.jam(False, "Jam cleared by the push")
    changes.save(f"Pushed: {roll.label}")
    recomputed = (
        "engine", "push_odds", "lines", "dice", "dice_groups", "successes", "pushed", "rule",
        "notes", "opponent_engine", "extra_slots",
    )  # fmt: skip
    extra = {k: v for k, v in result.items() if k not in recomputed}
    lines = [line for line in result["lines"] if line[0] != "Successes"]
    lines.append(["Successes after the push", str(pushed.successes)])
    if roll.kind == "opposed":
        opponent = engine_from(result["opponent_engine"])
        contest = dice.opposed(pushed, opponent)
        rolled = _opposed_rolled(
            result["skill"], contest, tuple(roll.inputs["dice"]),
            tuple(roll.inputs["opponent_dice"]), [], roll.inputs.get("helpers", []),
        )  # fmt: skip
        rolled.result["rule"] = PUSH_RULE
        rolled.effects = effects_data(changes.effects)
        rolled.pushable = False
        rolled.inputs = roll.inputs
        return rolled
    payload = _payload(pushed, lines, PUSH_RULE, **{**extra, "notes": list(pushed.notes)})
    payload.pop("opponent", None)
    outcome = _successes(pushed.successes).capitalize()
    if roll.kind == "attack":
        outcome = ("Hit, " if pushed.success else "Miss, ") + _successes(pushed.successes)
        if pushed.bullets:
            outcome += f", {pushed.bullets} ammo 6{'s' if pushed.bullets != 1 else ''}"
        if pushed.jammed:
            outcome += ", weapon jammed"
    elif roll.kind == "clear_jam":
        outcome = "Jam cleared" if pushed.success else "Still jammed"
    elif roll.kind == "group":
        outcome = _group_outcome(pushed.successes, result.get("group", []))
    return Rolled(
        kind=roll.kind,
        label=roll.label,
        outcome=outcome,
        inputs=roll.inputs,
        result=payload,
        effects=effects_data(changes.effects),
        pushable=False,
    )


# --- After an attack: allocating successes and ammo 6s, hit locations, armor ---------------

LOCATION_FIELDS = rules.LOCATIONS
MAX_ARMOR = 10


def _number(data, name, low, high, what) -> int:
    raw = (data.get(name) or "0").strip()
    try:
        value = int(raw)
    except ValueError:
        raise DiceError(f"{what} must be a whole number, not {raw!r}.") from None
    if not low <= value <= high:
        raise DiceError(f"{what} runs from {low} to {high}, not {value}.")
    return value


def _armor(data, prefix, who) -> dict[str, int]:
    return {
        location: _number(
            data, f"{prefix}-armor-{location}", 0, MAX_ARMOR, f"{who}'s armor on the {location}"
        )
        for location in LOCATION_FIELDS
    }


def choose(sheet, roll, data, by_gm=False) -> list[dict]:
    """Allocate a hit: every extra base success adds +1 damage to the primary hit; each
    ammo 6 adds +1 damage to a hit or makes an extra hit on a target in the same hex, not
    harder to hit. Then a d6 hit location per hit, the armor there plus the weapon's armor
    modifier (never below 0) off the damage, a crit flagged at the weapon's threshold."""
    if roll.kind != "attack":
        raise DiceError("Only an attack has hits to allocate.")
    result = roll.result
    if result.get("allocated"):
        raise DiceError("This attack's hits are already allocated.")
    if type(roll).objects.filter(pushed_from=roll).exists():
        raise DiceError("This attack was pushed: allocate the hits of the pushed roll.")
    engine = engine_from(result["engine"])
    if not engine.success:
        raise DiceError("The attack missed: there is no hit to allocate.")
    sixes = engine.ammo_sixes
    primary_name = (data.get("primary-name") or "").strip() or "Primary target"
    primary_bonus = _number(data, "primary-sixes", 0, sixes, "Ammo 6s on the primary hit")
    additional = []
    armor = {primary_name: _armor(data, "primary", primary_name)}
    for n in range(1, sixes + 1):
        name = (data.get(f"extra{n}-name") or "").strip()
        if not name:
            continue
        if data.get(f"extra{n}-fair") != "on":
            raise DiceError(
                f"{name}: an extra hit must go to a target in the same hex that is not harder "
                "to hit than the primary target (tick the box to confirm)."
            )
        bonus = _number(data, f"extra{n}-sixes", 0, sixes, f"Ammo 6s on {name}'s damage")
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
        note = (
            f"{hit.target}: {resolved.location} ({resolved.location_die.face}), "
            f"{hit.damage} damage - armor {resolved.armor} = {resolved.damage}"
        )
        if resolved.critical:
            note += f", critical injury (crit threshold {result['crit_threshold']})"
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
            "label": "Hit locations",
            "dice": [
                {"kind": "hit-location", "size": 6, "face": h["face"], "counts": h["location"],
                 "rerolled": False}
                for h in hits
            ],
        },
    ]  # fmt: skip
    roll.result = result
    return effects_data(effects)


# --- A group roll the GM started (a group check: rolls/groups.py) -----------------------


def group_part(sheet, group, participant, others, rng) -> Rolled | None:
    """A helper declares their help (no dice: help is declared before the roll, three at
    most); the one who rolls rolls for everyone with +1 per declared helper."""
    if participant.role == "help":
        helping.declare_help(
            others,
            limit=stepdice.MAX_HELPERS,
            limit_message="Three people already help: no more than three can (+3 at most).",
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
