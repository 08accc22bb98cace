"""Slots roll actions: read the slot grid, roll the engine's dice, apply what is confirmed.

A check is three steps on one Roll: the roll (every die with the slot it reads); with
advantage the player, with disadvantage the GM, picks the die that counts (``choose``
with ``step=pick``); the suggested outcome is then confirmed (``step=confirm``) and its
effects are applied to the sheet in the one transaction the choose view opens.
Decisions where the seed is silent:
- Either the player or the GM may confirm (the seed's judge announces; the app shows who
  confirmed). Without a GM (no party) the owner picks the die for the judge.
- A wound "of the judge's choice" goes in the body slot named at confirmation; with
  several such wounds in a fall, each takes the next listed body slot.
- "Item dropped or damaged" flags the slot's items as damaged (the player removes what
  is lost); a broken fragile item is removed from the slot.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from config.ids import parse_id
from rolls.actions import Rolled, effects_data
from rolls.systems.slots.forms import build_check, corruption_area, unused_words
from sheets.systems.dice.core import DiceError, Die, Effect, as_data, roll
from sheets.systems.dice.words import say, say_n
from sheets.systems.slots.dice import (
    Fall,
    bleed_every_open_wound,
    clear_condition,
    condition_candidates,
    fire_round,
    focus,
    gear,
    mark_condition,
    remove_mark,
    resolve,
    roll_check,
)
from sheets.systems.slots.dice import (
    fall as roll_fall,
)
from sheets.systems.slots.models import SlotsItem
from sheets.systems.slots.rules import engine_sheet, store

CHECK_PARAMS = (
    "check", "attack", "can_hear", "can_smell", "exotic", "obscured", "inattentive",
    "ambient_noisy", "ambient_smelly",
)  # fmt: skip
PICK_RULE = say(
    "With advantage the player picks the die that counts; with disadvantage the GM does."
)


def _die_words(state, area: str, face: int) -> str:
    if area == "gear":
        if face == 1:
            return "no slot (a 1 always fails)"
        return f"{state.layout.label(face)}: {state.gear_slot(face).contents()}"
    return f"focus slot {face}: {state.focus_slot(face).contents()}"


def _dice(state, area, size, faces, chosen=None) -> list[dict]:
    dice = []
    for i, face in enumerate(faces):
        words = _die_words(state, area, face)
        if chosen is not None and len(faces) > 1:
            words += " (read)" if i == chosen else " (set aside)"
        dice.append(as_data(Die("gear-slot" if area == "gear" else "focus", size, face, words)))
    return dice


def _reading(resolution) -> dict:
    return {
        "success": resolution.success,
        "outcome": resolution.outcome,
        "reason": resolution.reason,
        "slot": resolution.slot,
        "effects": [as_data(e) for e in resolution.effects],
    }


def _confirm_choices(state, reading: dict) -> dict:
    """What confirming asks for: a body slot per wound of the judge's choice, and the
    slot for exhaustion (the legal ones only)."""
    targets = [e["target"] for e in reading["effects"]]
    body = [[n, state.layout.label(n)] for n in state.layout.body_slots]
    exhaustion = []
    if "exhaustion" in targets:
        exhaustion = [
            [ref.number, state.where(ref)] for ref in condition_candidates(state, "exhaustion")
        ]
    return {
        "wounds": sum(1 for t in targets if t.endswith("judge's choice")),
        "body": body,
        "exhaustion": exhaustion,
    }


def _suggestion_lines(reading: dict) -> list[list]:
    verdict = say("succeeds") if reading["success"] else say("fails")
    return [
        [say("Slot read"), reading["slot"]],
        [
            say("Suggested"),
            say("%(outcome)s (%(verdict)s)", outcome=reading["outcome"], verdict=verdict),
        ],
        [say("Why"), reading["reason"]],
    ]


def _edge_words(rolled) -> str | dict:
    """ "1 d12", or "2 d12: 2 advantages, 1 disadvantage (the player picks)" (a saying)."""
    dice = f"{len(rolled.faces)} d{rolled.size}"
    if not (rolled.advantages or rolled.disadvantages):
        return dice
    parts = []
    if rolled.advantages:
        parts.append(say_n("%(n)s advantage", "%(n)s advantages", rolled.advantages))
    if rolled.disadvantages:
        parts.append(say_n("%(n)s disadvantage", "%(n)s disadvantages", rolled.disadvantages))
    if rolled.chooser == "player":
        return say("%(dice)s: %(edges)s (the player picks)", dice=dice, edges=parts)
    if rolled.chooser == "judge":
        return say("%(dice)s: %(edges)s (the GM picks)", dice=dice, edges=parts)
    return say("%(dice)s: %(edges)s (they cancel)", dice=dice, edges=parts)


def _check_label(area: str, the_check) -> dict:
    """ "Gear (block) vs sharp", "Focus (listen)"."""
    if the_check.name in ("block", "dodge"):
        if area == "gear":
            return say(
                "Gear (%(check)s) vs %(attack)s", check=the_check.name, attack=the_check.attack
            )
        return say("Focus (%(check)s) vs %(attack)s", check=the_check.name, attack=the_check.attack)
    if area == "gear":
        return say("Gear (%(check)s)", check=the_check.name)
    return say("Focus (%(check)s)", check=the_check.name)


def _check_rule(area: str, size: int, picks: bool) -> dict:
    if area == "gear":
        rule = say("A d%(size)s reads a gear slot. A 1 always fails a gear check.", size=size)
    else:
        rule = say("A d%(size)s reads a %(area)s slot.", size=size, area=area)
    if picks:
        return say("%(rule)s %(pick)s", rule=rule, pick=PICK_RULE)
    return say("%(rule)s ", rule=rule)


def check(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    params = {key: cleaned_data.get(key) for key in CHECK_PARAMS}
    the_check = build_check(params)
    rolled = roll_check(
        rng,
        state,
        the_check,
        cleaned_data.get("advantages") or 0,
        cleaned_data.get("disadvantages") or 0,
    )
    area = the_check.area
    label = _check_label(area, the_check)
    result: dict[str, Any] = {
        "check": the_check.name,
        "area": area,
        "params": params,
        "faces": list(rolled.faces),
        "size": rolled.size,
        "advantages": rolled.advantages,
        "disadvantages": rolled.disadvantages,
        "chooser": rolled.chooser,
        "read_index": rolled.chosen,
        "confirmed": False,
        "rule": _check_rule(area, rolled.size, bool(rolled.chooser)),
    }
    result["lines"] = [[say("Dice"), _edge_words(rolled)]]
    unused = unused_words(rolled.advantages_unused, rolled.disadvantages_unused)
    if unused:  # accepted, set aside: say so (RULINGS "up to 2 stack")
        result["lines"].append([say("Not counted"), unused])
        result["advantages_unused"] = rolled.advantages_unused
        result["disadvantages_unused"] = rolled.disadvantages_unused
    if rolled.chosen is None:
        result["dice"] = _dice(state, area, rolled.size, rolled.faces)
        if rolled.chooser == "player":
            outcome = say("%(count)s dice: you pick the die that counts", count=len(rolled.faces))
        else:
            outcome = say(
                "%(count)s dice: the GM picks the die that counts", count=len(rolled.faces)
            )
    else:
        reading = _reading(resolve(state, the_check, rolled.face))
        result.update(
            dice=_dice(state, area, rolled.size, rolled.faces, 0),
            reading=reading,
            confirm=_confirm_choices(state, reading),
        )
        result["lines"] += _suggestion_lines(reading)
        outcome = say("%(outcome)s (suggested)", outcome=reading["outcome"])
    return Rolled(kind="check", label=label, outcome=outcome, inputs=params, result=result)


def fall(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    dice = cleaned_data["dice"]
    resolution = roll_fall(rng, state, Fall(dice))
    feet, surface = cleaned_data["feet"], cleaned_data["surface"]
    faces = [r.face for r in resolution.readings]
    reading = {
        "success": resolution.success,
        "outcome": resolution.outcome,
        "reason": resolution.reason,
        "slot": ", ".join(r.slot for r in resolution.readings),
        "effects": [as_data(e) for e in resolution.effects],
    }
    result = {
        "check": "fall",
        "area": "gear",
        "faces": faces,
        "size": state.layout.gear_die,
        "chooser": None,
        "read_index": 0,
        "confirmed": False,
        "reading": reading,
        "confirm": _confirm_choices(state, reading),
        "dice": [
            as_data(Die("gear-slot", state.layout.gear_die, r.face, f"{r.slot}: {r.outcome}"))
            for r in resolution.readings
        ],
        "lines": [["Fall", f"{feet} ft onto {surface}: {dice} dice, all read"]]
        + [[f"Die {i} ({r.face})", r.reason] for i, r in enumerate(resolution.readings, 1)],
        "rule": "Every fall die is read: blunt items close a wound, sharp ones open one, "
        "cushioning spares the die, fragile items break; you always land prone.",
    }
    return Rolled(
        kind="fall",
        label=f"Fall ({feet} ft, {surface})",
        outcome=f"{resolution.outcome} (suggested)",
        inputs={"feet": feet, "surface": surface},
        result=result,
    )


# --- Applying confirmed effects ----------------------------------------------------------


def _slot_number(text: str | None) -> int | None:
    return parse_id(text)


def apply(sheet, effects: list[Effect], data) -> list[Effect]:
    """Apply ``effects`` to the stored sheet (marks, items, states); return all effects."""
    state = engine_sheet(sheet)
    wound_slots = data.getlist("wound_slot") if hasattr(data, "getlist") else []
    picked = (n for n in map(parse_id, wound_slots) if n is not None)
    exhaustion = _slot_number(data.get("exhaustion_slot"))
    change_effects: list[Effect] = []
    from sheets.systems.slots.dice import Change, apply_effect

    change = Change(state)
    for effect in effects:
        slot = None
        if effect.target.endswith("judge's choice"):
            slot = next(picked, None)
            if slot is None:
                raise DiceError(_("Name the body slot that takes the wound of the judge's choice."))
        elif effect.target == "exhaustion":
            slot = exhaustion
        change = change.then(apply_effect, effect, slot=slot)
    change_effects = list(change.effects)
    store(sheet, change.sheet)
    _side_effects(sheet, change_effects)
    return change_effects


def _side_effects(sheet, effects) -> None:
    """What is not a slot mark: items broken or damaged, unconscious, dead."""
    changed = False
    for effect in effects:
        what, _, where = effect.target.partition(":")
        number = int(where.removeprefix("gear ")) if where.startswith("gear ") else None
        if what == "item broken" and number is not None:
            for item in SlotsItem.objects.filter(sheet=sheet, slot=number):
                if "fragile" in item.tag_list():
                    item._change_reason = "broke"
                    item.delete()
        elif what == "item dropped or damaged" and number is not None:
            SlotsItem.objects.filter(sheet=sheet, slot=number).update(damaged=True)
        elif what == "item destroyed" and number is not None:
            for item in SlotsItem.objects.filter(sheet=sheet, slot=number):
                if "flammable" in item.tag_list():
                    item.delete()
        elif what == "unconscious" and effect.amount > 0:
            sheet.unconscious, changed = True, True
        elif what == "dead" and effect.amount > 0:
            sheet.dead, changed = True, True
    if changed:
        sheet._change_reason = "slots rules"
        sheet.save()


def _effects(reading: dict) -> list[Effect]:
    return [Effect(e["target"], e["amount"], e["note"]) for e in reading.get("effects", [])]


def choose(sheet, roll_row, data, *, by_gm: bool = False) -> list[dict[str, Any]]:
    """``step=pick`` (``face``): the die that counts; ``step=confirm``: apply the
    suggested effects (``wound_slot``, ``exhaustion_slot`` where the rules ask)."""
    if roll_row.character_id != sheet.character_id:
        raise DiceError(_("This roll belongs to another character."))
    result = dict(roll_row.result)
    if result.get("group_check") and result.get("read_index") is None:
        raise DiceError(_("This die is read with the group: wait until the results are read."))
    if result.get("confirmed"):
        raise DiceError(_("This check has been confirmed already."))
    step = data.get("step")
    if step == "pick":
        return _pick(sheet, roll_row, result, data, by_gm)
    if step == "confirm":
        if result.get("read_index") is None:
            raise DiceError(_("Pick the die that counts first."))
        applied = apply(sheet, _effects(result["reading"]), data)
        result["confirmed"] = True
        result["confirmed_by"] = "GM" if by_gm else "player"
        result["lines"] = [*result["lines"], [say("Confirmed by"), _who(by_gm)]]
        roll_row.result = result
        _drop_suggested(roll_row)
        roll_row.save(update_fields=["outcome", "result"])
        return effects_data(applied)
    raise DiceError(_("Pick the die or confirm the outcome."))


def _who(by_gm: bool) -> dict:
    return say("GM") if by_gm else say("player")


def _drop_suggested(roll_row) -> None:
    """The confirmed outcome: the suggestion without " (suggested)", in the row's English
    and, when the row keeps its outcome as a saying (issue 30), in that saying too."""
    words = dict((roll_row.result or {}).get("words") or {})
    said = words.get("outcome")
    if isinstance(said, dict) and said.get("say") == "%(outcome)s (suggested)":
        words.pop("outcome")
        roll_row.result = {**roll_row.result, "words": words}
        roll_row.outcome = said["with"]["outcome"]
    else:  # a row stored before sayings
        roll_row.outcome = roll_row.outcome.replace(" (suggested)", "")


def _pick(sheet, roll_row, result, data, by_gm) -> list:
    if result.get("read_index") is not None:
        raise DiceError(_("The die that counts is already chosen."))
    chooser = result.get("chooser")
    has_gm = roll_row.character.party_id is not None
    if chooser == "judge" and has_gm and not by_gm:
        raise DiceError(_("With disadvantage the GM picks the die that counts."))
    if chooser == "player" and by_gm and roll_row.character.owner_id != roll_row.user_id:
        pass  # the GM rolled for the character: the GM picks for them
    elif chooser == "player" and by_gm:
        raise DiceError(_("With advantage the player picks the die that counts."))
    face = _slot_number(data.get("face"))
    faces = result["faces"]
    if face is None or face not in faces:
        raise DiceError(
            _("Pick one of the dice rolled: %(faces)s.") % {"faces": ", ".join(map(str, faces))}
        )
    state = engine_sheet(sheet)
    the_check = build_check(result["params"])
    index = faces.index(face)
    reading = _reading(resolve(state, the_check, face))
    result.update(
        read_index=index,
        picked_by="GM" if by_gm else "player",
        reading=reading,
        confirm=_confirm_choices(state, reading),
        dice=_dice(state, result["area"], result["size"], faces, index),
    )
    result["lines"] = [
        *result["lines"],
        [say("Picked by"), say("%(who)s: %(face)s", who=_who(by_gm), face=face)],
        *_suggestion_lines(reading),
    ]
    roll_row.result = result
    roll_row.outcome = say("%(outcome)s (suggested)", outcome=reading["outcome"])
    roll_row.save(update_fields=["outcome", "result"])
    return []


# --- Corruption and time -----------------------------------------------------------------


def _finish(sheet, change, reason) -> list[Effect]:
    store(sheet, change.sheet)
    _side_effects(sheet, list(change.effects))
    return list(change.effects)


def corruption(sheet, cleaned_data, rng) -> Rolled:
    state = engine_sheet(sheet)
    if not state.marked("corruption"):
        change = mark_condition(state, "corruption")
        effects = _finish(sheet, change, "corruption")
        where = ", ".join(e.target.partition(":")[2] for e in effects) or "nowhere"
        return Rolled(
            kind="corruption", label="Corruption", outcome=f"Corrupted ({where})",
            result={"lines": [["First exposure", f"corruption marked in {where}"]],
                    "rule": "If corrupted, mark the slot with corruption."},
            effects=effects_data(effects),
        )  # fmt: skip
    area = corruption_area(state, cleaned_data.get("area"))
    size = state.layout.gear_die if area == "gear" else state.layout.focus_die
    face = roll(rng, size)
    ref = gear(face) if area == "gear" else focus(face)
    corrupted = not (area == "gear" and face == 1) and state.condition_at(ref) == "corruption"
    die = as_data(Die("gear-slot" if area == "gear" else "focus", size, face,
                      "corrupted" if corrupted else "clean"))  # fmt: skip
    effects: list[Effect] = []
    if corrupted:
        effects = _finish(sheet, mark_condition(state, "corruption"), "corruption worsens")
    outcome = "Corruption worsens" if corrupted else "No change"
    return Rolled(
        kind="corruption",
        label=f"Corruption exposure ({area} d{size})",
        outcome=outcome,
        inputs={"area": area},
        result={
            "dice": [die],
            "lines": [["Slot read", _die_words(state, area, face)]],
            "rule": "On more exposure, check: if the slot rolled is corrupted, corruption worsens.",
        },
        effects=effects_data(effects),
    )


def _rest_clears(state):
    marked = state.marked("exhaustion")
    if not marked:
        return None
    return max(marked, key=lambda ref: ref.number)


def time(sheet, cleaned_data, rng) -> Rolled:
    """The GM advances rounds or tries: bleeding, fire, suffocation, ice, rest."""
    from sheets.systems.slots.dice import Change

    span, count = cleaned_data["span"], cleaned_data["count"]
    change = Change(engine_sheet(sheet))
    lines = []
    if cleaned_data.get("breathing"):
        change = change.then(clear_condition, "suffocation")
    for index in range(count):
        before = len(change.effects)
        change = change.then(bleed_every_open_wound)
        if span == "round":
            if change.sheet.marked("fire"):
                change = change.then(fire_round)
            if cleaned_data.get("suffocating") and change.sheet.marked("suffocation"):
                change = change.then(mark_condition, "suffocation")
        else:
            if cleaned_data.get("cold"):
                sheet.cold_tries = min(sheet.cold_tries + 1, 100)
                if sheet.cold_tries % int(cleaned_data["cold"]) == 0:
                    change = change.then(mark_condition, "ice")
            if cleaned_data.get("resting"):
                sheet.rest_tries = min(sheet.rest_tries + 1, 100)
                if sheet.rest_tries % 5 == 0:
                    ref = _rest_clears(change.sheet)
                    if ref is not None:
                        change = change.then(remove_mark, ref)
        lines.append([f"{span.title()} {index + 1}", "; ".join(
            e.note or e.target for e in change.effects[before:]) or "nothing changes"])  # fmt: skip
        if any(e.target == "dead" for e in change.effects):
            break
    sheet._change_reason = f"{count} {span}(s) pass"
    sheet.save()
    effects = _finish(sheet, change, "time")
    return Rolled(
        kind="time",
        label=f"{count} {span}{'s' if count > 1 else ''} pass",
        outcome=f"{len(effects)} change(s)",
        inputs=dict(cleaned_data.items()),
        result={"lines": lines, "rule": "Each open wound bleeds per round or try; fire spreads "
                "and burns each round; suffocation worsens per round; ice every 5/10/20 tries; "
                "5 tries of rest clear one exhaustion."},
        effects=effects_data(effects),
    )  # fmt: skip


__all__ = ["check", "choose", "condition_candidates", "corruption", "fall", "time"]


# --- Cooperation (a group check: rolls/groups.py) ----------------------------------------

COOPERATION_RULE = (
    "Cooperation: everyone rolls their die; once all have rolled, each may exchange one "
    "die with another cooperating character; then each result is read against its own "
    "sheet and confirmed as usual."
)


def cooperation_part(sheet, group, participant, others, rng) -> Rolled:
    """One cooperating character's die, read only once the group's results are read."""
    state = engine_sheet(sheet)
    params = {"check": group.inputs["check"], "attack": group.inputs.get("attack") or ""}
    the_check = build_check(params)
    rolled = roll_check(rng, state, the_check)
    area = the_check.area
    result = {
        "check": the_check.name,
        "area": area,
        "params": params,
        "faces": list(rolled.faces),
        "size": rolled.size,
        "chooser": None,
        "read_index": None,
        "confirmed": False,
        "group_check": group.pk,
        "rolled_face": rolled.face,
        "dice": _dice(state, area, rolled.size, rolled.faces),
        "lines": [["Dice", f"1 d{rolled.size}, cooperating ({group.label})"]],
        "rule": COOPERATION_RULE,
    }
    return Rolled(
        kind="check",
        label=f"{group.label}",
        outcome=f"Rolled {rolled.face}, read with the group",
        inputs={**params, "group_check": group.pk},
        result=result,
    )


def _cooperation(group, participants):
    """The engine's Cooperation of these participants' stored rolls, exchanges replayed."""
    from sheets.systems.slots.dice import CheckRoll, cooperate, swap_dice

    rolls = {}
    for participant in participants:
        r = participant.roll.result
        kind = "gear-slot" if r["area"] == "gear" else "focus"
        die = Die(kind, r["size"], r["rolled_face"])
        rolls[str(participant.character_id)] = CheckRoll(
            r["check"], r["area"], r["size"], 0, 0, (die,), None, 0
        )
    cooperation = cooperate(rolls)
    for first, first_face, second, second_face in group.result.get("swaps", []):
        cooperation = swap_dice(cooperation, first, first_face, second, second_face)
    return cooperation


def cooperation_swap(group, mine, theirs) -> list[str]:
    """``mine`` gives their die to ``theirs`` for theirs (one exchange each, the engine's
    rule); both rolls show the new faces (saved by the caller)."""
    from sheets.systems.slots.dice import swap_dice

    present = [p for p in group.participants.select_related("roll") if p.roll_id]
    cooperation = _cooperation(group, present)
    first, second = str(mine.character_id), str(theirs.character_id)
    my_face = cooperation.roll_of(first).face
    their_face = cooperation.roll_of(second).face
    try:
        cooperation = swap_dice(cooperation, first, my_face, second, their_face)
    except DiceError as error:
        names = {first: mine.character.name, second: theirs.character.name}
        message = str(error)
        for key, name in names.items():
            message = message.replace(key, name)
        from rolls.groups import GroupRefused

        raise GroupRefused(message[0].upper() + message[1:] + ".", 409) from None
    swaps = [*group.result.get("swaps", []), [first, my_face, second, their_face]]
    group.result = {**group.result, "swaps": swaps}
    for participant, face, giver in ((mine, their_face, theirs), (theirs, my_face, mine)):
        roll_row = participant.roll
        result = dict(roll_row.result)
        sheet = participant.character.slots
        state = engine_sheet(sheet)
        result["faces"] = [face]
        dice = _dice(state, result["area"], result["size"], [face])
        dice[0]["counts"] += f" (from {giver.character.name})"
        result["dice"] = dice
        result["lines"] = [
            *result["lines"],
            ["Exchange", f"now {face}, {giver.character.name}'s die"],
        ]
        roll_row.result = result
        roll_row.outcome = f"Now {face}, {giver.character.name}'s die"
    return [
        "Exchange",
        f"{mine.character.name} gives {my_face} to {theirs.character.name} for {their_face}",
    ]


def cooperation_read(group, participants, sheets):
    """Each die (after exchanges) read against its own sheet; each roll then waits for
    its confirmation as a single check does. The feed gets the group's summary."""
    from rolls.groups import Reading
    from sheets.systems.slots.dice import read_results

    present = [p for p in participants if p.roll_id]
    if not present:
        return None
    if len(present) == 1:
        faces = {str(present[0].character_id): present[0].roll.result["faces"][0]}
    else:
        cooperation = read_results(_cooperation(group, present))
        faces = {m.character: m.roll.face for m in cooperation.members}
    the_check = build_check(
        {"check": group.inputs["check"], "attack": group.inputs.get("attack") or ""}
    )
    lines, verdicts, changed = [], [], []
    for participant in present:
        face = faces[str(participant.character_id)]
        state = engine_sheet(sheets[participant.character_id])
        reading = _reading(resolve(state, the_check, face))
        roll_row = participant.roll
        result = dict(roll_row.result)
        dice = _dice(state, result["area"], result["size"], [face], 0)
        if result.get("rolled_face") != face:
            dice[0]["counts"] += " (exchanged)"
        result.update(
            faces=[face],
            read_index=0,
            reading=reading,
            confirm=_confirm_choices(state, reading),
            dice=dice,
        )
        result["lines"] = [*result["lines"], *_suggestion_lines(reading)]
        roll_row.result = result
        roll_row.outcome = say("%(outcome)s (suggested)", outcome=reading["outcome"])
        changed.append(roll_row)
        name = participant.character.name
        verdict = "succeeds" if reading["success"] else "fails"
        verdicts.append(f"{name} {verdict}")
        lines.append([name, f"{face}: {reading['outcome']} ({verdict}). {reading['reason']}"])
    outcome = ", ".join(verdicts)
    summary = Rolled(
        kind="group",
        label=f"{group.label}: {', '.join(p.character.name for p in present)}",
        outcome=outcome,
        inputs={"group_check": group.pk},
        result={
            "lines": [*group.result.get("lines", []), *lines],
            "rule": COOPERATION_RULE,
            "tone": "success" if all("succeeds" in v for v in verdicts) else "failure",
            "dice_groups": [
                {"label": p.character.name, "dice": p.roll.result["dice"]} for p in present
            ],
        },
    )
    return Reading(outcome=outcome, lines=lines, summary=summary, changed_rolls=changed)
