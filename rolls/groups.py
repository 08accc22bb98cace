"""Group checks: the GM starts one from the dashboard for several characters; each
participant does their part (a roll, or declaring help) from their own sheet page; an
optional step between (Slots: exchange a die); then the whole is read and recorded.

No code here names a game system: each system's ``GroupCheckKind`` (registry) supplies
the start form, the part, the step between and the reading.

Locking: every step locks the sheets of all the group's participants, in character
order, before the group row (the roll path locks a sheet before its rolls), so two
players rolling their parts at once, or a part and the GM's reading, queue up instead of
waiting on each other crosswise.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rolls.actions import Rolled
from rolls.models import GroupCheck, GroupParticipant, Roll
from rolls.stream import after_commit, announce_roll
from sheets.systems.dice.words import say

log = logging.getLogger(__name__)

EVENT = "group-check"  # the feed's event: pages ask again for their group-check panel


class GroupRefused(Exception):
    """A step the group's state or the rules refuse; ``status`` 409 (too late, twice)
    or 422 (bad input)."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


@dataclass
class Reading:
    """What a system's ``read`` returns: the group's outcome in words, its lines, and
    optionally a roll card for the feed (``summary``, recorded on the first participant)
    and the participants' rolls it changed (saved and re-sent by the caller)."""

    outcome: str
    lines: list[list[str]] = field(default_factory=list)
    summary: Rolled | None = None
    changed_rolls: list[Roll] = field(default_factory=list)


def start(party, kind, form, user) -> GroupCheck:
    """Open a group check from the GM's valid start form."""
    with transaction.atomic():
        group = GroupCheck.objects.create(
            party=party,
            system=form.system_slug,
            kind=kind.slug,
            label=form.group_label(),
            inputs=form.group_inputs(),
            created_by=user,
        )
        GroupParticipant.objects.bulk_create(
            GroupParticipant(group=group, character=character, role=role)
            for character, role in form.participants()
        )
        after_commit(announce_group, party.pk)
    return group


def _lock(group_pk):
    """Lock the participants' sheets in character order, then the group; return the
    group, its participants (characters with their party) and the sheets by character."""
    group = GroupCheck.objects.get(pk=group_pk)
    system = group.system_descriptor
    ids = list(group.participants.order_by("character_id").values_list("character_id", flat=True))
    # a sheet's primary key is its character's
    locked = system.model().objects.select_for_update().filter(pk__in=ids).order_by("pk")
    sheets = {sheet.pk: sheet for sheet in locked}
    group = GroupCheck.objects.select_for_update().get(pk=group_pk)
    participants = list(
        group.participants.select_related("character__party", "character__owner", "roll")
    )
    return group, participants, sheets


def _mine(participants, character_pk) -> GroupParticipant:
    for participant in participants:
        if participant.character_id == character_pk:
            return participant
    raise GroupRefused(_("This character is not in this group check."), 403)


def do_part(group_pk: int, character_pk: int, user, rng) -> GroupCheck:
    """One participant's part: their roll (or declared help), then, when it was the last
    part, the step between or the reading."""
    from rolls.views import save_roll

    with transaction.atomic():
        group, participants, sheets = _lock(group_pk)
        mine = _mine(participants, character_pk)
        if group.state != GroupCheck.OPEN:
            raise GroupRefused(_("This group check is no longer waiting for parts."))
        if mine.done:
            raise GroupRefused(
                _("%(name)s has already done their part.") % {"name": mine.character.name}
            )
        kind = group.kind_descriptor
        others = [p for p in participants if p is not mine]
        rolled = kind.call("run", sheets[character_pk], group, mine, others, rng)
        if rolled is not None:
            mine.roll = save_roll(mine.character, user, rolled)
        mine.done = True
        mine.save(update_fields=["done", "roll", "note"])
        for other in others:
            other.save(update_fields=["done", "note"])
        if all(p.done for p in participants):
            if kind.swap:
                group.state = GroupCheck.READING
                group.save(update_fields=["state"])
            else:
                _read(group, participants, sheets, user)
        after_commit(announce_group, group.party_id)
    return group


def do_swap(group_pk: int, character_pk: int, other_pk: int, user) -> GroupCheck:
    """The step between (Slots: ``character`` exchanges a die with ``other``)."""
    with transaction.atomic():
        group, participants, _sheets = _lock(group_pk)
        mine = _mine(participants, character_pk)
        kind = group.kind_descriptor
        if not kind.swap:
            raise GroupRefused(_("This group check has no exchanges."), 422)
        if group.state not in (GroupCheck.OPEN, GroupCheck.READING):
            raise GroupRefused(_("The results are read: no more exchanges."))
        if not all(p.done for p in participants):
            raise GroupRefused(_("Exchanges come once everyone has rolled."))
        try:
            theirs = _mine(participants, other_pk)
        except GroupRefused:
            raise GroupRefused(
                _("Exchange with another character of this group check."), 422
            ) from None
        line = kind.call("swap", group, mine, theirs)
        group.result = {**group.result, "lines": [*group.result.get("lines", []), line]}
        group.save(update_fields=["result"])
        for participant in (mine, theirs):
            participant.swapped = True
            participant.save(update_fields=["swapped"])
            participant.roll.save(update_fields=["result", "outcome"])
            announce_roll(participant.roll.pk, update=True)
        after_commit(announce_group, group.party_id)
    return group


def do_read(group_pk: int, user, *, by_gm: bool) -> GroupCheck:
    """Read the results: once every part is in (anyone taking part), or earlier when
    the GM says so (those who have not done their part are left out)."""
    with transaction.atomic():
        group, participants, sheets = _lock(group_pk)
        if not group.is_active:
            raise GroupRefused(_("This group check is already closed."))
        if group.state == GroupCheck.OPEN and not by_gm:
            raise GroupRefused(
                _("The results are read once everyone has rolled (or the GM reads).")
            )
        for participant in participants:
            if not participant.done:
                participant.done = True
                participant.note = gettext_noop("left out: the GM read the results first")
                participant.save(update_fields=["done", "note"])
        _read(group, participants, sheets, user)
        after_commit(announce_group, group.party_id)
    return group


def do_cancel(group_pk: int) -> GroupCheck:
    with transaction.atomic():
        group = GroupCheck.objects.select_for_update().get(pk=group_pk)
        if not group.is_active:
            raise GroupRefused(_("This group check is already closed."))
        group.state = GroupCheck.CANCELLED
        group.outcome = say("Cancelled by the GM")
        group.closed = timezone.now()
        group.save(update_fields=["state", "outcome", "closed", "result"])
        after_commit(announce_group, group.party_id)
    return group


def _read(group, participants, sheets, user) -> None:
    from rolls.views import save_roll

    present = [p for p in participants if p.roll_id or (p.done and not p.note)]
    reading: Reading = group.kind_descriptor.call("read", group, present, sheets)
    if reading is None:
        raise GroupRefused(_("Nothing to read: nobody has rolled yet."), 422)
    for roll in reading.changed_rolls:
        roll.save(update_fields=["result", "outcome"])
        announce_roll(roll.pk, update=True)
    result = {**group.result, "lines": [*group.result.get("lines", []), *reading.lines]}
    if reading.summary is not None:
        first = min(present or participants, key=lambda p: p.character_id)
        summary = save_roll(first.character, user, reading.summary)
        result["summary_roll"] = summary.pk
    group.state = GroupCheck.DONE
    group.outcome = reading.outcome  # a saying or text: the model keeps both
    group.result = result
    group.closed = timezone.now()
    group.save(update_fields=["state", "outcome", "result", "closed"])


def announce_group(party_id: int) -> None:
    """Tell the party's pages that a group check changed: each asks for its own panel
    (the roll buttons differ from player to player, so the event carries no HTML)."""
    from rolls.stream import send_to_party

    send_to_party(party_id, EVENT, f'<span data-group-changed="{party_id}"></span>')


# --- What a page shows -------------------------------------------------------------------

RECENT = 3  # closed group checks the dashboard still shows (a sheet page: its latest)


def panel_groups(party, user, character=None) -> list[dict]:
    """The party's active group checks and the few last closed (on a sheet page: those
    its character takes part in, and the latest closed), each with its participants and
    what this user may do on it (from this page's character)."""
    is_gm = party.is_gm(user)
    checks = GroupCheck.objects.filter(party=party)
    recent = RECENT
    if character is not None:  # a sheet page: the checks this character takes part in
        checks = checks.filter(participants__character=character)
        recent = 1
    active = list(checks.filter(state__in=("open", "reading")))
    closed = list(checks.filter(state__in=("done", "cancelled"))[:recent])
    groups = active + closed
    parts = GroupParticipant.objects.filter(group__in=groups).select_related("character", "roll")
    by_group: dict[int, list] = {}
    for part in parts:
        by_group.setdefault(part.group_id, []).append(part)
    shown = []
    for group in groups:
        members = by_group.get(group.pk, [])
        kind = group.kind_descriptor
        mine = [
            p
            for p in members
            if (character is None or p.character_id == character.pk)
            and (is_gm or p.character.owner_id == user.pk)
        ]
        participating = any(p.character.owner_id == user.pk for p in members)
        all_in = all(p.done for p in members)
        for p in members:
            p.button = kind.button(p.role)
        to_do = [p for p in mine if not p.done and group.state == GroupCheck.OPEN]
        can_swap = [p for p in mine if kind.swap and group.is_active and all_in and not p.swapped]
        can_read = group.is_active and (
            is_gm or (participating and group.state == GroupCheck.READING)
        )
        # waiting on this viewer: their part, or (all in) their exchange and the reading
        waiting_on_me = bool(to_do) or (
            group.state == GroupCheck.READING and (bool(can_swap) or can_read)
        )
        shown.append(
            {
                "group": group,
                "kind": kind,
                "members": members,
                "mine": mine,
                "to_do": to_do,
                "can_swap": can_swap,
                "can_read": can_read,
                "pending": waiting_on_me and (character is not None or not is_gm),
                "is_gm": is_gm,
                "done_count": sum(1 for p in members if p.done),
            }
        )
    return shown
