"""Slots: wounds and conditions as pure functions over a sheet state.

Every function takes a ``Sheet`` and returns a ``Change``: the new sheet and the
effects it received (signed, targets in the game's words such as
``"open wound:gear 4"``, ``"bleeding:gear 3"``, ``"terror:focus 1"``, ``"dead"``).
Where the rules let the player or judge pick a slot, the function takes it as an
argument, checks it is allowed, and otherwise picks a sensible default.

Rules applied (seed + rulings; decisions marked *):
- Wounds only in body slots; a slot holds one wound mark. A wound to an already wounded
  slot asks for a Focus(grit) check; an open wound there (or on a closed one) leaves it open.
- An open wound (or a closed one reopening) bleeds: it marks its own slot with bleeding
  if that slot is free*, otherwise bleeding progresses: a free body slot closer to the
  head (a lower number) than the wound, adjacent to the wound or to a bleeding slot.
  No such slot: the character dies.
- Each slot holds at most one condition. Marking a condition already marked elsewhere
  worsens it: a free slot adjacent to one already marked (hunger: with a lower number
  than every hunger mark; corruption: when the focus is all corrupted it crosses to the
  head, when the body is, to the focus). A condition that must be marked but cannot
  kills (bleeding, exhaustion, hunger, ice, suffocation); terror asks for a morale check
  instead; corruption with nowhere to go stays as it is*.
- Exhaustion or ice on every body slot, or suffocation on the head: unconscious.
- Ice starts in an extremity (human: 5 or 6); each worsening also takes a closed
  (treated) wound in a slot marked with ice. Terror always calls for a morale check.
- Fire marks a gear slot holding something flammable; ``fire_round`` spreads it to
  adjacent slots with flammable items, and a slot burning a full round loses its
  flammable items and takes a closed wound (body slots), a second round opens it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping

from ...dice.core import DiceError, Effect
from ...dice.words import Saying, say, say_in
from .sheet import CONDITION, CONDITION_AREAS, WOUNDS, Ref, Sheet, focus, gear


def _named(condition: str) -> Saying:
    """A condition's name inside a saying ("exhaustion" reads "utmattning")."""
    return say_in(CONDITION, condition)


DEADLY = ("bleeding", "exhaustion", "hunger", "ice", "suffocation")


@dataclasses.dataclass(frozen=True)
class Change:
    """A new sheet and the effects that produced it."""

    sheet: Sheet
    effects: tuple[Effect, ...] = ()

    def then(self, step: Callable[..., Change], *args: object, **kwargs: object) -> Change:
        """Apply another step to the new sheet, keeping every effect in order."""
        following = step(self.sheet, *args, **kwargs)
        return Change(following.sheet, self.effects + following.effects)


def _require_body(sheet: Sheet, number: int) -> None:
    if sheet.layout.slot(number).kind != "body":
        raise DiceError(
            say("wounds go in body slots only, not %(where)s", where=sheet.layout.label(number))
        )


def _set_condition(sheet: Sheet, ref: Ref, condition: str | None) -> Sheet:
    if ref.area == "gear":
        return sheet.with_gear(ref.number, condition=condition, burning_rounds=0)
    return sheet.with_focus(ref.number, condition=condition)


def _mark(sheet: Sheet, ref: Ref, condition: str, why: Saying) -> Change:
    effect = Effect(f"{condition}:{ref}", 1, why)  # type: ignore[arg-type]
    return Change(_set_condition(sheet, ref, condition), (effect,))


def _pick(candidates: tuple[Ref, ...], chosen: Ref | None, what: str, default: Ref) -> Ref:
    if chosen is None:
        return default
    if chosen not in candidates:
        if not candidates:
            raise DiceError(
                say("%(what)s cannot go in %(slot)s; no slot is allowed", what=_named(what),
                    slot=sheet_words(chosen))
            )  # fmt: skip
        raise DiceError(
            say("%(what)s cannot go in %(slot)s; allowed: %(allowed)s", what=_named(what),
                slot=sheet_words(chosen), allowed=[sheet_words(ref) for ref in candidates])
        )  # fmt: skip
    return chosen


def sheet_words(ref: Ref) -> Saying:
    """ "gear 4", "focus 2" in words."""
    if ref.area == "gear":
        return say("gear %(number)s", number=ref.number)
    return say("focus %(number)s", number=ref.number)


# --- Wounds ----------------------------------------------------------------------------


def take_wound(sheet: Sheet, number: int, kind: str, *, bleed_to: Ref | None = None) -> Change:
    """Gear slot ``number`` takes an ``"open"`` or ``"closed"`` wound."""
    if kind not in WOUNDS:
        raise DiceError(f"a wound is open or closed, not {kind!r}")
    _require_body(sheet, number)
    where = sheet.layout.label(number)
    ref = gear(number)
    before = sheet.gear_slot(number).wound
    effects: list[Effect] = []
    if before is not None:
        grit = say(
            "a wound to %(where)s, already wounded: Focus(grit) or fall unconscious", where=where
        )
        effects.append(Effect("grit check", 1, grit))  # type: ignore[arg-type]
    after = "open" if "open" in (before, kind) else "closed"
    if before is None:
        if after == "open":
            note = say("open wound in %(where)s", where=where)
        else:
            note = say("closed wound in %(where)s", where=where)
        effects.append(Effect(f"{after} wound:{ref}", 1, note))  # type: ignore[arg-type]
    elif before != after:
        opens = say("the closed wound in %(where)s opens", where=where)
        effects.append(Effect(f"closed wound:{ref}", -1, opens))  # type: ignore[arg-type]
        effects.append(Effect(f"open wound:{ref}", 1, opens))  # type: ignore[arg-type]
    change = Change(sheet.with_gear(number, wound=after), tuple(effects))
    if kind == "open":
        change = change.then(bleed, number, to=bleed_to)
    return change


def reopen_wound(sheet: Sheet, number: int, *, bleed_to: Ref | None = None) -> Change:
    """A closed wound opens again (a gear check rolled it, or fire burned on): it bleeds."""
    if sheet.gear_slot(number).wound != "closed":
        raise DiceError(
            say("%(where)s has no closed wound to reopen", where=sheet.layout.title(number))
        )
    ref = gear(number)
    note = say("the closed wound in %(where)s reopens", where=sheet.layout.label(number))
    change = Change(
        sheet.with_gear(number, wound="open"),
        (Effect(f"closed wound:{ref}", -1, note), Effect(f"open wound:{ref}", 1, note)),
    )
    return change.then(bleed, number, to=bleed_to)


def treat_wound(sheet: Sheet, number: int) -> Change:
    """A healing kit closes one open wound."""
    if sheet.gear_slot(number).wound != "open":
        raise DiceError(
            say("%(where)s has no open wound to treat", where=sheet.layout.title(number))
        )
    ref = gear(number)
    note = say("the open wound in %(where)s is treated", where=sheet.layout.label(number))
    effects = (Effect(f"open wound:{ref}", -1, note), Effect(f"closed wound:{ref}", 1, note))
    return Change(sheet.with_gear(number, wound="closed"), effects)


# --- Bleeding --------------------------------------------------------------------------


def bleeding_candidates(sheet: Sheet, wound: int) -> tuple[Ref, ...]:
    """Where bleeding from the wound in gear slot ``wound`` may be marked next."""
    if sheet.gear_slot(wound).condition is None:
        return (gear(wound),)
    bleeding = {ref.number for ref in sheet.marked("bleeding")} | {wound}
    layout = sheet.layout
    return tuple(
        gear(n)
        for n in layout.body_slots
        if n < wound
        and sheet.gear_slot(n).condition is None
        and bleeding.intersection(layout.neighbours(n))
    )


def bleed(sheet: Sheet, wound: int, *, to: Ref | None = None) -> Change:
    """The open wound in gear slot ``wound`` bleeds once (taken, reopened, a turn passes,
    or a gear check rolled it): mark bleeding per ``bleeding_candidates``, or die."""
    if sheet.gear_slot(wound).wound != "open":
        raise DiceError(
            say("%(where)s has no open wound to bleed from", where=sheet.layout.title(wound))
        )
    candidates = bleeding_candidates(sheet, wound)
    label = sheet.layout.label(wound)
    if not candidates:
        note = say("bleeding from %(where)s has no free body slot closer to the head", where=label)
        return Change(sheet, (Effect("dead", 1, note),))  # type: ignore[arg-type]
    where = _pick(candidates, to, "bleeding", default=_default(sheet, candidates))
    return _mark(sheet, where, "bleeding", say("bleeding from %(where)s", where=label))


def bleed_every_open_wound(sheet: Sheet) -> Change:
    """A combat turn (or an adventuring try) passes: each open wound bleeds once."""
    change = Change(sheet)
    for state in sheet.gear:
        if state.wound == "open" and not _dead(change):
            change = change.then(bleed, state.number)
    return change


def _dead(change: Change) -> bool:
    return any(effect.target == "dead" for effect in change.effects)


# --- Other conditions ------------------------------------------------------------------


def _area_slots(sheet: Sheet, condition: str) -> tuple[Ref, ...]:
    areas = CONDITION_AREAS[condition]
    refs = tuple(gear(slot.number) for slot in sheet.layout.gear_slots if slot.kind in areas)
    if "focus" in areas:
        refs += tuple(focus(state.number) for state in sheet.focus)
    return refs


def _adjacent(sheet: Sheet, ref: Ref) -> tuple[Ref, ...]:
    if ref.area == "gear":
        return tuple(gear(n) for n in sheet.layout.neighbours(ref.number))
    return tuple(focus(n) for n in sheet.layout.focus_neighbours(ref.number))


def condition_candidates(sheet: Sheet, condition: str) -> tuple[Ref, ...]:
    """Where ``condition`` may be marked now: a first mark, or a worsening."""
    if condition not in CONDITION_AREAS:
        raise DiceError(say("unknown condition %(condition)s", condition=condition))
    allowed = _area_slots(sheet, condition)
    free = tuple(ref for ref in allowed if sheet.condition_at(ref) is None)
    marked = sheet.marked(condition)
    if not marked:
        if condition == "ice":
            return tuple(ref for ref in free if ref.number in sheet.layout.extremities)
        return free
    touching = {near for ref in marked for near in _adjacent(sheet, ref)}
    candidates = tuple(ref for ref in free if ref in touching)
    if condition == "hunger":
        lowest = min(ref.number for ref in marked)
        candidates = tuple(ref for ref in candidates if ref.number < lowest)
    if condition == "corruption" and not candidates:
        body = [ref for ref in allowed if ref.area == "gear"]
        minds = [ref for ref in allowed if ref.area == "focus"]
        if all(ref in marked for ref in minds):
            candidates += tuple(ref for ref in free if ref == gear(sheet.layout.head))
        if all(ref in marked for ref in body):
            candidates += tuple(ref for ref in free if ref.area == "focus")
    return candidates


def _default(sheet: Sheet, candidates: tuple[Ref, ...]) -> Ref:
    """The free gear slot farthest from the head (legs before arm before torso), else
    the first free focus slot. The player may always pick another allowed slot."""
    body = [ref for ref in candidates if ref.area == "gear"]
    if not body:
        return candidates[0]
    steps = sheet.layout.steps_from_head
    return max(body, key=lambda ref: (steps(ref.number), ref.number))


def mark_condition(
    sheet: Sheet, condition: str, at: Ref | None = None, *, frostbite: int | None = None
) -> Change:
    """Mark ``condition`` (exhaustion, hunger, ice, suffocation, corruption, terror) at
    ``at`` or at the default slot; it worsens if already marked elsewhere.
    ``frostbite`` picks the ice-marked slot that takes the wound when ice worsens."""
    if condition == "bleeding":
        raise DiceError(say("bleeding comes from open wounds: mark the wound"))
    if condition == "fire":
        raise DiceError(say("fire marks a burning slot: set it on fire"))
    candidates = condition_candidates(sheet, condition)
    worsening = bool(sheet.marked(condition))
    if not candidates:
        return _cannot_mark(sheet, condition)
    where = _pick(candidates, at, condition, default=_default(sheet, candidates))
    if worsening:
        why = say("%(condition)s worsens", condition=_named(condition))
    else:
        why = say("%(condition)s is marked", condition=_named(condition))
    change = _mark(sheet, where, condition, why)
    if condition == "ice" and worsening:
        frozen = tuple(ref.number for ref in change.sheet.marked("ice"))
        target = where.number if frostbite is None else frostbite
        if target not in frozen:
            raise DiceError(
                say("frostbite goes in a slot marked with ice (%(frozen)s), not %(target)s",
                    frozen=", ".join(map(str, frozen)), target=target)
            )  # fmt: skip
        change = change.then(take_wound, target, "closed")
    if condition == "terror":
        change = Change(
            change.sheet,
            (*change.effects, Effect("morale check", 1, say("terror is marked"))),  # type: ignore[arg-type]
        )
    return Change(change.sheet, change.effects + _afterwards(change.sheet, condition))


def _cannot_mark(sheet: Sheet, condition: str) -> Change:
    if condition in DEADLY:
        note = say("%(condition)s must be marked but cannot", condition=_named(condition))
        return Change(sheet, (Effect("dead", 1, note),))  # type: ignore[arg-type]
    if condition == "terror":
        note = say("terror must be marked but cannot")
        return Change(sheet, (Effect("morale check", 1, note),))  # type: ignore[arg-type]
    return Change(sheet)


def _afterwards(sheet: Sheet, condition: str) -> tuple[Effect, ...]:
    body = [sheet.gear_slot(n).condition for n in sheet.layout.body_slots]
    everywhere = all(mark == condition for mark in body)
    if condition in ("exhaustion", "ice") and everywhere:
        note = say("every body slot is marked with %(condition)s", condition=_named(condition))
        return (Effect("unconscious", 1, note),)  # type: ignore[arg-type]
    if condition == "suffocation" and sheet.gear_slot(sheet.layout.head).condition == condition:
        return (Effect("unconscious", 1, say("suffocation reaches the head")),)  # type: ignore[arg-type]
    return ()


def remove_mark(sheet: Sheet, at: Ref) -> Change:
    """Remove the condition marked at ``at`` (rest clears exhaustion, warmth ice...)."""
    condition = sheet.condition_at(at)
    if condition is None:
        raise DiceError(say("%(where)s is not marked with a condition", where=sheet.where(at)))
    note = say(
        "%(condition)s removed from %(where)s", condition=_named(condition), where=sheet.where(at)
    )
    effect = Effect(f"{condition}:{at}", -1, note)  # type: ignore[arg-type]
    return Change(_set_condition(sheet, at, None), (effect,))


def clear_condition(sheet: Sheet, condition: str) -> Change:
    """Remove every mark of ``condition`` (the suffocation's source is gone, the fire is out)."""
    change = Change(sheet)
    for ref in sheet.marked(condition):
        change = change.then(remove_mark, ref)
    return change


# --- Fire ------------------------------------------------------------------------------


def ignite(sheet: Sheet, number: int) -> Change:
    """The flammable contents of gear slot ``number`` catch fire. A slot already on fire,
    or holding another condition, is left as it is (one condition per slot)."""
    state = sheet.gear_slot(number)
    if not state.has("flammable"):
        raise DiceError(say("%(where)s holds nothing flammable", where=sheet.layout.title(number)))
    if state.condition is not None:
        return Change(sheet)
    return _mark(sheet, gear(number), "fire", say("%(items)s catches fire", items=state.contents()))


def fire_round(sheet: Sheet) -> Change:
    """A round passes with fire on the sheet: it spreads, then burns what it held."""
    burning = [state.number for state in sheet.gear if state.condition == "fire"]
    change = Change(sheet)
    spread = sorted({n for b in burning for n in sheet.layout.neighbours(b)} - set(burning))
    for number in spread:
        if sheet.gear_slot(number).has("flammable"):
            change = change.then(ignite, number)
    for number in burning:
        change = change.then(_burn, number)
    return change


def _burn(sheet: Sheet, number: int) -> Change:
    state = sheet.gear_slot(number)
    rounds = state.burning_rounds + 1
    change = Change(sheet.with_gear(number, burning_rounds=rounds))
    body = sheet.layout.slot(number).kind == "body"
    if rounds == 1:
        survivors = tuple(item for item in state.items if not item.has("flammable"))
        lost = [item.name for item in state.with_tag("flammable")]
        change = Change(
            change.sheet.with_gear(number, items=survivors),
            tuple(
                Effect(f"item destroyed:{gear(number)}", -1, say("%(item)s burns", item=name))  # type: ignore[arg-type]
                for name in lost
            ),
        )
        if body:
            change = change.then(take_wound, number, "closed")
    elif rounds == 2 and body and change.sheet.gear_slot(number).wound == "closed":
        change = change.then(reopen_wound, number)
    return change


def extinguish(sheet: Sheet) -> Change:
    return clear_condition(sheet, "fire")


# --- Applying a check's suggested effects ----------------------------------------------


def apply_effect(sheet: Sheet, effect: Effect, *, slot: int | None = None) -> Change:
    """Apply one effect suggested by a check, once the judge confirms it.

    ``slot`` is the body slot for a wound of the judge's choice, or the slot picked for
    exhaustion. Effects that are not slot marks (prone, item dropped, flee...) come
    back unchanged for the sheet's own records."""
    what, _, where = effect.target.partition(":")
    number = int(where.removeprefix("gear ")) if where.startswith("gear ") else slot
    if effect.amount <= 0:
        return Change(sheet, (effect,))
    if what in ("open wound", "closed wound"):
        if number is None:
            raise DiceError(
                say("%(note)s: name the body slot that takes the wound", note=effect.note)
            )
        return take_wound(sheet, number, what.removesuffix(" wound"))
    if what == "reopen wound" and number is not None:
        return reopen_wound(sheet, number)
    if what == "bleeding worsens" and number is not None:
        return bleed(sheet, number)
    if what == "exhaustion":
        return mark_condition(sheet, "exhaustion", None if slot is None else gear(slot))
    return Change(sheet, (effect,))


def apply_effects(
    sheet: Sheet, effects: Iterable[Effect], choices: Mapping[str, int] | None = None
) -> Change:
    """Apply several suggested effects in order; ``choices`` maps an effect's target
    (such as ``"open wound:judge's choice"`` or ``"exhaustion"``) to the slot picked."""
    picked = choices or {}
    change = Change(sheet)
    for effect in effects:
        change = change.then(apply_effect, effect, slot=picked.get(effect.target))
    return change
