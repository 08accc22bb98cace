"""Initiative and the combat order (docs/initiative.md): start a conflict, draw or set
its order, swap cards before a round, advance turns and rounds.

Every step locks the conflict's row, changes it and its combatants, and tells the
party's pages (the feed's ``initiative`` event, which carries no card: each page asks
for the order as its viewer may see it). No code here names a game system: the registry
says whether a system draws cards (``System.initiative_cards``), and a round passes on
the party's clock when the system's party settings have a "round" button that passes
time (Slots: bleeding, fire, ice).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rolls.models import Combatant, Conflict
from rolls.stream import after_commit, send_to_party
from sheets.systems.dice.initiative import acting_order, draw
from sheets.systems.dice.words import say

EVENT = "initiative"  # the feed's event: pages ask again for the order


class Refused(Exception):
    """A step the conflict's state refuses; ``status`` 409 (too late) or 422 (bad input)."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


def running(party) -> Conflict | None:
    """The party's conflict under way, if any."""
    return Conflict.objects.filter(party=party, ended__isnull=True).order_by("-pk").first()


def ordered(conflict) -> list[Combatant]:
    return list(conflict.combatants.select_related("character").order_by("position", "pk"))


def announce(party_id: int) -> None:
    send_to_party(party_id, EVENT, "order")


def _changed(conflict, *lines, fields=()) -> None:
    """Save the conflict with ``lines`` (sayings, shown with ``|words``) added to its log."""
    if lines:
        conflict.log = [*conflict.log, *lines][-50:]
    conflict.save(update_fields=["log", *fields])
    after_commit(announce, conflict.party_id)


def _deal(conflict, combatants, rng) -> str:
    """Draw a card for each combatant and put them in acting order; the draw in words."""
    cards = draw(rng, len(combatants))
    for combatant, card in zip(combatants, cards, strict=True):
        combatant.card, combatant.deck, combatant.asks = card.value, card.deck, None
    for position, index in enumerate(acting_order(cards)):
        combatants[index].position = position
    Combatant.objects.bulk_update(combatants, ["card", "deck", "position", "asks"])
    return ", ".join(f"{c.label} {c.card_text}" for c in sorted(combatants, key=_place))


def _place(combatant):
    return combatant.position


def start(party, system, characters, npcs, *, hide_npc_cards, user, rng) -> Conflict:
    """A new conflict (the last one ends): ``characters`` in the order given, ``npcs`` as
    (name, count) pairs. Cards are drawn when the system draws them; else the order is
    the list's, for the GM to set."""
    with transaction.atomic():
        now = timezone.now()
        Conflict.objects.filter(party=party, ended__isnull=True).update(ended=now)
        conflict = Conflict.objects.create(
            party=party,
            system=system.slug,
            drawn=system.initiative_cards,
            hide_npc_cards=hide_npc_cards and system.initiative_cards,
            created_by=user,
        )
        combatants = [Combatant(conflict=conflict, character=c) for c in characters]
        combatants += [Combatant(conflict=conflict, name=n, count=k) for n, k in npcs]
        for position, combatant in enumerate(combatants):
            combatant.position = position
        combatants = Combatant.objects.bulk_create(combatants)
        for combatant in combatants:  # the labels read the characters given
            if combatant.character_id is not None:
                combatant.character = next(c for c in characters if c.pk == combatant.character_id)
        if conflict.drawn:
            line = say("Cards drawn: %(cards)s.", cards=_deal(conflict, combatants, rng))
        else:
            line = say("The GM sets the order.")
        _changed(conflict, say("Conflict started. %(how)s", how=line))
    return conflict


def _lock(conflict_pk) -> Conflict:
    conflict = Conflict.objects.select_for_update().select_related("party").get(pk=conflict_pk)
    if conflict.ended is not None:
        raise Refused(_("This conflict is over."))
    return conflict


def redraw(conflict_pk, rng) -> Conflict:
    """The GM draws every card again; the round starts over in the new order."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        if not conflict.drawn:
            raise Refused(_("This game draws no cards: the GM sets the order."), 422)
        cards = _deal(conflict, ordered(conflict), rng)
        conflict.turn = None
        line = say(
            "Round %(round)s: the GM redrew the cards: %(cards)s.", round=conflict.round,
            cards=cards,
        )  # fmt: skip
        _changed(conflict, line, fields=["turn"])
    return conflict


def advance(conflict_pk, user, *, whole_round: bool = False) -> Conflict:
    """The next turn: the round begins with the first in the order; after the last (or
    at once with ``whole_round``) the next round waits to begin (cards may be swapped),
    and a round passes on the party's clock where the game keeps one."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        count = conflict.combatants.count()
        if not whole_round and conflict.turn is None:
            conflict.turn = 0
            _changed(conflict, say("Round %(round)s begins.", round=conflict.round),
                     fields=["turn"])  # fmt: skip
        elif not whole_round and conflict.turn + 1 < count:
            conflict.turn += 1
            _changed(conflict, fields=["turn"])
        else:
            conflict.round += 1
            conflict.turn = None
            conflict.combatants.update(asks=None)
            lines = [say("Round %(round)s is over.", round=conflict.round - 1)]
            passed = pass_round(conflict, user)
            if passed:
                lines.append(passed)
            _changed(conflict, *lines, fields=["turn", "round"])
    return conflict


def pass_round(conflict, user) -> str:
    """A round passes on the party's clock, when the conflict's game keeps one (the
    party settings' "round" button that passes time): what it did, in words, or ""."""
    from sheets.models import Party
    from sheets.signals import party_settings_changed

    system = conflict.system_descriptor
    cls = system.party_settings_class
    if cls is None or "round" not in cls.time_buttons or not system.party_time:
        return ""
    party = conflict.party
    unbound = cls(party, system)
    data = {f"{unbound.prefix}-{name}": value for name, value in unbound.initial.items()}
    data[f"{unbound.prefix}-do"] = "round"
    form = cls(party, system, data)
    if not form.is_valid():  # the stored clock always reads back valid
        return ""
    said = system.call("party_time", form, user, "round")
    party_settings_changed.send(Party, party=party)
    return said


def end(conflict_pk) -> Conflict:
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        conflict.ended = timezone.now()
        _changed(conflict, say("Conflict over."), fields=["ended"])
    return conflict


def set_hidden(conflict_pk, hidden: bool) -> Conflict:
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        conflict.hide_npc_cards = hidden and conflict.drawn
        _changed(conflict, fields=["hide_npc_cards"])
    return conflict


def _set_order(conflict, combatants) -> None:
    """Save ``combatants`` in this order; whose turn it is stays with the same one."""
    current = ordered(conflict)
    turn = conflict.turn
    acting = current[turn].pk if turn is not None and turn < len(current) else None
    for position, combatant in enumerate(combatants):
        combatant.position = position
    Combatant.objects.bulk_update(combatants, ["position"])
    if acting is not None:
        conflict.turn = next(i for i, c in enumerate(combatants) if c.pk == acting)


def move(conflict_pk, combatant_pk: int, places: int) -> Conflict:
    """The GM moves one combatant up (-1) or down (+1) in a hand-set order."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        if conflict.drawn:
            raise Refused(_("The cards set this order: swap two combatants instead."), 422)
        combatants = ordered(conflict)
        index = next((i for i, c in enumerate(combatants) if c.pk == combatant_pk), None)
        if index is None:
            raise Refused(_("This combatant is not in this conflict."), 422)
        target = index + places
        if not 0 <= target < len(combatants):
            raise Refused(_("%(name)s cannot move further.") % {"name": combatants[index].label})
        combatants.insert(target, combatants.pop(index))
        _set_order(conflict, combatants)
        _changed(conflict, fields=["turn"])
    return conflict


def reorder(conflict_pk, pks: list[int]) -> Conflict:
    """The GM's whole order at once (dragged): every combatant once."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        if conflict.drawn:
            raise Refused(_("The cards set this order: swap two combatants instead."), 422)
        combatants = {c.pk: c for c in ordered(conflict)}
        if sorted(pks) != sorted(combatants):
            raise Refused(_("The order must name every combatant once. Reload and try again."),
                          422)  # fmt: skip
        _set_order(conflict, [combatants[pk] for pk in pks])
        _changed(conflict, fields=["turn"])
    return conflict


def _pair(conflict, mine_pk, other_pk):
    combatants = {c.pk: c for c in ordered(conflict)}
    mine, other = combatants.get(mine_pk), combatants.get(other_pk)
    if mine is None or other is None or mine.pk == other.pk:
        raise Refused(_("Pick two different combatants of this conflict."), 422)
    return mine, other


def _swap_cards(conflict, first, second) -> dict:
    if conflict.turn == first.position:  # whose turn it is stays with the one acting
        conflict.turn = second.position
    elif conflict.turn == second.position:
        conflict.turn = first.position
    if conflict.drawn:
        first.card, second.card = second.card, first.card
        first.deck, second.deck = second.deck, first.deck
    first.position, second.position = second.position, first.position
    first.asks = second.asks = None
    Combatant.objects.bulk_update([first, second], ["card", "deck", "position", "asks"])
    conflict.combatants.filter(asks__in=[first, second]).update(asks=None)
    return say("%(first)s and %(second)s swapped places.", first=first.label, second=second.label)


def ask_swap(conflict_pk, mine_pk: int, other_pk: int, *, by_gm: bool) -> Conflict:
    """Before a round begins, ``mine`` asks ``other`` (same side) to swap; the GM swaps
    any two at once; two who asked each other swap too."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        mine, other = _pair(conflict, mine_pk, other_pk)
        if not by_gm:
            if conflict.turn is not None:
                raise Refused(_("Cards are swapped before a round begins, not during it."))
            if mine.is_npc != other.is_npc:
                raise Refused(_("Only combatants on the same side swap."), 422)
        if by_gm or other.asks_id == mine.pk:
            _changed(conflict, _swap_cards(conflict, mine, other), fields=["turn"])
        else:
            mine.asks = other
            mine.save(update_fields=["asks"])
            _changed(conflict)
    return conflict


def answer_swap(conflict_pk, asked_pk: int, asker_pk: int, *, accept: bool) -> Conflict:
    """The asked combatant's player (or the GM) accepts or declines a swap."""
    with transaction.atomic():
        conflict = _lock(conflict_pk)
        asked, asker = _pair(conflict, asked_pk, asker_pk)
        if asker.asks_id != asked.pk:
            raise Refused(_("%(name)s no longer asks to swap.") % {"name": asker.label})
        if conflict.turn is not None:
            raise Refused(_("Cards are swapped before a round begins, not during it."))
        if accept:
            _changed(conflict, _swap_cards(conflict, asker, asked))
        else:
            asker.asks = None
            asker.save(update_fields=["asks"])
            _changed(conflict)
    return conflict
