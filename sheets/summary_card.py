"""A character's card on the GM's dashboard (its header and its summary), written in
Python.

Every field a player saves sends the GM a fresh card (``rolls.stream.announce_sheet``):
as templates (the card's frame, then the system's summary) its render took about a
third of that work, which runs after every save. The dashboard page shows the same
cards through ``{% summary_card %}`` (sheet_tags). A system draws its summary's body with
``System.summary_markup`` (the values and alerts, ``values_html``; the Slots mini grid
above them). tests/sheets/test_summary_card.py holds what a card shows.
"""

from __future__ import annotations

from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from config.form_renderer import escaped
from sheets.portraits.markup import portrait_html
from sheets.urgency import DOWN_LEVELS, HELP_LEVELS, alert_level, card_rank, ordered_alerts


def shown(value) -> str:
    """A value as a template's ``{{ value }}`` shows it: localized, then escaped."""
    return escaped(localize(value))


def summary_card_html(character, summary) -> SafeString:
    """The card's header (who, whose, which game, and what the dashboard's script sorts
    and marks it by: its urgency, down, needs help), then the system's summary."""
    levels = {alert_level(alert) for alert in summary.alerts}
    marks = (" data-down" if levels & DOWN_LEVELS else "") + (
        " data-help" if levels & HELP_LEVELS else ""
    )
    system = character.system_descriptor
    name = escaped(character.name)
    return mark_safe(
        '<div class="card-header d-flex justify-content-between align-items-center"'
        f' data-card-state data-urgency="{card_rank(summary.alerts)[0]}" data-name="{name}"'
        f'{marks}><span class="summary-card-who">{portrait_html(character, "card")}'
        f'<a class="fw-bold" href="{escaped(character.get_absolute_url())}">{name}</a></span>'
        f'<span class="small text-body-secondary">{escaped(character.owner.username)} · '
        f"{escaped(system.short_name or system.name)}</span></div>"
        f'<div class="card-body">{system.call("summary_markup", summary)}</div>'
    )


def values_html(summary) -> str:
    """The alerts, most urgent first, then the labelled values (a value in alert in red)."""
    alerts = ""
    if summary.alerts:
        badges = "".join(
            '<li class="list-inline-item"><span class="badge summary-alert'
            f' alert-{alert_level(alert)}">{escaped(alert)}</span></li>'
            for alert in ordered_alerts(summary.alerts)
        )
        label = escaped(_("Alerts"))  # (outside the f-string: xgettext reads no f-string)
        alerts = f'<ul class="list-inline mb-2" aria-label="{label}">{badges}</ul>'
    values = "".join(
        f'<dt class="col-6 fw-normal text-body-secondary">{shown(item.label)}</dt>'
        f'<dd class="col-6 mb-1{" text-danger fw-bold" if item.alert else ""}">'
        f"{shown(item.value)}</dd>"
        for item in summary.values
    )
    return f'{alerts}<dl class="row mb-0 small">{values}</dl>'
