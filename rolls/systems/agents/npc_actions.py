"""Agents GM rolls: an NPC's basic roll against the referee's 2d12. An NPC has no
stress, High or XP here: the outcome is read, nothing is kept."""

from __future__ import annotations

from rolls.actions import Rolled
from rolls.systems.agents.actions import BASIC_RULE
from rolls.systems.agents.actions.basic import OUTCOMES
from rolls.systems.agents.actions.sheet import listed
from rolls.systems.agents.npc_forms import NO_SKILL
from sheets.systems.agents.dice import rules as dice
from sheets.systems.dice.core import as_data
from sheets.systems.dice.words import say, say_in

TONES = {dice.Outcome.FAILURE: "failure", dice.Outcome.CRIT: "crit",
         dice.Outcome.SUCCESS: "success"}  # fmt: skip


def _about_the_mind(note) -> bool:
    """A note on stress or XP (a saying's English message, or old plain text)."""
    text = note["say"] if isinstance(note, dict) else str(note)
    return "stress" in text or "XP" in text


NPC_NOTE = say("An NPC gains no stress, High or XP here.")


def npc_roll(sheet, cleaned, rng) -> Rolled:
    check = dice.Check(
        stat=cleaned["stat"],
        skill=cleaned["skill"].strip() or NO_SKILL,
        skill_level=cleaned["skill_level"],
        stat_name="Stat",
        situational=cleaned.get("situational") or 0,
        difficulty=cleaned["difficulty"],
    )
    result = dice.basic_roll(rng, check)
    groups = [
        {"label": say("%(name)s's 2d6", name=cleaned["npc_name"]),
         "dice": as_data(result.dice[:2])},
        {"label": say("Referee's 2d12 (+%(difficulty)s %(name)s)", difficulty=result.difficulty,
                      name=say_in("Agents difficulty", check.difficulty)),
         "dice": as_data(result.dice[2:])},
    ]  # fmt: skip
    lines = [[label, f"{amount:+d}"] for label, amount in dice.check_modifier_sayings(check)]
    lines.append([say("Total"), str(result.total)])
    lines.append([say("Referee dice beaten"), str(result.beaten)])
    # an NPC keeps no stress, High nor XP: the notes about them are left out
    notes = [note for note in result.notes if not _about_the_mind(note)]
    return Rolled(
        kind="npc",
        label=say("%(skill)s (NPC)", skill=dice.skill_term(check.skill)),
        outcome=say(
            "%(npc)s: %(outcome)s", npc=cleaned["npc_name"], outcome=OUTCOMES[result.outcome]
        ),
        inputs={"check": as_data(check)},
        result={
            "dice": as_data(result.dice),
            "dice_groups": groups,
            "lines": lines,
            "rule": say(
                "%(rule)s %(note)s %(notes)s",
                rule=BASIC_RULE,
                note=NPC_NOTE,
                notes=listed(notes),
            ),
            "tone": TONES.get(result.outcome, ""),
        },
    )
