"""Cooperation, a group check (rolls/groups.py): each character's die, the exchanges,
and reading every die against its own sheet."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rolls.actions import Rolled
from rolls.systems.slots.forms import build_check
from sheets.systems.dice.core import DiceError, Die
from sheets.systems.dice.words import put_into_words, say, sentences
from sheets.systems.slots.dice import resolve, roll_check
from sheets.systems.slots.rules import engine_sheet

from .sheet import _confirm_choices, _dice, _outcome, _reading, _suggestion_lines

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
