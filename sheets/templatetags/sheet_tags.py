"""Template helpers of the sheet shell."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

register = template.Library()


@register.simple_tag
def system_stylesheets(systems):
    """``<link>`` tags of the stylesheets of ``systems`` (one System or several), each once:
    ``{% system_stylesheets system %}`` on a sheet, ``{% system_stylesheets systems %}``
    on the dashboard, where cards and rolls of every system meet."""
    if not isinstance(systems, list | tuple | set):
        systems = [systems]
    paths = dict.fromkeys(s.stylesheet for s in systems if getattr(s, "stylesheet", ""))
    return format_html_join(
        "", '<link rel="stylesheet" href="{}">', ((static(path),) for path in paths)
    )


@register.simple_tag
def counter_boxes(value, maximum, permanent=0):
    """The boxes of a counter: ``[{"n": 1, "mark": "filled"}, ...]`` for ``maximum`` boxes,
    the first ``permanent`` marked permanent, then ``value`` filled."""
    try:
        value, maximum, permanent = int(value or 0), int(maximum), int(permanent or 0)
    except (TypeError, ValueError):
        value, permanent = 0, 0
    marks = ["permanent"] * permanent + ["filled"] * value
    return [
        {"n": n, "mark": marks[n - 1] if n <= len(marks) else ""} for n in range(1, maximum + 1)
    ]


@register.simple_tag
def field_widget(field_state, extra_css=""):
    """A field's self-saving input with extra classes: ``{% field_widget f "value-input" %}``."""
    return field_state.widget(extra_css)


@register.filter
def by_urgency(alerts):
    """A summary's alerts, most urgent first."""
    from sheets.urgency import ordered_alerts

    return ordered_alerts(alerts or ())


@register.filter
def alert_level(alert):
    from sheets.urgency import alert_level as level

    return level(alert)


@register.simple_tag
def card_state(summary):
    """What the dashboard's script needs of a card: its urgency and whether the
    character is down or needs help."""
    from sheets.urgency import DOWN_LEVELS, HELP_LEVELS, alert_level, card_rank

    levels = {alert_level(alert) for alert in summary.alerts}
    return {
        "rank": card_rank(summary.alerts)[0],
        "down": bool(levels & DOWN_LEVELS),
        "help": bool(levels & HELP_LEVELS),
    }
