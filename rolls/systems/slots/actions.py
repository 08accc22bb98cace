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
from django.utils.translation import ngettext, pgettext

from config.ids import parse_id
from rolls.actions import Rolled, effects_data
from rolls.systems.slots.forms import build_check, corruption_area, unused_words
from sheets.systems.dice.core import DiceError, Die, Effect, as_data, roll
from sheets.systems.dice.words import put_into_words, say, say_in, say_n, sentences
from sheets.systems.slots import reasons
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
from sheets.systems.slots.dice.conditions import sheet_words
from sheets.systems.slots.dice.fall import die_counts
from sheets.systems.slots.dice.sheet import CHECK_NAME, OUTCOME
from sheets.systems.slots.models import SlotsItem
from sheets.systems.slots.rules import engine_sheet, store

CHECK_PARAMS = (
    "check", "attack", "can_hear", "can_smell", "exotic", "obscured", "inattentive",
    "ambient_noisy", "ambient_smelly",
)  # fmt: skip
PICK_RULE = say(
    "With advantage the player picks the die that counts; with disadvantage the GM does."
)


def _die_words(state, area: str, face: int) -> dict:
    if area == "gear":
        if face == 1:
            return say("no slot (a 1 always fails)")
        where, holds = state.layout.label(face), state.gear_slot(face).contents()
    else:
        where, holds = state.where(focus(face)), state.focus_slot(face).contents()
    return say("%(slot)s: %(contents)s", slot=where, contents=holds)


def _dice(state, area, size, faces, chosen=None, note=None) -> list[dict]:
    dice = []
    for i, face in enumerate(faces):
        words = _die_words(state, area, face)
        if note is not None:
            words = say("%(slot)s %(note)s", slot=words, note=note)
        if chosen is not None and len(faces) > 1:
            if i == chosen:
                words = say("%(slot)s (read)", slot=words)
            else:
                words = say("%(slot)s (set aside)", slot=words)
        kind = "gear-slot" if area == "gear" else "focus"
        dice.append(as_data(Die(kind, size, face, words)))  # type: ignore[arg-type]
    return dice


def _outcome(outcome: str) -> dict:
    """An engine's outcome word ("blocked") as a saying, read in the Slots outcome context."""
    return say_in(OUTCOME, outcome)


def _check_name(name: str) -> dict:
    return say_in(CHECK_NAME, name)


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
            say("%(outcome)s (%(verdict)s)", outcome=_outcome(reading["outcome"]), verdict=verdict),
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
                "Gear (%(check)s) vs %(attack)s",
                check=_check_name(the_check.name),
                attack=_check_name(the_check.attack),
            )
        return say(
            "Focus (%(check)s) vs %(attack)s",
            check=_check_name(the_check.name),
            attack=_check_name(the_check.attack),
        )
    if area == "gear":
        return say("Gear (%(check)s)", check=_check_name(the_check.name))
    return say("Focus (%(check)s)", check=_check_name(the_check.name))


def _check_rule(area: str, size: int, picks: bool) -> dict:
    if area == "gear":
        rule = say("A d%(size)s reads a gear slot. A 1 always fails a gear check.", size=size)
    else:
        rule = say("A d%(size)s reads a focus slot.", size=size)
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
        outcome = say("%(outcome)s (suggested)", outcome=_outcome(reading["outcome"]))
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
        "slot": [r.slot for r in resolution.readings],
        "effects": [as_data(e) for e in resolution.effects],
    }
    if surface == "solid":
        landing = say(
            "%(feet)s ft onto solid ground: %(dice)s dice, all read", feet=feet, dice=dice
        )
    elif surface == "soft":
        landing = say(
            "%(feet)s ft onto something soft: %(dice)s dice, all read", feet=feet, dice=dice
        )
    else:
        landing = say("%(feet)s ft into water: %(dice)s dice, all read", feet=feet, dice=dice)
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
            as_data(Die("gear-slot", state.layout.gear_die, r.face, die_counts(r)))  # type: ignore[arg-type]
            for r in resolution.readings
        ],
        "lines": [[say("Fall"), landing]]
        + [
            [say("Die %(n)s (%(face)s)", n=i, face=r.face), r.reason]
            for i, r in enumerate(resolution.readings, 1)
        ],
        "rule": say(
            "Every fall die is read: blunt items close a wound, sharp ones open one, "
            "cushioning spares the die, fragile items break; you always land prone."
        ),
    }
    if surface == "solid":
        label = say("Fall (%(feet)s ft, solid ground)", feet=feet)
    elif surface == "soft":
        label = say("Fall (%(feet)s ft, something soft)", feet=feet)
    else:
        label = say("Fall (%(feet)s ft, water)", feet=feet)
    return Rolled(
        kind="fall",
        label=label,
        outcome=say("%(outcome)s (suggested)", outcome=_outcome(resolution.outcome)),
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
                    item._change_reason = reasons.ITEM_BROKE
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
        sheet._change_reason = reasons.BY_THE_RULES
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
    roll_row.outcome = say("%(outcome)s (suggested)", outcome=_outcome(reading["outcome"]))
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
        refs = [e.target.partition(":")[2] for e in effects if ":" in e.target]
        where = [sheet_words(_ref(text)) for text in refs] or say("nowhere")
        return Rolled(
            kind="corruption", label=say("Corruption"),
            outcome=say("Corrupted (%(where)s)", where=where),
            result={"lines": [[say("First exposure"),
                               say("corruption marked in %(where)s", where=where)]],
                    "rule": say("If corrupted, mark the slot with corruption.")},
            effects=effects_data(effects),
        )  # fmt: skip
    area = corruption_area(state, cleaned_data.get("area"))
    size = state.layout.gear_die if area == "gear" else state.layout.focus_die
    face = roll(rng, size)
    ref = gear(face) if area == "gear" else focus(face)
    corrupted = not (area == "gear" and face == 1) and state.condition_at(ref) == "corruption"
    die = as_data(Die("gear-slot" if area == "gear" else "focus", size, face,
                      say("corrupted") if corrupted else say("clean")))  # type: ignore[arg-type]  # fmt: skip
    effects: list[Effect] = []
    if corrupted:
        effects = _finish(sheet, mark_condition(state, "corruption"), "corruption worsens")
    outcome = say("Corruption worsens") if corrupted else say("No change")
    if area == "gear":
        label = say("Corruption exposure (gear d%(size)s)", size=size)
    else:
        label = say("Corruption exposure (focus d%(size)s)", size=size)
    return Rolled(
        kind="corruption",
        label=label,
        outcome=outcome,
        inputs={"area": area},
        result={
            "dice": [die],
            "lines": [[say("Slot read"), _die_words(state, area, face)]],
            "rule": say(
                "On more exposure, check: if the slot rolled is corrupted, corruption worsens."
            ),
        },
        effects=effects_data(effects),
    )


def _ref(text: str):
    """ "gear 4" -> gear(4), "focus 2" -> focus(2)."""
    area, _space, number = text.partition(" ")
    return gear(int(number)) if area == "gear" else focus(int(number))


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
        n = index + 1
        when = say("Round %(n)s", n=n) if span == "round" else say("Try %(n)s", n=n)
        happened = [e.note or e.target for e in change.effects[before:]]
        lines.append([when, _in_turn(happened) if happened else say("nothing changes")])
        if any(e.target == "dead" for e in change.effects):
            break
    sheet._change_reason = reasons.time_passed(span, count)
    sheet.save()
    effects = _finish(sheet, change, "time")
    return Rolled(
        kind="time",
        label=(
            say_n("%(n)s round passes", "%(n)s rounds pass", count)
            if span == "round"
            else say_n("%(n)s try passes", "%(n)s tries pass", count)
        ),
        outcome=say_n("%(n)s change", "%(n)s changes", len(effects)),
        inputs=dict(cleaned_data.items()),
        result={"lines": lines, "rule": say(
            "Each open wound bleeds per round or try; fire spreads and burns each round; "
            "suffocation worsens per round; ice every 5/10/20 tries; 5 tries of rest clear "
            "one exhaustion.")},
        effects=effects_data(effects),
    )  # fmt: skip


def _in_turn(notes: list):
    """Notes one after the other, "; " between them, as one saying."""
    said = notes[0]
    for note in notes[1:]:
        said = say("%(first)s; %(then)s", first=said, then=note)
    return said


__all__ = ["check", "choose", "condition_candidates", "corruption", "fall", "time"]


# --- Cooperation (a group check: rolls/groups.py) ----------------------------------------

COOPERATION_RULE = say(
    "Cooperation: everyone rolls their die; once all have rolled, each may exchange one "
    "die with another cooperating character; then each result is read against its own "
    "sheet and confirmed as usual."
)


def _group_label(group):
    """The group check's label as it was given (a saying), else its English column."""
    return ((group.result or {}).get("words") or {}).get("label") or group.label


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
        "lines": [
            [
                say("Dice"),
                say(
                    "1 d%(size)s, cooperating (%(group)s)",
                    size=rolled.size,
                    group=_group_label(group),
                ),
            ]
        ],
        "rule": COOPERATION_RULE,
    }
    return Rolled(
        kind="check",
        label=_group_label(group),
        outcome=say("Rolled %(face)s, read with the group", face=rolled.face),
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
        if error.saying is not None:
            values = {k: names.get(v, v) for k, v in (error.saying.get("with") or {}).items()}
            message = put_into_words({**error.saying, "with": values}, _, ngettext, pgettext)
        else:
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
        from_giver = say("(from %(name)s)", name=giver.character.name)
        dice = _dice(state, result["area"], result["size"], [face], note=from_giver)
        result["dice"] = dice
        now = say("Now %(face)s, %(name)s's die", face=face, name=giver.character.name)
        result["lines"] = [*result["lines"], [say("Exchange"), now]]
        roll_row.result = result
        roll_row.outcome = now
    return [
        say("Exchange"),
        say(
            "%(giver)s gives %(face)s to %(taker)s for %(their_face)s",
            giver=mine.character.name,
            face=my_face,
            taker=theirs.character.name,
            their_face=their_face,
        ),
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
        exchanged = say("(exchanged)") if result.get("rolled_face") != face else None
        dice = _dice(state, result["area"], result["size"], [face], 0, note=exchanged)
        result.update(
            faces=[face],
            read_index=0,
            reading=reading,
            confirm=_confirm_choices(state, reading),
            dice=dice,
        )
        result["lines"] = [*result["lines"], *_suggestion_lines(reading)]
        roll_row.result = result
        roll_row.outcome = say("%(outcome)s (suggested)", outcome=_outcome(reading["outcome"]))
        changed.append(roll_row)
        name = participant.character.name
        if reading["success"]:
            verdicts.append(say("%(name)s succeeds", name=name))
        else:
            verdicts.append(say("%(name)s fails", name=name))
        verdict = say("succeeds") if reading["success"] else say("fails")
        read = say(
            "%(face)s: %(outcome)s (%(verdict)s).",
            face=face,
            outcome=_outcome(reading["outcome"]),
            verdict=verdict,
        )
        lines.append([name, sentences([read, reading["reason"]])])
    outcome = verdicts
    summary = Rolled(
        kind="group",
        label=say(
            "%(group)s: %(names)s",
            group=_group_label(group),
            names=", ".join(p.character.name for p in present),
        ),
        outcome=outcome,
        inputs={"group_check": group.pk},
        result={
            "lines": [*group.result.get("lines", []), *lines],
            "rule": COOPERATION_RULE,
            "tone": "success"
            if all(v["say"] == "%(name)s succeeds" for v in verdicts)
            else "failure",
            "dice_groups": [
                {"label": p.character.name, "dice": p.roll.result["dice"]} for p in present
            ],
        },
    )
    return Reading(outcome=outcome, lines=lines, summary=summary, changed_rolls=changed)
