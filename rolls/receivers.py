"""What the rolls app does when sheets say something happened (``sheets.signals``):
sheets never import rolls, so these are connected from ``RollsConfig.ready``."""

from __future__ import annotations

from rolls.log_entry import roll_entry
from rolls.models import Roll
from rolls.stream import after_commit, announce_party_settings, connect_sheet_signals
from rolls.undo import note_undone
from sheets.signals import change_undone, party_exporting, party_settings_changed
from sheets.systems.registry import systems_changed


def on_change_undone(sender, character, change, **kwargs) -> None:
    note_undone(character, change)


def on_party_settings_changed(sender, party, **kwargs) -> None:
    after_commit(announce_party_settings, party.pk)


def on_party_exporting(sender, party, user, document, **kwargs) -> None:
    """The party's roll log that ``user`` may see, oldest first; a push names the roll it
    pushed by its position in the log."""
    rolls = list(
        Roll.objects.visible_to(user)
        .filter(party=party)
        .select_related("character", "user")
        .order_by("created", "pk")
    )
    index = {roll.pk: i for i, roll in enumerate(rolls)}
    document["rolls"] = [
        {**roll_entry(roll), "push_of": index.get(roll.pushed_from_id)} for roll in rolls
    ]


def on_systems_changed(sender, **kwargs) -> None:
    connect_sheet_signals()  # a system added after start-up announces its sheets too


def connect() -> None:
    change_undone.connect(on_change_undone, dispatch_uid="rolls-change-undone")
    party_settings_changed.connect(on_party_settings_changed, dispatch_uid="rolls-settings")
    party_exporting.connect(on_party_exporting, dispatch_uid="rolls-party-export")
    systems_changed.connect(on_systems_changed, dispatch_uid="rolls-systems-changed")
